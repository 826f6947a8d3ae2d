# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""edge_script_variables and edge_script_secrets against the emulator (demo fixture: the standalone script
``hello-edge`` with the variable GREETING, the DNS script ``resolver``): under --check a script an earlier
edge_script task only predicted stands in and a misspelled one fails as the real run fails; a real run on both hosts
leaves the platform holding what was listed (edge_script_info's variables written back are no change), and no secret
value is ever shown."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import Ledger
from ansible_collections.edge.platform.tests.unit.emulated import shown_secrets

HOSTS = ("module", "in-process")
VALUE = "emulated-secret-value-0099"
STOOD_IN = "an earlier task of this run predicted creating it"


def run(emulated, name, args, host="in-process", check=False, ledger=None):
    result, shown = emulated.run(name, emulated.arguments(name, args), host, check=check, ledger=ledger)
    assert shown_secrets(shown) == [] and VALUE not in shown, (name, shown)
    return result


def test_a_predicted_script_stands_in_and_a_misspelled_one_fails(emulated_demo, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    made = run(
        emulated_demo, "edge_script", dict(name="env-new", type="standalone", code="x"), check=True, ledger=ledger
    )
    assert made["changed"] is True
    variables = run(
        emulated_demo,
        "edge_script_variables",
        dict(script="env-new", variables=[{"name": "A", "value": "1"}]),
        check=True,
        ledger=ledger,
    )
    assert variables["changed"] and variables["added"] == ["A"] and STOOD_IN in str(variables["warnings"])
    secrets = run(
        emulated_demo,
        "edge_script_secrets",
        dict(script="env-new", secrets=[{"name": "S", "value": VALUE}]),
        check=True,
        ledger=ledger,
    )
    assert secrets["changed"] and secrets["created"] == ["S"] and secrets["script"]["id"] is None
    wrong = dict(script="env-neww", secrets=[{"name": "S", "value": VALUE}])
    checked, real = (
        run(emulated_demo, "edge_script_secrets", wrong, check=True, ledger=ledger),
        run(emulated_demo, "edge_script_secrets", wrong),
    )
    assert checked["failed"] is True and checked["msg"] == real["msg"]
    assert [e for e in emulated_demo.log() if e["method"] != "GET"] == []


@pytest.mark.parametrize("host", HOSTS)
def test_the_platform_holds_what_was_listed(emulated_demo, host):
    wanted = [{"name": "GREETING", "value": "Hi"}, {"name": "REGION", "value": "eu", "required": True}]
    first = run(emulated_demo, "edge_script_variables", dict(script="hello-edge", variables=wanted), host)
    again = run(emulated_demo, "edge_script_variables", dict(script="hello-edge", variables=wanted), host)
    info = run(emulated_demo, "edge_script_info", dict(name="hello-edge"), host)
    assert first["changed"] and (first["added"], first["updated"]) == (["REGION"], ["GREETING"])
    assert not again["changed"] and again["variables"] == first["variables"]
    held = info["edge_scripts"][0]["variables"]
    assert sorted(v["name"] for v in held) == ["GREETING", "REGION"]
    written_back = run(
        emulated_demo, "edge_script_variables", dict(script_id=first["script"]["id"], variables=held), host
    )
    assert not written_back["changed"]
    secret = [{"name": "API_TOKEN", "value": VALUE}]
    created = run(emulated_demo, "edge_script_secrets", dict(script="hello-edge", secrets=secret), host)
    once = run(
        emulated_demo, "edge_script_secrets", dict(script="hello-edge", secrets=secret, update_secret="on_create"), host
    )
    assert created["changed"] and created["created"] == ["API_TOKEN"] and not once["changed"]
    refused = run(emulated_demo, "edge_script_secrets", dict(script="resolver", secrets=secret), host)
    assert refused["failed"] and "DNS scripts take no secrets" in refused["msg"]
