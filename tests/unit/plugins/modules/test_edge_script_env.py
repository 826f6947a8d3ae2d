# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""edge_script_variables and edge_script_secrets on answers written from the published Edge Scripting document
(``EdgeScriptModel``, ``EdgeScriptVariableModel``, ``ListEdgeScriptSecretsModel``): the set planned from one read,
added / updated / deleted by name, re-runs no change, check mode and diff, a DNS script's rules, a missing script,
lost answers settled by a re-read, a failure midway, and a secret's value never in any output."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import edge_script_secrets, edge_script_variables
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

KEY = "unit-edge-script-env-api-key"
DEPLOYMENT_KEY = "unit-deployment-key-0007"
SECRET = "unit-secret-value-never-shown-0042"
ARGS = {"api_key": KEY, "base_url": "https://api.example.test", "retries": 0}
BASE = "https://api.example.test/compute/script"
VARS = [
    {"Id": 101, "Name": "GREETING", "Required": False, "DefaultValue": "hello"},
    {"Id": 102, "Name": "OLD_FLAG", "Required": False, "DefaultValue": None},
]


def script(script_type=1, variables=None, script_id=7001, name="demo-script"):
    return {
        "Id": script_id,
        "Name": name,
        "ScriptType": script_type,
        "DeploymentKey": DEPLOYMENT_KEY,
        "EdgeScriptVariables": VARS if variables is None else variables,
        "Deleted": False,
    }


def listing(*scripts):
    return FakeResponse(
        body={"Items": list(scripts), "CurrentPage": 1, "TotalItems": len(scripts), "HasMoreItems": False}
    )


def secrets(*names):
    return FakeResponse(
        body={
            "Secrets": [{"Id": 200 + i, "Name": n, "LastModified": "2026-11-01T00:00:00Z"} for i, n in enumerate(names)]
        }
    )


def sent(session):
    return [(c["method"], c["url"].replace(BASE, ""), c["json"]) for c in session.calls if c["method"] != "GET"]


def variables(run_module, session, answers, check=False, diff=False, **args):
    session.responses = answers
    return run_module(edge_script_variables, dict(ARGS, **args), check=check, diff=diff)


def secret_task(run_module, session, answers, check=False, diff=False, **args):
    session.responses = answers
    args.setdefault("secrets", [{"name": "API_TOKEN", "value": SECRET}])
    return run_module(edge_script_secrets, dict(ARGS, **args), check=check, diff=diff)


# --- variables


def test_variables_add_update_and_purge_in_one_plan(run_module, fake_session):
    wanted = [{"name": "GREETING", "value": "hi"}, {"name": "REGION", "value": "eu", "required": True}]
    answers = [
        listing(script()),
        FakeResponse(body=script()),
        FakeResponse(body={"Id": 103, "Name": "REGION", "Required": True, "DefaultValue": "eu"}),
        FakeResponse(body={"Id": 101, "Name": "GREETING", "Required": False, "DefaultValue": "hi"}),
        FakeResponse(204),
    ]
    result = variables(run_module, fake_session, answers, diff=True, script="demo-script", variables=wanted, purge=True)
    assert result["changed"] and (result["added"], result["updated"], result["deleted"]) == (
        ["REGION"],
        ["GREETING"],
        ["OLD_FLAG"],
    )
    assert sent(fake_session) == [
        ("POST", "/7001/variables/add", {"Name": "REGION", "Required": True, "DefaultValue": "eu"}),
        ("POST", "/7001/variables/101", {"DefaultValue": "hi", "Required": False}),
        ("DELETE", "/7001/variables/102", None),
    ]
    assert result["diff"]["before"] == {
        "GREETING": {"value": "hello", "required": False},
        "OLD_FLAG": {"value": "", "required": False},
    }
    assert result["diff"]["after"] == {
        "GREETING": {"value": "hi", "required": False},
        "REGION": {"value": "eu", "required": True},
    }
    assert result["variables"] == [
        {"name": "GREETING", "value": "hi", "required": False, "id": 101},
        {"name": "REGION", "value": "eu", "required": True, "id": 103},
    ]
    assert result["script"] == {"id": 7001, "name": "demo-script", "type": "standalone"}
    assert DEPLOYMENT_KEY not in json.dumps(result)


def test_variables_as_held_are_no_change_and_others_are_kept_without_purge(run_module, fake_session):
    result = variables(
        run_module,
        fake_session,
        [FakeResponse(body=script())],
        script_id=7001,
        variables=[{"name": "GREETING", "value": "hello"}],
    )
    assert not result["changed"] and sent(fake_session) == []
    assert [v["name"] for v in result["variables"]] == ["GREETING", "OLD_FLAG"] and result["deleted"] == []


def test_variables_check_mode_sends_nothing_and_predicts(run_module, fake_session):
    answers = [listing(script()), FakeResponse(body=script())]
    result = variables(
        run_module,
        fake_session,
        answers,
        check=True,
        diff=True,
        script="demo-script",
        variables=[{"name": "NEW", "value": "1"}],
        purge=True,
    )
    assert result["changed"] and sent(fake_session) == []
    assert result["diff"]["after"] == {"NEW": {"value": "1", "required": False}}
    assert result["variables"] == [{"name": "NEW", "value": "1", "required": False, "id": None}]


