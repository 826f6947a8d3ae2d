# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The records of a DNS zone on the platform: their paths, the reads, add, update and delete (pure Python: no Ansible
imports). Every function takes the client first and returns the platform's ``DnsRecordModel`` (a dict) or raises
ApiError.

- :func:`read`: the zone's records as every real client reads them, from ``GET /dnszone/{zoneId}`` (its
  ``Records``); only where that answer carries no ``Records`` list, from the listing (:func:`list_all`). One request
  either way (one per 1000 records on the listing); only records of the type asked for are kept.
- :func:`list_all`: ``GET /dnszone/{zoneId}/records`` (``page``, ``perPage`` 1000, ``type``), every page followed.
  The platform published it only on 2026-06-26, so it is the fallback, never the first read.
- :func:`get`: one record by id, from :func:`read` (the platform has no read of one record).
- :func:`add`: ``PUT /dnszone/{zoneId}/records`` -- 201 and the record with its ``Id``.
- :func:`update`: ``POST /dnszone/{zoneId}/records/{id}`` -- 204 without a body, so the record is read again from
  the zone (:func:`update_and_read`): the result is what the platform holds, never what was sent.
- :func:`delete`: ``DELETE /dnszone/{zoneId}/records/{id}`` -- 204; a 404 is a record already gone.

See docs/platform-notes.md, "DNS records: identity and normalisation" and "DNS records: read from the zone".
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    ApiError,
    excerpt,
    scrub,
    unconfirmed,
)

from .answers import core_page
from .dns_zones import not_visible, zone_answer
from .listing import check_listing

RECORDS = "/dnszone/%d/records"  # GET: the listing; PUT: add
RECORD = "/dnszone/%d/records/%d"  # POST: update; DELETE
PAGE_SIZE = 1000  # the documented maximum of perPage
NO_LISTING_HINT = (
    "Nothing was decided from it. Check that base_url points at the platform API itself; if it does, the platform "
    "answers this zone without its records and serves no records listing: report it."
)


