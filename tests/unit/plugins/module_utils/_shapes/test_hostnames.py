"""The hostname view of pullzone_hostname: returned shape, compared view and the prediction of a new hostname; the
certificate view of a hostname."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import hostnames
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import compared, predicted, shape_hostname


def test_shapes_of_a_new_and_a_certified_hostname():
    new = predicted("cdn.example.com", ForceSSL=True)
    assert shape_hostname(new) == {
        "id": None,
        "name": "cdn.example.com",
        "force_ssl": True,
        "is_system": False,
        "is_managed": False,
        "has_certificate": False,
        "certificate_key_type": None,
        "certificate_type": "none",
    }
    issued = dict(new, Id=5, HasCertificate=True, CertificateProvisionType=1, CertificateKeyType=1, CertificateKey="k")
    assert shape_hostname(issued)["certificate_type"] == "http01"
    assert "k" not in shape_hostname(issued).values() and shape_hostname(None) is None
    assert compared("cdn.example.com", None) == {"hostname": "cdn.example.com", "present": False}
    assert compared("cdn.example.com", issued) == {
        "hostname": "cdn.example.com",
        "present": True,
        "force_ssl": True,
        "has_certificate": True,
    }


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
    assert hostnames.certificate_type_of(hostname) == expected


def test_no_certificate_view_and_what_is_compared():
    view = hostnames.certificate_view([], "none")
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
    assert hostnames.certificate_compared(view, "www.example.com") == {
        "certificate_type": "none",
        "fingerprints": [],
        "not_after": None,
        "hostname": "www.example.com",
    }
