# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A pull zone as ``pullzone`` manages it and ``pullzone_info`` lists it (pure Python: no Ansible imports).

:func:`wanted` checks the task's settings before any request, :func:`by_name` turns the storage zone and scripts
given by name into their ids, :func:`current` reads the zone the task names,
:func:`view` is what is compared and shown in the diff, :func:`create` sends a create one at a time on this machine;
:func:`shown` and :func:`listed` are the zones as returned, every enum number this collection cannot name warned of.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones, storage_zones
from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import entries as hostname_entries
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import named_in_plan, script_in_plan
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name, nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.zone_lock import LockTimeout, zone_lock
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zone_origins as origins
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import certificate_facts, hostname_enums
from ansible_collections.edge.platform.plugins.module_utils._shapes.tables import presence_view

NOT_VISIBLE = "No pull zone with id %d is visible to this API key: check id (a new zone is created by its name only)."
NO_RENAME = (
    "name %r differs from the name of pull zone %d (%r), and the platform cannot rename a pull zone (its update takes "
    "no name). Give the zone's own name, or create a new zone by name and delete the old one."
)
# The options naming what the zone pulls from or runs, looked up and sent as their ids
BY_NAME = ("origin_storage_zone",) + tuple(origins.SCRIPT_NAMES)


def wanted(params):
    """The settings the task asks for; bad input fails here, before any request."""
    check_given_name(params["name"], "name", "name must not be empty.", blank=lambda name: name == "")
    settings = P.wanted_values(params)
    nothing_when_absent(params, list(settings) + [option for option in BY_NAME if params.get(option) is not None])
    return settings


def managed(ctx, settings, zone):
    """The settings the task manages on ``zone`` (None: a create): with ``update_secret=on_create`` an existing zone's
    secrets are left as they are. Every secret the zone holds is masked in all output."""
    for secret in P.held_secrets(zone):
        ctx.add_secret(secret)
    if zone is not None and ctx.params["update_secret"] == "on_create":
        return P.without_secrets(settings)
    return settings


def by_name(ctx, settings, zone):
    """``settings`` with the storage zone and the scripts given by name (:data:`BY_NAME`) as the ids they name; None
    when one was only predicted by an earlier task under --check (the task then stands in, with a warning, and notes
    the pull zone it would create)."""
    settings = storage_origin(ctx, settings, zone)
    return None if settings is None else script_origins(ctx, settings, zone)


def _stand_in(ctx, zone):
    """Under --check, on an object an earlier task only predicted: the pull zone this task would create is noted."""
    if zone is None:
        ctx.note_predicted(*pull_zones.predicted_zone(ctx.params["name"]))


def script_origins(ctx, settings, zone):
    """``settings`` with ``origin_edge_script`` (a standalone script's exact name) as ``edge_script_id``, which implies
    ``origin_type: edge_script``, and ``middleware_script`` (a middleware script's, ``""`` for none: the platform's
    0, docs/platform-notes.md, "Pull zone origins: what each type needs") as ``middleware_script_id``; one listing of
    the scripts for each name. None when a script was only predicted under --check."""
    for option, (id_option, kind) in origins.SCRIPT_NAMES.items():
        name = ctx.params.get(option)
        if name is None:
            continue
        found = {"Id": 0} if name == "" and option == "middleware_script" else None
        found = found or script_in_plan(ctx, name, kind, option, id_option)
        if found is None:
            _stand_in(ctx, zone)
            return None
        settings = origins.with_script(settings, option, found["Id"])
    return settings


def detach_checked(ctx, zone, members, answer):
    """The zone a write answered; read once more after it detached a middleware script, as the official CLI verifies
    a detach (the platform ignores a null and refuses -1), so the result and the warning about values not taken show
    what the platform holds."""
    if answer is None or zone is None or members.get("MiddlewareScriptId") != 0 or not zone.get("MiddlewareScriptId"):
        return answer
    return pull_zones.get(ctx.client, zone["Id"], NOT_VISIBLE % zone["Id"])


