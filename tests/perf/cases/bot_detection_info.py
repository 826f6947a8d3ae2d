"""Benchmark cases for edge.platform.bot_detection_info (demo fixture: shield zone 3001 on the advanced plan)."""

TASK = {"edge.platform.bot_detection_info": {"shield_zone_id": 3001}}

# An info module: one read, never a change.
REQUEST_CASES = [
    {
        "name": "bot_detection_info read",
        "task": TASK,
        "expect": {"changed": False, "requests": ["GET"]},
    },
]

TIMING_CASES = [
    {
        "name": "bot_detection_info vs uri GET",
        "task": TASK,
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_base_url }}/shield/shield-zone/3001/bot-detection",
                "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
            }
        },
    },
]
