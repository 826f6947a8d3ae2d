"""Every writing module, with its write answered 2xx by something that is not what the operation returns.

A list where an object (or nothing) is documented, a portal's HTML, an empty body where data is expected, a JSON
object of the wrong shape: none of them confirms the write. The module never claims the state it sent from such an
answer: the write is sent once, the state is read back once, and the task reports what the read shows (changed with
a warning when the change is there, a failure saying it was NOT applied when it is not, a failure saying the
outcome is unknown when the read fails too). Where nothing can be read back (database tokens, SQL), the task fails
saying the write MAY have been applied.
"""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import (
    api_guardian,
    api_guardian_endpoint,
    bot_detection,
    database_query,
    database_token,
    dnszone_dnssec,
    pullzone_certificate,
    waf_rule,
)
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_api_guardian as guardian_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_api_guardian_endpoint as endpoint_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_api_guardian_spec as spec_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_bot_detection as bot_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_database_token as token_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_dnszone_dnssec as dnssec_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_waf_rule as waf_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_certificate import (
    Platform as PullZonePlatform,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_certificate import (
    args as certificate_args,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_certificate import (
    b64url,
    fp,
)

# (body, content type): what a proxy, a portal or a broken platform may answer with a 200
BAD = [
    pytest.param("[]", "application/json", id="list"),
    pytest.param("<html><body>Sign in to continue</body></html>", "text/html", id="html"),
    pytest.param("", None, id="empty"),
    pytest.param('{"unexpected": true}', "application/json", id="wrong-shape"),
]
# where the operation documents no body (204 No Content), an empty body is the documented answer
WITH_A_BODY = [param for param in BAD if param.id != "empty"] + [pytest.param("{}", "application/json", id="object")]
CONFIRMED = "shows the change was applied. It was not sent again."
NOT_APPLIED = "shows it was NOT applied. It was not sent again"


def bad(body, content_type):
    return FakeResponse(200, text=body, headers={"Content-Type": content_type} if content_type else None)


def warnings_of(result):
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def settled(result, fake_session, operation, landed, claimed=()):
    """The write was sent once and the result is what the read-back showed, never what was sent."""
    assert len(fake_session.writes) == 1, "the write was sent again"
    if landed:
        assert result.get("failed") is not True, result.get("msg")
        assert result["changed"] is True
        unconfirmed = [w for w in warnings_of(result) if w.startswith(operation + " was not confirmed (HTTP 200")]
        assert len(unconfirmed) == 1 and CONFIRMED in unconfirmed[0], warnings_of(result)
    else:
        assert result["failed"] is True, result
        assert result["msg"].startswith(operation + " was not confirmed (HTTP 200"), result["msg"]
        assert NOT_APPLIED in result["msg"]
        assert result["api_error"]["status"] == 200
        for key in claimed:  # no state claimed on a failure
            assert key not in result


# --- pullzone_certificate: addCertificate and removeCertificate document 204 No Content ----------------------------


def certificate_material():
    leaf, leaf_key, mid, _root = certgen.chain("rsa", prefix="unconfirmed")
    return {"leaf": leaf, "mid": mid, "bundle": certgen.cert_pem(leaf, mid), "key": certgen.key_pem(leaf_key)}


# Made at import, not in the fixture: ansible-test forks every test, and a fork inherits what its parent made.
PKI = certificate_material()


@pytest.fixture(scope="module", name="pki")
def pki_fixture():
    return PKI


def answered_with(fake, body, content_type, landed_as=None):
    def answer():
        if landed_as is not None:
            fake.hostnames[1].update(landed_as)
        return bad(body, content_type)

    return answer


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize("body, content_type", WITH_A_BODY)
def test_certificate_upload_answered_with_a_body(fake_session, run_module, pki, body, content_type, landed):
    fake = PullZonePlatform()
    fake_session.responses = fake
    installed = dict(HasCertificate=True, CertificateProvisionType=3, Certificate=b64url(pki["bundle"]))
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [
        answered_with(fake, body, content_type, installed if landed else None)
    ]
    result = run_module(pullzone_certificate, certificate_args(pki, retries=3))
    settled(
        result,
        fake_session,
        "Adding the certificate of www.example.com to pull zone 2001",
        landed,
        claimed=("has_certificate", "fingerprints"),
    )
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST", "GET"]
    if landed:
        assert result["has_certificate"] is True and result["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]


def test_certificate_upload_answered_with_a_list_and_an_unreadable_reread_is_unknown(fake_session, run_module, pki):
    fake = PullZonePlatform()
    fake_session.responses = fake
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [bad("[]", "application/json")]
    fake.answers[("GET", "/pullzone/2001")] = [
        FakeResponse(200, {"Id": 2001, "Name": "demo", "Hostnames": fake.hostnames}),
        FakeResponse(503, text=""),
    ]
    result = run_module(pullzone_certificate, certificate_args(pki, retries=0))
    assert result["failed"] is True and "has_certificate" not in result
    assert "re-reading the state failed too" in result["msg"]
    assert "whether the change was applied is unknown" in result["msg"]
    assert len(fake_session.writes) == 1


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize("body, content_type", WITH_A_BODY)
def test_certificate_removal_answered_with_a_body(fake_session, run_module, pki, body, content_type, landed):
    fake = PullZonePlatform(b64url(pki["bundle"]))
    fake_session.responses = fake
    removed = dict(HasCertificate=False, CertificateProvisionType=0, Certificate=None)
    fake.answers[("DELETE", "/pullzone/2001/removeCertificate")] = [
        answered_with(fake, body, content_type, removed if landed else None)
    ]
    result = run_module(
        pullzone_certificate,
        {
            "api_key": "k" * 8,
            "base_url": "https://api.example.test",
            "pullzone_id": 2001,
            "hostname": "www.example.com",
            "state": "absent",
        },
    )
    settled(
        result,
        fake_session,
        "Removing the certificate of www.example.com from pull zone 2001",
        landed,
        claimed=("has_certificate",),
    )
    if landed:
        assert result["has_certificate"] is False


def test_certificate_upload_with_the_documented_empty_answer_is_confirmed(fake_session, run_module, pki):
    fake = PullZonePlatform()
    fake_session.responses = fake
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [FakeResponse(200, text="")]
    result = run_module(pullzone_certificate, certificate_args(pki))
    assert result["changed"] is True and not warnings_of(result) and len(fake_session.calls) == 2


# --- dnszone_dnssec: both calls answer the DnsSecDsRecordModel -----------------------------------------------------


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type", BAD + [pytest.param(json.dumps(dnssec_tests.DISABLED), "application/json", id="other-state")]
)
def test_dnssec_enable_answered_with_something_else(fake_session, run_module, body, content_type, landed):
    fake_session.responses = [dnssec_tests.zone(False), bad(body, content_type), dnssec_tests.zone(landed)]
    result = run_module(dnszone_dnssec, dict(dnssec_tests.BASE, state="enabled"))
    settled(result, fake_session, "Enabling DNSSEC on DNS zone 7", landed, claimed=("dnssec",))
    if landed:
        assert result["dnssec"]["enabled"] is True and result["dnssec"]["ds_record"] is None


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type", BAD + [pytest.param(json.dumps(dnssec_tests.ENABLED), "application/json", id="other-state")]
)
def test_dnssec_disable_answered_with_something_else(fake_session, run_module, body, content_type, landed):
    fake_session.responses = [dnssec_tests.zone(True), bad(body, content_type), dnssec_tests.zone(not landed)]
    result = run_module(dnszone_dnssec, dict(dnssec_tests.BASE, state="disabled"))
    settled(result, fake_session, "Disabling DNSSEC on DNS zone 7", landed, claimed=("dnssec",))


def test_dnssec_ds_record_read_answered_with_a_list_fails_as_a_read(fake_session, run_module):
    fake_session.responses = [dnssec_tests.zone(True), bad("[]", "application/json")]
    result = run_module(dnszone_dnssec, dict(dnssec_tests.BASE, state="enabled", fetch_ds_record=True))
    assert result["failed"] is True and "Reading the DS record of DNS zone 7 failed with HTTP 200" in result["msg"]
    assert "whether the change was applied" not in result["msg"]


# --- api_guardian and api_guardian_endpoint: the PATCH answers the envelope with the new settings ------------------


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type",
    BAD
    + [
        pytest.param('{"error": {"statusCode": 200, "success": true}}', "text/plain", id="no-data"),
        pytest.param(json.dumps({"data": guardian_tests.CONFIG}), "text/plain", id="other-settings"),
    ],
)
def test_api_guardian_update_answered_with_something_else(fake_session, run_module, body, content_type, landed):
    after = guardian_tests.state(executionMode=1) if landed else guardian_tests.state()
    fake_session.responses = [guardian_tests.state(), bad(body, content_type), after]
    result = run_module(api_guardian, dict(guardian_tests.BASE, execution_mode="block"))
    settled(result, fake_session, "Updating API Guardian of shield zone 9", landed, claimed=("api_guardian",))
    if landed:
        assert result["api_guardian"]["execution_mode"] == "block"


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type",
    BAD
    + [
        pytest.param('{"data": null}', "text/plain", id="no-data"),
        pytest.param(json.dumps({"data": endpoint_tests.PETS}), "text/plain", id="other-settings"),
    ],
)
def test_api_guardian_endpoint_update_answered_with_something_else(
    fake_session, run_module, body, content_type, landed
):
    after = endpoint_tests.data(detectParameterXss=True) if landed else endpoint_tests.data()
    fake_session.responses = [
        FakeResponse(200, endpoint_tests.data()),
        bad(body, content_type),
        FakeResponse(200, after),
    ]
    result = run_module(api_guardian_endpoint, dict(endpoint_tests.BASE, detect_xss=True))
    settled(
        result, fake_session, "Updating API Guardian endpoint GET /pets of shield zone 9", landed, claimed=("endpoint",)
    )
    if landed:
        assert result["endpoint"]["detect_xss"] is True


