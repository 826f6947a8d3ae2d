"""The emulated pull zone certificate endpoints, checked against the published core OpenAPI document."""

from __future__ import annotations

import base64
import json

import pytest
from cryptography.hazmat.primitives import hashes

from ansible_collections.edge.platform.tests.unit import certgen
from emulator.fixtures import FixtureError

from ..conftest import load_platform

KEY = "test-key"
SPEC_NAME = "core-api-v1.0.0.json"


def conform(openapi, method, path, body=None, query=None, reply=None, check_request=True):
    """Validate one exchange against the document (request unless told otherwise, and the reply)."""
    from openapi_core.testing import MockRequest, MockResponse

    data = json.dumps(body).encode() if body is not None else None
    request = MockRequest(
        "https://api.bunny.net", method.lower(), path, args=query or {}, headers={"AccessKey": KEY}, data=data
    )
    if check_request:
        openapi.validate_request(request)
    if reply is not None:
        content_type = reply.headers.get("Content-Type", "application/json").split(";")[0] if reply.content else None
        openapi.validate_response(
            request, MockResponse(reply.content, status_code=reply.status_code, content_type=content_type)
        )


def fixture_data(material):
    return {
        "api_keys": [KEY],
        "pull_zones": [
            {
                "id": 2001,
                "name": "demo",
                "hostnames": [
                    {"value": "demo.b-cdn.net", "system": True},
                    {"value": "www.example.com"},
                    {
                        "value": "static.example.com",
                        "certificate": material["ec_cert"],
                        "certificate_key": material["ec_key"],
                        "force_ssl": True,
                    },
                    {"value": "auto.example.com", "free_certificate": True},
                    {"value": "app.bunny.run", "managed": True},
                ],
            },
            {"id": 2002},
        ],
    }


@pytest.fixture
def running(emulator, material):
    return emulator(fixture_data(material), key=KEY)


def b64(text):
    return base64.b64encode(text if isinstance(text, bytes) else text.encode()).decode()


def add(running, hostname, cert, key, zone=2001):
    body = {"Hostname": hostname, "Certificate": b64(cert), "CertificateKey": b64(key)}
    return running.request("POST", "/pullzone/%d/addCertificate" % zone, json=body), body


def remove(running, hostname, zone=2001):
    body = {"Hostname": hostname}
    return running.request("DELETE", "/pullzone/%d/removeCertificate" % zone, json=body), body


def zone(running, include=False, zone_id=2001):
    params = {"includeCertificate": "true"} if include else None
    return running.request("GET", "/pullzone/%d" % zone_id, params=params)


def hostnames(running, include=True):
    return {h["Value"]: h for h in zone(running, include).json()["Hostnames"]}


def unpad(value):
    return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))


def test_zone_without_certificates_by_default(running):
    reply = zone(running)
    assert reply.status_code == 200
    data = reply.json()
    assert data["Id"] == 2001 and data["Name"] == "demo"
    by_name = {h["Value"]: h for h in data["Hostnames"]}
    assert by_name["demo.b-cdn.net"]["IsSystemHostname"] is True
    assert by_name["app.bunny.run"]["IsManagedHostname"] is True
    static = by_name["static.example.com"]
    assert static["HasCertificate"] is True and static["CertificateProvisionType"] == 3
    assert static["ForceSSL"] is True
    assert static["Certificate"] is None and static["CertificateKey"] is None
    assert by_name["www.example.com"]["HasCertificate"] is False
    assert by_name["auto.example.com"]["CertificateProvisionType"] == 1
    assert len({h["Id"] for h in data["Hostnames"]}) == 5


def test_zone_with_certificates_is_base64url(running, material):
    reply = zone(running, include=True)
    static = {h["Value"]: h for h in reply.json()["Hostnames"]}["static.example.com"]
    assert "=" not in static["Certificate"]
    assert unpad(static["Certificate"]).decode() == material["ec_cert"]
    assert unpad(static["CertificateKey"]).decode() == material["ec_key"]


def test_zone_defaults_to_its_system_hostname(running):
    reply = zone(running, zone_id=2002)
    assert [h["Value"] for h in reply.json()["Hostnames"]] == ["zone2002.b-cdn.net"]