def _is_id(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _of_type(items, record_type):
    """The records of ``items`` (dicts only), each once by id, of ``record_type`` when given."""
    seen, records = set(), []
    for item in items:  # a record added while paging shifts the pages: keep each once
        if not isinstance(item, dict) or item.get("Id") in seen:
            continue
        if record_type is None or item.get("Type") == record_type:
            seen.add(item.get("Id"))
            records.append(item)
    return records


def read(client, zone_id, record_type=None, hint=None):
    """Every ``DnsRecordModel`` of zone ``zone_id`` (``record_type``: a ``DnsRecordTypes`` number to keep only those).

    The Terraform provider and the CLI read them from ``GET /dnszone/{id}`` (its ``Records``), so that is the read;
    an answer that is not the zone asked for is not understood (nothing is decided from it). Only a zone answer
    without a ``Records`` list falls back to the listing. ``hint``: the advice of a 404 (the zone selector's
    ``found.not_visible``)."""
    return read_zone(client, zone_id, record_type, hint)[1]


def read_zone(client, zone_id, record_type=None, hint=None):
    """``(the zone's domain, its records)``: :func:`read`, with the ``Domain`` the same answer carries (record names
    given as absolute names are made relative to it)."""
    zone = zone_answer(client, zone_id, "Reading the records of DNS zone %d" % zone_id, hint)
    domain = zone.get("Domain") if isinstance(zone.get("Domain"), str) else None
    if isinstance(zone.get("Records"), list):
        return domain, _of_type(zone["Records"], record_type)
    return domain, list_all(client, zone_id, record_type, classify=partial(_no_listing, zone_id))


def _no_listing(zone_id, error):
    """A 404 of the listing right after the zone was read: the listing, not the zone, is missing (the listing's
    ``classify`` in :func:`read_zone`)."""
    if error.status != 404:
        return error
    return ApiError(
        error.operation,
        404,
        "the answer of DNS zone %d carries no Records list and the platform does not serve the records listing"
        % zone_id,
        kind=BAD_ANSWER,
        hint=NO_LISTING_HINT,
    )


def list_all(client, zone_id, record_type=None, hint=None, classify=None):
    """Every ``DnsRecordModel`` of zone ``zone_id`` from the paged listing (``record_type``: a ``DnsRecordTypes``
    number to list only those); an answer that is not a page of records is not understood.

    ``hint``: the advice of a 404 (the zone selector's ``found.not_visible``); ``classify``: the requests' reading of
    a failure (``Call``)."""
    what = "DNS records of zone %d" % zone_id
    items, page = [], 1
    while True:
        params = {"page": page, "perPage": PAGE_SIZE}
        if record_type is not None:
            params["type"] = record_type
        operation = "Listing %s (page %d)" % (what, page) if page > 1 else "Listing %s" % what
        reply = client.request(
            "GET",
            RECORDS % zone_id,
            operation,
            params=params,
            hints={404: hint or not_visible(zone_id)},
            expect=core_page(what),
            classify=classify,
        )
        batch = [item for item in reply.data["Items"] or [] if isinstance(item, dict)]
        items.extend(batch)
        if not reply.data.get("HasMoreItems") or not batch:
            break
        check_listing(operation, what, items, page)
        page += 1
    return _of_type(items, record_type)


def get(client, zone_id, record_id, record_type=None, hint=None):
    """The ``DnsRecordModel`` with ``record_id`` in zone ``zone_id`` (read with :func:`read`), or None."""
    return next((r for r in read(client, zone_id, record_type, hint) if r.get("Id") == record_id), None)


def add(client, zone_id, body, label=None):
    """Add the record ``body`` (an ``AddDnsRecordModel``; ``label`` its type's name for messages); the
    ``DnsRecordModel`` answered (201, with its Id)."""
    label = label or "type %s" % body.get("Type")
    operation = "Adding %s record %r to DNS zone %d" % (label, body.get("Name"), zone_id)
    reply = client.request(
        "PUT", RECORDS % zone_id, operation, json_body=body, replay_safe=False, hints={404: not_visible(zone_id)}
    )
    record = reply.data
    if reply.status != 201 or not isinstance(record, dict) or not _is_id(record.get("Id")):
        raise unconfirmed(
            operation,
            reply.status,
            scrub(
                "the answer is not the record added (HTTP 201 with its Id): %s" % excerpt(reply.text), client.secrets
            ),
        )
    return record


def update(client, zone_id, record_id, body):
    """Send the ``UpdateDnsRecordModel`` ``body`` to record ``record_id``; 204, no body. Returns None."""
    operation = "Updating DNS record %d of zone %d" % (record_id, zone_id)
    client.request(
        "POST",
        RECORD % (zone_id, record_id),
        operation,
        json_body=dict(body, Id=record_id),
        replay_safe=False,
        expect="empty",
        hints={404: "DNS record %d is no longer in DNS zone %d: re-run the task to create it." % (record_id, zone_id)},
    )


def update_and_read(client, zone_id, record_id, body):
    """:func:`update`, then the record as the platform holds it now (read from the zone, as the Terraform provider
    reads it after its update)."""
    update(client, zone_id, record_id, body)
    record = get(client, zone_id, record_id, body.get("Type"))
    if record is None:
        raise ApiError(
            "Reading DNS record %d of zone %d after its update" % (record_id, zone_id),
            None,
            "the record is not in the zone's records of its type any more (deleted, or its type changed meanwhile)",
            hint="Check the zone with edge.platform.dns_record_info and re-run the task.",
        )
    return record


def delete(client, zone_id, record_id):
    """Delete record ``record_id``; a record already gone (404) is what was asked. Returns None."""
    operation = "Deleting DNS record %d of zone %d" % (record_id, zone_id)
    client.request(
        "DELETE", RECORD % (zone_id, record_id), operation, replay_safe=False, allow_404=True, expect="empty"
    )
