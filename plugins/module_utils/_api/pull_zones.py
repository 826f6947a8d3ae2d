# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Pull zones on the platform: their paths, reads, listing, lookup by name and hostname certificates (pure Python:
no Ansible imports). Every function takes the client first and returns the platform's model or raises ApiError.

- :func:`list_all`: ``GET /pullzone`` (every page, 1000 zones a request; ``search`` filters by part of the name).
- :func:`find`: the zone named as given: one search request (one more per 1000 matches), exact name match,
  case-insensitive.
- :func:`get`: ``GET /pullzone/{id}``, answered by the zone with that ``Id`` (with ``hostnames``: and its
  ``Hostnames``); :func:`get_or_none`: the same, None on a 404; :func:`with_hostnames`: a listed zone's model when
  it carries its hostnames, else the zone read by id; :func:`find_named`: the zone named exactly as given, or None
  (the ``pullzone`` module's identity: names are compared exactly, as the platform keeps them).
- A search that finds no zone of the name is confirmed by the unfiltered listing before anything is decided from it
  (docs/platform-notes.md, "Pull zones: a name the search does not find").
- :func:`create`: ``POST /pullzone`` (201 and the new PullZoneModel); :func:`update`: ``POST /pullzone/{id}`` with only
  the members given (200 and the PullZoneModel); :func:`delete`: ``DELETE /pullzone/{id}`` (204; a 404 is "already
  gone"). Each is sent once and never again once it may have reached the platform; an answer that is not the zone
  confirms nothing (kind bad_answer: the caller re-reads). See docs/platform-notes.md, "Pull zones: create, update,
  delete".
- :func:`add_certificate`, :func:`remove_certificate`: ``POST /pullzone/{id}/addCertificate`` and
  ``DELETE /pullzone/{id}/removeCertificate``, each sent once and never again once it may have reached the platform.

With ``include_certificate`` the platform sends every hostname's certificate and its private key
(``CertificateKey``): a caller registers the keys as secrets as soon as the answer is read.
"""

from __future__ import annotations

import base64

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, unconfirmed
from ansible_collections.edge.platform.plugins.module_utils._shapes.pull_zones import FIELD_OPTIONS

from .answers import is_id, object_with, object_with_id, unless_gone
from .listing import LookupFailed, core_list, named_exactly, normal, pick, predicted

ZONES = "/pullzone"
ZONE = "/pullzone/%d"
ADD_CERTIFICATE = "/pullzone/%d/addCertificate"
REMOVE_CERTIFICATE = "/pullzone/%d/removeCertificate"
RESET_SECURITY_KEY = "/pullzone/%d/resetSecurityKey"
SECURITY_KEY = "ZoneSecurityKey"  # read-only in the settings: set through RESET_SECURITY_KEY
WITH_CERTIFICATES = {"includeCertificate": "true"}
# which options to check when the platform rejects a field of a certificate request
CERTIFICATE_FIELD_OPTIONS = {
    "Hostname": "hostname",
    "Certificate": "certificate or certificate_src",
    "CertificateKey": "certificate_key or certificate_key_src",
}


WHAT = "pull zone"


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No pull zone with id %d is visible to this API key: check pullzone_id." % zone_id


def predicted_zone(name):
    """The check-mode ledger's note of the pull zone ``name`` (``_engine/ledger.py``), as :func:`find` compares."""
    return predicted(WHAT, name)


def ledger_ref(zone_id=None, name=None):
    """How the check-mode ledger names a pull zone as the parent of what is noted in it (its shield zone, a
    hostname): by its id when it exists, by its name (as :func:`find` compares) when it was only predicted itself."""
    return "pull zone %d" % zone_id if zone_id is not None else "pull zone named %s" % normal(name)


def list_all(client, search=None, include_certificate=False):
    """Every PullZoneModel visible to the key; certificates (and their keys!) only with ``include_certificate``."""
    return core_list(client, ZONES, "pull zones", search, WITH_CERTIFICATES if include_certificate else None)


def searched(client, name, exact):
    """The zones the search for ``name`` found; when it found none at all, the zones of the unfiltered listing that are
    ``exact(zone)``. A search that answers nothing is what a missing zone looks like, and also what a search that does
    not work does (a third-party client notes that ``search`` did not work): before it leads to a create or to
    "absent", a second route confirms it. A search that found other zones works, and a zone of the name would be among
    them (docs/platform-notes.md, "Pull zones: a name the search does not find")."""
    zones = list_all(client, name)
    if zones:
        return zones
    return [zone for zone in list_all(client) if exact(zone)]


def find(client, name, option="pullzone_name", id_option="pullzone_id"):
    """The PullZoneModel named ``name`` (else LookupFailed naming ``option``); the listing carries no certificates."""
    wanted = (name or "").strip()
    if not wanted:
        raise LookupFailed("%s must be a pull zone name; got %r." % (option, name), option=option)
    zones = searched(client, wanted, lambda zone: normal(zone.get("Name")) == normal(wanted))
    return pick(zones, wanted, WHAT, option, id_option, "Id", "Name")


def has_hostnames(zone):
    """Whether a PullZoneModel carries its hostnames: every zone has at least its system hostname, so a zone
    without any (``Hostnames`` missing, null or empty) is not an answer a hostname can be judged absent from."""
    hostnames = zone.get("Hostnames") if isinstance(zone, dict) else None
    return isinstance(hostnames, list) and any(isinstance(entry, dict) for entry in hostnames)


def zone_answer(zone_id, hostnames=False):
    """The documented answer of ``GET /pullzone/{id}``: the PullZoneModel whose ``Id`` is ``zone_id``; with
    ``hostnames``, one that also carries its hostnames (what a decision about a hostname is made from)."""
    if not hostnames:
        return object_with_id("the pull zone %d" % zone_id, "Id", zone_id)
    return object_with(
        "the pull zone %d with its hostnames" % zone_id,
        lambda zone: is_id(zone.get("Id")) and zone["Id"] == zone_id and has_hostnames(zone),
    )


def _read(client, zone_id, hint, include_certificate, hostnames, allow_404=False):
    return client.request(
        "GET",
        ZONE % zone_id,
        "Reading pull zone %d" % zone_id,
        params=WITH_CERTIFICATES if include_certificate else None,
        hints={404: hint or not_visible(zone_id)},
        expect=zone_answer(zone_id, hostnames),
        allow_404=allow_404,
    )


def get(client, zone_id, hint=None, include_certificate=False, hostnames=False):
    """The PullZoneModel of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's ``found.not_visible``);
    with ``include_certificate`` its hostnames carry their certificates and keys; with ``hostnames`` an answer
    without any hostname is not understood (see :func:`has_hostnames`)."""
    return _read(client, zone_id, hint, include_certificate, hostnames).data


def get_or_none(client, zone_id, hint=None):
    """:func:`get`, or None when the platform answers 404 (the zone is gone). The platform's 404 has an empty body or
    a JSON error; a 404 page of anything else (a proxy's HTML) says nothing about the zone: not understood."""
    reply = _read(client, zone_id, hint, False, False, allow_404=True)
    return unless_gone(client, reply, "Reading pull zone %d" % zone_id, "the zone")


def with_hostnames(client, zone_id, model=None, hint=None):
    """``model`` (a zone a listing returned) when it carries its hostnames, else the zone read by id."""
    if has_hostnames(model) and model.get("Id") == zone_id:
        return model
    return get(client, zone_id, hint, hostnames=True)


def _encoded(pem):
    return base64.b64encode(pem.encode("ascii")).decode("ascii")


def _certificate_write(client, method, path, operation, body, action):
    """One write, never sent twice once it may have reached the platform: after a lost answer the reconciler
    re-reads instead (a repeated removal would fail with "no certificate", a repeated upload would hide whether the
    first landed). A 400 on a known field gets a hint naming the option behind it."""
    try:
        return client.request(method, path, operation, json_body=body, replay_safe=False, expect="empty")
    except ApiError as error:
        if error.status != 400 or error.field not in CERTIFICATE_FIELD_OPTIONS:
            raise
        raise error.with_hint(
            "The platform could not %s: check %s." % (action, CERTIFICATE_FIELD_OPTIONS[error.field]),
        ) from None


def add_certificate(client, zone_id, hostname, certificate_pem, key_pem):
    """Install the PEM bundle ``certificate_pem`` (leaf first) with ``key_pem`` on ``hostname``, each sent
    Base64-encoded as the platform requires. The answer carries no data: None."""
    _certificate_write(
        client,
        "POST",
        ADD_CERTIFICATE % zone_id,
        "Adding the certificate of %s to pull zone %d" % (hostname, zone_id),
        {"Hostname": hostname, "Certificate": _encoded(certificate_pem), "CertificateKey": _encoded(key_pem)},
        "use the certificate",
    )


def remove_certificate(client, zone_id, hostname):
    """Remove the custom certificate of ``hostname``. The answer carries no data: None."""
    _certificate_write(
        client,
        "DELETE",
        REMOVE_CERTIFICATE % zone_id,
        "Removing the certificate of %s from pull zone %d" % (hostname, zone_id),
        {"Hostname": hostname},
        "remove the certificate",
    )


# --- the pull zone itself: identity by exact name, create, update, delete ---------------------------------------

NAME_TAKEN = "pullzone.name_taken"
NAME_TAKEN_HINT = (
    "The name %r is taken, maybe by another account: pull zone names are unique across the whole platform, not only "
    "this account (docs/platform-notes.md, \"Pull zone names are global\"), and a name that differs only in case may "
    "count as taken. Choose another name, for example with a suffix of your own (the site play adds one), or manage "
    "the existing zone by its exact name or id if it is yours."
)


def find_named(client, name):
    """The PullZoneModel named exactly ``name`` (case and all), or None when no zone visible to the key has it.

    One search request (one more per 1000 matches; the unfiltered listing too when the search finds no zone of the
    name: :func:`searched`); the platform's ``search`` may match more or less loosely, so only an exact ``Name``
    counts. Several zones with the name make the zone ambiguous: InputError listing their ids."""

    def named(zone):
        return zone.get("Name") == name

    return named_exactly(searched(client, name, named), name, WHAT)


def _field_hint(error, name=None):
    """The advice for a refused write: the taken name, or the option behind the field the platform named."""
    if (error.error_key or "").lower() == NAME_TAKEN and name is not None:
        return NAME_TAKEN_HINT % name
    option = FIELD_OPTIONS.get((error.field or "").lower())
    if error.status == 400 and option:
        return "The platform refused %s: check %s." % (error.field, option)
    return None


def _write(client, method, path, operation, body=None, name=None, **options):
    """Send one pull zone write once; a refusal gets the advice of its field or its error key."""
    try:
        return client.request(method, path, operation, json_body=body, replay_safe=False, **options)
    except ApiError as error:
        hint = _field_hint(error, name)
        if hint is None:
            raise
        raise error.with_hint(hint) from None


def _zone_answer(operation, reply, zone_id=None, name=None):
    """The PullZoneModel a write answered; an answer that is not that zone confirms nothing (kind bad_answer)."""
    zone = reply.data
    got = zone.get("Id") if isinstance(zone, dict) else None
    if not isinstance(got, int) or isinstance(got, bool) or got <= 0:
        raise unconfirmed(operation, reply.status, "the answer carries no pull zone")
    if (zone_id is not None and got != zone_id) or (name is not None and zone.get("Name") != name):
        raise unconfirmed(operation, reply.status, "the answer carries another pull zone (id %d)" % got)
    return zone


def _with_key(client, zone, key, label):
    """``zone`` after its token authentication key is set to ``key`` (None: left as it is)."""
    if key is None:
        return zone
    reset_security_key(client, zone["Id"], key, label)
    return dict(zone, **{SECURITY_KEY: key})


def create(client, name, members):
    """Create pull zone ``name`` with the ``PullZoneAddModel`` ``members`` (without ``Name``), then set its token
    authentication key when ``members`` holds one; the PullZoneModel of the new zone, from the 201 answer (no read
    follows)."""
    operation = "Creating pull zone %s" % name
    settings = dict(members, Name=name)
    key = settings.pop(SECURITY_KEY, None)
    reply = _write(client, "POST", ZONES, operation, settings, name=name)
    return _with_key(client, _zone_answer(operation, reply, name=name), key, "pull zone %s" % name)


def update(client, zone_id, members, label=None):
    """Write the ``PullZoneSettingsModel`` ``members`` (only those given: omitted members stay as they are) to zone
    ``zone_id``, then its token authentication key when ``members`` holds one; the PullZoneModel the platform
    answered, None when only the key was sent (its answer is empty)."""
    operation = "Updating %s" % (label or "pull zone %d" % zone_id)
    settings = dict(members)
    key = settings.pop(SECURITY_KEY, None)
    zone = None
    if settings:
        reply = _write(client, "POST", ZONE % zone_id, operation, settings, hints={404: not_visible(zone_id)})
        zone = _zone_answer(operation, reply, zone_id=zone_id)
    if zone is None:
        reset_security_key(client, zone_id, key, label)
        return None
    return _with_key(client, zone, key, label)


def reset_security_key(client, zone_id, key, label=None):
    """Set the token authentication key of zone ``zone_id`` (``POST /pullzone/{id}/resetSecurityKey`` with
    ``{SecurityKey}``, answered 204). None."""
    operation = "Setting the token authentication key of %s" % (label or "pull zone %d" % zone_id)
    body = {"SecurityKey": key}
    _write(
        client, "POST", RESET_SECURITY_KEY % zone_id, operation, body, hints={404: not_visible(zone_id)}, expect="empty"
    )


def delete(client, zone_id, label=None):
    """Delete zone ``zone_id`` with its hostnames and settings; a zone already gone (404) is what was asked. None."""
    operation = "Deleting %s" % (label or "pull zone %d" % zone_id)
    _write(client, "DELETE", ZONE % zone_id, operation, allow_404=True, expect="empty")
