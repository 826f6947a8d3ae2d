# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Edge scripts (standalone, middleware and DNS scripts) on the platform: finding one, reading it (pure Python: no
Ansible imports). Every function takes the client first and returns the platform's model or raises ApiError.

- :func:`list_all`: ``GET /compute/script`` (every page, 1000 scripts a request); no ``search`` and no ``type``
  filter: only an exact name counts, and the type is checked on our side, as the official CLI matches names;
  :func:`find_named`: the script of the types given named exactly as given, or None.
- :func:`get`: ``GET /compute/script/{id}``, the ``EdgeScriptModel`` with that ``Id``; :func:`get_or_none`: None
  on a 404.

A script's ``DeploymentKey`` comes back in clear on every read: callers register it as a secret as soon as a model
is read (docs/platform-notes.md, "Edge scripts: what the modules do").
"""

from __future__ import annotations

from .answers import object_with_id, unless_gone
from .listing import core_list, named_exactly

SCRIPTS = "/compute/script"
SCRIPT = "/compute/script/%d"
SECRET_MEMBERS = ("DeploymentKey",)

# EdgeScriptTypes of the published document (also ScriptType on input); the platform's clients call 1 "standalone"
TYPES = {"dns": 0, "standalone": 1, "middleware": 2}
TYPE_NAMES = {number: name for name, number in TYPES.items()}


def not_visible(script_id):
    """The hint of a 404 on a script given by its id."""
    return (
        "No edge script with id %d is visible to this API key: check the id (a new script is created by its name)."
        % (script_id)
    )


def not_named(name, option):
    """The advice when no script is named ``name`` (the value of ``option``)."""
    return (
        "No edge script named %r is visible to this API key: check %s (names are exact), or create the script first "
        "with edge.platform.edge_script." % (name, option)
    )


def predicted_script(name):
    """The check-mode ledger's note of the script ``name`` (``_engine/ledger.py``), compared as :func:`find_named`
    compares (exactly): a task predicting the script's creation notes it, a lookup that misses it needs it."""
    return ("edge script", name)


def list_all(client):
    """Every EdgeScriptModel visible to the key."""
    return core_list(client, SCRIPTS, "edge scripts")


def find_named(client, name, types=None):
    """The EdgeScriptModel named exactly ``name`` (of the ``types``, names of :data:`TYPES`, when given), or None;
    several scripts of the name make it ambiguous: InputError listing their ids."""
    numbers = [TYPES[kind] for kind in types or TYPES]
    scripts = [
        script for script in list_all(client) if not script.get("Deleted") and script.get("ScriptType") in numbers
    ]
    return named_exactly(scripts, name, "edge script", noun="script")


def _read(client, script_id, hint, allow_404=False):
    return client.request(
        "GET",
        SCRIPT % script_id,
        "Reading edge script %d" % script_id,
        hints={404: hint or not_visible(script_id)},
        expect=object_with_id("the edge script %d" % script_id, "Id", script_id),
        allow_404=allow_404,
    )


def get(client, script_id, hint=None):
    """The EdgeScriptModel of script ``script_id``; ``hint`` replaces the 404 advice."""
    return _read(client, script_id, hint).data


def get_or_none(client, script_id, hint=None):
    """:func:`get`, or None when the platform answers 404 (the script is gone)."""
    reply = _read(client, script_id, hint, allow_404=True)
    return unless_gone(client, reply, "Reading edge script %d" % script_id, "the script")
