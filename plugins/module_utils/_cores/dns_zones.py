# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the ``dnszone`` and ``dnszone_info`` modules do beyond their declarations (pure Python: no Ansible imports).

- :func:`wanted`, :func:`current`, :func:`view`: the settings asked for, the zone the task names, what is compared;
- :func:`create`: create the zone (a lost answer settled by the engine, ``Context.create``), import its zone file,
  then write the settings that differ from the platform's defaults;
- :func:`import_result`: the import's counts as returned;
- :func:`shaped`: a zone as ``dnszone_info`` returns it (its zone file on request).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.context import created
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    UNCONFIRMED_KINDS,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_zones as S
from ansible_collections.edge.platform.plugins.module_utils._shapes.tables import presence_view

NOT_VISIBLE = (
    "No DNS zone with id %d is visible to this API key: check zone_id (a new zone is created by its domain only)."
)
OTHER_DOMAIN = (
    "domain %r differs from the domain of DNS zone %d (%r), and the platform cannot change a zone's domain. Give the "
    "zone's own domain, or create a zone by domain and delete the old one."
)
PREDICTED = (
    "The zone would be created: its id and dates are unknown until then; the settings not given are the platform's "
    "documented defaults for a new zone."
)
NOT_IMPORTED_AGAIN = (
    "A re-run does not import it (the zone exists now): add the records with the record modules, or delete the zone "
    "and run the task again."
)
CREATED = created("the zones", "zone")  # a lost create's answer is settled by finding the zone by its domain


def wanted(params):
    """The settings the task asks for; bad input fails here, before any request."""
    settings = S.wanted_values(params)
    nothing_when_absent(
        params, list(settings) + (["import_zone_file"] if params["import_zone_file"] is not None else [])
    )
    return settings


def current(ctx):
    """The zone the task names (its DnsZoneModel, or None when it does not exist)."""
    zone_id, domain = ctx.params["zone_id"], ctx.params["domain"]
    if domain is not None:
        domain = S.check_domain(domain)
    if zone_id is None:
        return dns_zones.find_domain(ctx.client, domain)
    try:
        zone = dns_zones.get(ctx.client, zone_id, NOT_VISIBLE % zone_id)
    except ApiError as error:
        if error.status != 404 or ctx.params["state"] != "absent":
            raise
        # a proxy or a wrong base_url answers 404 too: the zone listing confirms it is gone before it is claimed
        if not dns_zones.confirm_gone(ctx.client, zone_id, domain):
            raise ApiError(
                error.operation,
                404,
                "the zone listing still shows DNS zone %d, so the 404 was not the platform's answer" % zone_id,
                kind=BAD_ANSWER,
                hint="Nothing was deleted. Check that base_url points at the platform API itself.",
            ) from None
        return None
    if domain is not None and S.normal_domain(domain).lower() != S.normal_domain(zone.get("Domain")).lower():
        raise InputError(OTHER_DOMAIN % (domain, zone_id, zone.get("Domain")), option="domain")
    return zone


def domain_of(ctx, zone):
    """The zone's domain: the zone's own, else the one given (checked)."""
    return zone.get("Domain") if zone else ctx.params["domain"] and S.check_domain(ctx.params["domain"])


def view(zone, settings, domain):
    """What is compared and shown in the diff: whether the zone exists, its domain and the settings given."""
    return presence_view(zone, lambda z: S.managed_view(z, settings), ("domain", "Domain"), domain)


def create(ctx, domain, settings, done):
    """Create the zone, import its zone file, then write the settings that differ from the platform's defaults; a
    step that fails after the create landed fails the task saying so (the zone is kept). The zone's model."""
    zone = ctx.create(
        lambda: dns_zones.create(ctx.client, domain),
        lambda: dns_zones.find_domain(ctx.client, domain),
        CREATED,
        lambda found: "id %s" % found.get("Id"),
    )
    label = "DNS zone %s (id %d)" % (zone.get("Domain"), zone["Id"])
    if ctx.params["import_zone_file"] is not None:
        zone = import_zone_file(ctx, zone, label, done)
    members = S.request_members(S.differing(zone, settings))
    if members:
        try:
            zone = dns_zones.update(ctx.client, zone["Id"], members, label)
        except ApiError as error:
            applied = (
                "may not have been applied (the answer was lost)"
                if error.kind in UNCONFIRMED_KINDS
                else ("were not applied")
            )
            ctx.fail_from(
                error,
                msg="%s WAS created, but its settings %s: %s. The zone was kept; a re-run applies the settings."
                % (label, applied, error.describe().rstrip(".")),
                dns_zone=S.shape_dns_zone(zone),
            )
    return zone


def import_zone_file(ctx, zone, label, done):
    """Import the zone file into the new ``zone``; the zone counting the records the import added."""
    try:
        done["import"] = dns_zones.import_zone_file(ctx.client, zone["Id"], ctx.params["import_zone_file"], label)
    except ApiError as error:
        landed = (
            "may have been imported (its answer was lost; it was not sent again: check the records)"
            if (error.kind in UNCONFIRMED_KINDS)
            else "was not imported"
        )
        ctx.fail_from(
            error,
            msg="%s WAS created, but its zone file %s: %s. %s"
            % (label, landed, error.describe().rstrip("."), NOT_IMPORTED_AGAIN),
            dns_zone=S.shape_dns_zone(zone),
        )
    # the create's answer predates the import: the result counts the records the import's answer added (a settings
    # write answers the zone with its records, which then replaces this)
    return dict(zone, Records=list(zone.get("Records") or []) + [{}] * done["import"]["RecordsSuccessful"])


def import_result(counts, warn):
    if counts is None:
        return None
    if counts["RecordsFailed"] > 0:
        warn(
            "The platform could not import %d record(s) of import_zone_file (%d imported, %d skipped)."
            % (counts["RecordsFailed"], counts["RecordsSuccessful"], counts["RecordsSkipped"])
        )
    return {
        "records_successful": counts["RecordsSuccessful"],
        "records_failed": counts["RecordsFailed"],
        "records_skipped": counts["RecordsSkipped"],
    }


def shaped(ctx, model):
    """A zone as ``dnszone_info`` returns it; with ``export``, its zone file too (one more request)."""
    zone = S.shape_dns_zone(model, ctx.warn)
    if ctx.params["export"]:
        zone["zone_file"] = dns_zones.export_zone_file(ctx.client, zone["id"])
    return zone
