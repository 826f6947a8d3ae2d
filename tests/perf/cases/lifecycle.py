"""Benchmark cases for the lifecycle modules of pull zones and their shield (demo fixture: pull zone 2001 "demo"
with its shield zone 3001, rate limit rule 6001 "api burst", access list 5001 "office").

A no-change run only reads: the lookups its selector needs, then the object (an access list: the index, then it).
"""

# a rule the setup writes, then the measured task again
LOGIN_LIMIT = {
    "shield_zone_id": 3001,
    "rule_name": "login attempts",
    "condition": {"variable_types": {"REQUEST_URI": ""}, "operator_type": "BEGINSWITH", "value": "/login"},
    "limit": {"request_count": 100, "timeframe": 60},
    "response": {"block_time": 300},
}

REQUEST_CASES = [
    {
        "name": "pullzone by name, no change",
        "task": {"edge.platform.pullzone": {"name": "demo"}},
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "pullzone_hostname Force SSL already on, no change",
        "setup": [
            {"edge.platform.pullzone_hostname": {"pullzone_id": 2001, "hostname": "www.example.com", "force_ssl": True}}
        ],
        "task": {
            "edge.platform.pullzone_hostname": {"pullzone_id": 2001, "hostname": "www.example.com", "force_ssl": True}
        },
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "shield_zone by pull zone id, no change",
        "task": {"edge.platform.shield_zone": {"pullzone_id": 2001}},
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "rate_limit_rule by name, no change",
        "setup": [{"edge.platform.rate_limit_rule": LOGIN_LIMIT}],
        "task": {"edge.platform.rate_limit_rule": LOGIN_LIMIT},
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "access_list by name, no change",
        "task": {
            "edge.platform.access_list": {
                "shield_zone_id": 3001,
                "name": "office",
                "entries": ["203.0.113.0/24", "2001:db8:cafe::/48"],
            }
        },
        # the zone's list index, then the list's entries
        "expect": {"changed": False, "requests": ["GET", "GET"]},
    },
]

TIMING_CASES = [
    {
        "name": "rate_limit_rule no change vs uri GET",
        "setup": [{"edge.platform.rate_limit_rule": LOGIN_LIMIT}],
        "task": {"edge.platform.rate_limit_rule": LOGIN_LIMIT},
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_base_url }}/shield/rate-limits/3001?page=1&perPage=100",
                "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
            }
        },
    },
]
