"""_shapes.zones: one field table per shape drives the readable view; the certificate view of a hostname."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import zones


def test_a_table_returns_only_its_fields_in_its_order():
    fields = (("id", "Id"), ("kind", "Type", zones.PULL_ZONE_TYPES.get), ("missing", "Nope"))
    assert list(zones.shape({"Id": 1, "Type": 1, "Secret": "s"}, fields).items()) == [
        ("id", 1),
        ("kind", "volume"),
        ("missing", None),
    ]


def test_dnssec_status_nulls_what_the_platform_writes_as_unset():
    assert zones.shape_dnssec({"Enabled": True, "DsRecord": "", "Algorithm": 0, "KeyTag": 4242, "Flags": 257}) == {
        "enabled": True,
        "ds_record": None,
        "digest": None,
        "digest_type": None,
        "algorithm": None,
        "public_key": None,
        "key_tag": 4242,
        "flags": 257,
        "ds_configured": False,
    }
    assert zones.shape_dnssec({"Enabled": False})["enabled"] is False


@pytest.mark.parametrize(
    "hostname, expected",
    [
        ({"HasCertificate": False, "CertificateProvisionType": 3}, ("none", False)),
        ({"HasCertificate": True, "CertificateProvisionType": 3}, ("custom", True)),
        ({"HasCertificate": True, "CertificateProvisionType": 1}, ("http01", False)),
        ({"HasCertificate": True, "CertificateProvisionType": 9}, (9, False)),  # a type the platform added: the number
        ({"HasCertificate": True, "Certificate": "data"}, ("custom", True)),
        ({"HasCertificate": True}, ("unknown", False)),
    ],
)
def test_certificate_type_of_a_hostname(hostname, expected):
    assert zones.certificate_type_of(hostname) == expected


def test_no_certificate_view_and_what_is_compared():
    view = zones.certificate_view([], "none")
    assert view == {
        "has_certificate": False,
        "certificate_type": "none",
        "fingerprints": [],
        "subject": None,
        "issuer": None,
        "sans": [],
        "not_before": None,
        "not_after": None,
    }
    assert zones.certificate_compared(view, "www.example.com") == {
        "certificate_type": "none",
        "fingerprints": [],
        "not_after": None,
        "hostname": "www.example.com",
    }
