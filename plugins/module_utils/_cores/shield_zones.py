# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the ``shield_zone`` module does beyond its declaration (pure Python: no Ansible imports).

- :func:`wanted`: the settings and upload scanning options asked for;
- :func:`pull_zone_of`, :func:`pull_zone_exists`: the pull zone the task names (under --check, one an earlier task
  only predicted stands in);
- :func:`shield`: create the shield zone or write the settings that differ, through the reconciler (a lost answer
  settled by reading the shield zone of the pull zone again); :func:`upload_scanning`: the same for upload scanning;
- :func:`readable`: the zone as returned.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones, shield_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._shapes import shield_zone_settings as S
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_zones import shape_shield_zone

CANNOT_UNSHIELD = (
    "state=absent cannot be carried out: %s is shielded by shield zone %d (plan %s), and the platform offers no way to "
    "unshield a pull zone (the Shield API has no delete call; docs/platform-notes.md, \"Shield zones: create, update, "
    "no delete\"). Nothing was changed. To stop Shield, delete the pull zone (edge.platform.pullzone, state=absent), or "
    "turn its features off with state=present (for example waf_enabled=false, ddos_shield_sensitivity=off)."
)


def wanted(params):
    """``(settings, upload scanning)`` the task asks for; bad input fails here, before any request."""
    settings, uploads = S.wanted_values(params), S.wanted_values(params, S.UPLOAD_FIELDS)
    nothing_when_absent(params, sorted(list(settings) + list(uploads)), given_as="was given")
    return settings, uploads


def pull_zone_of(ctx):
    """``(Found, label)`` of the pull zone, or ``(None, label)`` when it does not exist and that is no failure: with
    state=absent, or in check mode when an earlier task only predicted it (``ctx.predicted_dependency``)."""
    name = ctx.params["pullzone_name"]
    label = "pull zone %s" % name if name is not None else "pull zone with id %s" % ctx.params["pullzone_id"]
    try:
        found = PULL_ZONE.resolve(ctx)
    except LookupFailed as missing:  # "No pull zone matches ..." (an ambiguous name is no missing zone)
        if not missing.missing or not (ctx.params["state"] == "absent" or standing_in(ctx, label, missing.needs)):
            raise
        return None, label
    if found.model is not None:
        label = "pull zone %s (id %d)" % (found.model.get("Name"), found.id)
    return found, label


def pull_zone_exists(ctx, found, label):
    """Whether the pull zone exists, after get-by-pullzone found no shield zone (its 404 cannot tell: the pull
    zone decides). A name lookup already read it; an id costs one read."""
    if found.model is not None:
        return True
    try:
        pull_zones.get(ctx.client, found.id, found.not_visible)
    except ApiError as error:  # a pull zone given by id: no earlier task can have predicted it (a new one has none)
        if error.status != 404 or not (ctx.params["state"] == "absent" or standing_in(ctx, label, ())):
            raise
        return False
    return True


def standing_in(ctx, label, needs):
    """Under --check with state=present: whether to stand in for the missing pull zone (``ctx.predicted_dependency``)."""
    return ctx.params["state"] == "present" and ctx.predicted_dependency(label, needs=needs)


def differing(model, settings, fields=S.FIELDS):
    """The options of ``settings`` whose value ``model`` does not hold (all of them when there is no ``model``)."""
    return dict(settings) if model is None else S.differing(model, settings, fields)


def create(ctx, pull_zone_id, label, settings):
    """Shield the pull zone with ``settings``; read the new zone and send what it did not take; the zone. When the
    read or that write fails (or is not understood), the task fails saying the zone was created (changed): what it
    holds is not known here, and a re-run finds it and sets the rest."""
    zone_id = shield_zones.create(ctx.client, pull_zone_id, S.request_members({}, settings), label, list(settings))
    try:
        zone = shield_zones.get(ctx.client, zone_id)
        rest = differing(zone, settings)
        return settle(ctx, zone, S.request_members(zone, rest), list(rest)) if rest else zone
    except ApiError as error:
        ctx.fail_from(
            error,
            msg="Shield zone %d was created for %s, but then %s. Run the task again: it finds the shield zone and "
            "sets what is missing (it is not created twice)." % (zone_id, label, error.describe().rstrip(".")),
        )


def new_zone(pull_zone_id, settings):
    """The zone a create is predicted to make (check mode): the settings given, its ids null but the pull zone's."""
    return S.merged({"shieldZoneId": None, "pullZoneId": pull_zone_id}, S.request_members({}, settings))


def shield(ctx, found, label, current, settings):
    """Reconcile the zone (creating it when ``current`` is None); the zone model after the task."""

    def view(zone):
        return dict(S.managed_view(zone, settings), shielded=True) if zone else {"shielded": False}

    after = dict(S.wanted_view(settings), shielded=True)
    if current is None:
        apply = partial(create, ctx, found.id, label, settings)
        predicted = new_zone(found.id, settings)
    else:
        rest = differing(current, settings)
        members = S.request_members(current, rest)
        apply = partial(settle, ctx, current, members, list(rest))
        predicted = S.merged(current, members)
    reread = partial(shield_zones.of_pull_zone, ctx.client, found.id, label)
    outcome = ctx.reconcile(view(current), after, apply, reread=reread, view=view)
    if current is None:  # under --check: later tasks of the run may stand in for it (_engine/ledger.py)
        ctx.note_predicted(*shield_zones.predicted_zone(pull_zones.ledger_ref(found.id)))
    return outcome.model or (predicted if outcome.changed else current)


def settle(ctx, current, members, options):
    """Write ``members`` (the given settings that differ) to the zone read as ``current``, in a PATCH carrying the
    whole object; the zone as it now is."""
    missing = S.not_carried(current)
    if missing:
        ctx.warn(
            "Shield zone %d was read without %s: the update carries every other member as read and leaves these out, "
            "which the platform may reset (docs/platform-notes.md, \"Shield zones: the whole object is sent\")."
            % (current["shieldZoneId"], ", ".join(missing))
        )
    zone_id = current["shieldZoneId"]
    zone = shield_zones.update(ctx.client, zone_id, current, members, options)
    return shield_zones.check_unlisted(ctx.client, zone_id, members) or zone


def upload_scanning(ctx, zone, uploads):
    """Reconcile upload scanning when an option of it is given (the whole configuration is sent); its readable values
    (None when not read)."""
    if not uploads:
        return dict.fromkeys(S.UPLOAD_OPTIONS)
    zone_id = zone.get("shieldZoneId")
    fields = S.UPLOAD_FIELDS
    current = shield_zones.read_upload_scanning(ctx.client, zone_id) if zone_id else None
    members = S.upload_members(differing(current, uploads, fields))
    apply = partial(shield_zones.update_upload_scanning, ctx.client, zone_id, current, members, S.plan_name(zone))
    reread = partial(shield_zones.read_upload_scanning, ctx.client, zone_id)
    view = partial(S.managed_view, options=uploads, fields=fields)
    before = view(current) if current is not None else None
    outcome = ctx.reconcile(before, S.wanted_view(uploads, fields), apply, reread=reread, view=view)
    predicted = S.merged(current, members) if current is not None else S.upload_members(uploads)
    return readable(ctx, outcome.answer or predicted, fields)


def readable(ctx, model, fields=None):
    """The readable view of ``model`` (the zone by default, else the ``fields`` of upload scanning), with a warning
    per number this collection cannot name."""
    return ctx.shaped(shape_shield_zone, model) if fields is None else ctx.shaped(S.readable, model, fields)
