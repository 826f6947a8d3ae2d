"""pull_zones: the zone by name, the read by id (with certificates on request) and the certificate writes."""

from __future__ import annotations

import base64

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client, dns_page


def test_pull_zone_by_name_reads_the_paged_object():
    zones = [{"Id": 1, "Name": "demo"}, {"Id": 2, "Name": "demo-staging"}]
    api, session = client(dns_page(zones), dns_page(zones))
    assert pull_zones.find(api, "demo-staging")["Id"] == 2
    assert pull_zones.find(api, "Demo")["Id"] == 1
    assert session.calls[0]["url"].endswith("/pullzone") and session.calls[0]["params"]["search"] == "demo-staging"
    assert "includeCertificate" not in session.calls[0]["params"]


@pytest.mark.parametrize("include, params", [(False, None), (True, {"includeCertificate": "true"})])
def test_the_read_by_id_asks_for_certificates_only_on_request(include, params):
    api, session = client(FakeResponse(body={"Id": 21, "Name": "demo"}), FakeResponse(404))
    assert pull_zones.get(api, 21, include_certificate=include)["Name"] == "demo"
    assert session.calls[0]["url"] == "https://api.example.test/pullzone/21" and session.calls[0]["params"] == params
    with pytest.raises(ApiError, match="No pull zone with id 21 is visible to this API key: check pullzone_id"):
        pull_zones.get(api, 21)


def test_listing_with_certificates():
    api, session = client(dns_page([{"Id": 1, "Name": "demo"}]))
    assert pull_zones.list_all(api, include_certificate=True) == [{"Id": 1, "Name": "demo"}]
    assert session.calls[0]["params"] == {"includeCertificate": "true", "page": 1, "perPage": 1000}


def test_certificate_upload_and_removal_are_sent_once_with_base64_bodies():
    api, session = client(FakeResponse(204, text=""), FakeResponse(204, text=""))
    assert pull_zones.add_certificate(api, 21, "www.example.com", "CERT PEM\n", "KEY PEM\n") is None
    assert pull_zones.remove_certificate(api, 21, "www.example.com") is None
    upload, removal = session.calls
    assert (upload["method"], upload["url"]) == ("POST", "https://api.example.test/pullzone/21/addCertificate")
    assert upload["json"] == {
        "Hostname": "www.example.com",
        "Certificate": base64.b64encode(b"CERT PEM\n").decode(),
        "CertificateKey": base64.b64encode(b"KEY PEM\n").decode(),
    }
    assert (removal["method"], removal["url"]) == ("DELETE", "https://api.example.test/pullzone/21/removeCertificate")
    assert removal["json"] == {"Hostname": "www.example.com"}


def test_a_body_where_none_is_returned_leaves_the_upload_unconfirmed():
    api, session = client(FakeResponse(200, body={"unexpected": True}))
    with pytest.raises(ApiError) as caught:
        pull_zones.add_certificate(api, 21, "www.example.com", "C", "K")
    assert caught.value.kind == "bad_answer" and len(session.calls) == 1


@pytest.mark.parametrize(
    "field, hint",
    [
        ("CertificateKey", "The platform could not use the certificate: check certificate_key or certificate_key_src."),
        ("Other", "The platform rejected the request; check the option named in the message."),
    ],
)
def test_a_rejected_field_names_the_option(field, hint):
    api, _session = client(FakeResponse(400, {"ErrorKey": "pullzone.x", "Field": field, "Message": "No."}))
    with pytest.raises(ApiError) as caught:
        pull_zones.add_certificate(api, 21, "www.example.com", "C", "K")
    assert caught.value.hint == hint and caught.value.field == field and caught.value.kind == "refused"
    assert caught.value.operation == "Adding the certificate of www.example.com to pull zone 21"


# --- the zone itself: exact name, create, update, delete ------------------------------------------------------


def test_find_named_is_exact_and_none_when_absent():
    zones = [{"Id": 1, "Name": "demo"}, {"Id": 2, "Name": "Demo"}]
    api, session = client(dns_page(zones), dns_page(zones), dns_page(zones + [{"Id": 3, "Name": "demo"}]))
    assert pull_zones.find_named(api, "Demo")["Id"] == 2
    assert pull_zones.find_named(api, "dem") is None  # a search that found other zones works: no second listing
    assert [c["params"].get("search") for c in session.calls] == ["Demo", "dem"]
    with pytest.raises(InputError, match=r"2 pull zones are named 'demo' \(ids 1, 3\)"):
        pull_zones.find_named(api, "demo")


def test_create_and_update_return_the_zone_answered_and_are_never_replayed():
    api, session = client(FakeResponse(201, {"Id": 7, "Name": "new"}), FakeResponse(body={"Id": 7, "Name": "new"}))
    assert pull_zones.create(api, "new", {"Type": 1})["Id"] == 7
    assert pull_zones.update(api, 7, {"Type": 0})["Id"] == 7
    assert [(c["method"], c["url"].replace("https://api.example.test", ""), c["json"]) for c in session.calls] == [
        ("POST", "/pullzone", {"Type": 1, "Name": "new"}),
        ("POST", "/pullzone/7", {"Type": 0}),
    ]
    api, session = client(FakeResponse(503), FakeResponse(503))
    with pytest.raises(ApiError) as lost:
        pull_zones.create(api, "new", {})
    assert lost.value.kind == "may_have_been_sent" and len(session.calls) == 1


