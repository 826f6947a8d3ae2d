# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Shield zones on the platform: their paths, reads, listing, the shield zone of a pull zone, shielding a pull zone
and changing a zone's settings (pure Python: no Ansible imports). Every function takes the client first and returns
the ShieldZoneResponse (the ``data`` of the platform's envelope) or raises ApiError.

- :func:`list_all`: ``GET /shield/shield-zones``, every page (the platform's default page size, ``page.nextPage``).
- :func:`get`: ``GET /shield/shield-zone/{id}``; :func:`exists` asks the same question without needing the zone.
- :func:`find_by_pull_zone`: ``GET /shield/shield-zone/get-by-pullzone/{pullZoneId}``; :func:`of_pull_zone` is the
  same read answering None for a pull zone without a shield zone.
- :func:`create`: ``POST /shield/shield-zone`` (the id of the new zone); :func:`update`: ``PATCH
  /shield/shield-zone`` with the envelope ``{shieldZoneId, shieldZone}`` carrying only the members given.
- :func:`read_upload_scanning` / :func:`update_upload_scanning`: ``/shield/shield-zone/{id}/upload-scanning``.

There is no call that removes a shield zone (docs/platform-notes.md, "Shield zones: create, update, no delete").
A refusal for the zone's plan raises :class:`PlanRefusal`, which names the plan and the feature.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    REFUSED,
    ApiError,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_zone_settings import (
    PAID_FEATURES,
    UNLISTED_IN_REQUEST,
    plan_name,
)

from .answers import shield_page
from .listing import LookupFailed, check_listing

ZONES = "/shield/shield-zones"
ZONE = "/shield/shield-zone/%d"
BY_PULL_ZONE = "/shield/shield-zone/get-by-pullzone/%d"
WRITE = "/shield/shield-zone"  # POST: shield a pull zone; PATCH: change a zone's settings
UPLOAD_SCANNING = "/shield/shield-zone/%d/upload-scanning"  # GET, PATCH


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No shield zone with id %d is visible to this API key: check shield_zone_id." % zone_id


def list_all(client):
    """Every ShieldZoneResponse, following ``page.nextPage`` at the platform's default page size; bounded by
    ``listing.MAX_PAGES`` and ``listing.MAX_ITEMS``."""
    zones = []
    page, reads = 1, 0
    while True:
        reads += 1
        operation = "Listing shield zones (page %d)" % page if page > 1 else "Listing shield zones"
        # only the page envelope is this answer: {}, [], HTML or nothing is never "no shield zones"
        body = client.request("GET", ZONES, operation, params={"page": page}, expect=shield_page("shield zones")).object
        batch = [zone for zone in body.get("data") or [] if isinstance(zone, dict)]
        zones.extend(batch)
        paging = body.get("page") if isinstance(body.get("page"), dict) else {}
        following = paging.get("nextPage")
        if not batch or not isinstance(following, int) or isinstance(following, bool) or following <= page:
            break
        check_listing(operation, "shield zones", zones, reads)
        page = following
    return zones


def get(client, zone_id, hint=None):
    """The ShieldZoneResponse of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's
    ``found.not_visible``). An answer without the zone (a 202 AcceptedResult, or another shape) is not what the
    operation returns: nothing is decided from it (BAD_ANSWER)."""
    operation = "Reading shield zone %d" % zone_id
    reply = client.request("GET", ZONE % zone_id, operation, hints={404: hint or not_visible(zone_id)})
    zone = reply.object.get("data")
    if not isinstance(zone, dict):
        raise ApiError(
            operation,
            reply.status,
            "the platform answered without the shield zone",
            kind=BAD_ANSWER,
            hint="Retry later; if it persists, report it to the platform's support.",
        )
    return zone


def exists(client, zone_id):
    """False only when the platform says 404 for zone ``zone_id`` (as a status or inside its envelope); a failure that
    is not a 404 is raised. The published document declares no 404 for this call, so any other answer counts as
    "exists": a write that follows meets the platform's own verdict, and its 404 names the zone's option."""
    try:
        reply = client.request("GET", ZONE % zone_id, "Reading shield zone %d" % zone_id, allow_404=True)
    except ApiError as error:
        if error.status == 404:
            return False
        raise
    return reply.status != 404


def find_by_pull_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``: one request.

    A pull zone without a shield zone answers in a way the published document does not describe
    (docs/platform-notes.md, "Finding the shield zone of a pull zone"); a 404 and an answer without ``data``
    both say "no shield zone".
    """
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    zone, status = _by_pull_zone(client, pull_zone_id, label)
    if zone is None:
        answer = "HTTP 404" if status == 404 else "HTTP %d without a shield zone" % status
        raise LookupFailed(
            "No shield zone of %s is visible to this API key (the platform answered %s): enable "
            "Shield on that pull zone, or give shield_zone_id." % (label, answer),
            missing=True,
        )
    return zone


def _by_pull_zone(client, pull_zone_id, label):
    reply = client.request("GET", BY_PULL_ZONE % pull_zone_id, "Finding the shield zone of %s" % label, allow_404=True)
    zone = reply.object.get("data")
    if reply.status == 404 or not isinstance(zone, dict) or not isinstance(zone.get("shieldZoneId"), int):
        return None, reply.status
    return zone, reply.status


def of_pull_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``, or None when it has none (a 404 or an answer without
    ``data``, as :func:`find_by_pull_zone` reads them). A 404 may also mean the pull zone does not exist: the
    caller decides with a read of the pull zone when it matters."""
    return _by_pull_zone(client, pull_zone_id, pull_zone_label or "pull zone %d" % pull_zone_id)[0]


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


def _write(client, method, path, operation, body, plan=None, options=(), plan_asked=None):
    """Send a Shield zone write once (never replayed); a plan refusal raises :class:`PlanRefusal`, a 202 confirms
    nothing (docs/platform-notes.md, "Shield writes answered with HTTP 202")."""
    try:
        reply = client.request(method, path, operation, json_body=body, replay_safe=False)
    except ApiError as error:
        if is_plan_error(error.error_key):
            raise PlanRefusal(error, plan or "unknown", feature_of(error.error_key, options), plan_asked) from None
        if error.status == 202:
            said = "error key %s: %s" % (error.error_key, error.message) if error.error_key else error.message
            raise unconfirmed(operation, 202, "the platform answered HTTP 202 Accepted (%s)" % said) from None
        raise
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
    """Write ``members`` (only the members given) to zone ``zone_id`` with the envelope ``{shieldZoneId,
    shieldZone}`` (flat members are ignored by the platform); the zone as it now is: ``current`` with the members
    written over it. The answer echoes an ``UpdateShieldZoneRequest``: a member it shows with another value than
    was sent confirms nothing (kind bad_answer; the reconciler re-reads)."""
    operation = "Updating shield zone %d" % zone_id
    body = {"shieldZoneId": zone_id, "shieldZone": dict(members)}
    asked = plan_name(members) if "planType" in members else None
    reply = _write(client, "PATCH", WRITE, operation, body, plan_name(current), options, asked)
    data = reply.object.get("data")
    echo = data.get("shieldZone") if isinstance(data, dict) else None
    if not isinstance(echo, dict):
        raise unconfirmed(operation, reply.status, "the answer carries no shield zone settings")
    differing = sorted(m for m, v in members.items() if m in echo and m not in UNLISTED_IN_REQUEST and echo[m] != v)
    if differing:
        raise unconfirmed(operation, reply.status, "the answer shows other values for %s" % ", ".join(differing))
    return dict(current, **members)


def check_unlisted(client, zone_id, members):
    """After an update that sent a member the request document no longer lists (``dDoSExecutionMode``): the zone
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


def _upload_state(operation, reply, zone_id):
    data = reply.object.get("data")
    if not isinstance(data, dict) or not isinstance(data.get("isEnabled"), bool):
        raise ApiError(
            operation,
            reply.status,
            "the platform answered without the upload scanning configuration",
            kind=BAD_ANSWER,
            hint="Retry later; if it persists, report it to the platform's support.",
        )
    return data


def read_upload_scanning(client, zone_id):
    """The ``UploadScanningConfigurationState`` of zone ``zone_id``."""
    operation = "Reading upload scanning of shield zone %d" % zone_id
    reply = client.request("GET", UPLOAD_SCANNING % zone_id, operation)
    return _upload_state(operation, reply, zone_id)


def update_upload_scanning(client, zone_id, members, plan=None):
    """Write the upload scanning ``members`` given (all are nullable in the request); the state answered, which must
    show them (else kind bad_answer: the reconciler re-reads)."""
    operation = "Updating upload scanning of shield zone %d" % zone_id
    body = dict(members, shieldZoneId=zone_id)
    reply = _write(client, "PATCH", UPLOAD_SCANNING % zone_id, operation, body, plan, ("upload scanning",))
    try:
        state = _upload_state(operation, reply, zone_id)
    except ApiError:
        raise unconfirmed(operation, reply.status, "the answer carries no upload scanning configuration") from None
    if any(state.get(m) != v for m, v in members.items()):
        raise unconfirmed(operation, reply.status, "the answer shows another configuration than was sent")
    return state
