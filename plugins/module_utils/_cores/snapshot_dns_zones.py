# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The DNS zones of an account snapshot: ``dns_zones/<domain>.yml`` holds ``{domain, settings, dnssec, records}`` in
the forms ``dnszone``, ``dnszone_dnssec`` and ``dns_records`` take (pure Python), converted by ``shape_dns_zone`` and
``from_models`` as the info modules convert them. ``dnssec`` is the ``state`` only: the DS record is the platform's,
derived from its key, and no write takes it."""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records, dns_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import pruned
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as R
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_zones as D

KIND = "dns_zones"
KEY = "domain"  # what names an item (its file)


def record_entry(record):
    """A record as ``dns_records`` takes it: its options the platform holds a value of; a PullZone record names its
    pull zone by name when the platform gave one (an id is the platform's, per account)."""
    entry = pruned({option: record.get(option) for option in R.OPTIONS})
    if entry.get("type") == "PullZone" and entry.get("pullzone_name") is not None:
        entry.pop("pullzone_id", None)
    return entry


def record_order(entry):
    return (str(entry.get("name", "")).lower(), str(entry.get("type")), str(entry.get("value", "")))


def dns_zone_item(model, record_models, reading):
    """A DnsZoneModel and its records as its file holds them: ``{domain, settings, dnssec, records}``; a record of a type
    ``dns_records`` cannot write is skipped, named."""
    shaped = D.shape_dns_zone(model, reading.unknown.append)
    domain = shaped["domain"]
    records = []
    for record in R.from_models(record_models, model.get("Id"), reading.unknown.append):
        if record["type"] not in R.WRITABLE_TYPES:
            what = "record %s %s %s" % (record["name"] or "@", record["type"], record["value"])
            reading.skip(KIND, domain, what, "dns_records cannot write records of type %s" % record["type"])
            continue
        records.append(record_entry(record))
    return {
        "domain": domain,
        "settings": pruned({option: shaped.get(option) for option in D.OPTIONS}),
        "dnssec": {"state": "enabled" if shaped["dnssec_enabled"] else "disabled"},
        "records": sorted(records, key=record_order),
    }


def read(reading):
    """The :class:`Part` of the DNS zones the filters choose."""
    listed = [zone for zone in dns_zones.list_all(reading.client) if isinstance(zone, dict)]
    models = reading.chosen(listed, "Domain")
    record_sets = reading.read_all([partial(dns_records.read, reading.client, model["Id"]) for model in models])
    record_sets = [reading.kept(model["Id"], "records", records) for model, records in zip(models, record_sets)]
    items = [dns_zone_item(model, records, reading) for model, records in zip(models, record_sets)]
    return reading.part(KIND, items, KEY, [zone.get("Domain") for zone in listed])
