"""access_list and access_list_info: found by name, entries as a set, check mode, diff, what cannot change, secrets."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import access_list, access_list_info
from ansible_collections.edge.platform.tests.unit import not_understood
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-access-list"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "shield_zone_id": 3001}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
DETAILS = {
    "listId": 5001,
    "configurationId": 7001,
    "name": "office",
    "type": 1,
    "action": 1,
    "isEnabled": True,
    "entryCount": 2,
}
LIST = {"id": 5001, "name": "office", "type": 1, "content": "2001:DB8::/32\n10.0.0.1/24", "entryCount": 2}


def index(*custom):
    return FakeResponse(
        body={
            "managedLists": [
                {
                    "listId": 1,
                    "configurationId": 300101,
                    "name": "VPN Providers",
                    "type": 1,
                    "action": 4,
                    "isEnabled": False,
                }
            ],
            "customLists": list(custom),
            "customListCount": len(custom),
            "customListLimit": 5,
            "customEntryCount": 2,
            "customEntryLimit": 5000,
        }
    )


def stored():
    return [index(DETAILS), FakeResponse(body={"data": LIST, "error": OK})]


def test_the_same_set_in_another_form_is_no_change(fake_session, run_module):
    fake_session.responses = stored()
    result = run_module(
        access_list,
        dict(BASE, name="office", entries=["10.0.0.0/24", "2001:db8::/32", "10.0.0.0/24"], action="allow", type="cidr"),
    )
    assert result["changed"] is False and fake_session.writes == []
    assert result["access_list"]["entries"] == ["10.0.0.0/24", "2001:db8::/32"]


def test_only_the_entries_are_patched_and_diff_shows_them(fake_session, run_module):
    fake_session.responses = stored() + [
        FakeResponse(body={"data": dict(LIST, content="10.0.0.0/24\n192.0.2.0/24", entryCount=2), "error": OK})
    ]
    result = run_module(access_list, dict(BASE, name="office", entries=["10.0.0.0/24", "192.0.2.0/24"]), diff=True)
    assert result["changed"] is True
    assert [(c["method"], c["json"]) for c in fake_session.writes] == [
        ("PATCH", {"content": "10.0.0.0/24\n192.0.2.0/24"})
    ]
    assert result["diff"]["before"]["entries"] == ["10.0.0.0/24", "2001:db8::/32"]
    assert result["diff"]["after"]["entries"] == ["10.0.0.0/24", "192.0.2.0/24"]
    assert SECRET not in str(result)


def test_check_mode_sends_no_write(fake_session, run_module):
    fake_session.responses = stored()
    result = run_module(access_list, dict(BASE, name="office", enabled=False), check=True)
    assert result["changed"] is True and fake_session.writes == []
    assert result["access_list"]["enabled"] is False and result["access_list"]["id"] == 5001


def test_type_and_description_cannot_change_and_nothing_is_written(fake_session, run_module):
    fake_session.responses = stored()
    result = run_module(access_list, dict(BASE, name="office", type="ip"))
    assert result["failed"] and "delete the list (state=absent)" in result["msg"] and fake_session.writes == []
    fake_session.responses = stored()
    result = run_module(access_list, dict(BASE, name="office", description="new"))
    assert result["failed"] and "takes no description" in result["msg"]


def test_a_new_list_needs_type_and_action_and_a_managed_name_is_refused(fake_session, run_module):
    fake_session.responses = [index()]
    result = run_module(access_list, dict(BASE, name="new", entries=["DE"]))
    assert result["failed"] and "type and action must be given" in result["msg"]
    fake_session.responses = [index()]
    result = run_module(access_list, dict(BASE, name="VPN Providers", type="ip", action="block"))
    assert result["failed"] and "managed (curated) list" in result["msg"]


def test_absent_deletes_once(fake_session, run_module):
    fake_session.responses = stored() + [FakeResponse(body=OK)]
    result = run_module(access_list, dict(BASE, name="office", state="absent"))
    assert result["changed"] is True and result["access_list"] is None
    assert [c["method"] for c in fake_session.writes] == ["DELETE"]


def test_info_by_id_and_a_missing_id(fake_session, run_module):
    fake_session.responses = stored()
    result = run_module(access_list_info, dict(BASE, id=5001))
    assert [item["name"] for item in result["access_lists"]] == ["office"]
    fake_session.responses = [index(DETAILS)]
    result = run_module(access_list_info, dict(BASE, id=5999))
    assert result["failed"] and "no custom access list with id 5999" in result["msg"]


# --- answers not understood, success envelopes, an unknown outcome, bad entries ------------------------------------


@pytest.mark.parametrize(
    "answer", not_understood.answers(FakeResponse(body={"managedLists": None, "customLists": None}))
)
def test_an_index_that_is_not_understood_creates_nothing(fake_session, run_module, answer):
    fake_session.responses = [answer]
    result = run_module(access_list, dict(BASE, name="new", type="ip", action="block", entries=["192.0.2.1"]))
    assert result["failed"] and not fake_session.writes and len(fake_session.calls) == 1
    assert "is not the access list index (an object with managedLists and customLists)" in result["msg"]
    assert "Nothing was written by this task" in result["msg"]


@pytest.mark.parametrize(
    "answer",
    [FakeResponse(body={"data": {}}), FakeResponse(body={"data": dict(LIST, id=5002)}), FakeResponse(body=[])],
)
def test_a_list_read_that_is_not_the_list_decides_nothing(fake_session, run_module, answer):
    fake_session.responses = [index(DETAILS), answer]
    result = run_module(access_list, dict(BASE, name="office", state="absent"))
    assert result["failed"] and not fake_session.writes
    assert "is not the custom access list 5001 (an object with data)" in result["msg"]


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(body={"statusCode": 0, "success": False, "message": None, "errorKey": None}),
        FakeResponse(body={"statusCode": 200, "success": False, "message": "", "errorKey": None}),
        FakeResponse(status=404),
    ],
)
def test_a_deletion_answered_with_a_default_generic_response_is_done(fake_session, run_module, answer):
    fake_session.responses = stored() + [answer]
    result = run_module(access_list, dict(BASE, name="office", state="absent"))
    assert result["changed"] is True and result["access_list"] is None and "warnings" not in result


def test_a_deletion_whose_generic_response_reports_a_failure_fails(fake_session, run_module):
    refused = {"statusCode": 409, "success": False, "message": "The list is in use.", "errorKey": "list.in_use"}
    fake_session.responses = stored() + [FakeResponse(body=refused)]
    result = run_module(access_list, dict(BASE, name="office", state="absent"))
    assert result["failed"] and result["api_error"]["error_key"] == "list.in_use"
    assert "The list is in use" in result["msg"]


def test_a_lost_create_whose_re_read_fails_says_the_outcome_is_unknown(fake_session, run_module):
    fake_session.responses = [
        index(),
        requests.exceptions.ReadTimeout("read timed out"),
        FakeResponse(status=500),
    ]
    result = run_module(access_list, dict(BASE, name="new", type="ip", action="block", entries=["192.0.2.1"]))
    assert result["failed"] is True
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST", "GET"]  # the create is never sent again
    assert "and reading the shield zone's access lists back failed too" in result["msg"]
    assert "so whether the list was created is unknown" in result["msg"]
    assert "may have been applied" in result["msg"] and "does not create it twice" in result["msg"]


@pytest.mark.parametrize(
    "kind, entry",
    [
        ("ip", "300.1.1.1"),
        ("ip", "192.0.2"),
        ("cidr", "10.0.0.0/33"),
        ("cidr", "2001:db8::/129"),
        ("asn", "AS4294967296"),
        ("asn", "ASX1"),
        ("country", "DEU"),
        ("country", "1A"),
    ],
)
def test_a_bad_entry_is_refused_before_any_request_naming_it(fake_session, run_module, kind, entry):
    entries = ["192.0.2.7" if kind in ("ip", "cidr") else "DE" if kind == "country" else "13335", entry]
    result = run_module(access_list, dict(BASE, name="new", type=kind, action="block", entries=entries))
    assert result["failed"] and not fake_session.calls
    assert "entries[1]: %r is not" % entry in result["msg"]


def test_a_type_and_action_without_a_name_are_numbers_with_warnings_and_no_false_change(fake_session, run_module):
    details = dict(DETAILS, type=8, action=9, requiredPlan=7)
    listed = dict(LIST, type=8, content="t13d1516h2_8daaf6152771\nsomething")
    fake_session.responses = [index(details), FakeResponse(body={"data": listed, "error": OK})]
    result = run_module(access_list, dict(BASE, name="office", entries=["something", "t13d1516h2_8daaf6152771"]))
    assert result["changed"] is False and not fake_session.writes
    assert (result["access_list"]["type"], result["access_list"]["action"]) == (8, 9)
    for said in ("type = 8", "action = 9"):
        assert said in str(result["warnings"])
    fake_session.responses = [index(details), FakeResponse(body={"data": listed, "error": OK})]
    info = run_module(access_list_info, dict(BASE, name="office"))
    assert info["access_lists"][0]["required_plan"] == 7 and "required_plan = 7" in str(info["warnings"])
    fake_session.responses = [
        index(details),
        FakeResponse(body={"data": listed, "error": OK}),
        FakeResponse(body={"data": {"isEnabled": False, "action": 9}, "error": OK}),
    ]
    disabled = run_module(access_list, dict(BASE, name="office", enabled=False))
    assert disabled["changed"] is True and fake_session.writes[-1]["json"] == {"isEnabled": False}
