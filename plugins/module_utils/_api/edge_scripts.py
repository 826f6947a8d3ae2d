# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Edge scripts (standalone, middleware and DNS scripts) on the platform: finding one, reading it (pure Python: no
Ansible imports). Every function takes the client first and returns the platform's model or raises ApiError.

- :func:`list_all`: ``GET /compute/script?includeLinkedPullzones=true`` (every page, 1000 scripts a request); no ``search`` and no ``type``
  filter: only an exact name counts, and the type is checked on our side, as the official CLI matches names;
  :func:`find_named`: the script of the types given named exactly as given, or None.
- :func:`get`: ``GET /compute/script/{id}``, the ``EdgeScriptModel`` with that ``Id``; :func:`get_or_none`: None
  on a 404.
- :func:`create`: ``POST /compute/script`` with the ``AddEdgeScriptModel`` (201 and the new script);
  :func:`rename`: ``POST /compute/script/{id}`` with ``{Name}`` (200 and the script; the type is never sent, as the
  Terraform provider replaces a script of another type); :func:`delete`: ``DELETE /compute/script/{id}`` with
  ``deleteLinkedPullZones`` always sent (204; a 404 is "already gone").
- :func:`get_code`: ``GET /compute/script/{id}/code`` (200 ``{Code, LastModified}``); :func:`set_code`:
  ``POST /compute/script/{id}/code`` with ``{Code}`` as JSON (204).
- :func:`publish`: ``POST /compute/script/{id}/publish`` with ``{Note}`` (204: the saved code becomes a new Live
  release); :func:`publish_release`: ``POST /compute/script/{id}/publish/{uuid}`` (204: that release live again).
- :func:`releases`: ``GET /compute/script/{id}/releases`` (every page); :func:`active_release`:
  ``GET /compute/script/{id}/releases/active``, None on a 404 ("does not exist or no active releases").
- :func:`list_secrets`: ``GET /compute/script/{id}/secrets`` (200 ``{Secrets: [{Id, Name, LastModified}]}``: names,
  never a value).
- :func:`rotate_deployment_key`: ``POST /compute/script/{id}/deploymentKey/rotate`` (204; read the script back).

Every write is sent once and never again once it may have reached the platform; the caller settles a lost answer
by a re-read.

A script's ``DeploymentKey`` comes back in clear on every read: callers register it as a secret as soon as a model
is read (docs/platform-notes.md, "Edge scripts: what the modules do").
"""

from __future__ import annotations

import json

from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_scripts import TYPE_NAMES, TYPES

from .answers import model_or_none, object_with, object_with_id, read_by_id, unless_gone
from .listing import core_list, named_exactly

SCRIPTS = "/compute/script"
SCRIPT = "/compute/script/%d"
CODE = "/compute/script/%d/code"
PUBLISH = "/compute/script/%d/publish"
PUBLISH_RELEASE = "/compute/script/%d/publish/%s"
RELEASES = "/compute/script/%d/releases"
ACTIVE_RELEASE = "/compute/script/%d/releases/active"
ROTATE_KEY = "/compute/script/%d/deploymentKey/rotate"
SECRETS = "/compute/script/%d/secrets"
SECRET_MEMBERS = ("DeploymentKey",)


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
    """Every EdgeScriptModel visible to the key, with its ``LinkedPullZones`` (the listing leaves them out unless
    asked: ``includeLinkedPullzones``, default false)."""
    return core_list(client, SCRIPTS, "edge scripts", params={"includeLinkedPullzones": "true"})


def named(client, name):
    """Every EdgeScriptModel not deleted named exactly ``name``, of any type (one listing)."""
    return [script for script in list_all(client) if script.get("Name") == name and not script.get("Deleted")]


def type_name(script):
    """The script's type as the modules name it (``standalone``...), or its number when the collection has no name."""
    return TYPE_NAMES.get(script.get("ScriptType"), str(script.get("ScriptType")))


