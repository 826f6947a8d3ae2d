# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""DNS zones on the platform: their paths, reads, listing, lookup by domain and DNSSEC (pure Python: no Ansible
imports). Every function takes the client first and returns the platform's model (a dict) or raises ApiError.

- :func:`list_all`: ``GET /dnszone`` (every page, 1000 zones a request; ``search`` filters by part of the domain).
- :func:`find`: the zone whose domain is the one given: one search request (one more per 1000 matches), exact
  domain match, case-insensitive, trailing dot ignored. The Terraform provider finds a DNS zone by domain with one
  unfiltered ``GET /dnszone`` and an exact, case-sensitive scan of ``Items`` (BunnyWay/terraform-provider-bunnynet
  internal/api/dnszone.go, ``GetDnsZoneByDomain``): it reads only the first page, so past 1000 zones it misses; the
  search term and the page loop here do not.
- :func:`get`: ``GET /dnszone/{id}``.
- :func:`enable_dnssec`, :func:`disable_dnssec`, :func:`read_ds_record`: ``POST``/``DELETE /dnszone/{id}/dnssec``;
  each returns the DnsSecDsRecordModel after checking that it shows the state asked for.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    ApiError,
    excerpt,
    scrub,
    unconfirmed,
)

from .listing import LookupFailed, core_list, normal, pick

ZONES = "/dnszone"
ZONE = "/dnszone/%d"
DNSSEC = "/dnszone/%d/dnssec"


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No DNS zone with id %d is visible to this API key: check zone_id." % zone_id


def list_all(client, search=None):
    """Every DnsZoneModel visible to the key (``search``: the platform's partial-match filter)."""
    return core_list(client, ZONES, "DNS zones", search)


def find(client, domain, option="zone_domain", id_option="zone_id"):
    """The DnsZoneModel whose Domain is ``domain`` (else LookupFailed naming ``option``)."""
    wanted = normal(domain)
    if not wanted:
        raise LookupFailed("%s must be a domain such as example.com; got %r." % (option, domain), option=option)
    return pick(list_all(client, wanted), domain, "DNS zone", option, id_option, "Id", "Domain")


def get(client, zone_id, hint=None):
    """The DnsZoneModel of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's ``found.not_visible``)."""
    return client.request(
        "GET", ZONE % zone_id, "Reading DNS zone %d" % zone_id, hints={404: hint or not_visible(zone_id)}
    ).object


def _dnssec(client, method, zone_id, enabled, operation, changes_state=True):
    """Send one DNSSEC call and return its DnsSecDsRecordModel, whose Enabled is the state after the call: an
    answer without it, or with the other state, confirms nothing (the reconciler re-reads after a write)."""
    reply = client.request(method, DNSSEC % zone_id, operation, changes_state=changes_state)
    if reply.object.get("Enabled") is not enabled:
        state = "enabled" if enabled else "disabled"
        problem = scrub("the answer does not show DNSSEC %s: %s" % (state, excerpt(reply.text)), client.secrets)
        if changes_state:
            raise unconfirmed(operation, reply.status, problem)
        raise ApiError(
            operation,
            reply.status,
            problem,
            kind=BAD_ANSWER,
            hint="Check that base_url points at the platform API itself and try again.",
        )
    return reply.object


def enable_dnssec(client, zone_id):
    """Enable DNSSEC. Enabling an enabled zone returns its current key unchanged (the Terraform provider calls it on
    every read to get the DS record: BunnyWay/terraform-provider-bunnynet internal/api/dnszone.go), so a retried
    enable never re-keys the zone."""
    return _dnssec(client, "POST", zone_id, True, "Enabling DNSSEC on DNS zone %d" % zone_id)


def disable_dnssec(client, zone_id):
    """Disable DNSSEC."""
    return _dnssec(client, "DELETE", zone_id, False, "Disabling DNSSEC on DNS zone %d" % zone_id)


def set_dnssec(client, zone_id, enabled):
    """Enable or disable DNSSEC; the DnsSecDsRecordModel after the call."""
    return enable_dnssec(client, zone_id) if enabled else disable_dnssec(client, zone_id)


def read_ds_record(client, zone_id):
    """The DnsSecDsRecordModel of a zone whose DNSSEC is enabled. The platform serves the DS record only from its
    enable call, which returns the current key of an enabled zone unchanged; on such a zone the call only reads, so
    a lost answer is no answer, not a change that may have landed."""
    return _dnssec(client, "POST", zone_id, True, "Reading the DS record of DNS zone %d" % zone_id, changes_state=False)
