"""The hostname view of pullzone_hostname: returned shape, compared view and the prediction of a new hostname."""

from __future__ import annotations

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
