"""pull_zones: the zone by name, the read by id (with certificates on request) and the certificate writes."""

from __future__ import annotations

import base64

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client, dns_page


def test_pull_zone_by_name_reads_the_paged_object_and_a_plain_array():
    zones = [{"Id": 1, "Name": "demo"}, {"Id": 2, "Name": "demo-staging"}]
    api, session = client(dns_page(zones), FakeResponse(body=zones))
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
