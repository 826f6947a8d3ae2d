# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of edge_script_variables and edge_script_secrets: a set written, no change, check mode with diff,
a DNS script's rules, a missing script, a secret's value never shown (a refused write echoing it included)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import edge_script_secrets, edge_script_variables
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_edge_script_env import (
    ARGS,
    SECRET,
    listing,
    script,
    secrets,
)
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

TOKEN = [{"name": "API_TOKEN", "value": SECRET}]
REGION = {"Id": 103, "Name": "REGION", "Required": False, "DefaultValue": "eu"}

CASES = {
    "variables added and purged": Case(
        edge_script_variables,
        dict(ARGS, script="demo-script", variables=[{"name": "REGION", "value": "eu"}], purge=True),
        [
            listing(script()),
            FakeResponse(body=script()),
            FakeResponse(body=REGION),
            FakeResponse(204),
            FakeResponse(204),
        ],
        changed=True,
        shows=lambda r: r["added"] == ["REGION"] and r["deleted"] == ["GREETING", "OLD_FLAG"],
    ),
    "variables no change": Case(
        edge_script_variables,
        dict(ARGS, script_id=7001, variables=[{"name": "GREETING", "value": "hello"}]),
        [FakeResponse(body=script())],
        shows=lambda r: r["added"] == r["updated"] == r["deleted"] == [],
    ),
    "variables check mode with diff": Case(
        edge_script_variables,
        dict(ARGS, script_id=7001, variables=[{"name": "GREETING", "value": "hi"}]),
        [FakeResponse(body=script())],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"]["GREETING"] == {"value": "hi", "required": False},
    ),
    "a required variable on a DNS script": Case(
        edge_script_variables,
        dict(ARGS, script_id=7001, variables=[{"name": "A", "required": True}]),
        [FakeResponse(body=script(script_type=0))],
        failed=True,
        shows=lambda r: r["msg"].startswith("variables: 'A' required"),
    ),
    "a missing script": Case(
        edge_script_variables,
        dict(ARGS, script="nope", variables=[{"name": "A"}]),
        [listing()],
        failed=True,
        shows=lambda r: "No edge script named 'nope'" in r["msg"],
    ),
    "secret created": Case(
        edge_script_secrets,
        dict(ARGS, script="demo-script", secrets=TOKEN),
        [listing(script()), secrets(), FakeResponse(body={"Id": 201, "Name": "API_TOKEN"})],
        changed=True,
        secret=SECRET,
        shows=lambda r: r["created"] == ["API_TOKEN"],
    ),
    "secret on_create no change": Case(
        edge_script_secrets,
        dict(ARGS, script="demo-script", secrets=TOKEN, update_secret="on_create"),
        [listing(script()), secrets("API_TOKEN")],
        secret=SECRET,
        shows=lambda r: r["set"] == [],
    ),
    "secret always with diff": Case(
        edge_script_secrets,
        dict(ARGS, script="demo-script", secrets=TOKEN),
        [listing(script()), secrets("API_TOKEN"), FakeResponse(204)],
        diff=True,
        changed=True,
        secret=SECRET,
        shows=lambda r: r["diff"]["after"] == {"API_TOKEN": "(set by this task)"},
    ),
    "secret refused echoing its value": Case(
        edge_script_secrets,
        dict(ARGS, script="demo-script", secrets=TOKEN),
        [listing(script()), secrets(), FakeResponse(400, {"Message": "Bad secret %s" % SECRET})],
        failed=True,
        secret=SECRET,
        shows=lambda r: "Adding secret 'API_TOKEN'" in r["msg"],
    ),
    "secrets on a DNS script": Case(
        edge_script_secrets,
        dict(ARGS, script="geo", secrets=TOKEN),
        [listing(script(script_type=0, name="geo"))],
        failed=True,
        secret=SECRET,
        shows=lambda r: "DNS scripts take no secrets" in r["msg"],
    ),
}
