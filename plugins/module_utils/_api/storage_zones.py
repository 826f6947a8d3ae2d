# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Storage zones on the platform: their paths, reads, listing, writes and password resets (pure Python: no Ansible
imports). Every function takes the client first and returns the platform's model or raises ApiError.

- :func:`list_all`: ``GET /storagezone`` (every page, 1000 zones a request; no ``search``: it is reported not to
  work, and the official CLI matches ``Name`` itself); :func:`find_named`: the zone named exactly as given, or None.
- :func:`get`: ``GET /storagezone/{id}``, the ``StorageZoneModel`` with that ``Id``; :func:`get_or_none`: None on a 404.
- :func:`create`: ``POST /storagezone`` with the ``StorageZoneModelAdd`` (201 and the new zone).
- :func:`update`: ``POST /storagezone/{id}`` with the ``StorageZoneSettingsModel`` members given (204, no body).
- :func:`delete`: ``DELETE /storagezone/{id}?deleteLinkedPullZones=...`` (204; a 404 is "already gone"). The
  platform's default deletes the pull zones linked to the zone: this always sends the flag, false unless asked.
- :func:`reset_password`: ``POST /storagezone/{id}/resetPassword``; :func:`reset_read_only_password`:
  ``POST /storagezone/resetReadOnlyPassword?id={id}`` (the id in the query, not the path). Both 204, no body.

Every write is sent once and never again once it may have reached the platform; the caller settles a lost answer
by a re-read. A zone's ``Password`` and ``ReadOnlyPassword`` come back in clear on every read: callers register
them as secrets as soon as a model is read (docs/platform-notes.md, "Storage zones: what the modules do").
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError

from .answers import model_or_none, object_with_id, read_by_id
from .listing import core_list, named_exactly

ZONES = "/storagezone"
ZONE = "/storagezone/%d"
RESET_PASSWORD = "/storagezone/%d/resetPassword"
RESET_READ_ONLY_PASSWORD = "/storagezone/resetReadOnlyPassword"
PASSWORDS = ("Password", "ReadOnlyPassword")

# the official CLI's test for a taken zone name: a 409, or a 400 whose message says so (docs/platform-notes.md)
TAKEN_WORDS = re.compile(r"already (exists|taken|in use)|not available|is taken", re.IGNORECASE)
NAME_TAKEN_HINT = (
    "The name %r is taken, maybe by another account: storage zone names are unique across the whole platform, not "
    "only this account (docs/platform-notes.md, \"Storage zones: what the modules do\"). Choose another name, for "
    "example with a suffix of your own, or manage the existing zone by its exact name or id if it is yours."
)


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No storage zone with id %d is visible to this API key: check id (a new zone is created by its name)." % (
        zone_id
    )


def list_all(client):
    """Every StorageZoneModel visible to the key (deleted zones left out, as the platform does by default). One report
    has this list answered 401 to a request saying ``Accept: application/json``, which the client sends and other
    clients send too (docs/platform-notes.md, "Storage zones: what the modules do"): a 401 is asked once more, a read,
    with ``Accept: */*``; a key that is really refused fails then as it would have."""
    try:
        return core_list(client, ZONES, "storage zones")
    except ApiError as error:
        if error.status != 401:
            raise
    return core_list(client, ZONES, "storage zones", headers={"Accept": "*/*"})


def not_named(name, option):
    """The advice when no storage zone is named ``name`` (the value of ``option``)."""
    return (
        "No storage zone named %r is visible to this API key: check %s (names are exact), or create the zone first "
        "with edge.platform.storage_zone." % (name, option)
    )


def predicted_zone(name):
    """The check-mode ledger's note of the storage zone ``name`` (``_engine/ledger.py``), as :func:`find_named`
    compares (exactly)."""
    return ("storage zone", name)


def find_named(client, name):
    """The StorageZoneModel named exactly ``name``, or None; several zones of the name (the platform should allow
    none) make the zone ambiguous: InputError listing their ids."""
    return named_exactly([zone for zone in list_all(client) if not zone.get("Deleted")], name, "storage zone")


def get(client, zone_id, hint=None):
    """The StorageZoneModel of zone ``zone_id``; ``hint`` replaces the 404 advice."""
    return read_by_id(client, ZONE % zone_id, "storage zone", zone_id, hint or not_visible(zone_id)).data


def get_or_none(client, zone_id, hint=None):
    """:func:`get`, or None when the platform answers 404 with its own (empty or JSON) body: the zone is gone."""
    return model_or_none(client, ZONE % zone_id, "storage zone", zone_id, hint or not_visible(zone_id))


def _taken(error):
    return error.status == 409 or (error.status == 400 and bool(TAKEN_WORDS.search(error.message or "")))


def create(client, members):
    """Create the zone of the ``StorageZoneModelAdd`` ``members`` (with its ``Name``); its StorageZoneModel from the
    201 answer. An answer that is not a zone of that name confirms nothing (kind bad_answer: the caller re-reads)."""
    name = members["Name"]
    operation = "Creating storage zone %s" % name
    expect = object_with_id("the new storage zone %s" % name)
    try:
        reply = client.request("POST", ZONES, operation, json_body=members, replay_safe=False, expect=expect)
    except ApiError as error:
        if not _taken(error):
            raise
        raise error.with_hint(NAME_TAKEN_HINT % name) from None
    if reply.data.get("Name") != name:
        raise client.not_understood(operation, reply.status, "the answer carries another storage zone")
    return reply.data


def update(client, zone_id, members, label):
    """Write the ``StorageZoneSettingsModel`` ``members`` (only those given) to zone ``zone_id``; 204, None."""
    client.request(
        "POST",
        ZONE % zone_id,
        "Updating %s" % label,
        json_body=members,
        replay_safe=False,
        hints={404: not_visible(zone_id)},
        expect="empty",
    )


def delete(client, zone_id, label, delete_linked_pullzones=False):
    """Delete zone ``zone_id`` (and its files); its linked pull zones only with ``delete_linked_pullzones``. A zone
    already gone (404) is what was asked. None."""
    client.request(
        "DELETE",
        ZONE % zone_id,
        "Deleting %s" % label,
        params={"deleteLinkedPullZones": "true" if delete_linked_pullzones else "false"},
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )


def reset_password(client, zone_id, label):
    """A new full-access password for zone ``zone_id`` (the platform chooses it; 204, read it back). None."""
    client.request(
        "POST",
        RESET_PASSWORD % zone_id,
        "Resetting the password of %s" % label,
        replay_safe=False,
        hints={404: not_visible(zone_id)},
        expect="empty",
    )


def reset_read_only_password(client, zone_id, label):
    """A new read-only password for zone ``zone_id`` (204, read it back). None."""
    client.request(
        "POST",
        RESET_READ_ONLY_PASSWORD,
        "Resetting the read-only password of %s" % label,
        params={"id": zone_id},
        replay_safe=False,
        hints={404: not_visible(zone_id)},
        expect="empty",
    )


def passwords_of(zone):
    """The passwords a StorageZoneModel holds (texts only): each must be registered as a secret at once."""
    zone = zone if isinstance(zone, dict) else {}
    return [zone[key] for key in PASSWORDS if isinstance(zone.get(key), str) and zone[key]]
