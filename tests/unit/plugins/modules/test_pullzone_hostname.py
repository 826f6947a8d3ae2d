"""Tests for the pullzone_hostname module, against a fake pull zone that answers (and changes) like the platform."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import pullzone_hostname
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = "https://api.example.test"
KEY = "unit-hostname-secret-key"
ZONE = 2001
NOT_POINTING = {
    "ErrorKey": "pullzone.certificate_request_failed",
    "Field": None,
    "Message": "The domain cdn.example.com is not pointing to our servers.",
}


def warnings_of(result):
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def entry(value, hostname_id, **members):
    model = {
        "Id": hostname_id,
        "Value": value,
        "ForceSSL": False,
        "IsSystemHostname": False,
        "IsManagedHostname": False,
        "HasCertificate": False,
        "Certificate": None,
        "CertificateKey": None,
        "CertificateKeyType": 0,
        "CertificateProvisionType": 0,
    }
    model.update(members)
    return model


class Platform(object):
    """Pull zone 2001 with its system hostname and www.example.com. Writes change it as the platform would;
    ``answers[(method, path)]`` replaces the next answers of a call (an exception is raised after the write ran when
    ``landed`` is set). ``issues`` says whether loadFreeCertificate leaves a certificate."""

    def __init__(self, *extra, issues=True):
        self.hostnames = [
            entry("demo.b-cdn.net", 1, IsSystemHostname=True, HasCertificate=True),
            entry("www.example.com", 2),
        ] + list(extra)
        self.answers = {}
        self.issues = issues

    def find(self, value):
        return next((h for h in self.hostnames if h["Value"].lower() == value.lower()), None)

    def __call__(self, method, url, body, params):
        path = url[len(BASE) :]
        queued = self.answers.get((method, path))
        if queued:
            answer = queued.pop(0)
            if not isinstance(answer, tuple):
                return answer
            answer = answer[0]  # (answer,): apply the write, then answer this
            self.apply(method, path, body, params)
            if isinstance(answer, BaseException):
                raise answer
            return answer
        return self.apply(method, path, body, params)

    def apply(self, method, path, body, params):
        if method == "GET" and path == "/pullzone/%d" % ZONE:
            return FakeResponse(
                200, {"Id": ZONE, "Name": "demo", "CnameDomain": "demo.b-cdn.net", "Hostnames": self.hostnames}
            )
        if path == "/pullzone/%d/addHostname" % ZONE:
            self.hostnames.append(entry(body["Hostname"], 10 + len(self.hostnames)))
        elif path == "/pullzone/%d/removeHostname" % ZONE:
            self.hostnames.remove(self.find(body["Hostname"]))
        elif path == "/pullzone/%d/setForceSSL" % ZONE:
            self.find(body["Hostname"])["ForceSSL"] = body["ForceSSL"]
        elif path == "/pullzone/loadFreeCertificate":
            if self.issues:
                self.find(params["hostname"]).update(HasCertificate=True, CertificateProvisionType=1)
            return FakeResponse(200, text="")
        else:
            return FakeResponse(404, text="")
        return FakeResponse(204, text="")


@pytest.fixture
def platform(fake_session):
    def install(*extra, **options):
        fake = Platform(*extra, **options)
        fake_session.responses = fake
        return fake

    return install


def args(**extra):
    return dict({"api_key": KEY, "base_url": BASE, "pullzone_id": ZONE, "hostname": "cdn.example.com"}, **extra)


def sent(fake_session):
    return [(c["method"], c["url"][len(BASE) :]) for c in fake_session.calls]


READ = ("GET", "/pullzone/2001")
ADD = ("POST", "/pullzone/2001/addHostname")
FORCE = ("POST", "/pullzone/2001/setForceSSL")
REMOVE = ("DELETE", "/pullzone/2001/removeHostname")
CERT = ("GET", "/pullzone/loadFreeCertificate")


def test_add_sends_the_name_as_given_and_reads_it_back(platform, fake_session, run_module):
    platform()
    result = run_module(pullzone_hostname, args(hostname=" CDN.Example.com "), diff=True)
    assert result["changed"] is True
    assert sent(fake_session) == [READ, ADD, READ]
    assert fake_session.calls[1]["json"] == {"Hostname": "CDN.Example.com"}
    assert result["hostname"] == {
        "id": 12,
        "name": "CDN.Example.com",
        "force_ssl": False,
        "is_system": False,
        "is_managed": False,
        "has_certificate": False,
        "certificate_type": "none",
        "certificate_key_type": "ecdsa",
    }
    assert result["cname_target"] == "demo.b-cdn.net"
    assert result["pull_zone"] == {"id": ZONE, "name": "demo"}
    assert result["diff"] == {
        "before": {"hostname": "CDN.Example.com", "present": False},
        "after": {"hostname": "CDN.Example.com", "present": True, "force_ssl": False, "has_certificate": False},
    }
    assert KEY not in json.dumps(result)


def test_found_whatever_its_case_is_no_change(platform, fake_session, run_module):
    platform()
    result = run_module(pullzone_hostname, args(hostname="WWW.example.com.", force_ssl=False, free_certificate=False))
    assert result["changed"] is False and sent(fake_session) == [READ]
    assert result["hostname"]["name"] == "www.example.com"


def test_check_mode_predicts_everything_and_sends_no_write(platform, fake_session, run_module):
    platform()
    options = args(force_ssl=True, free_certificate=True)
    checked = run_module(pullzone_hostname, options, check=True, diff=True)
    assert sent(fake_session) == [READ]
    fake_session.calls.clear()
    applied = run_module(pullzone_hostname, options, diff=True)
    assert sent(fake_session) == [READ, ADD, READ, CERT, READ, FORCE]
    assert fake_session.calls[3]["params"] == {"hostname": "cdn.example.com"}
    assert fake_session.calls[5]["json"] == {"Hostname": "cdn.example.com", "ForceSSL": True}
    assert checked["changed"] is applied["changed"] is True
    assert checked["diff"] == applied["diff"]
    assert checked["diff"]["after"] == {
        "hostname": "cdn.example.com",
        "present": True,
        "force_ssl": True,
        "has_certificate": True,
    }
    assert checked["hostname"]["id"] is None and applied["hostname"]["id"] == 12
    assert applied["hostname"]["certificate_type"] == "http01" and applied["hostname"]["force_ssl"] is True


def test_a_hostname_with_a_certificate_needs_no_request(platform, fake_session, run_module):
    platform(entry("cdn.example.com", 3, HasCertificate=True, CertificateProvisionType=3))
    result = run_module(pullzone_hostname, args(free_certificate=True))
    assert result["changed"] is False and sent(fake_session) == [READ]
    assert result["hostname"]["certificate_type"] == "custom"


def test_refused_certificate_keeps_the_hostname_and_fails_naming_dns(platform, fake_session, run_module):
    fake = platform()
    fake.answers[CERT] = [FakeResponse(400, NOT_POINTING)]
    result = run_module(pullzone_hostname, args(free_certificate=True, force_ssl=True))
    assert result["failed"] is True and result["changed"] is True
    assert sent(fake_session) == [READ, ADD, READ, CERT]  # Force SSL not set without a certificate
    assert "Hostname cdn.example.com is on pull zone 2001, but the platform did not issue it" in result["msg"]
    assert "is not pointing to our servers" in result["msg"]
    assert "CNAME record cdn.example.com -> demo.b-cdn.net" in result["msg"]
    assert "Force SSL was left as it is" in result["msg"]
    assert result["hostname"]["name"] == "cdn.example.com" and result["hostname"]["has_certificate"] is False
    assert result["api_error"]["error_key"] == "pullzone.certificate_request_failed"
    assert fake.find("cdn.example.com") is not None


def test_success_without_a_certificate_is_not_success(platform, fake_session, run_module):
    platform(entry("cdn.example.com", 3), issues=False)
    result = run_module(pullzone_hostname, args(free_certificate=True))
    # the platform accepted a certificate order (it counts against Let's Encrypt's limits and may still land): changed
    assert result["failed"] is True and result["changed"] is True
    assert sent(fake_session) == [READ, CERT, READ]
    assert "still has no certificate" in result["msg"] and "the next run asks again" in result["msg"]


def test_lost_certificate_answer_is_settled_by_a_read(platform, fake_session, run_module):
    fake = platform(entry("cdn.example.com", 3))
    fake.answers[CERT] = [(requests.exceptions.ReadTimeout("slow"),)]
    result = run_module(pullzone_hostname, dict(args(free_certificate=True), retries=0))
    assert result["changed"] is True and sent(fake_session) == [READ, CERT, READ]
    assert any("shows the change was applied. It was not sent again" in w for w in warnings_of(result))
    assert result["hostname"]["has_certificate"] is True


def test_lost_add_that_did_not_land_fails(platform, fake_session, run_module):
    fake = platform()
    fake.answers[ADD] = [requests.exceptions.ConnectionError("reset")]
    result = run_module(pullzone_hostname, dict(args(), retries=0))
    assert result["failed"] is True and "NOT applied" in result["msg"]
    assert sent(fake_session) == [READ, ADD, READ]


def test_force_ssl_on_an_existing_hostname(platform, fake_session, run_module):
    platform()
    result = run_module(pullzone_hostname, args(hostname="www.example.com", force_ssl=True), diff=True)
    assert result["changed"] is True and sent(fake_session) == [READ, FORCE]
    assert result["hostname"]["force_ssl"] is True
    assert result["diff"]["before"]["force_ssl"] is False and result["diff"]["after"]["force_ssl"] is True


def test_remove_and_remove_again(platform, fake_session, run_module):
    fake = platform()
    result = run_module(pullzone_hostname, args(hostname="WWW.example.com", state="absent"), diff=True)
    assert result["changed"] is True and sent(fake_session) == [READ, REMOVE]
    assert fake_session.calls[1]["json"] == {"Hostname": "www.example.com"}
    assert result["hostname"] is None and result["diff"]["after"] == {"hostname": "WWW.example.com", "present": False}
    fake_session.calls.clear()
    again = run_module(pullzone_hostname, args(hostname="www.example.com", state="absent"))
    assert again["changed"] is False and sent(fake_session) == [READ]
    assert fake.find("www.example.com") is None


def test_remove_answered_404_is_gone_already(platform, fake_session, run_module):
    fake = platform()
    fake.answers[REMOVE] = [FakeResponse(404, text="")]
    result = run_module(pullzone_hostname, args(hostname="www.example.com", state="absent"))
    assert result["changed"] is True
    assert any("it was gone already" in w for w in warnings_of(result))


def test_system_hostname_is_refused_before_any_write(platform, fake_session, run_module):
    platform()
    result = run_module(pullzone_hostname, args(hostname="demo.b-cdn.net", state="absent"))
    assert result["failed"] is True and "system hostname of pull zone 2001" in result["msg"]
    assert sent(fake_session) == [READ]


def test_already_registered_elsewhere_gets_a_hint(platform, fake_session, run_module):
    fake = platform()
    fake.answers[ADD] = [
        FakeResponse(
            400,
            {
                "ErrorKey": "pullzone.hostname_already_registered",
                "Field": "Hostname",
                "Message": "The hostname is already registered.",
            },
        )
    ]
    result = run_module(pullzone_hostname, args())
    assert result["failed"] is True and "Another pull zone" in result["msg"]
    assert result["api_error"]["error_key"] == "pullzone.hostname_already_registered"


@pytest.mark.parametrize("value", ["https://cdn.example.com", "cdn.example.com/path", "cdn.example.com:443", " "])
def test_a_url_is_no_hostname(fake_session, run_module, value):
    result = run_module(pullzone_hostname, args(hostname=value))
    assert result["failed"] is True and result["msg"].startswith("hostname must be a bare DNS name")
    assert fake_session.calls == []


def test_requests_conform_to_the_published_core_document(platform, fake_session, run_module, openapi):
    document = openapi("core-api-v1.0.0.json")
    platform()
    run_module(pullzone_hostname, args(force_ssl=True, free_certificate=True))
    run_module(pullzone_hostname, args(state="absent"))
    assert {(c["method"], c["url"][len(BASE) :]) for c in fake_session.calls} == {READ, ADD, CERT, FORCE, REMOVE}
    for call in fake_session.calls:
        path = call["url"][len(BASE) :] + ("?" + urlencode(call["params"]) if call["params"] else "")
        document.check_request(call["method"], path, call["json"], headers={"AccessKey": call["headers"]["AccessKey"]})


@pytest.mark.parametrize(
    "fault, unknown",
    [
        (requests.exceptions.ReadTimeout("slow"), True),  # being served when the time ran out: it may still land
        (requests.exceptions.ConnectionError("reset"), False),  # dropped: the read back decides
    ],
    ids=["timed out", "connection dropped"],
)
def test_a_lost_certificate_request_without_a_certificate_read_back(platform, fake_session, run_module, fault, unknown):
    fake = platform(entry("cdn.example.com", 3), issues=False)
    fake.answers[CERT] = [(fault,)]
    result = run_module(pullzone_hostname, dict(args(free_certificate=True), retries=0))
    assert result["failed"] is True and sent(fake_session) == [READ, CERT, READ]
    if unknown:
        assert "issuing may still be under way" in result["msg"] and result["changed"] is True
    else:
        assert "NOT applied" in result["msg"] and not result.get("changed")
