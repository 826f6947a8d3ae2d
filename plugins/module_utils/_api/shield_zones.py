# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Shield zones on the platform: their paths, reads, listing, the shield zone of a pull zone, shielding a pull zone
and changing a zone's settings (pure Python: no Ansible imports). Every function takes the client first and returns
the ShieldZoneResponse (the ``data`` of the platform's envelope) or raises ApiError.

- :func:`list_all`: ``GET /shield/shield-zones``, every page (the platform's default page size; ``shield_listing``).
- :func:`get`: ``GET /shield/shield-zone/{id}``; :func:`exists` asks the same question without needing the zone.
- :func:`find_by_pull_zone`: ``GET /shield/shield-zone/get-by-pullzone/{pullZoneId}``; :func:`of_pull_zone` is the
  same read answering None for a pull zone without a shield zone. An answer that says "none" (a 404), or says
  nothing (a 202, a shield zone id of 0), is confirmed by the mapping of active shield zones (``GET
  /shield/shield-zones/pullzone-mapping``) before anything is decided from it.
- :func:`create`: ``POST /shield/shield-zone`` (the id of the new zone); :func:`update`: ``PATCH
  /shield/shield-zone`` with the envelope ``{shieldZoneId, shieldZone}`` carrying the whole object (the zone as read,
  the changed members over it), as the platform's provider sends it.
- :func:`read_upload_scanning` / :func:`update_upload_scanning`: ``/shield/shield-zone/{id}/upload-scanning``, the
  whole configuration sent too.

Every read declares its documented answer (``answers.py``): anything else is not understood and nothing is decided
from it (docs/platform-notes.md, "Answers that are not understood"). There is no call that removes a shield zone
(docs/platform-notes.md, "Shield zones: create, update, no delete"). A refusal for the zone's plan raises
:class:`PlanRefusal`, which names the plan and the feature.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    REFUSED,
    ApiError,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_zone_settings import (
    PAID_FEATURES,
    UNLISTED_IN_REQUEST,
    plan_name,
    whole_object,
    whole_upload_scanning,
)

from .answers import is_id, object_with, shield_data
from .listing import LookupFailed
from .pull_zones import ledger_ref
from .shield_listing import shield_list

ZONES = "/shield/shield-zones"
ZONE = "/shield/shield-zone/%d"
BY_PULL_ZONE = "/shield/shield-zone/get-by-pullzone/%d"
MAPPING = "/shield/shield-zones/pullzone-mapping"
WRITE = "/shield/shield-zone"  # POST: shield a pull zone; PATCH: change a zone's settings
UPLOAD_SCANNING = "/shield/shield-zone/%d/upload-scanning"  # GET, PATCH

MAPPING_ANSWER = object_with(
    "the mapping of shield zones to pull zones (an object with data)",
    lambda data: "data" in data and (data["data"] is None or isinstance(data["data"], list)),
)
UNKNOWN_HINT = (
    "Nothing was decided from it and nothing more was sent. Retry later; if it persists, report it to the platform's "
    "support."
)


def zone_answer(zone_id):
    """The documented answer of ``GET /shield/shield-zone/{id}``: ``{data: ShieldZoneResponse}`` of that zone."""
    return shield_data(
        "the shield zone %d (an object with data)" % zone_id, lambda zone: zone.get("shieldZoneId") == zone_id
    )


def by_pull_zone_answer(pull_zone_id):
    """The documented answer of get-by-pullzone: ``{data: ShieldZoneResponse}`` of that pull zone (its shield zone id
    may be 0: read apart, see :func:`find_by_pull_zone`)."""
    return shield_data(
        "the shield zone of pull zone %d (an object with data)" % pull_zone_id,
        lambda zone: (
            is_number(zone.get("shieldZoneId"))
            and zone["shieldZoneId"] >= 0
            and (zone.get("pullZoneId") in (None, pull_zone_id) or zone["shieldZoneId"] == 0)
        ),
    )


def upload_scanning_answer(zone_id):
    """The documented answer of the upload scanning read and write: ``{data: UploadScanningConfigurationState}``."""
    return shield_data(
        "the upload scanning configuration of shield zone %d (an object with data)" % zone_id,
        lambda state: isinstance(state.get("isEnabled"), bool),
    )


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No shield zone with id %d is visible to this API key: check shield_zone_id." % zone_id


def list_all(client):
    """Every ShieldZoneResponse, following the pages at the platform's default page size (``shield_listing``)."""
    return shield_list(client, ZONES, "shield zones", "Listing shield zones", "shieldZoneId")


def get(client, zone_id, hint=None):
    """The ShieldZoneResponse of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's
    ``found.not_visible``). An answer without the zone (a 202 AcceptedResult, ``{}``, another zone) is not
    understood: nothing is decided from it (BAD_ANSWER)."""
    reply = client.request(
        "GET",
        ZONE % zone_id,
        "Reading shield zone %d" % zone_id,
        hints={404: hint or not_visible(zone_id)},
        expect=zone_answer(zone_id),
    )
    return reply.data["data"]


def exists(client, zone_id):
    """False only when the platform says 404 for zone ``zone_id`` (as a status or inside its envelope); a failure that
    is not a 404, and an answer that is not the zone, are raised. The published document declares no 404 for this
    call: a write that follows meets the platform's own verdict, and its 404 names the zone's option."""
    try:
        reply = client.request(
            "GET", ZONE % zone_id, "Reading shield zone %d" % zone_id, allow_404=True, expect=zone_answer(zone_id)
        )
    except ApiError as error:
        if error.status == 404:
            return False
        raise
    return reply.status != 404


def read_mapping(client):
    """``[{shieldZoneId, pullZoneId}]`` of every active shield zone (``GET /shield/shield-zones/pullzone-mapping``,
    one request, not paged)."""
    reply = client.request("GET", MAPPING, "Reading the mapping of shield zones to pull zones", expect=MAPPING_ANSWER)
    return [entry for entry in reply.data["data"] or [] if isinstance(entry, dict)]


def predicted_zone(pull_zone_ref):
    """The check-mode ledger's note of the shield zone of a pull zone (``pull_zones.ledger_ref``: by id, or by name
    when the pull zone was only predicted too)."""
    return ("shield zone", pull_zone_ref)


def find_by_pull_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``, else LookupFailed (``missing``) when it has none."""
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    zone = of_pull_zone(client, pull_zone_id, label)
    if zone is None:
        raise LookupFailed(
            "No shield zone of %s is visible to this API key (get-by-pullzone answered HTTP 404 and the mapping of "
            "active shield zones does not list it): enable Shield on that pull zone, or give shield_zone_id." % label,
            missing=True,
            needs=[predicted_zone(ledger_ref(pull_zone_id))],
        )
    return zone


def of_pull_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``, or None when it has none; one request when the
    platform answers with the zone.

    What get-by-pullzone answers for a pull zone without a shield zone is not documented (docs/platform-notes.md,
    "Finding the shield zone of a pull zone"); a 202 ``AcceptedResult`` and a shield zone id of 0 say nothing. None
    of them is trusted alone: the mapping of active shield zones confirms (one more read). A zone it lists is read by
    its id; a 404 it confirms is None (the pull zone may also not exist: the caller decides with a read of the pull
    zone when it matters); a 202 or an id of 0 it does not explain fails (BAD_ANSWER), saying what is known, so no
    "not shielded" can lead to a second shield zone.
    """
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    operation = "Finding the shield zone of %s" % label
    try:
        reply = client.request(
            "GET", BY_PULL_ZONE % pull_zone_id, operation, allow_404=True, expect=by_pull_zone_answer(pull_zone_id)
        )
    except ApiError as error:
        if error.kind != BAD_ANSWER or error.status != 202:
            raise
        return _confirmed(client, pull_zone_id, label, 202, "HTTP 202 Accepted without the shield zone")
    if reply.status == 404:
        return _confirmed(client, pull_zone_id, label, 404, None)
    zone = reply.data["data"]
    if reply.status == 200 and is_id(zone["shieldZoneId"]):
        return zone
    said = "HTTP %d with a shield zone id of %s" % (reply.status, zone["shieldZoneId"])
    return _confirmed(client, pull_zone_id, label, reply.status, said)


def _confirmed(client, pull_zone_id, label, status, said):
    """The zone the mapping of active shield zones lists for the pull zone (read by its id), None when it lists none
    after a 404 (``said`` None), else BAD_ANSWER saying what get-by-pullzone answered (``said``) and what the mapping
    shows."""
    ids = sorted(
        {
            e["shieldZoneId"]
            for e in read_mapping(client)
            if e.get("pullZoneId") == pull_zone_id and is_id(e.get("shieldZoneId"))
        }
    )
    if len(ids) == 1:
        return get(client, ids[0])
    operation = "Finding the shield zone of %s" % label
    if ids:
        raise ApiError(
            operation,
            status,
            "the mapping of active shield zones lists %d shield zones for it (ids %s)"
            % (len(ids), ", ".join(str(i) for i in ids)),
            kind=BAD_ANSWER,
            hint="Give shield_zone_id to choose one, where the module takes it.",
        )
    if said is None:
        return None
    raise ApiError(
        operation,
        status,
        "get-by-pullzone answered %s, and the mapping of active shield zones does not list the pull zone, so whether "
        "it has a shield zone is unknown" % said,
        kind=BAD_ANSWER,
        hint=UNKNOWN_HINT,
    )


# --- writes ------------------------------------------------------------------------------------------------------


def is_plan_error(error_key):
    """Whether a Shield error key refuses something for the zone's plan (``invalid_plan_type.bot_detection``,
    ``feature_not_available_on_plan``, ``not_available.access_list`` are the keys the platform's provider meets)."""
    key = (error_key or "").lower()
    return "plan" in key or key.startswith("not_available")


def feature_of(error_key, options):
    """The feature a plan refusal is about: from its error key (``invalid_plan_type.<feature>``), else the paid
    features among the ``options`` the request set, else the options sent."""
    key = error_key or ""
    if "." in key:
        return key.rpartition(".")[2].replace("_", " ")
    paid = [PAID_FEATURES[o] for o in options if o in PAID_FEATURES]
    if paid:
        return " and ".join(paid)
    return "a setting sent (%s)" % ", ".join(options) if options else "this request"


class PlanRefusal(ApiError):
    """The platform refused a feature for the zone's plan: a refusal (nothing applied). Its sentence names the plan
    the zone has and the feature; ``api_error`` still carries what the platform said."""

    def __init__(self, error, plan, feature, plan_asked=None):
        self.plan, self.feature, self.plan_asked = plan, feature, plan_asked
        super().__init__(
            error.operation, error.status, error.message, error_key=error.error_key, field=error.field, kind=REFUSED
        )

    def describe(self):
        said = "HTTP %s, error key %s" % (self.status, self.error_key)
        if self.message:
            said += ": %s" % self.message.rstrip(".")
        asked = ""
        if self.plan_asked and self.plan_asked != self.plan:
            asked = " (the same request asked for the %s plan)" % self.plan_asked
        return (
            "%s failed: the platform refused %s for this shield zone's plan, %s%s (%s). Nothing was applied. Choose a "
            "plan that includes it with the plan option (a plan change may be billed), or leave the option out."
            % (self.operation, self.feature, self.plan, asked, said)
        )


def write_failure(operation, plan, options, plan_asked, error):
    """What a failed Shield zone write means (its ``classify``): a plan refusal is a :class:`PlanRefusal`, a 202
    confirms nothing (docs/platform-notes.md, "Shield writes answered with HTTP 202"), anything else is ``error``."""
    if is_plan_error(error.error_key):
        return PlanRefusal(error, plan or "unknown", feature_of(error.error_key, options), plan_asked)
    if error.status == 202:
        said = "error key %s: %s" % (error.error_key, error.message) if error.error_key else error.message
        return unconfirmed(operation, 202, "the platform answered HTTP 202 Accepted (%s)" % said)
    return error


def _write(client, method, path, operation, body, plan=None, options=(), plan_asked=None):
    """Send a Shield zone write once (never replayed); a plan refusal raises :class:`PlanRefusal`, a 202 confirms
    nothing (:func:`write_failure`)."""
    classify = partial(write_failure, operation, plan, options, plan_asked)
    reply = client.request(method, path, operation, json_body=body, replay_safe=False, classify=classify)
    if reply.status != 200:
        raise unconfirmed(operation, reply.status, "the platform answered HTTP %d, not 200" % reply.status)
    return reply


def create(client, pull_zone_id, members, pull_zone_label=None, options=()):
    """Shield pull zone ``pull_zone_id`` with the ``shieldZone`` ``members``; the new shield zone's id (from the 200
    envelope's ``data.shieldZone.shieldZoneId``). An answer without it confirms nothing (kind bad_answer)."""
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    operation = "Shielding %s" % label
    body = {"pullZoneId": pull_zone_id, "shieldZone": dict(members)}
    plan = plan_name(members) if "planType" in members else "the platform's default plan for a new zone"
    reply = _write(client, "POST", WRITE, operation, body, plan, options)
    data = reply.object.get("data")
    zone = data.get("shieldZone") if isinstance(data, dict) else None
    zone_id = zone.get("shieldZoneId") if isinstance(zone, dict) else None
    if not isinstance(zone_id, int) or isinstance(zone_id, bool) or zone_id <= 0:
        raise unconfirmed(operation, reply.status, "the answer carries no shield zone id")
    return zone_id


def update(client, zone_id, current, members, options=()):
    """Set ``members`` (the changed ``shieldZone`` members) on zone ``zone_id``, read as ``current``: the envelope
    ``{shieldZoneId, shieldZone}`` (flat members are ignored by the platform) carries the whole object, the zone's
    members as read with ``members`` over them (``whole_object``), as the platform's provider sends it: whether the
    platform keeps a member a request leaves out is not documented (docs/platform-notes.md, "Shield zones: the whole
    object is sent"). Returns the zone as it now is, ``current`` with the members sent over it. The answer echoes an
    ``UpdateShieldZoneRequest``: a changed member it shows with another value confirms nothing (kind bad_answer; the
    reconciler re-reads)."""
    operation = "Updating shield zone %d" % zone_id
    sent = whole_object(current, members)
    body = {"shieldZoneId": zone_id, "shieldZone": sent}
    asked = plan_name(members) if "planType" in members else None
    reply = _write(client, "PATCH", WRITE, operation, body, plan_name(current), options, asked)
    data = reply.object.get("data")
    echo = data.get("shieldZone") if isinstance(data, dict) else None
    if not isinstance(echo, dict):
        raise unconfirmed(operation, reply.status, "the answer carries no shield zone settings")
    differing = sorted(m for m, v in members.items() if m in echo and m not in UNLISTED_IN_REQUEST and echo[m] != v)
    if differing:
        raise unconfirmed(operation, reply.status, "the answer shows other values for %s" % ", ".join(differing))
    return dict(current, **sent)


def check_unlisted(client, zone_id, members):
    """After an update that changed a member the request document no longer lists (``dDoSExecutionMode``): the zone
    re-read, which must hold it; else ApiError saying the platform did not apply it (the rest was applied)."""
    sent = {m: members[m] for m in UNLISTED_IN_REQUEST if m in members}
    if not sent:
        return None
    zone = get(client, zone_id)
    kept = sorted(m for m, v in sent.items() if zone.get(m) != v)
    if kept:
        raise ApiError(
            "Updating shield zone %d" % zone_id,
            200,
            "the platform answered 200 but kept %s as it was; every other setting was applied" % ", ".join(kept),
            hint="The published Shield document no longer lists dDoSExecutionMode among the settings a request may "
            "change (docs/platform-notes.md, \"Shield zones: create, update, no delete\"): leave ddos_execution_mode "
            "out, or set it in the dashboard.",
        )
    return zone


def read_upload_scanning(client, zone_id):
    """The ``UploadScanningConfigurationState`` of zone ``zone_id``."""
    operation = "Reading upload scanning of shield zone %d" % zone_id
    reply = client.request("GET", UPLOAD_SCANNING % zone_id, operation, expect=upload_scanning_answer(zone_id))
    return reply.data["data"]


def update_upload_scanning(client, zone_id, current, members, plan=None):
    """Set the upload scanning ``members`` (the changed ones) over ``current`` (the configuration as read): the whole
    configuration is sent, as the platform's provider sends it (``whole_upload_scanning``). The state answered must
    show it (else kind bad_answer: the reconciler re-reads)."""
    operation = "Updating upload scanning of shield zone %d" % zone_id
    sent = whole_upload_scanning(current, members)
    reply = _write(
        client,
        "PATCH",
        UPLOAD_SCANNING % zone_id,
        operation,
        dict(sent, shieldZoneId=zone_id),
        plan,
        ("upload scanning",),
    )
    state = reply.data.get("data") if upload_scanning_answer(zone_id).accepts(reply.data) else None
    if state is None:
        raise unconfirmed(operation, reply.status, "the answer carries no upload scanning configuration")
    if any(state.get(m) != v for m, v in sent.items()):
        raise unconfirmed(operation, reply.status, "the answer shows another configuration than was sent")
    return state