def storage_origin(ctx, settings, zone):
    """``settings`` with ``origin_storage_zone`` (a storage zone's name) as the ``storage_zone_id`` it names, which
    implies ``origin_type: storage_zone``; None when the storage zone was only predicted by an earlier task under
    --check (the task then stands in, with a warning, and notes the pull zone it would create)."""
    name = ctx.params.get("origin_storage_zone")
    if name is None:
        return settings
    if "storage_zone_id" in settings:
        raise InputError("Give origin_storage_zone or storage_zone_id, not both.", option="origin_storage_zone")
    found = storage_zones.find_named(ctx.client, name)
    note = storage_zones.predicted_zone(name)
    if named_in_plan(ctx, found, note, "origin_storage_zone", storage_zones.not_named) is None:
        _stand_in(ctx, zone)
        return None
    wanted = dict(settings, storage_zone_id=found["Id"])
    wanted.setdefault("origin_type", P.STORAGE_ZONE_ORIGIN)
    return wanted


def current(ctx):
    """The zone the task names (its PullZoneModel, or None when it does not exist)."""
    zone_id, name = ctx.params["id"], ctx.params["name"]
    if zone_id is None:
        return pull_zones.find_named(ctx.client, name)
    # the id is in range before the core runs (_engine/bounds.py); a zone to delete may be gone already
    if ctx.params["state"] == "absent":
        zone = pull_zones.get_or_none(ctx.client, zone_id, NOT_VISIBLE % zone_id)
    else:
        zone = pull_zones.get(ctx.client, zone_id, NOT_VISIBLE % zone_id)
    if zone is not None and name is not None and zone.get("Name") != name:
        raise InputError(NO_RENAME % (name, zone_id, zone.get("Name")), option="name")
    return zone


def view(zone, settings, name):
    """What is compared and shown in the diff: whether the zone exists, its name and the settings given."""
    return presence_view(zone, lambda z: P.managed_view(z, settings), ("name", "Name"), name)


def create(ctx, name, members):
    """Create the zone, one create at a time on this machine, as the platform's provider does (see
    docs/platform-notes.md, "Pull zones: create, update, delete"); its model."""
    wait = ctx.params["timeout"] * (ctx.params["retries"] + 1) * 4
    try:
        with zone_lock(ctx.client.base_url, "pullzone-create", 0, wait):
            return pull_zones.create(ctx.client, name, members)
    except LockTimeout as problem:  # raised only while waiting, before anything is sent
        ctx.fail("Waiting for other tasks creating pull zones failed: %s. Retry, or use throttle: 1." % problem)


def shown(ctx, model):
    """``pull_zone`` of the result; an enum number this collection cannot name is kept, with a warning."""
    unknown = []
    result = P.shape_pullzone(model, unknown)
    for entry in hostname_entries(model):
        hostname_enums(entry, unknown)
    ctx.warn_all(unknown)
    return result


def certificates_of(ctx, model):
    """Hostname id -> certificate facts; every certificate key in ``model`` is registered as a secret."""
    facts = {}
    for hostname in model.get("Hostnames") or []:
        if not isinstance(hostname, dict):
            continue
        ctx.add_secret(hostname.get("CertificateKey"))
        if not hostname.get("Certificate"):
            continue
        found, problem = certificate_facts(hostname["Certificate"])
        if problem:
            ctx.warn(
                "The certificate the platform returned for %s could not be read (%s); it is reported as null."
                % (hostname.get("Value"), problem)
            )
        facts[hostname.get("Id")] = found
    return facts


def listed(ctx, models, details):
    """The ``pull_zones`` of ``pullzone_info``: each zone's certificates when ``details`` asks for them."""
    unknown = []  # enum numbers this collection cannot name: returned as the numbers, each with a warning
    zones = []
    for model in models:
        for secret in P.held_secrets(model):  # never returned; masked should any message carry one
            ctx.add_secret(secret)
        for entry in hostname_entries(model):
            hostname_enums(entry, unknown)
        shaped = P.shape_pull_zone(model, certificates_of(ctx, model) if details else None)
        zones.append(dict(shaped, **P.readable(model, unknown)))
    ctx.warn_all(unknown)
    return zones
