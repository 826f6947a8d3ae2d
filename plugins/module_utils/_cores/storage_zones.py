# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A storage zone as ``storage_zone`` manages it and ``storage_zone_info`` lists it (pure Python: no Ansible imports).

:func:`wanted` checks the task before any request, :func:`current` reads the zone the task names (its passwords
masked at once), :func:`ensure` creates or updates it, :func:`remove` deletes it (never its linked pull zones unless
asked), :func:`rotate` resets its passwords and returns the new ones once, :func:`shown` is the zone as returned.
See docs/platform-notes.md, "Storage zones: what the modules do".
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import storage_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.database_tokens import keep_secret
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name, nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.context import created
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import storage_zones as S
from ansible_collections.edge.platform.plugins.module_utils._shapes.pull_zones import held_secrets
from ansible_collections.edge.platform.plugins.module_utils._shapes.tables import presence_view

NO_RENAME = (
    "name %r differs from the name of storage zone %d (%r), and the platform cannot rename a storage zone. Give the "
    "zone's own name, or create a new zone by name."
)
CREATED = created("the storage zones", "storage zone")
# rotate_password's choices -> (the member that holds the password, how the platform resets it)
ROTATIONS = {
    "full": ("Password", storage_zones.reset_password),
    "read_only": ("ReadOnlyPassword", storage_zones.reset_read_only_password),
}


def wanted(params):
    """The settings the task asks for; bad input fails here, before any request."""
    check_given_name(params["name"], "name", "name must not be empty.", blank=lambda name: name == "")
    settings = S.wanted_values(params)
    given = list(settings) + (["rotate_password"] if params.get("rotate_password") else [])
    nothing_when_absent(params, given)
    return settings


def zone_secrets(zone):
    """The secrets a StorageZoneModel holds: its passwords and the secrets of the pull zones it carries whole
    (``PullZones``: full PullZoneModels, never returned)."""
    secrets = storage_zones.passwords_of(zone)
    for pull_zone in (zone or {}).get("PullZones") or []:
        secrets += held_secrets(pull_zone) if isinstance(pull_zone, dict) else []
    return secrets


def masked(ctx, zone):
    """``zone``, its secrets (:func:`zone_secrets`) registered first: masked in every output."""
    for secret in zone_secrets(zone):
        ctx.add_secret(secret)
    return zone


def current(ctx):
    """The zone the task names (its StorageZoneModel, or None when it does not exist)."""
    zone_id, name = ctx.params["id"], ctx.params["name"]
    if zone_id is None:
        return masked(ctx, storage_zones.find_named(ctx.client, name))
    if ctx.params["state"] == "absent":  # a zone to delete may be gone already
        zone = storage_zones.get_or_none(ctx.client, zone_id)
    else:
        zone = storage_zones.get(ctx.client, zone_id)
    masked(ctx, zone)
    if zone is not None and name is not None and zone.get("Name") != name:
        raise InputError(NO_RENAME % (name, zone_id, zone.get("Name")), option="name")
    return zone


def label_of(zone, name):
    return "storage zone %s (id %d)" % (zone.get("Name"), zone["Id"]) if zone else "storage zone %s" % name


def view(zone, settings, name):
    """What is compared and shown in the diff: whether the zone exists, its name and the settings given."""
    return presence_view(zone, lambda z: S.managed_view(z, settings), ("name", "Name"), name)


def reread(ctx, zone, name):
    """The zone after a lost answer: by id when it exists, else by name (a create); masked."""
    if zone is None:
        return masked(ctx, storage_zones.find_named(ctx.client, name))
    return masked(ctx, storage_zones.get_or_none(ctx.client, zone["Id"]))


def _create(ctx, name, settings):
    """Create the zone, then write the settings the create model lacks (two passes, as the Terraform provider); the
    created zone (without those settings). A lost create answer is settled by finding the zone by name, never by
    sending it again."""
    first, members = S.create_body(name, settings)
    zone = ctx.create(
        lambda: storage_zones.create(ctx.client, first),
        lambda: storage_zones.find_named(ctx.client, name),
        CREATED,
        lambda found: "id %s" % found.get("Id"),
    )
    masked(ctx, zone)
    if members:
        storage_zones.update(ctx.client, zone["Id"], members, label_of(zone, name))
    return zone


