# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The secrets of an edge script (pure Python: no Ansible imports). Every function takes the client first and
returns the platform's model or raises ApiError.

A secret's value is write-only: the platform never returns it, so only a secret's presence, by name, can be read
(docs/platform-notes.md, "Edge script variables and secrets: what the modules do"). Values travel only in request
bodies; no operation name, hint or message here carries one.

- The listing (names only) is ``edge_scripts.list_secrets`` (``GET /compute/script/{id}/secrets``); an answer
  without ``Secrets`` is not understood there, so a plan never reads "no secrets" from an answer that does not say so.
- :func:`add`: ``POST /compute/script/{id}/secrets`` ``{Name, Secret}``; 200 and the ``EdgeScriptSecretModel``.
  Sent once, never replayed: a lost answer is settled by the caller's listing, by the secret's name.
- :func:`upsert`: ``PUT /compute/script/{id}/secrets`` ``{Name, Secret}``; 204 when a secret of that name was
  updated (200 and the model when it was created). Used to set an existing secret, as the platform's Terraform
  provider does. It may be sent again after a lost answer (``replay_safe``): a name and value upserted twice end
  where upserting them once does.
- :func:`delete`: ``DELETE /compute/script/{id}/secrets/{secretId}``; 204, and a 404 (already gone) is what was
  asked.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import decode_json

from .answers import object_with_id
from .edge_scripts import SECRETS, not_visible

SECRET = SECRETS + "/%d"


def _empty_or_json(text):
    """An upsert's answer: an object for the 200 of a create, ``{}`` for the empty 204 of an update."""
    return {} if not text or not text.strip() else decode_json(text)


def add(client, script_id, name, value):
    """Add the secret ``name`` holding ``value`` to script ``script_id``; its EdgeScriptSecretModel."""
    return client.request(
        "POST",
        SECRETS % script_id,
        "Adding secret %r to edge script %d" % (name, script_id),
        json_body={"Name": name, "Secret": value},
        replay_safe=False,
        hints={404: not_visible(script_id)},
        expect=object_with_id("the new secret %r" % name),
    ).data


def upsert(client, script_id, name, value):
    """Set the existing secret ``name`` of script ``script_id`` to ``value``. None."""
    client.request(
        "PUT",
        SECRETS % script_id,
        "Setting secret %r of edge script %d" % (name, script_id),
        json_body={"Name": name, "Secret": value},
        replay_safe=True,
        hints={404: not_visible(script_id)},
        decode=_empty_or_json,
    )


def delete(client, script_id, secret_id, name):
    """Delete secret ``secret_id`` (named ``name``); one already gone (404) is what was asked. None."""
    client.request(
        "DELETE",
        SECRET % (script_id, secret_id),
        "Deleting secret %r of edge script %d" % (name, script_id),
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )
