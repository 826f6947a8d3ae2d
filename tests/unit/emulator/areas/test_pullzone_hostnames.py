"""The emulated pull zone hostname endpoints (hostname_routes.py), checked against the published core document."""

from __future__ import annotations

import pytest

from emulator.fixtures import FixtureError

from ..conftest import load_platform
from .test_pullzones import conform

KEY = "test-key"
FIXTURE = {
    "api_keys": [KEY],
    "dns_points_here": ["CDN.example.com."],
    "pull_zones": [
        {
            "id": 2001,
            "name": "demo",
            "hostnames": [
                {"value": "demo.b-cdn.net", "system": True},
                {"value": "www.example.com", "dns_points_here": True},
                {"value": "app.bunny.run", "managed": True},
            ],
        },
        {"id": 2002, "name": "other", "hostnames": [{"value": "taken.example.com"}]},
    ],
}
ADD, REMOVE, FORCE, CERT = (
    "/pullzone/2001/addHostname",
    "/pullzone/2001/removeHostname",
    "/pullzone/2001/setForceSSL",
    "/pullzone/loadFreeCertificate",
)


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def hostnames(running, zone=2001):
    return {h["Value"]: h for h in running.request("GET", "/pullzone/%d" % zone).json()["Hostnames"]}


def error_of(reply):
    assert reply.status_code == 400, reply.text
    return reply.json()["ErrorKey"]


def test_add_force_ssl_certificate_and_remove(running):
    assert running.request("POST", ADD, json={"Hostname": "Cdn.Example.com"}).status_code == 204
    added = hostnames(running)["Cdn.Example.com"]  # kept as sent
    assert (added["ForceSSL"], added["HasCertificate"], added["IsSystemHostname"]) == (False, False, False)
    assert added["Id"] not in {h["Id"] for name, h in hostnames(running).items() if name != "Cdn.Example.com"}
    reply = running.request("POST", FORCE, json={"Hostname": "cdn.example.com", "ForceSSL": True})
    assert reply.status_code == 204 and hostnames(running)["Cdn.Example.com"]["ForceSSL"] is True
    reply = running.request("GET", CERT, params={"hostname": "cdn.example.com"})
    assert reply.status_code == 200 and reply.content == b""
    issued = hostnames(running)["Cdn.Example.com"]
    assert issued["HasCertificate"] is True and issued["CertificateProvisionType"] == 1
    assert running.request("DELETE", REMOVE, json={"Hostname": "CDN.example.com"}).status_code == 204
    assert "Cdn.Example.com" not in hostnames(running)
    assert (
        error_of(running.request("DELETE", REMOVE, json={"Hostname": "cdn.example.com"}))
        == "pullzone.hostname_not_found"
    )
    # a managed hostname may go; the system one may not
    assert running.request("DELETE", REMOVE, json={"Hostname": "app.bunny.run"}).status_code == 204
    assert (
        error_of(running.request("DELETE", REMOVE, json={"Hostname": "demo.b-cdn.net"})) == "pullzone.hostname_internal"
    )
    running.admin("POST", "reset")
    assert "app.bunny.run" in hostnames(running)


@pytest.mark.parametrize(
    "name, key",
    [
        ("taken.example.com", "pullzone.hostname_already_registered"),  # on another zone of the account
        ("WWW.example.com", "pullzone.hostname_already_registered"),
        ("x.invalid", "pullzone.hostname_invalid"),
        ("other.b-cdn.net", "pullzone.hostname_invalid"),
        ("not a name", "pullzone.hostname_invalid"),
    ],
)
def test_add_refusals(running, name, key):
    assert error_of(running.request("POST", ADD, json={"Hostname": name})) == key


def test_free_certificate_needs_dns_pointing_here(running):
    assert running.request("GET", CERT, params={"hostname": "www.example.com"}).status_code == 200
    reply = running.request("GET", CERT, params={"hostname": "taken.example.com"})
    assert reply.json() == {
        "ErrorKey": "pullzone.certificate_request_failed",
        "Field": None,
        "Message": "The domain taken.example.com is not pointing to our servers.",
    }
    assert hostnames(running, 2002)["taken.example.com"]["HasCertificate"] is False
    reply = running.request("GET", CERT, params={"hostname": "nowhere.example.com"})
    assert reply.status_code == 404 and reply.content == b""
    assert error_of(running.request("GET", CERT)) == "validation.required"
    state = running.admin("GET", "state").json()["areas"]["pullzones"]["pull_zones"][0]["hostnames"][1]
    assert state["certificate_type"] == "http01" and state["force_ssl"] is False


def test_bad_bodies_and_unknown_zones(running):
    for body in (
        {"Hostname": "www.example.com"},
        {"Hostname": "www.example.com", "ForceSSL": "yes"},
        {"ForceSSL": True},
    ):
        assert error_of(running.request("POST", FORCE, json=body)).startswith("validation.")
    assert error_of(running.request("POST", ADD, json={"Hostname": ""})) == "validation.min_length"
    for method, path in (("POST", "/pullzone/9/addHostname"), ("DELETE", "/pullzone/9/removeHostname")):
        reply = running.request(method, path, json={"Hostname": "a.example.com"})
        assert reply.status_code == 404 and reply.content == b""
    assert running.request("GET", CERT, key=None, params={"hostname": "x"}).status_code == 401


def test_fixture_dns_list_is_checked(tmp_path):
    with pytest.raises(FixtureError, match="dns_points_here must be a list"):
        load_platform(dict(FIXTURE, dns_points_here="cdn.example.com"), tmp_path)


def test_traffic_conforms_to_the_core_document(running, openapi):
    document = openapi("core-api-v1.0.0.json").api
    exchanges = [
        ("POST", ADD, {"Hostname": "cdn.example.com"}, None),
        (
            "POST",
            ADD,
            {"Hostname": "cdn.example.com"},
            None,
        ),  # 400 (not documented for this call; the platform sends it)
        ("POST", "/pullzone/9/addHostname", {"Hostname": "cdn.example.com"}, None),
        ("POST", FORCE, {"Hostname": "cdn.example.com", "ForceSSL": True}, None),
        ("POST", FORCE, {"Hostname": "gone.example.com", "ForceSSL": True}, None),
        ("GET", CERT, None, {"hostname": "cdn.example.com"}),
        ("GET", CERT, None, {"hostname": "taken.example.com"}),
        ("GET", CERT, None, {"hostname": "nowhere.example.com"}),
        ("DELETE", REMOVE, {"Hostname": "cdn.example.com"}, None),
        ("DELETE", REMOVE, {"Hostname": "cdn.example.com"}, None),
    ]
    for method, path, body, query in exchanges:
        reply = running.request(method, path, json=body, params=query)
        undocumented = path == ADD and reply.status_code == 400
        conform(document, method, path, body=body, query=query, reply=None if undocumented else reply)
