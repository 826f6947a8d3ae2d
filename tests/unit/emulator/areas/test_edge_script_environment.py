"""The emulated Edge Scripting variables and secrets (emulator/areas/edge_scripts/variable_routes.py,
secret_routes.py), checked against the published document; secret values never come back."""

from __future__ import annotations

import hashlib

import pytest

from .test_pullzones import conform

KEY = "test-key"
SECRET = "s3cr3t-value-never-shown"
FIXTURE = {
    "api_keys": [KEY],
    "edge_scripts": [
        {
            "id": 3001,
            "name": "app",
            "variables": [{"name": "MODE", "default_value": "live", "required": True}],
            "secrets": [{"name": "TOKEN", "value": SECRET}],
        },
        {"id": 3002, "name": "resolver", "script_type": 0},
    ],
}


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def call(running, scripting_api, method, path, body=None, check_request=True):
    reply = running.request(method, path, json=body)
    conform(scripting_api, method, path, body=body, reply=reply, check_request=check_request)
    return reply


def digest(value):
    return "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()


def dumped_secrets(running):
    scripts = running.admin("GET", "state").json()["areas"]["edge_scripts"]["edge_scripts"]
    return {s["name"]: s["value_digest"] for s in next(x for x in scripts if x["id"] == 3001)["secrets"]}


def test_variables_add_read_update_and_delete(running, scripting_api):
    body = {"Name": "REGION", "Required": False, "DefaultValue": "eu"}
    added = call(running, scripting_api, "POST", "/compute/script/3001/variables/add", body)
    assert added.status_code == 200
    variable = added.json()
    assert (variable["Name"], variable["Required"], variable["DefaultValue"]) == ("REGION", False, "eu")
    path = "/compute/script/3001/variables/%d" % variable["Id"]
    assert call(running, scripting_api, "GET", path).json() == variable
    updated = call(running, scripting_api, "POST", path, {"DefaultValue": "us", "Required": None})
    assert updated.status_code == 200 and updated.json() == dict(variable, DefaultValue="us")
    script = running.request("GET", "/compute/script/3001").json()
    assert [(v["Name"], v["DefaultValue"]) for v in script["EdgeScriptVariables"]] == [
        ("MODE", "live"),
        ("REGION", "us"),
    ]
    assert call(running, scripting_api, "DELETE", path).status_code == 204
    assert running.request("GET", path).status_code == 404
    assert running.request("DELETE", path).status_code == 404


def test_variable_upsert_creates_then_updates(running, scripting_api):
    body = {"Name": "FEATURE", "DefaultValue": "on"}
    created = call(running, scripting_api, "PUT", "/compute/script/3001/variables", body)
    assert created.status_code == 200 and created.json()["Name"] == "FEATURE" and created.json()["Required"] is False
    body = {"Name": "mode", "DefaultValue": "test"}
    conform(scripting_api, "PUT", "/compute/script/3001/variables", body=body)
    again = running.request("PUT", "/compute/script/3001/variables", json=body)
    # the document gives this 204 a body; an HTTP 204 has none (RFC 9110 15.3.5), so only the request is checked
    assert again.status_code == 204 and not again.content
    variables = running.request("GET", "/compute/script/3001").json()["EdgeScriptVariables"]
    assert [(v["Name"], v["DefaultValue"], v["Required"]) for v in variables] == [
        ("MODE", "test", True),
        ("FEATURE", "on", False),
    ]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"Required": True}, "Name"),
        ({"Name": "", "Required": True}, "Name"),
        ({"Name": "X" * 257, "Required": True}, "Name"),
        ({"Name": "X"}, "Required"),
        ({"Name": "X", "Required": True, "DefaultValue": "v" * 4097}, "DefaultValue"),
        ({"Name": "mode", "Required": True}, "Name"),
    ],
)
def test_a_bad_variable_is_refused(running, body, field):
    reply = running.request("POST", "/compute/script/3001/variables/add", json=body)
    assert reply.status_code == 400 and reply.json()["Field"] == field
    assert len(running.request("GET", "/compute/script/3001").json()["EdgeScriptVariables"]) == 1