def test_unknown_zone_and_bad_keys(running):
    for reply in (
        zone(running, zone_id=9),
        add(running, "www.example.com", "x", "y", zone=9)[0],
        remove(running, "www.example.com", zone=9)[0],
    ):
        assert reply.status_code == 404 and reply.content == b""
    for key in (None, "wrong"):
        for method, path in (
            ("GET", "/pullzone/2001"),
            ("POST", "/pullzone/2001/addCertificate"),
            ("DELETE", "/pullzone/2001/removeCertificate"),
        ):
            reply = running.request(method, path, key=key, json={"Hostname": "x"})
            assert reply.status_code == 401 and reply.content == b""


def test_add_then_read_back_then_replace_then_remove(running, material):
    reply = add(running, "WWW.example.com", material["bundle"], material["key"])[0]
    assert reply.status_code == 204 and reply.content == b""
    www = hostnames(running)["www.example.com"]
    assert www["HasCertificate"] is True and www["CertificateProvisionType"] == 3
    assert unpad(www["Certificate"]).decode() == material["bundle"]
    state = running.admin("GET", "state").json()["areas"]["pullzones"]["pull_zones"][0]
    entry = [h for h in state["hostnames"] if h["value"] == "www.example.com"][0]
    assert entry["fingerprints"] == [c.fingerprint(hashes.SHA256()).hex() for c in (material["leaf"], material["mid"])]
    assert material["key"].splitlines()[1] not in json.dumps(state)

    reply = add(running, "www.example.com", material["ec_der"], material["ec_key_der"])[0]
    assert reply.status_code == 204
    assert unpad(hostnames(running)["www.example.com"]["Certificate"]) == material["ec_der"]

    reply = remove(running, "www.example.com")[0]
    assert reply.status_code == 204
    www = hostnames(running)["www.example.com"]
    assert www["HasCertificate"] is False and www["Certificate"] is None and www["CertificateProvisionType"] == 0

    reply = remove(running, "www.example.com")[0]
    assert reply.status_code == 400
    assert reply.json() == {
        "ErrorKey": "pullzone.certificate_not_found",
        "Field": "Hostname",
        "Message": "The hostname www.example.com has no certificate.",
    }


def test_add_replaces_a_platform_certificate_and_remove_drops_it(running, material):
    assert add(running, "auto.example.com", material["ec_cert"], material["ec_key"])[0].status_code == 204
    assert hostnames(running)["auto.example.com"]["CertificateProvisionType"] == 3
    assert remove(running, "static.example.com")[0].status_code == 204


def field_cases(material):
    good = {
        "Hostname": "www.example.com",
        "Certificate": b64(material["bundle"]),
        "CertificateKey": b64(material["key"]),
    }
    cases = []
    for name in ("Hostname", "Certificate", "CertificateKey"):
        cases.append((dict(good, **{name: ""}), "validation.min_length", name))
        cases.append(({k: v for k, v in good.items() if k != name}, "validation.required", name))
        cases.append((dict(good, **{name: None}), "validation.required", name))
        cases.append((dict(good, **{name: 5}), "validation.invalid_type", name))
    cases += [
        (dict(good, Extra="x"), "validation.unknown_field", "Extra"),
        (dict(good, Hostname="nope.example.com"), "pullzone.hostname_not_found", "Hostname"),
        (dict(good, Hostname="demo.b-cdn.net"), "pullzone.hostname_internal", "Hostname"),
        (dict(good, Hostname="app.bunny.run"), "pullzone.hostname_internal", "Hostname"),
        (dict(good, Certificate="not base64!"), "pullzone.certificate_invalid", "Certificate"),
        (
            dict(good, Certificate=base64.urlsafe_b64encode(b"\xfb\xff" * 30).decode()),
            "pullzone.certificate_invalid",
            "Certificate",
        ),
        (dict(good, Certificate=b64("hello")), "pullzone.certificate_invalid", "Certificate"),
        (
            dict(good, Certificate=b64("-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n")),
            "pullzone.certificate_invalid",
            "Certificate",
        ),
        (dict(good, CertificateKey="%%%"), "pullzone.certificate_key_invalid", "CertificateKey"),
        (dict(good, CertificateKey=b64("nope")), "pullzone.certificate_key_invalid", "CertificateKey"),
        (
            dict(good, CertificateKey=b64(certgen.key_pem(certgen.key("emu-ec", "ec"), password=b"pw"))),
            "pullzone.certificate_key_invalid",
            "CertificateKey",
        ),
        (dict(good, CertificateKey=b64(material["other_key"])), "pullzone.certificate_key_mismatch", "CertificateKey"),
        (
            dict(good, CertificateKey=b64(certgen.key_pem(material["mid_key"]))),
            "pullzone.certificate_key_mismatch",
            "CertificateKey",
        ),
    ]
    return cases


