"""pullzone: create by exact name (the 201 answer is the result), update only the given settings that differ (URLs
by meaning, lists as sets), delete only with state=absent, lost answers settled by one re-read, bad input first."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import pullzone
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-pullzone"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
API = "https://api.example.test"
CORE = "core-api-v1.0.0.json"
ZONE = {
    "Id": 2001,
    "Name": "demo",
    "Enabled": True,
    "Suspended": False,
    "CnameDomain": "demo.b-cdn.net",
    "Hostnames": [{"Id": 200101, "Value": "demo.b-cdn.net", "IsSystemHostname": True, "HasCertificate": True}],
    "OriginUrl": "https://Origin.example.com:443/",
    "OriginType": 0,
    "Type": 0,
    "StorageZoneId": 0,
    "OriginHostHeader": "",
    "CacheControlMaxAgeOverride": -1,
    "IgnoreQueryStrings": True,
    "EnableGeoZoneUS": True,
    "EnableGeoZoneEU": True,
    "AccessControlOriginHeaderExtensions": ["eot", "ttf", "woff"],
    "BlockedCountries": ["KP"],
    "BlockedReferrers": ["Leech.example.net"],
    "LogAnonymizationType": 0,
    "EnableLogging": True,
}


def validate_request(document, method, path, body):
    """The request the module sent, validated against the published core document."""
    import json

    from openapi_core.testing import MockRequest

    data = json.dumps(body).encode("utf-8")
    headers = {"AccessKey": "key"}
    document.validate_request(MockRequest("https://api.bunny.net", method.lower(), path, headers=headers, data=data))


def listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def answer(status=200, **changes):
    return FakeResponse(status=status, body=dict(ZONE, **changes))


def run(fake_session, run_module, answers, check=False, diff=False, **options):
    fake_session.responses = list(answers)
    options.setdefault("name", "demo")
    return run_module(pullzone, dict(BASE, **options), check=check, diff=diff)


def calls(fake_session):
    return [(c["method"], c["url"].replace(API, "")) for c in fake_session.calls]


def test_create_sends_the_given_settings_and_returns_the_201_answer(fake_session, run_module, openapi):
    created = answer(201, Id=2010, Name="site", OriginUrl="https://origin.example.net", Type=1, BlockedCountries=[])
    result = run(
        fake_session,
        run_module,
        [listing(ZONE), created],
        diff=True,
        name="site",
        origin_url="https://origin.example.net",
        type="volume",
        storage_zone_id=None,
        blocked_countries=[],
        enable_geo_zone_asia=False,
    )
    assert result["changed"] is True
    assert calls(fake_session) == [("GET", "/pullzone"), ("POST", "/pullzone")]
    assert fake_session.calls[0]["params"]["search"] == "site"
    body = fake_session.writes[0]["json"]
    assert body == {
        "Name": "site",
        "OriginUrl": "https://origin.example.net",
        "Type": 1,
        "BlockedCountries": [],
        "EnableGeoZoneASIA": False,
    }
    validate_request(openapi(CORE).api, "POST", "/pullzone", body)
    shown = result["pull_zone"]
    assert (shown["id"], shown["name"], shown["type"], shown["origin_type"]) == (2010, "site", "volume", "origin_url")
    assert shown["hostnames"][0]["name"] == "demo.b-cdn.net"
    assert result["diff"]["before"] == {"present": False, "name": "site"}
    assert result["diff"]["after"]["enable_geo_zone_asia"] is False
    assert SECRET not in str(result)


@pytest.mark.parametrize(
    "options",
    [
        dict(origin_url="https://origin.EXAMPLE.com", type="standard", origin_type="origin_url"),
        dict(
            blocked_countries=["kp", "KP"],
            blocked_referrers=["leech.example.net"],
            cors_extensions=["woff", "eot", "ttf", "ttf"],
        ),
        dict(
            cache_expiration_time=-1,
            ignore_query_strings=True,
            log_anonymization_type="one_digit",
            origin_host_header="",
        ),
        {},
    ],
)
def test_what_the_zone_holds_is_no_change_and_only_read(fake_session, run_module, options):
    result = run(fake_session, run_module, [listing(ZONE, dict(ZONE, Id=2002, Name="demo-staging"))], **options)
    assert result["changed"] is False and not fake_session.writes
    assert result["pull_zone"]["id"] == 2001 and result["pull_zone"]["origin_url"] == ZONE["OriginUrl"]


def test_info_output_written_back_is_no_change(fake_session, run_module):
    from ansible_collections.edge.platform.plugins.module_utils._shapes.pull_zones import OPTIONS, shape_pullzone

    info = shape_pullzone(ZONE)
    options = {o: info[o] for o in OPTIONS if info[o] is not None}
    assert len(options) >= 14
    assert run(fake_session, run_module, [listing(ZONE)], **options)["changed"] is False


def test_update_sends_only_the_differing_members_and_returns_the_answer(fake_session, run_module, openapi):
    options = dict(cache_expiration_time=86400, blocked_countries=["KP"], cors_extensions=["woff2"], id=2001)
    updated = answer(CacheControlMaxAgeOverride=86400, AccessControlOriginHeaderExtensions=["woff2"])
    result = run(fake_session, run_module, [answer(), updated], diff=True, **options)
    assert calls(fake_session) == [("GET", "/pullzone/2001"), ("POST", "/pullzone/2001")]
    body = fake_session.writes[0]["json"]
    assert body == {"CacheControlMaxAgeOverride": 86400, "AccessControlOriginHeaderExtensions": ["woff2"]}
    validate_request(openapi(CORE).api, "POST", "/pullzone/2001", body)
    assert result["changed"] is True and not result.get("warnings")
    assert result["diff"]["before"]["cors_extensions"] == ["eot", "ttf", "woff"]
    assert result["pull_zone"]["cache_expiration_time"] == 86400


def test_an_answer_without_a_sent_value_warns_and_reports_what_the_platform_holds(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE), answer()], logging_enabled=False)
    assert result["changed"] is True
    assert "logging_enabled: sent False, holds True" in str(result["warnings"])
    assert result["pull_zone"]["logging_enabled"] is True


def test_check_mode_predicts_a_create_and_sends_nothing(fake_session, run_module):
    result = run(
        fake_session, run_module, [listing(), listing()], check=True, diff=True, name="new", storage_zone_id=5001
    )
    assert result["changed"] is True and not fake_session.writes
    shown = result["pull_zone"]
    assert (shown["id"], shown["name"], shown["storage_zone_id"], shown["origin_type"]) == (
        None,
        "new",
        5001,
        "storage_zone",
    )
    assert result["diff"]["after"] == {
        "present": True,
        "name": "new",
        "origin_type": "storage_zone",
        "storage_zone_id": 5001,
    }


def test_names_are_compared_exactly(fake_session, run_module):
    # "Demo" is not "demo": the module creates, and the platform's refusal says the name may be taken
    refused = FakeResponse(400, {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "The name is taken."})
    result = run(fake_session, run_module, [listing(ZONE), refused], name="Demo")
    assert result["failed"] is True
    assert result["api_error"] == {
        "status": 400,
        "error_key": "pullzone.name_taken",
        "field": "Name",
        "message": "The name is taken.",
    }
    assert "The name 'Demo' is taken, maybe by another account" in result["msg"]
    assert "unique across the whole platform" in result["msg"]
    assert len(fake_session.writes) == 1


def test_a_refused_field_names_its_option(fake_session, run_module):
    refused = FakeResponse(400, {"ErrorKey": "validation.invalid", "Field": "OriginUrl", "Message": "Bad origin."})
    result = run(fake_session, run_module, [listing(ZONE), refused], origin_url="https://new.example.com")
    assert "check origin_url" in result["msg"] and result["api_error"]["field"] == "OriginUrl"


def test_delete_only_with_state_absent_and_absent_is_no_change_when_gone(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE), FakeResponse(204)], state="absent", diff=True)
    assert result["changed"] is True and result["pull_zone"] is None
    assert calls(fake_session) == [("GET", "/pullzone"), ("DELETE", "/pullzone/2001")]
    assert result["diff"] == {"before": {"present": True, "name": "demo"}, "after": {"present": False, "name": "demo"}}
    result = run(fake_session, run_module, [FakeResponse(404)], state="absent", id=2001, name=None)
    assert result["changed"] is False and len(fake_session.calls) == 2 + 1


def test_a_delete_already_done_elsewhere_is_what_was_asked(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE), FakeResponse(404)], state="absent")
    assert result["changed"] is True and "failed" not in result


def test_a_lost_create_answer_is_not_replayed_and_the_reread_decides(fake_session, run_module):
    lost = requests.exceptions.ReadTimeout("read timed out")
    answers = [listing(), listing(), lost, listing(ZONE)]
    result = run(fake_session, run_module, answers, origin_url="https://origin.example.com")
    assert result["changed"] is True and "was not sent again" in str(result["warnings"])
    assert [c["method"] for c in fake_session.calls] == ["GET", "GET", "POST", "GET"]
    assert result["pull_zone"]["id"] == 2001


def test_an_update_answer_that_is_not_the_zone_confirms_nothing(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE), FakeResponse(200, {}), answer()], type="volume")
    assert result["failed"] is True and "NOT applied" in result["msg"]
    assert len(fake_session.writes) == 1
    assert calls(fake_session)[-1] == ("GET", "/pullzone/2001")  # the re-read is the zone by id


def test_the_name_of_an_id_cannot_change_and_an_unknown_id_is_not_created(fake_session, run_module):
    result = run(fake_session, run_module, [answer()], id=2001, name="renamed")
    assert result["failed"] is True and "cannot rename" in result["msg"] and not fake_session.writes
    result = run(fake_session, run_module, [FakeResponse(404)], id=9, name=None, type="volume")
    assert result["failed"] is True and "check id" in result["msg"]


def test_several_zones_with_the_name_are_ambiguous(fake_session, run_module):
    result = run(fake_session, run_module, [listing(ZONE, dict(ZONE, Id=2005))])
    assert result["failed"] is True and "2001, 2005" in result["msg"] and "give id" in result["msg"]


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(name=""), "name must not be empty"),
        (dict(name="a\nb"), "control character"),
        (dict(origin_url="origin.example.com"), "origin_url must be the origin's URL"),
        (dict(origin_url="https://host:99999"), "origin_url must be the origin's URL"),
        (dict(blocked_countries=["DE", "Germany"]), "blocked_countries[1] must be a two-letter"),
        (dict(cors_extensions=[" "]), "cors_extensions[0] must be a non-empty text"),
        (dict(state="absent", type="volume"), "state=absent takes no settings (type given)"),
        (dict(id=0, name=None), "id must be a positive"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, options, words):
    result = run(fake_session, run_module, [], **options)
    assert result["failed"] is True and words in result["msg"]
    assert not fake_session.calls


def test_origin_credentials_never_show(fake_session, run_module):
    url = "https://user:origin-pass-123@origin.example.com"
    zone = dict(ZONE, OriginUrl="https://user:old-pass-456@origin.example.com")
    result = run(fake_session, run_module, [listing(zone), answer(OriginUrl=url)], diff=True, origin_url=url)
    assert result["changed"] is True
    assert "origin-pass-123" not in str(result) and "old-pass-456" not in str(result)
    assert result["pull_zone"]["origin_url"] == "https://origin.example.com"