def test_variables_of_an_unknown_script_or_id(running):
    assert (
        running.request("POST", "/compute/script/9/variables/add", json={"Name": "A", "Required": True}).status_code
        == 404
    )
    assert running.request("PUT", "/compute/script/9/variables", json={"Name": "A"}).status_code == 404
    assert running.request("GET", "/compute/script/9/variables/1").status_code == 404
    assert running.request("POST", "/compute/script/3001/variables/99", json={}).status_code == 404


def test_secrets_list_names_never_values(running, scripting_api):
    reply = call(running, scripting_api, "GET", "/compute/script/3001/secrets")
    [secret] = reply.json()["Secrets"]
    assert secret["Name"] == "TOKEN" and set(secret) == {"Id", "Name", "LastModified"}
    assert SECRET not in reply.text
    assert SECRET not in running.request("GET", "/compute/script/3001").text
    state = running.admin("GET", "state").text
    assert SECRET not in state and dumped_secrets(running) == {"TOKEN": digest(SECRET)}


def test_secrets_add_upsert_update_and_delete(running, scripting_api):
    added = call(running, scripting_api, "POST", "/compute/script/3001/secrets", {"Name": "KEY", "Secret": "one"})
    assert added.status_code == 200 and added.json()["Name"] == "KEY" and "one" not in added.text
    updated = call(running, scripting_api, "PUT", "/compute/script/3001/secrets", {"Name": "key", "Secret": "two"})
    assert updated.status_code == 204 and not updated.content
    assert dumped_secrets(running)["KEY"] == digest("two")
    made = call(running, scripting_api, "PUT", "/compute/script/3001/secrets", {"Name": "NEW", "Secret": "three"})
    assert made.status_code == 200 and made.json()["Name"] == "NEW"
    path = "/compute/script/3001/secrets/%d" % added.json()["Id"]
    changed = call(running, scripting_api, "POST", path, {"Secret": "four"})
    assert changed.status_code == 200 and changed.json()["Id"] == added.json()["Id"] and "four" not in changed.text
    assert dumped_secrets(running)["KEY"] == digest("four")
    assert call(running, scripting_api, "DELETE", path).status_code == 204
    assert running.request("DELETE", path).status_code == 404
    names = [s["Name"] for s in running.request("GET", "/compute/script/3001/secrets").json()["Secrets"]]
    assert names == ["TOKEN", "NEW"]
    log = str(running.log())
    assert not any(value in log for value in ("one", "two", "three", "four", SECRET))


@pytest.mark.parametrize(
    "method, body, field",
    [
        ("POST", {"Secret": "x"}, "Name"),
        ("POST", {"Name": "TOKEN", "Secret": "x"}, "Name"),
        ("POST", {"Name": "A", "Secret": "x" * 4097}, "Secret"),
        ("PUT", {"Secret": "x"}, "Name"),
        ("PUT", {"Name": "A", "Secret": 5}, "Secret"),
    ],
)
def test_a_bad_secret_is_refused(running, method, body, field):
    reply = running.request(method, "/compute/script/3001/secrets", json=body)
    assert reply.status_code == 400 and reply.json()["Field"] == field
    assert dumped_secrets(running) == {"TOKEN": digest(SECRET)}


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_a_dns_script_takes_no_secrets(running, method):
    reply = running.request(method, "/compute/script/3002/secrets", json={"Name": "A", "Secret": "x"})
    assert reply.status_code == 400 and reply.json()["ErrorKey"] == "edgescript.secrets_not_supported"
    assert running.request("GET", "/compute/script/3002/secrets").json() == {"Secrets": []}
    assert running.request("GET", "/compute/script/9/secrets").status_code == 404
