"""Benchmark cases for edge.platform.dns_records on a real network: 1,000 records of the demo fixture's zone 1001 added
in one task (writes ten at a time over one kept-alive pool), then the same task again (no change: one listing)."""

RECORDS = [
    {"type": "A", "name": "host%d" % i, "value": "198.51.%d.%d" % (100 + i // 250, i % 250 + 1)} for i in range(1000)
]
SYNC = {"edge.platform.dns_records": {"zone_id": 1001, "records": RECORDS}}

NETWORK_CASES = [
    {
        "name": "network: dns_records, 1,000 records",
        "items": 1000,
        "reference_path": "/dnszone/1001",
        "tasks": [
            ("dns_records: 1,000 added, concurrency 10", SYNC),
            ("dns_records: the same 1,000, no change", SYNC),
        ],
        "target_ratio": 1.5,
    },
]
