# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The records of a DNS zone on the platform: their paths, the paged listing, add, update and delete (pure Python: no
Ansible imports). Every function takes the client first and returns the platform's ``DnsRecordModel`` (a dict) or
raises ApiError.

- :func:`list_all`: ``GET /dnszone/{zoneId}/records`` (``page``, ``perPage`` 1000, ``type``), every page followed;
  only records of the type asked for are kept, whatever the platform sends.
- :func:`get`: one record by id, read through the listing (the platform has no read of one record).
- :func:`add`: ``PUT /dnszone/{zoneId}/records`` -- 201 and the record with its ``Id``.
- :func:`update`: ``POST /dnszone/{zoneId}/records/{id}`` -- 204 without a body, so the record is read again from
  the listing (:func:`update_and_read`): the result is what the platform holds, never what was sent.
- :func:`delete`: ``DELETE /dnszone/{zoneId}/records/{id}`` -- 204; a 404 is a record already gone.

See docs/platform-notes.md, "DNS records: identity and normalisation".
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    ApiError,
    excerpt,
    scrub,
    unconfirmed,
)

from .dns_zones import not_visible
from .listing import check_listing

RECORDS = "/dnszone/%d/records"  # GET: the listing; PUT: add
RECORD = "/dnszone/%d/records/%d"  # POST: update; DELETE
PAGE_SIZE = 1000  # the documented maximum of perPage


def _is_id(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _page(data, operation):
    """``(items, has_more)`` of one ``PaginationListModelOfDnsRecordModel``."""
    if isinstance(data, dict) and isinstance(data.get("Items", []), (list, type(None))):
        return [item for item in data.get("Items") or [] if isinstance(item, dict)], bool(data.get("HasMoreItems"))
    raise ApiError(operation, 200, "the platform answered without a page of records (no Items list)", kind=BAD_ANSWER)


def list_all(client, zone_id, record_type=None, hint=None):
    """Every ``DnsRecordModel`` of zone ``zone_id`` (``record_type``: a ``DnsRecordTypes`` number to list only those).

    ``hint``: the advice of a 404 (the zone selector's ``found.not_visible``)."""
    what = "DNS records of zone %d" % zone_id
    items, page = [], 1
    while True:
        params = {"page": page, "perPage": PAGE_SIZE}
        if record_type is not None:
            params["type"] = record_type
        operation = "Listing %s (page %d)" % (what, page) if page > 1 else "Listing %s" % what
        reply = client.request(
            "GET", RECORDS % zone_id, operation, params=params, hints={404: hint or not_visible(zone_id)}
        )
        batch, has_more = _page(reply.data, operation)
        items.extend(batch)
        if not has_more or not batch:
            break
        check_listing(operation, what, items, page)
        page += 1
    seen, records = set(), []
    for item in items:  # a record added while paging shifts the pages: keep each once
        if item.get("Id") not in seen and (record_type is None or item.get("Type") == record_type):
            seen.add(item.get("Id"))
            records.append(item)
    return records


def get(client, zone_id, record_id, record_type=None, hint=None):
    """The ``DnsRecordModel`` with ``record_id`` in zone ``zone_id`` (read through the listing), or None."""
    return next((r for r in list_all(client, zone_id, record_type, hint) if r.get("Id") == record_id), None)


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
    """:func:`update`, then the record as the platform holds it now (one listing of its type)."""
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
