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
- :func:`get`: ``GET /dnszone/{id}``, held to its documented answer (the zone with that ``Id``: :func:`zone_answer`);
  :func:`confirm_gone`: after a 404 there, one listing by another route confirms the zone is gone.
- :func:`enable_dnssec`, :func:`disable_dnssec`, :func:`read_ds_record`: ``POST``/``DELETE /dnszone/{id}/dnssec``;
  each returns the DnsSecDsRecordModel after checking that it shows the state asked for.
- :func:`find_domain`: :func:`find`, or None when no zone has the domain (the ``dnszone`` module's identity).
- :func:`create`: ``POST /dnszone`` with ``{Domain}`` only (the add model takes no settings; 201 and the new
  DnsZoneModel); :func:`update`: ``POST /dnszone/{id}`` with only the ``UpdateDnsZoneModel`` members given (200 and
  the DnsZoneModel); :func:`delete`: ``DELETE /dnszone/{id}`` (204; a 404 is "already gone"). Each is sent once and
  never again once it may have reached the platform; an answer that is not the zone confirms nothing (kind
  bad_answer: the caller re-reads).
- :func:`export_zone_file`: ``GET /dnszone/{id}/export``, the zone file (BIND text; empty for an empty zone).
- :func:`import_zone_file`: ``POST /dnszone/{id}/import`` with the zone file as the body (``text/plain``); the
  DnsZoneImportResultModel counts. Never replayed once it may have landed (a replay would add the records twice).
See docs/platform-notes.md, "DNS zones: create, settings, delete, export and import".
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    ApiError,
    decode_json,
    excerpt,
    html_page,
    scrub,
    summary,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_zones import FIELD_OPTIONS, domain_problem

from .answers import is_id, object_with_id
from .listing import LookupFailed, core_list, normal, pick, predicted

ZONES = "/dnszone"
ZONE = "/dnszone/%d"
DNSSEC = "/dnszone/%d/dnssec"
EXPORT = "/dnszone/%d/export"
IMPORT = "/dnszone/%d/import"
IMPORT_COUNTS = ("RecordsSuccessful", "RecordsFailed", "RecordsSkipped")


WHAT = "DNS zone"


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No DNS zone with id %d is visible to this API key: check zone_id." % zone_id


def predicted_zone(domain):
    """The check-mode ledger's note of the zone of ``domain`` (``_engine/ledger.py``), as :func:`find` compares."""
    return predicted(WHAT, domain)


def list_all(client, search=None):
    """Every DnsZoneModel visible to the key (``search``: the platform's partial-match filter)."""
    return core_list(client, ZONES, "DNS zones", search)


def find(client, domain, option="zone_domain", id_option="zone_id"):
    """The DnsZoneModel whose Domain is ``domain`` (else LookupFailed naming ``option``)."""
    problem = domain_problem(domain, option)
    if problem:  # sent as a search term: a URL or a path could never match, so it fails here, naming the option
        raise LookupFailed(problem, option=option)
    wanted = normal(domain)
    zone = pick(list_all(client, wanted), domain, WHAT, option, id_option, "Id", "Domain")
    if not is_id(zone.get("Id")):  # a listing item without its id: nothing can be decided about that zone
        raise client.not_understood(
            "Listing DNS zones", 200, "the listing's zone %s carries no id (Id), so it was not understood" % domain
        )
    return zone


def zone_answer(client, zone_id, operation, hint=None):
    """``GET /dnszone/{id}``: the DnsZoneModel whose ``Id`` is ``zone_id``; any other answer (``{}``, a list, another
    zone, HTML, an empty body) is not understood (kind bad_answer) and nothing is decided from it."""
    return client.request(
        "GET",
        ZONE % zone_id,
        operation,
        hints={404: hint or not_visible(zone_id)},
        expect=object_with_id("the DNS zone %d" % zone_id, "Id", zone_id),
    ).data


def get(client, zone_id, hint=None):
    """The DnsZoneModel of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's ``found.not_visible``)."""
    return zone_answer(client, zone_id, "Reading DNS zone %d" % zone_id, hint)


def confirm_gone(client, zone_id, domain=None):
    """True when the zone listing confirms that no zone with id ``zone_id`` exists (after ``GET /dnszone/{id}``
    answered 404, which a proxy or a wrong base_url answers too): the zones whose domain matches ``domain`` (one
    search), or every zone. Its answer is held to the listing's documented shape, so a fault fails instead."""
    return all(zone.get("Id") != zone_id for zone in list_all(client, normal(domain) or None))


def _dnssec(client, method, zone_id, enabled, operation, changes_state=True):
    """Send one DNSSEC call and return its DnsSecDsRecordModel, whose Enabled is the state after the call: an
    answer without it, or with the other state, confirms nothing (the reconciler re-reads after a write)."""
    reply = client.request(method, DNSSEC % zone_id, operation, changes_state=changes_state)
    if reply.object.get("Enabled") is not enabled:
        state = "enabled" if enabled else "disabled"
        if changes_state:
            problem = "the answer does not show DNSSEC %s: %s" % (state, excerpt(reply.text))
            raise unconfirmed(operation, reply.status, scrub(problem, client.secrets))
        problem = "the answer does not show DNSSEC %s, so it was not understood: %s" % (state, excerpt(reply.text))
        raise client.not_understood(operation, reply.status, problem)
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


# --- the zone itself: identity by domain, create, update, delete; its zone file -------------------------------


def find_domain(client, domain):
    """The DnsZoneModel whose Domain is ``domain`` (case-insensitive, trailing dot ignored), or None when no zone
    visible to the key has it; several zones with it fail (LookupFailed listing them)."""
    try:
        return find(client, domain, option="domain", id_option="zone_id")
    except LookupFailed as error:
        if error.missing:
            return None
        raise


def _hinted(error):
    """A refused write with the advice of the field the platform named (the option behind it), else as it came."""
    option = FIELD_OPTIONS.get((error.field or "").lower())
    if error.status != 400 or option is None:
        return error
    return error.with_hint("The platform refused %s: check %s." % (error.field, option))


def _write(client, method, path, operation, **options):
    """Send one zone write once (never replayed once it may have reached the platform)."""
    try:
        return client.request(method, path, operation, replay_safe=False, **options)
    except ApiError as error:
        hinted = _hinted(error)
        if hinted is error:
            raise
        raise hinted from None


def _zone_answer(operation, reply, zone_id=None, domain=None):
    """The DnsZoneModel a write answered; an answer that is not that zone confirms nothing (kind bad_answer)."""
    zone = reply.data
    got = zone.get("Id") if isinstance(zone, dict) else None
    if not isinstance(got, int) or isinstance(got, bool) or got <= 0:
        raise unconfirmed(operation, reply.status, "the answer carries no DNS zone")
    if (zone_id is not None and got != zone_id) or (
        domain is not None and normal(zone.get("Domain")) != normal(domain)
    ):
        raise unconfirmed(operation, reply.status, "the answer carries another DNS zone (id %d)" % got)
    return zone


def create(client, domain):
    """Create the zone of ``domain`` (``DnsZoneAddModel`` with the domain only); the new DnsZoneModel, from the 201
    answer, with the platform's defaults for every setting."""
    operation = "Creating DNS zone %s" % domain
    return _zone_answer(
        operation, _write(client, "POST", ZONES, operation, json_body={"Domain": domain}), domain=domain
    )


def update(client, zone_id, members, label=None):
    """Write the ``UpdateDnsZoneModel`` ``members`` (only those given: the others stay as they are) to zone
    ``zone_id``; the DnsZoneModel the platform answered."""
    operation = "Updating the settings of %s" % (label or "DNS zone %d" % zone_id)
    reply = _write(
        client, "POST", ZONE % zone_id, operation, json_body=dict(members), hints={404: not_visible(zone_id)}
    )
    return _zone_answer(operation, reply, zone_id=zone_id)


def delete(client, zone_id, label=None):
    """Delete zone ``zone_id`` with its records; a zone already gone (404) is what was asked. None."""
    operation = "Deleting %s" % (label or "DNS zone %d" % zone_id)
    _write(client, "DELETE", ZONE % zone_id, operation, allow_404=True, expect="empty")


def export_zone_file(client, zone_id, hint=None):
    """The zone file of zone ``zone_id`` as the platform writes it (BIND text; empty for a zone without records). An
    HTML page or a JSON object or list is no zone file: not understood, nothing returned from it."""
    operation = "Exporting the zone file of DNS zone %d" % zone_id
    reply = client.request(
        "GET",
        EXPORT % zone_id,
        operation,
        expect="text",
        check_envelope=False,
        hints={404: hint or not_visible(zone_id)},
    )
    content_type = reply.headers.get("Content-Type")
    if html_page(reply.text, content_type) or isinstance(decode_json(reply.text), (dict, list)):
        raise client.not_understood(
            operation,
            reply.status,
            "the answer is not the zone file (BIND text) this operation returns, so it was not understood: %s"
            % summary(reply.text, content_type),
        )
    return reply.text


def import_zone_file(client, zone_id, text, label=None):
    """Import the zone file ``text`` (BIND text, sent as ``text/plain``) into zone ``zone_id``; the counts the
    platform answered: ``{RecordsSuccessful, RecordsFailed, RecordsSkipped}``. Sent once: a lost answer is never
    replayed (the records may have been added), and an answer without the counts confirms nothing."""
    operation = "Importing the zone file into %s" % (label or "DNS zone %d" % zone_id)
    reply = _write(client, "POST", IMPORT % zone_id, operation, text_body=text, hints={404: not_visible(zone_id)})
    counts = reply.object
    if not all(isinstance(counts.get(key), int) and not isinstance(counts.get(key), bool) for key in IMPORT_COUNTS):
        raise unconfirmed(operation, reply.status, "the answer carries no import counts: %s" % excerpt(reply.text))
    return {key: counts[key] for key in IMPORT_COUNTS}


# --- a wildcard certificate issued through the zone (added for pullzone_hostname) ----------------------------------


def issue_wildcard_certificate(client, zone_id, domain):
    """``POST /dnszone/{id}/certificate/issue`` with ``{Domain}``: the platform issues a wildcard certificate of
    ``domain`` (the zone's domain or one under it) through the zone (DNS-01). Documented answer: 200 without a body.
    Sent once and never again once it may have reached the platform (issuing counts against Let's Encrypt's limits):
    the caller settles a lost answer with one read (docs/platform-notes.md, "Wildcard certificates through a DNS
    zone"). None."""
    client.request(
        "POST",
        ZONE % zone_id + "/certificate/issue",
        "Issuing a wildcard certificate for *.%s through DNS zone %d" % (domain, zone_id),
        json_body={"Domain": domain},
        replay_safe=False,
        expect="empty",
        hints={404: not_visible(zone_id)},
    )