def test_every_bad_add_names_its_field(running, material):
    for body, error_key, field in field_cases(material):
        reply = running.request("POST", "/pullzone/2001/addCertificate", json=body)
        assert reply.status_code == 400, body
        data = reply.json()
        assert (data["ErrorKey"], data["Field"]) == (error_key, field), body
        assert data["Message"]
        assert material["key"].splitlines()[1] not in reply.text
    assert hostnames(running)["www.example.com"]["HasCertificate"] is False


def test_bad_bodies(running, material):
    for payload, field in ((b"[1]", "requestModel"), (b"{nope", "body"), (b"", "body")):
        reply = running.request(
            "POST", "/pullzone/2001/addCertificate", data=payload, headers={"Content-Type": "application/json"}
        )
        assert reply.status_code == 400 and reply.json()["Field"] == field
    reply = running.request("DELETE", "/pullzone/2001/removeCertificate", json={"Hostname": ""})
    assert reply.json()["Field"] == "Hostname"
    reply = running.request("DELETE", "/pullzone/2001/removeCertificate", json={"Hostname": "demo.b-cdn.net"})
    assert reply.json()["ErrorKey"] == "pullzone.hostname_internal"


def test_request_log_never_holds_key_material(running, material):
    add(running, "www.example.com", material["bundle"], material["key"])
    log = running.log()
    assert [(e["method"], e["path"], e["status"]) for e in log] == [("POST", "/pullzone/2001/addCertificate", 204)]
    assert b64(material["key"])[:40] not in json.dumps(log)


def test_reset_restores_the_fixture(running, material):
    remove(running, "static.example.com")
    running.admin("POST", "reset")
    assert hostnames(running)["static.example.com"]["HasCertificate"] is True


@pytest.mark.parametrize(
    "change, message",
    [
        ({"certificate_key": None}, "go together"),
        ({"certificate_key": "cert"}, "exactly one private key"),
        ({"certificate": "garbage"}, "no certificate found"),
    ],
)
def test_fixture_certificates_are_checked(tmp_path, material, change, message):
    data = fixture_data(material)
    entry = data["pull_zones"][0]["hostnames"][2]
    for name, value in change.items():
        entry[name] = entry["certificate"] if value == "cert" else value
    with pytest.raises(FixtureError, match=r"pull_zones\[0\]\.hostnames\[2\].*" + message):
        load_platform(data, tmp_path)


def test_fixture_key_must_match(tmp_path, material):
    data = fixture_data(material)
    data["pull_zones"][0]["hostnames"][2]["certificate_key"] = material["key"]
    with pytest.raises(FixtureError, match="does not match"):
        load_platform(data, tmp_path)


def test_traffic_conforms_to_the_core_document(running, openapi, material):
    """Every kind of exchange above, validated against the published document."""
    document = openapi(SPEC_NAME).api
    conform(document, "GET", "/pullzone/2001", reply=zone(running))
    conform(document, "GET", "/pullzone/2001", query={"includeCertificate": "true"}, reply=zone(running, include=True))
    conform(document, "GET", "/pullzone/2002", reply=zone(running, zone_id=2002))
    conform(document, "GET", "/pullzone/9", reply=zone(running, zone_id=9))
    for case in field_cases(material):
        body = case[0]
        reply = running.request("POST", "/pullzone/2001/addCertificate", json=body)
        conform(document, "POST", "/pullzone/2001/addCertificate", body=body, reply=reply, check_request=False)
    reply, body = add(running, "www.example.com", material["bundle"], material["key"])
    conform(document, "POST", "/pullzone/2001/addCertificate", body=body, reply=reply)
    conform(document, "GET", "/pullzone/2001", query={"includeCertificate": "true"}, reply=zone(running, include=True))
    reply, body = add(running, "www.example.com", material["bundle"], material["key"], zone=9)
    conform(document, "POST", "/pullzone/9/addCertificate", body=body, reply=reply)
    for expected in (204, 400):  # the second finds no certificate
        reply, body = remove(running, "www.example.com")
        assert reply.status_code == expected
        conform(document, "DELETE", "/pullzone/2001/removeCertificate", body=body, reply=reply)