# --- api_guardian_spec: POST and PATCH answer the configuration and endpoints --------------------------------------


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type",
    BAD + [pytest.param('{"data": {"configuration": null, "endpoints": []}}', "text/plain", id="no-configuration")],
)
def test_spec_update_answered_with_something_else(fake_session, run_module, body, content_type, landed):
    text = spec_tests.DOCUMENT.replace("title: Pets", "title: Pets v2")
    after = spec_tests.state(config=spec_tests.configuration(title="Pets v2")) if landed else spec_tests.state()
    result = spec_tests.run(
        run_module, fake_session, [spec_tests.state(), bad(body, content_type), after], content=text
    )
    settled(
        result,
        fake_session,
        "Updating the OpenAPI document of shield zone 3001",
        landed,
        claimed=("configuration", "endpoints"),
    )
    if landed:
        assert result["configuration"]["title"] == "Pets v2"


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
def test_spec_first_upload_answered_with_a_list(fake_session, run_module, landed):
    after = spec_tests.state() if landed else spec_tests.EMPTY
    result = spec_tests.run(run_module, fake_session, [spec_tests.EMPTY, bad("[]", "application/json"), after])
    settled(
        result,
        fake_session,
        "Uploading the OpenAPI document of shield zone 3001",
        landed,
        claimed=("configuration", "endpoints"),
    )


# --- bot_detection: the PATCH answers the envelope with the configuration ------------------------------------------


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize(
    "body, content_type",
    BAD
    + [pytest.param(json.dumps({"data": bot_tests.STATE, "error": bot_tests.OK}), "text/plain", id="other-settings")],
)
def test_bot_detection_update_answered_with_something_else(fake_session, run_module, body, content_type, landed):
    changed = dict(bot_tests.STATE, executionMode=1)
    fake_session.responses = [
        bot_tests.answer(),
        bad(body, content_type),
        bot_tests.answer(changed if landed else None),
    ]
    result = run_module(bot_detection, dict(bot_tests.BASE, shield_zone_id=3001, execution_mode="challenge"))
    settled(result, fake_session, "Updating bot detection of shield zone 3001", landed, claimed=("bot_detection",))
    if landed:
        assert result["bot_detection"]["execution_mode_name"] == "challenge"


# --- waf_rule: create and update answer the CustomWafRule, delete the GenericRequestResponse -----------------------


class BadAnswers(waf_tests.Platform):
    """The shield zone's rules; every write is applied (or not) and then answered with ``body``."""

    def __init__(self, rules, body, content_type, applied):
        super(BadAnswers, self).__init__(rules, applied=applied)
        self.body, self.content_type = body, content_type

    def __call__(self, method, url, body, params):
        answer = super(BadAnswers, self).__call__(method, url, body, params)
        return answer if method == "GET" else bad(self.body, self.content_type)


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not-landed"])
@pytest.mark.parametrize("body, content_type", BAD)
@pytest.mark.parametrize("action", ["create", "update", "delete"])
def test_waf_rule_writes_answered_with_something_else(fake_session, run_module, action, body, content_type, landed):
    rules = [] if action == "create" else [waf_tests.model(4001, "admin", waf_tests.STORED)]
    fake_session.responses = BadAnswers(rules, body, content_type, landed)
    if action == "delete":
        options, operation = {"state": "absent"}, "Deleting custom WAF rule 4001"
    elif action == "create":
        options, operation = (
            {"rule_configuration": waf_tests.READABLE},
            "Creating custom WAF rule 'admin' in shield zone 3001",
        )
    else:
        options = {"rule_configuration": dict(waf_tests.READABLE, value="/private")}
        operation = "Updating custom WAF rule 4001"
    result = run_module(waf_rule, waf_tests.args(**options))
    settled(result, fake_session, operation, landed, claimed=("waf_rule",))
    assert [c[0] for c in waf_tests.calls(fake_session)] == [
        "GET",
        {"create": "POST", "update": "PATCH", "delete": "DELETE"}[action],
        "GET",
    ]


# --- database_token: nothing can be read back, so the task says the write MAY have been applied ---------------------


@pytest.mark.parametrize(
    "body, content_type", BAD + [pytest.param('{"token": null}', "application/json", id="no-token")]
)
def test_token_generation_answered_with_something_else(fake_session, run_module, body, content_type):
    fake_session.responses = [bad(body, content_type)]
    result = run_module(database_token, dict(token_tests.BASE, authorization="full_access"))
    assert result["failed"] is True and "token" not in result and len(fake_session.calls) == 1
    assert "A token may have been generated and is unknown" in result["msg"]


@pytest.mark.parametrize("body, content_type", WITH_A_BODY)
def test_token_invalidation_answered_with_a_body(fake_session, run_module, body, content_type):
    fake_session.responses = [bad(body, content_type)]
    result = run_module(database_token, dict(token_tests.BASE, state="revoked"))
    assert result["failed"] is True and "revoked" not in result and len(fake_session.calls) == 1
    assert "may or may not have been invalidated" in result["msg"]


def test_token_invalidation_with_the_documented_empty_answer_is_a_change(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, text="")]
    result = run_module(database_token, dict(token_tests.BASE, state="revoked"))
    assert result["changed"] is True and result["revoked"] is True


# --- database_query: a write whose pipeline answer is malformed MAY have been applied -------------------------------


@pytest.mark.parametrize(
    "body, content_type",
    BAD + [pytest.param('{"baton": null, "results": [{"type": "ok"}]}', "application/json", id="short-pipeline")],
)
def test_a_write_with_a_malformed_pipeline_answer_may_have_been_applied(fake_session, run_module, body, content_type):
    fake_session.responses = [bad(body, content_type)]
    result = run_module(
        database_query,
        {"database_url": "https://db.example.test", "auth_token": "t" * 20, "sql": "INSERT INTO t VALUES (1)"},
    )
    assert result["failed"] is True and "results" not in result and len(fake_session.calls) == 1
    assert "The statement MAY HAVE BEEN APPLIED" in result["msg"]