def test_a_dns_script_takes_variables_but_none_required(run_module, fake_session):
    dns = script(script_type=0, variables=[], name="geo")
    ok = variables(
        run_module,
        fake_session,
        [
            listing(dns),
            FakeResponse(body=dns),
            FakeResponse(body={"Id": 1, "Name": "A", "Required": False, "DefaultValue": "x"}),
        ],
        script="geo",
        variables=[{"name": "A", "value": "x"}],
    )
    assert ok["changed"] and ok["script"]["type"] == "dns"
    refused = variables(
        run_module,
        fake_session,
        [listing(dns), FakeResponse(body=dns)],
        script="geo",
        variables=[{"name": "A", "value": "x", "required": True}],
    )
    assert refused["failed"] and refused["msg"].startswith("variables: 'A' required, but 'geo' is a DNS script")
    assert len(sent(fake_session)) == 1


def test_a_missing_script_fails_naming_script_before_any_write(run_module, fake_session):
    result = variables(run_module, fake_session, [listing()], script="nope", variables=[{"name": "A"}])
    assert result["failed"] and "No edge script named 'nope'" in result["msg"] and "check script" in result["msg"]
    assert sent(fake_session) == []


@pytest.mark.parametrize(
    "entries, words",
    [
        ([{"name": "A"}, {"name": "A"}], "variables[1].name lists 'A' a second time"),
        ([{"name": ""}], "variables[0].name must not be empty"),
        ([{"name": "a\nb"}], "variables[0].name contains a control character"),
        ([{"name": "A", "value": "x" * 4097}], "variables[0].value is longer than 4096 characters"),
    ],
)
def test_bad_variables_fail_before_any_request(run_module, fake_session, entries, words):
    result = variables(run_module, fake_session, [], script="demo-script", variables=entries)
    assert result["failed"] and words in result["msg"] and fake_session.calls == []


def test_a_name_held_twice_fails_only_when_the_task_would_write_it(run_module, fake_session):
    twice = script(variables=VARS + [dict(VARS[0], Id=109)])
    kept = variables(
        run_module, fake_session, [FakeResponse(body=twice)], script_id=7001, variables=[{"name": "OLD_FLAG"}]
    )
    assert not kept["changed"] and not kept.get("failed")
    listed = variables(
        run_module, fake_session, [FakeResponse(body=twice)], script_id=7001, variables=[{"name": "GREETING"}]
    )
    assert listed["failed"] and "holds the variable 'GREETING' twice (ids 101, 109)" in listed["msg"]
    assert sent(fake_session) == []


def test_a_lost_add_is_settled_by_reading_the_script_not_sent_again(run_module, fake_session):
    added = dict(VARS[0], Id=103, Name="REGION", DefaultValue="eu")
    answers = [
        listing(script()),
        FakeResponse(body=script()),
        FakeResponse(502, text="bad gateway"),
        FakeResponse(body=script(variables=VARS + [added])),
    ]
    result = variables(
        run_module, fake_session, answers, script="demo-script", variables=[{"name": "REGION", "value": "eu"}]
    )
    assert result["changed"] and not result.get("failed") and len(sent(fake_session)) == 1
    assert "so they were not sent again: add variable REGION." in str(result["warnings"])


def test_a_failure_midway_names_what_landed(run_module, fake_session):
    answers = [
        listing(script()),
        FakeResponse(body=script()),
        FakeResponse(body={"Id": 103, "Name": "A", "Required": False, "DefaultValue": "1"}),
        FakeResponse(400, {"Message": "Invalid value"}),
    ]
    result = variables(
        run_module,
        fake_session,
        answers,
        script="demo-script",
        variables=[{"name": "A", "value": "1"}, {"name": "GREETING", "value": "x"}],
        purge=True,
    )
    assert result["failed"] and result["changed"] and result["msg"].startswith("1 of 3 planned writes landed; 1 failed")
    assert result["writes"] == {
        "landed": ["add variable A"],
        "failed": ["update variable GREETING"],
        "unknown": [],
        "not_sent": ["delete variable OLD_FLAG"],
    }
    assert [method for method, _path, _body in sent(fake_session)] == ["POST", "POST"]  # the delete never sent


def test_variable_requests_match_the_published_document(run_module, fake_session, openapi):
    document = openapi("edge-scripting-api-v1.0.0.json")
    test_variables_add_update_and_purge_in_one_plan(run_module, fake_session)
    for call in fake_session.calls:
        path = call["url"].replace("https://api.example.test", "")
        document.check_request(call["method"], path, call["json"], {"AccessKey": KEY})


# --- secrets