@pytest.mark.parametrize(
    "call, answer",
    [
        (lambda api: pull_zones.create(api, "new", {}), FakeResponse(201, {"Id": 8, "Name": "other"})),
        (lambda api: pull_zones.create(api, "new", {}), FakeResponse(201, text="")),
        (lambda api: pull_zones.update(api, 7, {}), FakeResponse(body={"Id": 9})),
        (lambda api: pull_zones.delete(api, 7), FakeResponse(200, {"Id": 7})),
    ],
)
def test_an_answer_that_is_not_the_zone_confirms_nothing(call, answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as error:
        call(api)
    assert error.value.kind == "bad_answer"


def test_delete_takes_204_and_404_as_done():
    api, session = client(FakeResponse(204, text=""), FakeResponse(404, text=""))
    assert pull_zones.delete(api, 7) is None and pull_zones.delete(api, 7) is None
    assert [c["method"] for c in session.calls] == ["DELETE", "DELETE"]


def test_refusals_name_the_option_or_the_taken_name():
    taken = {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "Taken."}
    field = {"ErrorKey": "validation.invalid", "Field": "blockedcountries", "Message": "Bad."}
    api, _session = client(FakeResponse(400, taken), FakeResponse(400, field))
    with pytest.raises(ApiError, match="The name 'x' is taken, maybe by another account"):
        pull_zones.create(api, "x", {})
    with pytest.raises(ApiError, match="The platform refused blockedcountries: check blocked_countries"):
        pull_zones.update(api, 7, {"BlockedCountries": ["??"]})


# --- reads declare their documented answer (issue 27 item 1) -----------------------------------------------------

BAD = [
    FakeResponse(body={}),
    FakeResponse(body=[]),
    FakeResponse(text="<html><title>Portal</title></html>", headers={"Content-Type": "text/html"}),
    FakeResponse(text=""),
    FakeResponse(body={"Id": 22, "Name": "other"}),  # another zone
]


@pytest.mark.parametrize("answer", BAD, ids=["{}", "[]", "HTML", "empty", "another zone"])
def test_a_zone_read_of_another_shape_is_not_understood(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        pull_zones.get(api, 21)
    assert caught.value.kind == "bad_answer" and "not understood" in caught.value.message
    assert caught.value.hint.startswith("Nothing was written by this task.")


@pytest.mark.parametrize("hostnames", [None, [], ["junk"]], ids=["null", "[]", "no entry"])
def test_a_zone_read_for_a_hostname_decision_must_carry_its_hostnames(hostnames):
    api, _session = client(FakeResponse(body={"Id": 21, "Hostnames": hostnames}))
    with pytest.raises(ApiError, match="the pull zone 21 with its hostnames"):
        pull_zones.get(api, 21, hostnames=True)
    listed = {"Id": 21, "Hostnames": [{"Value": "demo.b-cdn.net"}]}
    assert pull_zones.with_hostnames(None, 21, listed) is listed  # a listed zone with its hostnames: no read
    api, session = client(FakeResponse(body=listed))
    assert pull_zones.with_hostnames(api, 21, {"Id": 21, "Hostnames": hostnames}) == listed
    assert len(session.calls) == 1


def test_get_or_none_takes_the_platforms_404_as_gone_and_nothing_else():
    api, _session = client(FakeResponse(404, text=""), FakeResponse(404, {"ErrorKey": "pullZone.not_found"}))
    assert pull_zones.get_or_none(api, 21) is None and pull_zones.get_or_none(api, 21) is None
    page = FakeResponse(404, text="<html><title>Not Found</title></html>", headers={"Content-Type": "text/html"})
    api, _session = client(page)
    with pytest.raises(ApiError, match='does not show the zone is gone: an HTML page titled "Not Found"'):
        pull_zones.get_or_none(api, 21)


def test_a_search_that_finds_nothing_is_confirmed_by_the_unfiltered_listing():
    zones = [{"Id": 1, "Name": "demo"}, {"Id": 2, "Name": "site"}]
    api, session = client(dns_page([]), dns_page(zones), dns_page([]), dns_page(zones))
    assert pull_zones.find_named(api, "site")["Id"] == 2
    assert pull_zones.find(api, "DEMO")["Id"] == 1
    assert [c["params"].get("search") for c in session.calls] == ["site", None, "DEMO", None]


@pytest.mark.parametrize("answer", [FakeResponse(body=[]), FakeResponse(body={})], ids=["[]", "{}"])
def test_a_listing_of_another_shape_is_not_understood_and_decides_nothing(answer):
    api, session = client(answer)
    with pytest.raises(ApiError) as caught:
        pull_zones.find_named(api, "demo")
    assert caught.value.kind == "bad_answer" and len(session.calls) == 1
