"""hostnames: finding a hostname on a pull zone, its CNAME target, and the four writes with their hints."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._api import hostnames
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client

ZONE = {
    "Id": 7,
    "CnameDomain": "",
    "Hostnames": [{"Value": "demo.b-cdn.net", "IsSystemHostname": True}, {"Value": "WWW.Example.com"}, "junk"],
}


def test_find_is_case_insensitive_and_ignores_a_trailing_dot():
    assert hostnames.find(ZONE, "www.example.com.")["Value"] == "WWW.Example.com"
    assert hostnames.find(ZONE, "cdn.example.com") is None
    assert hostnames.find({"Hostnames": None}, "x") is None
    # without a CnameDomain, the system hostname is the CNAME target
    assert hostnames.cname_target(ZONE) == "demo.b-cdn.net"
    assert hostnames.cname_target(dict(ZONE, CnameDomain="demo.b-cdn.net ")) == "demo.b-cdn.net"
    assert hostnames.cname_target({}) is None


def test_writes_send_their_bodies_once():
    api, session = client(*[FakeResponse(204, text="")] * 3 + [FakeResponse(404, text=""), FakeResponse(200, text="")])
    hostnames.add(api, 7, "Cdn.example.com")
    hostnames.set_force_ssl(api, 7, "cdn.example.com", True)
    assert hostnames.remove(api, 7, "cdn.example.com") is True
    assert hostnames.remove(api, 7, "cdn.example.com") is False  # 404: gone already
    hostnames.load_free_certificate(api, "cdn.example.com")
    assert [
        (c["method"], c["url"][len("https://api.example.test") :], c["json"], c["params"]) for c in session.calls
    ] == [
        ("POST", "/pullzone/7/addHostname", {"Hostname": "Cdn.example.com"}, None),
        ("POST", "/pullzone/7/setForceSSL", {"Hostname": "cdn.example.com", "ForceSSL": True}, None),
        ("DELETE", "/pullzone/7/removeHostname", {"Hostname": "cdn.example.com"}, None),
        ("DELETE", "/pullzone/7/removeHostname", {"Hostname": "cdn.example.com"}, None),
        ("GET", "/pullzone/loadFreeCertificate", None, {"hostname": "cdn.example.com"}),
    ]


@pytest.mark.parametrize(
    "key, hint",
    [("pullzone.hostname_already_registered", "Another pull zone"), ("pullzone.hostname_invalid", "give a DNS name")],
)
def test_add_refusals_get_hints(key, hint):
    api, _session = client(FakeResponse(400, {"ErrorKey": key, "Field": "Hostname", "Message": "No."}))
    with pytest.raises(ApiError, match=hint) as raised:
        hostnames.add(api, 7, "cdn.example.com")
    assert raised.value.error_key == key and raised.value.field == "Hostname"


def test_certificate_refused_for_dns_names_the_cname_target():
    message = {
        "ErrorKey": "pullzone.certificate_request_failed",
        "Message": "The domain x is not pointing to our servers.",
    }
    api, _session = client(
        FakeResponse(400, message), FakeResponse(400, {"Message": "The certificate could not be requested."})
    )
    with pytest.raises(ApiError, match="CNAME record cdn.example.com -> demo.b-cdn.net") as raised:
        hostnames.load_free_certificate(api, "cdn.example.com", "demo.b-cdn.net")
    assert raised.value.status == 400
    with pytest.raises(ApiError) as other:
        hostnames.load_free_certificate(api, "cdn.example.com", "demo.b-cdn.net")
    assert "CNAME" not in str(other.value)


def test_a_lost_certificate_request_is_not_replayed():
    api, session = client(requests.exceptions.ReadTimeout("slow"))
    api.retries = 3
    with pytest.raises(ApiError) as raised:
        hostnames.load_free_certificate(api, "cdn.example.com")
    assert raised.value.kind == MAY_HAVE_BEEN_SENT and len(session.calls) == 1