def ensure(ctx, zone, settings, name):
    """Create or update the zone to ``settings``; the zone as the platform holds it after, read back once the writes
    are settled, as the Terraform provider does (a read not understood then fails the task before any other write);
    in check mode the zone as it is (None for a zone only predicted). What cannot change on an existing zone fails
    first, naming the option."""
    if zone is not None and not settings:
        return zone  # nothing to manage (a task that only rotates a password)
    if zone is not None:
        S.unchangeable(zone, settings)
        members = S.update_body(zone, settings)

        def apply():
            storage_zones.update(ctx.client, zone["Id"], members, label_of(zone, None))  # 204: no body

    else:
        if "region" not in settings:
            raise InputError("region is required to create storage zone %s (for example DE)." % name, option="region")

        def apply():
            return _create(ctx, name, settings)

    after = dict(S.wanted_view(settings), present=True, name=name)
    outcome = ctx.reconcile(
        view(zone, settings, name),
        after,
        apply,
        reread=lambda: reread(ctx, zone, name),
        state_of=lambda model: view(model, settings, name),
    )
    if zone is None and outcome.changed:  # under --check: later tasks of the run may stand in for it
        ctx.note_predicted(*storage_zones.predicted_zone(name))
    if not outcome.changed or ctx.check_mode:
        return zone
    if outcome.answer is None and outcome.model is not None:  # a lost answer settled by a re-read: that read is it
        return outcome.model
    return masked(ctx, storage_zones.get(ctx.client, (outcome.answer or zone)["Id"]))


def remove(ctx, zone, name):
    """Delete the zone; its linked pull zones go with it only with ``delete_linked_pullzones``. The result says which
    pull zones used the zone, and the diff too."""
    linked, deleting = S.linked_pull_zones(zone), ctx.params["delete_linked_pullzones"]
    names = [entry["name"] for entry in linked]
    before = dict(view(zone, {}, name), linked_pullzones=names) if zone else view(None, {}, name)
    after = dict(view(None, {}, name), linked_pullzones=[] if deleting else names) if zone else view(None, {}, name)

    def apply():
        storage_zones.delete(ctx.client, zone["Id"], label_of(zone, name), deleting)

    ctx.reconcile(
        before,
        after,
        apply,
        reread=lambda: view(reread(ctx, zone, name), {}, name),
        reached=lambda now: not now["present"],
    )
    if linked and not deleting:
        ctx.warn(
            "Pull zones %s used storage zone %s and were kept (delete_linked_pullzones is false): they no longer have "
            "their storage origin." % (", ".join(map(str, names)), name)
        )
    return {"storage_zone": None, "linked_pullzones": linked, "linked_pullzones_deleted": bool(linked and deleting)}


def rotate(ctx, zone, name):
    """Reset the passwords ``rotate_password`` names (each write always a change: the platform chooses the new one);
    the new passwords, read back, returned once (never in check mode)."""
    asked = ctx.params["rotate_password"] or []
    reset = [kind for kind in ROTATIONS if kind in asked and _rotated(ctx, zone, name, kind)]
    if not reset:
        return None
    fresh = storage_zones.get(ctx.client, zone["Id"])  # the new passwords: returned, so not in the host's mask
    passwords = {kind: fresh.get(ROTATIONS[kind][0]) for kind in reset}
    for password in passwords.values():
        keep_secret(ctx, password)  # scrubbed from every message, warning and diff
    return passwords


def _rotated(ctx, zone, name, kind):
    """Reset one password; True when it was reset (not in check mode; a lost answer settled by reading the zone back:
    a password other than the one held before is the new one)."""
    member, send = ROTATIONS[kind]
    old, key = (zone or {}).get(member), "%s_password" % kind

    def now():
        model = storage_zones.get(ctx.client, zone["Id"])
        return {key: "(a new one)" if model.get(member) != old else "(the current one)"}

    outcome = ctx.reconcile(
        {key: "(the current one)"},
        {key: "(a new one)"},
        lambda: send(ctx.client, zone["Id"], label_of(zone, name)),
        reread=now,
    )
    return outcome.changed and not ctx.check_mode


def shown(ctx, zone):
    """``storage_zone`` of the result: the settings as the options take them and what the platform adds, never the
    passwords; an enum number this collection cannot name is kept, with a warning."""
    unknown = []
    result = S.shape_storage_zone(zone, unknown)
    ctx.warn_all(unknown)
    return result


def listed(ctx, models):
    """The ``storage_zones`` of ``storage_zone_info``, their passwords masked, never returned."""
    return [shown(ctx, masked(ctx, model)) for model in models]
