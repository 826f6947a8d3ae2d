"""Benchmark cases for edge.platform.dnszone_dnssec (demo fixture: zone 1001 DNSSEC on, zone 1002 off)."""

# Requests one task sends, from the emulator's request log; the emulator is reset before each case.
REQUEST_CASES = [
    {
        "name": "dnszone_dnssec no change",
        "task": {"edge.platform.dnszone_dnssec": {"zone_id": 1001, "state": "enabled"}},
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "dnszone_dnssec change",
        "task": {"edge.platform.dnszone_dnssec": {"zone_id": 1002, "state": "enabled"}},
        "expect": {"changed": True, "requests": ["GET", "POST"]},
    },
]

# Wall time of the module task against a baseline task doing the same single GET.
TIMING_CASES = [
    {
        "name": "dnszone_dnssec no change vs uri GET",
        "task": {"edge.platform.dnszone_dnssec": {"zone_id": 1001, "state": "enabled"}},
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_base_url }}/dnszone/1001",
                "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
            }
        },
    },
]

NO_CHANGE = {"edge.platform.dnszone_dnssec": {"zone_id": 1001, "state": "enabled"}}
# Targets (benchmarks, not tests): in-process no-change task <= 0.10x a uri task doing the same GET;
# a 1,000-item no-change loop <= 30 s.
SLOPE_CASES = [
    {
        "name": "dnszone_dnssec no change",
        "variants": [
            ("in-process", dict(NO_CHANGE, name="in-process")),
            ("module path", dict(NO_CHANGE, name="module path", vars={"edge_platform_in_process": False})),
            (
                "uri GET",
                {
                    "name": "uri GET",
                    "ansible.builtin.uri": {
                        "url": "{{ edge_base_url }}/dnszone/1001",
                        "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
                    },
                },
            ),
        ],
        "baseline": "uri GET",
    },
]

LOOP_CASES = [
    {"name": "dnszone_dnssec no change, in-process", "task": dict(NO_CHANGE, name="loop"), "items": 1000},
]

# A real network (tests/perf/network.py): 100 no-change items through a TLS proxy adding --rtt-ms (default 50)
# per request and two round trips per new connection. Targets: the in-process loop within 1.3x the sequential
# keep-alive reference (reported), and at most 0.1 new connections per item (checked). The module path starts a
# process per item (about a second each on a busy machine): 20 items give its figure and keep the section short.
NETWORK_CASES = [
    {
        "name": "network: dnszone_dnssec no change, 100 items",
        "task": NO_CHANGE,
        "items": 100,
        "module_items": 20,
        "reference_path": "/dnszone/1001",
        "target_ratio": 1.3,
        "max_new_connections_per_item": 0.1,
    },
]

# A fleet: 1,000 DNS zones as inventory hosts (edge.platform.edge), one no-change task per host in parallel.
NETWORK_CASES.append({"name": "network: a fleet of 1,000 DNS zones", "zones": 1000, "forks": [10, 50]})
