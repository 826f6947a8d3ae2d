"""Benchmark cases for edge.platform.waf_rule_info (demo fixture: shield zone 3001 has 4 custom WAF rules)."""

# One GET per page of the zone's rule list: page_size 1 walks 4 pages, the default size reads them in one.
REQUEST_CASES = [
    {
        "name": "waf_rule_info zone list, 1 page",
        "task": {"edge.platform.waf_rule_info": {"shield_zone_id": 3001}},
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "waf_rule_info zone list, page_size 1 = 4 pages",
        "task": {"edge.platform.waf_rule_info": {"shield_zone_id": 3001, "page_size": 1}},
        "expect": {"changed": False, "requests": ["GET"] * 4},
    },
    {
        "name": "waf_rule_info one rule",
        "task": {"edge.platform.waf_rule_info": {"id": 4001}},
        "expect": {"changed": False, "requests": ["GET"]},
    },
]

TIMING_CASES = [
    {
        "name": "waf_rule_info zone list vs uri GET",
        "task": {"edge.platform.waf_rule_info": {"shield_zone_id": 3001}},
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_base_url }}/shield/waf/custom-rules/3001?page=1&perPage=100",
                "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
            }
        },
    },
]
