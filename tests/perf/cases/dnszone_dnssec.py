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
        "baseline": {"ansible.builtin.uri": {"url": "{{ edge_base_url }}/dnszone/1001",
                                             "headers": {"AccessKey": "{{ edge_api_key }}"}}},
    },
]
