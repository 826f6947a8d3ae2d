# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The variables of an edge script or a DNS script (pure Python: no Ansible imports). Every function takes the client
first and returns the platform's model or raises ApiError.

There is no listing of variables: they are the ``EdgeScriptVariables`` member of the script's own read
(``edge_scripts.get``), read here with :func:`variables_of` (docs/platform-notes.md, "Edge script variables and
secrets: what the modules do").

- :func:`add`: ``POST /compute/script/{id}/variables/add`` ``{Name, Required, DefaultValue}``; 200 and the
  ``EdgeScriptVariableModel`` with its ``Id``. Sent once, never replayed: a lost answer is settled by the caller's
  re-read of the script, by the variable's name.
- :func:`update`: ``POST /compute/script/{id}/variables/{variableId}`` ``{DefaultValue, Required}``; 200 and the
  ``EdgeScriptVariableModel``. Sent once; a lost answer is settled by the re-read.
- :func:`delete`: ``DELETE /compute/script/{id}/variables/{variableId}``; 204, and a 404 (already gone) is what was
  asked.

The upsert ``PUT /compute/script/{id}/variables`` is not used: the add answers with the new variable's id and the
update by id answers with the variable, which is what the platform's Terraform provider does and knows to work; the
upsert's 204 ("updated") carries no model to confirm the write.
"""

from __future__ import annotations

from .answers import object_with_id
from .edge_scripts import SCRIPT, not_visible

VARIABLES_ADD = SCRIPT + "/variables/add"
VARIABLE = SCRIPT + "/variables/%d"
MEMBER = "EdgeScriptVariables"


def variables_of(script):
    """The variables of an EdgeScriptModel (untrusted: only mappings), in the order the platform holds them."""
    held = script.get(MEMBER) if isinstance(script, dict) else None
    return [entry for entry in held or [] if isinstance(entry, dict)] if isinstance(held, list) else []


def add(client, script_id, name, value, required):
    """Add the variable ``name`` to script ``script_id``; its EdgeScriptVariableModel."""
    return client.request(
        "POST",
        VARIABLES_ADD % script_id,
        "Adding variable %r to edge script %d" % (name, script_id),
        json_body={"Name": name, "Required": required, "DefaultValue": value},
        replay_safe=False,
        hints={404: not_visible(script_id)},
        expect=object_with_id("the new variable %r" % name),
    ).data


def update(client, script_id, variable_id, name, value, required):
    """Set the value and ``Required`` of variable ``variable_id`` (named ``name``); its EdgeScriptVariableModel."""
    return client.request(
        "POST",
        VARIABLE % (script_id, variable_id),
        "Updating variable %r of edge script %d" % (name, script_id),
        json_body={"DefaultValue": value, "Required": required},
        replay_safe=False,
        hints={404: not_visible(script_id)},
        expect=object_with_id("the variable %r" % name, wanted=variable_id),
    ).data


def delete(client, script_id, variable_id, name):
    """Delete variable ``variable_id`` (named ``name``); one already gone (404) is what was asked. None."""
    client.request(
        "DELETE",
        VARIABLE % (script_id, variable_id),
        "Deleting variable %r of edge script %d" % (name, script_id),
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )
