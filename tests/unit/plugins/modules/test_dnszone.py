"""dnszone: create by domain (the domain only, then the settings that differ from the platform's defaults), import a
zone file only into a zone the task creates, update only the given settings that differ, delete only with
state=absent, lost answers never replayed, bad input first; dnszone_info's export."""

from __future__ import annotations

import json

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_zones import CREATE_DEFAULTS
from ansible_collections.edge.platform.plugins.modules import dnszone, dnszone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-dnszone"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
API = "https://api.example.test"
ZONE = dict(CREATE_DEFAULTS, Id=1001, Domain="example.io", DateCreated="2026-05-14T20:16:32", DateModified="x")
COUNTS = {"RecordsSuccessful": 2, "RecordsFailed": 1, "RecordsSkipped": 1}


def listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def answer(status=200, **changes):
    return FakeResponse(status=status, body=dict(ZONE, **changes))


def run(fake_session, run_module, answers, check=False, diff=False, module=dnszone, **options):
    fake_session.responses = list(answers)
    if module is dnszone and "zone_id" not in options:
        options.setdefault("domain", "example.io")
    return run_module(module, dict(BASE, **options), check=check, diff=diff)


def warnings_of(result):
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def calls(fake_session):
    return [(c["method"], c["url"].replace(API, "")) for c in fake_session.calls]


def test_create_sends_the_domain_then_only_the_settings_that_differ(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing(), answer(201), answer(200, SoaEmail="dns@example.io")],
        diff=True,
        domain="Example.io.",
        soa_email="dns@example.io",
        nameserver1="KIKI.bunny.net",  # the default already, in another spelling
    )
    assert result["changed"] is True
    assert calls(fake_session) == [("GET", "/dnszone"), ("POST", "/dnszone"), ("POST", "/dnszone/1001")]
    assert fake_session.calls[1]["json"] == {"Domain": "Example.io"}
    assert fake_session.calls[2]["json"] == {"SoaEmail": "dns@example.io"}
    assert result["dns_zone"]["soa_email"] == "dns@example.io" and result["dns_zone"]["id"] == 1001
    assert result["diff"] == {
        "before": {"present": False, "domain": "Example.io"},
        "after": {
            "present": True,
            "domain": "Example.io",
            "soa_email": "dns@example.io",
            "nameserver1": "kiki.bunny.net",
        },
    }
    assert result["zone_file_import"] is None and result["predicted"] is None


def test_create_without_settings_is_one_write_and_a_rerun_only_reads(fake_session, run_module):
    created = run(fake_session, run_module, [listing(), answer(201)], logging_ip_anonymization_enabled=True)
    assert created["changed"] is True and calls(fake_session) == [("GET", "/dnszone"), ("POST", "/dnszone")]
    fake_session.calls.clear()
    again = run(fake_session, run_module, [listing(ZONE)], domain="EXAMPLE.io", logging_ip_anonymization_enabled=True)
    assert again["changed"] is False and calls(fake_session) == [("GET", "/dnszone")]
    assert again["dns_zone"] == created["dns_zone"]


def test_check_mode_predicts_the_new_zone_from_the_documented_defaults(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing()],
        check=True,
        diff=True,
        log_anonymization_type="drop",
        import_zone_file="x",
    )
    assert result["changed"] is True and not fake_session.writes
    zone = result["dns_zone"]
    assert (zone["id"], zone["nameserver2"], zone["log_anonymization_type"], zone["date_created"]) == (
        None,
        "coco.bunny.net",
        "drop",
        None,
    )
    assert "documented defaults" in result["predicted"] and result["zone_file_import"] is None


def test_update_sends_only_the_differing_settings_and_its_answer_is_the_result(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing(ZONE), answer(LoggingEnabled=True, CertificateKeyType=1)],
        logging_enabled=True,
        certificate_key_type="rsa",
        soa_email="hostmaster@bunny.net",
        import_zone_file="www IN A 192.0.2.1",  # an existing zone: never imported
    )
    assert result["changed"] is True and calls(fake_session)[-1] == ("POST", "/dnszone/1001")
    assert fake_session.calls[-1]["json"] == {"LoggingEnabled": True, "CertificateKeyType": 1}
    assert result["dns_zone"]["certificate_key_type"] == "rsa" and result["zone_file_import"] is None


def test_a_failed_settings_write_after_the_create_keeps_the_zone_and_says_so(fake_session, run_module):
    refusal = {"ErrorKey": "validation.invalid", "Field": "LoggingIPAnonymizationEnabled", "Message": "Accept the DPA."}
    result = run(
        fake_session,
        run_module,
        [listing(), answer(201), FakeResponse(400, refusal)],
        logging_ip_anonymization_enabled=False,
    )
    assert result["failed"] is True
    assert (
        "DNS zone example.io (id 1001) WAS created" in result["msg"]
        and "a re-run applies the settings" in result["msg"]
    )
    assert "check logging_ip_anonymization_enabled" in result["msg"] and result["dns_zone"]["id"] == 1001
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST", "POST"]  # no DELETE


def test_the_zone_file_is_imported_into_a_new_zone_and_failures_warn(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing(), answer(201), FakeResponse(200, COUNTS)],
        import_zone_file="www 300 IN A 192.0.2.1\n",
    )
    assert calls(fake_session)[-1] == ("POST", "/dnszone/1001/import")
    assert fake_session.calls[-1]["data"] == b"www 300 IN A 192.0.2.1\n"
    assert result["zone_file_import"] == {"records_successful": 2, "records_failed": 1, "records_skipped": 1}
    assert result["dns_zone"]["record_count"] == 2
    assert any("could not import 1 record" in warning for warning in warnings_of(result))


def test_a_lost_import_answer_is_not_replayed_and_says_what_to_do(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing(), answer(201), requests.exceptions.ReadTimeout("read timed out")],
        import_zone_file="www IN A 192.0.2.1",
        retries=3,
    )
    assert result["failed"] is True and "WAS created" in result["msg"] and "may have been imported" in result["msg"]
    assert "record modules" in result["msg"] and len(fake_session.calls) == 3


def test_a_lost_create_answer_is_settled_by_one_read_and_the_task_goes_on(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [listing(), requests.exceptions.ReadTimeout("read timed out"), listing(ZONE), answer(LoggingEnabled=True)],
        logging_enabled=True,
        retries=3,
    )
    assert result["changed"] is True and result["dns_zone"]["logging_enabled"] is True
    assert [m for m, _p in calls(fake_session)] == ["GET", "POST", "GET", "POST"]
    assert warnings_of(result) == [
        "Creating DNS zone example.io got no answer (no answer from https://api.example.test:443 within 30 seconds); "
        "the zones read back afterwards show"
        " it was created (id 1001). It was not sent again."
    ]


def test_a_lost_create_that_did_not_land_fails_saying_so(fake_session, run_module):
    result = run(fake_session, run_module, [listing(), FakeResponse(503), listing()])
    assert result["failed"] is True and "NOT created" in result["msg"] and len(fake_session.calls) == 3


def test_delete_only_with_state_absent_and_a_zone_already_gone_is_no_change(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE), FakeResponse(204)], diff=True, state="absent")
    assert result["changed"] is True and calls(fake_session)[-1] == ("DELETE", "/dnszone/1001")
    assert result["diff"]["after"] == {"present": False, "domain": "example.io"} and result["dns_zone"] is None
    fake_session.calls.clear()
    # a 404 by id is confirmed by the zone listing (by another route) before the zone is claimed absent
    gone = run(fake_session, run_module, [FakeResponse(404), listing()], zone_id=1001, state="absent")
    assert gone["changed"] is False and not fake_session.writes
    assert calls(fake_session)[-2:] == [("GET", "/dnszone/1001"), ("GET", "/dnszone")]


def test_a_404_the_zone_listing_contradicts_deletes_nothing_and_claims_nothing(fake_session, run_module):
    result = run(fake_session, run_module, [FakeResponse(404), listing(ZONE)], zone_id=1001, state="absent")
    assert result["failed"] is True and not fake_session.writes
    assert "the zone listing still shows DNS zone 1001" in result["msg"] and "Nothing was deleted" in result["msg"]


def test_check_mode_delete_sends_no_write(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE)], check=True, state="absent")
    assert result["changed"] is True and not fake_session.writes


@pytest.mark.parametrize(
    "options, words",
    [
        ({"state": "absent", "soa_email": "a@b.c"}, "state=absent takes no settings (soa_email given)"),
        ({"domain": "exa mple.io"}, "domain must be a domain such as example.com"),
        (
            {"domain": "http://www.example.com"},
            "domain must be a domain such as example.com, not a URL: give 'www.example.com', without http://",
        ),
        ({"domain": "https://example.com:8443/x"}, "not a URL: give 'example.com'"),
        ({"domain": "example.com/zone"}, "domain must be a domain such as example.com, without a path ('/')"),
        ({"domain": "example.com:53"}, "without a port (':')"),
        ({"domain": "admin@example.com"}, "without an @ ('@')"),
        ({"domain": ".example.org"}, "without an empty label"),
        ({"domain": "a..example.org"}, "without an empty label"),
        ({"zone_id": 0}, "zone_id must be a positive id (from 1 to 9223372036854775807)"),
        ({"nameserver1": "ns1\n.example.io"}, "nameserver1 contains a control character"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, options, words):
    result = run(fake_session, run_module, [], **options)
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []


def test_an_id_with_another_domain_fails_and_an_unknown_id_cannot_be_created(fake_session, run_module):
    other = run(fake_session, run_module, [answer()], zone_id=1001, domain="example.net")
    assert other["failed"] is True and "cannot change a zone's domain" in other["msg"]
    unknown = run(fake_session, run_module, [FakeResponse(404)], zone_id=5)
    assert unknown["failed"] is True and "created by its domain only" in unknown["msg"]


def test_a_platform_refusal_is_reported_and_the_key_never_shown(fake_session, run_module):
    refusal = {"ErrorKey": "dnsZone.already_exists", "Field": "Domain", "Message": "The zone %s exists." % SECRET}
    result = run(fake_session, run_module, [listing(), FakeResponse(400, refusal)])
    assert result["failed"] is True and result["api_error"]["error_key"] == "dnsZone.already_exists"
    assert "check domain" in result["msg"] and SECRET not in json.dumps(result)


def test_info_exports_each_zone_file_and_its_output_written_back_is_no_change(fake_session, run_module):
    zone_file = "$ORIGIN example.io.\nwww\t300\tIN\tA\t192.0.2.1\n"
    info = run(
        fake_session,
        run_module,
        [listing(ZONE), FakeResponse(200, text=zone_file, headers={"Content-Type": "application/octet-stream"})],
        module=dnszone_info,
        zone_domain="example.io",
        export=True,
    )
    assert info["dns_zones"][0]["zone_file"] == zone_file and calls(fake_session)[-1] == ("GET", "/dnszone/1001/export")
    shown = info["dns_zones"][0]
    settings = {name: shown[name] for name in dnszone.S.OPTIONS}
    fake_session.calls.clear()
    again = run(fake_session, run_module, [answer()], zone_id=shown["id"], domain=shown["domain"], **settings)
    assert again["changed"] is False and not fake_session.writes


def test_a_zone_setting_this_collection_cannot_name_is_returned_as_its_number_and_never_rewritten(
    fake_session, run_module
):
    grown = answer(LogAnonymizationType=9)
    info = run(fake_session, run_module, [grown], module=dnszone_info, zone_id=1001)
    assert info["dns_zones"][0]["log_anonymization_type"] == 9
    assert [w.split(",")[0] for w in warnings_of(info)] == ["The platform answered LogAnonymizationType = 9"]
    kept = run(fake_session, run_module, [answer(LogAnonymizationType=9)], zone_id=1001, logging_enabled=False)
    assert kept["changed"] is False and not fake_session.writes
    assert kept["dns_zone"]["log_anonymization_type"] == 9 and warnings_of(kept)
    named = run(
        fake_session,
        run_module,
        [answer(LogAnonymizationType=9), answer(LogAnonymizationType=1)],
        zone_id=1001,
        log_anonymization_type="drop",
    )
    assert named["changed"] is True and fake_session.writes[-1]["json"] == {"LogAnonymizationType": 1}