# --- what the real platform may do: omit the certificate; the edge serves it over TLS -------------


def test_omit_certificates_per_zone_and_globally(emulator, material):
    data = fixture_data(material)
    data["pull_zones"][0]["omit_certificates"] = True
    running = emulator(data, key=KEY)
    static = hostnames(running)["static.example.com"]
    assert static["HasCertificate"] is True and static["CertificateProvisionType"] == 3
    assert static["Certificate"] is None and static["CertificateKey"] is None
    assert running.admin("GET", "state").json()["areas"]["pullzones"]["pull_zones"][0]["omit_certificates"] is True
    data = fixture_data(material)
    data["omit_certificates"] = True
    data["pull_zones"][1]["omit_certificates"] = False
    running = emulator(data, key=KEY)
    assert hostnames(running)["static.example.com"]["Certificate"] is None
    assert add(running, "zone2002.b-cdn.net", material["bundle"], material["key"], zone=2002)[0].status_code == 400


def served(address, server_name):
    """The leaf DER a TLS server presents for ``server_name`` (verification off: only the bytes matter)."""
    import socket
    import ssl

    host, port = address.rsplit(":", 1)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection((host, int(port)), timeout=5) as raw:
        with context.wrap_socket(raw, server_hostname=server_name) as tls:
            der = tls.getpeercert(binary_form=True)
            answer = tls.recv(200)
    return der, answer


def test_tls_listener_serves_each_installed_certificate_by_sni(emulator, material):
    import ssl

    data = fixture_data(material)
    data["tls_listener"] = True
    running = emulator(data, key=KEY)
    address = running.admin("GET", "state").json()["areas"]["pullzones"]["tls_listener"]
    assert address.startswith("127.0.0.1:")
    der, answer = served(address, "STATIC.example.com")
    assert der == material["ec_der"] and answer.startswith(b"HTTP/1.1 204")
    for name in ("www.example.com", "auto.example.com", "unknown.example.com"):
        with pytest.raises(ssl.SSLError, match="UNRECOGNIZED_NAME"):
            served(address, name)
    assert add(running, "www.example.com", material["bundle"], material["key"])[0].status_code == 204
    assert served(address, "www.example.com")[0] == certgen.cert_der(material["leaf"])
    assert (
        add(running, "www.example.com", material["ec_der"], certgen.key_der(certgen.key("emu-ec", "ec")))[0].status_code
        == 204
    )
    assert served(address, "www.example.com")[0] == material["ec_der"]
    assert remove(running, "www.example.com")[0].status_code == 204
    with pytest.raises(ssl.SSLError, match="UNRECOGNIZED_NAME"):
        served(address, "www.example.com")
    running.admin("POST", "reset")
    after = running.admin("GET", "state").json()["areas"]["pullzones"]["tls_listener"]
    assert served(after, "static.example.com")[0] == material["ec_der"]


@pytest.mark.parametrize(
    "value, message",
    [
        ("yes please", "tls_listener must be true or a mapping"),
        ({"port": "http"}, "tls_listener.port must be an integer; got 'http'"),
        ({"host": "192.0.2.254"}, "tls_listener: cannot listen on 192.0.2.254:0"),
    ],
)
def test_tls_listener_fixture_errors(tmp_path, material, value, message):
    data = fixture_data(material)
    data["tls_listener"] = value
    with pytest.raises(FixtureError, match=message):
        load_platform(data, tmp_path)


def test_no_listener_unless_asked(running):
    assert running.admin("GET", "state").json()["areas"]["pullzones"]["tls_listener"] is None