def of_types(scripts, types=None):
    """``scripts`` of the ``types`` (names of :data:`TYPES`; all when None)."""
    numbers = [TYPES[kind] for kind in types or TYPES]
    return [script for script in scripts if script.get("ScriptType") in numbers]


def find_all(client, types=None):
    """Every EdgeScriptModel not deleted (of the ``types``, names of :data:`TYPES`, when given)."""
    return of_types([script for script in list_all(client) if not script.get("Deleted")], types)


def find_named(client, name, types=None):
    """The EdgeScriptModel named exactly ``name`` (of the ``types``, names of :data:`TYPES`, when given), or None;
    several scripts of the name make it ambiguous: InputError listing their ids."""
    return named_exactly(find_all(client, types), name, "edge script", noun="script")


def get(client, script_id, hint=None):
    """The EdgeScriptModel of script ``script_id``; ``hint`` replaces the 404 advice."""
    return read_by_id(client, SCRIPT % script_id, "edge script", script_id, hint or not_visible(script_id)).data


def get_or_none(client, script_id, hint=None):
    """:func:`get`, or None when the platform answers 404 (the script is gone)."""
    return model_or_none(client, SCRIPT % script_id, "edge script", script_id, hint or not_visible(script_id))


def create(client, members):
    """Create the script of the ``AddEdgeScriptModel`` ``members`` (with its ``Name``); its EdgeScriptModel from the
    201 answer. An answer that is not a script of that name confirms nothing (kind bad_answer: the caller re-reads)."""
    name = members["Name"]
    operation = "Creating edge script %s" % name
    expect = object_with_id("the new edge script %s" % name)
    hints = {}
    if members.get("LinkedPullZoneName"):
        hints[400] = (
            "The script's linked pull zone is named %r, and pull zone names are global across the platform: if the "
            "platform says the name is taken, give linked_pullzone_name, or linked_pullzone: false for no linked pull "
            "zone." % members["LinkedPullZoneName"]
        )
    reply = client.request("POST", SCRIPTS, operation, json_body=members, replay_safe=False, expect=expect, hints=hints)
    if reply.data.get("Name") != name:
        raise client.not_understood(operation, reply.status, "the answer carries another edge script")
    return reply.data


def rename(client, script_id, name, label):
    """Give script ``script_id`` the name ``name`` (``UpdateEdgeScriptModel`` with ``Name`` only); its model."""
    return client.request(
        "POST",
        SCRIPT % script_id,
        "Renaming %s" % label,
        json_body={"Name": name},
        replay_safe=False,
        hints={404: not_visible(script_id)},
        expect=object_with_id("the edge script %d" % script_id, "Id", script_id),
    ).data


def delete(client, script_id, label, delete_linked_pullzones=False):
    """Delete script ``script_id``; its linked pull zones only with ``delete_linked_pullzones`` (the platform then
    points them at a landing page). A script already gone (404) is what was asked. None."""
    client.request(
        "DELETE",
        SCRIPT % script_id,
        "Deleting %s" % label,
        params={"deleteLinkedPullZones": "true" if delete_linked_pullzones else "false"},
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )


def _has_code(data):
    return "Code" in data and (data["Code"] is None or isinstance(data["Code"], str))


def _write(client, path, operation, script_id, body=None, hint=None):
    """One write to a script's part answered 204 without a body (sent once: a lost answer is the caller's to settle)."""
    client.request(
        "POST",
        path,
        operation,
        json_body=body,
        replay_safe=False,
        hints={404: hint or not_visible(script_id)},
        expect="empty",
    )


def _read_part(client, path, operation, script_id, shape):
    return client.request("GET", path, operation, hints={404: not_visible(script_id)}, expect=shape).data


def get_code(client, script_id):
    """The saved code of script ``script_id`` (a text; "" when none)."""
    shape = object_with("the code of edge script %d (an object with Code)" % script_id, _has_code)
    data = _read_part(client, CODE % script_id, "Reading the code of edge script %d" % script_id, script_id, shape)
    return data.get("Code") or ""