def test_secrets_created_then_on_create_is_no_change_and_always_sets(run_module, fake_session):
    created = secret_task(
        run_module,
        fake_session,
        [listing(script()), secrets(), FakeResponse(body={"Id": 201, "Name": "API_TOKEN"})],
        diff=True,
        script="demo-script",
    )
    assert created["changed"] and (created["set"], created["created"], created["secrets"]) == (
        ["API_TOKEN"],
        ["API_TOKEN"],
        ["API_TOKEN"],
    )
    assert created["diff"] == {"before": {}, "after": {"API_TOKEN": "(set by this task)"}}
    assert sent(fake_session) == [("POST", "/7001/secrets", {"Name": "API_TOKEN", "Secret": SECRET})]
    fake_session.calls = []
    again = secret_task(
        run_module,
        fake_session,
        [listing(script()), secrets("API_TOKEN")],
        script="demo-script",
        update_secret="on_create",
    )
    assert not again["changed"] and again["set"] == [] and sent(fake_session) == []
    always = secret_task(
        run_module, fake_session, [listing(script()), secrets("API_TOKEN"), FakeResponse(204)], script="demo-script"
    )
    assert always["changed"] and always["set"] == ["API_TOKEN"] and always["created"] == []
    assert sent(fake_session) == [("PUT", "/7001/secrets", {"Name": "API_TOKEN", "Secret": SECRET})]
    for result in (created, again, always):
        assert SECRET not in json.dumps(result) and DEPLOYMENT_KEY not in json.dumps(result)


def test_secrets_purge_and_check_mode(run_module, fake_session):
    fake_session.calls = []
    result = secret_task(
        run_module,
        fake_session,
        [listing(script()), secrets("API_TOKEN", "OLD")],
        check=True,
        diff=True,
        script="demo-script",
        update_secret="on_create",
        purge=True,
    )
    assert result["changed"] and result["deleted"] == ["OLD"] and sent(fake_session) == []
    assert result["diff"] == {"before": {"API_TOKEN": "(set)", "OLD": "(set)"}, "after": {"API_TOKEN": "(set)"}}
    real = secret_task(
        run_module,
        fake_session,
        [listing(script()), secrets("API_TOKEN", "OLD"), FakeResponse(204)],
        script="demo-script",
        update_secret="on_create",
        purge=True,
    )
    assert real["changed"] and sent(fake_session) == [("DELETE", "/7001/secrets/201", None)]


def test_secrets_refused_on_a_dns_script_before_any_write(run_module, fake_session):
    result = secret_task(run_module, fake_session, [listing(script(script_type=0, name="geo"))], script="geo")
    assert result["failed"] and result["msg"].startswith(
        "script 'geo' is a DNS script, and DNS scripts take no secrets"
    )
    assert sent(fake_session) == [] and SECRET not in json.dumps(result)


def test_a_lost_create_is_confirmed_by_the_listing_never_replayed(run_module, fake_session):
    answers = [listing(script()), secrets(), FakeResponse(504, text="timeout"), secrets("API_TOKEN")]
    result = secret_task(run_module, fake_session, answers, script="demo-script")
    assert result["changed"] and not result.get("failed") and len(sent(fake_session)) == 1
    assert SECRET not in json.dumps(result)


def test_a_lost_update_is_unknown_and_never_shows_the_value(run_module, fake_session):
    answers = [
        listing(script()),
        secrets("API_TOKEN"),
        FakeResponse(500, {"Message": "boom %s" % SECRET}),
        secrets("API_TOKEN"),
    ]
    result = secret_task(run_module, fake_session, answers, script="demo-script")
    words = (
        "the state read back cannot show it (set secret API_TOKEN again: the platform never returns a secret's value"
    )
    assert result["failed"] and result["changed"] and words in result["msg"]
    assert result["writes"]["unknown"] == ["set secret API_TOKEN again"]
    assert SECRET not in json.dumps(result)


def test_a_refused_secret_write_never_shows_the_value(run_module, fake_session):
    answers = [
        listing(script()),
        secrets(),
        FakeResponse(400, {"Message": "Secret %s is too weak" % SECRET, "Field": "Secret"}),
    ]
    result = secret_task(run_module, fake_session, answers, script="demo-script")
    assert result["failed"] and SECRET not in json.dumps(result) and "Adding secret 'API_TOKEN'" in result["msg"]


def test_a_missing_script_fails_under_check_without_a_prediction(run_module, fake_session):
    result = secret_task(run_module, fake_session, [listing()], check=True, script="nope")
    assert not result.get("failed") and result["changed"] and result["created"] == ["API_TOKEN"]
    assert "does not exist" in str(result["warnings"]) and result["script"] == {
        "id": None,
        "name": "nope",
        "type": None,
    }


def test_secret_requests_match_the_published_document(run_module, fake_session, openapi):
    document = openapi("edge-scripting-api-v1.0.0.json")
    test_secrets_created_then_on_create_is_no_change_and_always_sets(run_module, fake_session)
    calls = list(fake_session.calls)
    test_secrets_purge_and_check_mode(run_module, fake_session)
    for call in calls + fake_session.calls:
        path = call["url"].replace("https://api.example.test", "")
        document.check_request(call["method"], path, call["json"], {"AccessKey": KEY})