def set_code(client, script_id, code, label):
    """Save ``code`` as the script's code (JSON ``{Code}``; 204). Saved code is live only until the first publish."""
    _write(client, CODE % script_id, "Saving the code of %s" % label, script_id, {"Code": code})


def publish(client, script_id, label, note=""):
    """Make the saved code a new Live release (the previous one archived); 204. ``{Note}`` is sent as the Terraform
    provider sends it (the document requires a body)."""
    _write(client, PUBLISH % script_id, "Publishing %s" % label, script_id, {"Note": note})


def publish_release(client, script_id, uuid, label):
    """Make the release ``uuid`` (8 characters, not a UUID) live again; 204."""
    hint = "Edge script %d or its release %r is not visible to this API key: check release." % (script_id, uuid)
    _write(
        client,
        PUBLISH_RELEASE % (script_id, uuid),
        "Publishing release %s of %s" % (uuid, label),
        script_id,
        {"Note": ""},
        hint,
    )


def releases(client, script_id):
    """Every EdgeScriptReleaseModel of script ``script_id`` (every page), as the platform orders them."""
    return core_list(client, RELEASES % script_id, "releases of edge script %d" % script_id)


def active_release(client, script_id):
    """The Live EdgeScriptReleaseModel of script ``script_id``, or None when it has none (the platform answers 404
    "does not exist or no active releases": the script was read just before, so that 404 is "no release")."""
    operation = "Reading the active release of edge script %d" % script_id
    reply = client.request(
        "GET",
        ACTIVE_RELEASE % script_id,
        operation,
        expect=object_with("the active release of edge script %d" % script_id, lambda data: "Uuid" in data),
        allow_404=True,
    )
    return unless_gone(client, reply, operation, "a release")


def rotate_deployment_key(client, script_id, label, on_key):
    """A new deployment key for script ``script_id`` (the platform chooses it; documented 204 without a body: read it
    back). What the rotation answers is unproven and a body may hold the new key, so any body is read here first and a
    ``DeploymentKey`` in it handed to ``on_key`` (the caller registers it as a secret) before the body is judged: a body
    is then not understood (kind bad_answer: the caller re-reads), and never quoted."""
    operation = "Rotating the deployment key of %s" % label
    reply = client.request(
        "POST",
        ROTATE_KEY % script_id,
        operation,
        replay_safe=False,
        hints={404: not_visible(script_id)},
        expect="text",
        check_envelope=False,
    )
    if not (reply.text or "").strip():
        return
    try:
        data = json.loads(reply.text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("DeploymentKey"), str):
        on_key(data["DeploymentKey"])
    raise client.not_understood(operation, reply.status, "a body where the document says 204 No Content")


def _secret_list(data):
    return "Secrets" in data and (data["Secrets"] is None or isinstance(data["Secrets"], list))


def list_secrets(client, script_id):
    """The EdgeScriptSecretModels of script ``script_id`` (``Id``, ``Name``, ``LastModified``: never a value)."""
    shape = object_with("the secrets of edge script %d (an object with Secrets)" % script_id, _secret_list)
    data = _read_part(
        client, SECRETS % script_id, "Listing the secrets of edge script %d" % script_id, script_id, shape
    )
    return [entry for entry in data.get("Secrets") or [] if isinstance(entry, dict)]


def masked(ctx, script):
    """``script`` (an EdgeScriptModel, or None), its deployment key registered with ``ctx`` as a secret first (masked
    in every output, never returned): every script read goes through this."""
    for secret in secrets_of(script):
        ctx.add_secret(secret)
    return script


def secrets_of(script):
    """The secrets an EdgeScriptModel holds (texts only): each must be registered as a secret at once."""
    script = script if isinstance(script, dict) else {}
    return [script[key] for key in SECRET_MEMBERS if isinstance(script.get(key), str) and script[key]]
