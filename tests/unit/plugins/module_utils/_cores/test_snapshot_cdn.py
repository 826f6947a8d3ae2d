# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The snapshot's certificates, optimizer classes and DNSSEC without a platform: a custom certificate as its leaf's
fingerprint and the paths of files the user fills (never the key), a free one asked for again, classes in the
module's form by name, DNSSEC as its state only; and pullzone_certificate keeping a certificate by its fingerprint."""

from __future__ import annotations

import base64

import pytest

from ansible_collections.edge.platform.plugins.module_utils._certificates import x509
from ansible_collections.edge.platform.plugins.module_utils._cores import certificate_kept as kept
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_dns_zones as dns
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_kit as kit
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_pull_zones as pz
from ansible_collections.edge.platform.plugins.module_utils._cores.certificates import State
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import certificate_view
from ansible_collections.edge.platform.tests.unit import certgen


def reading():
    return kit.Reading(None, [], [], 1)


def platform_text(text):
    """A text as the platform returns a hostname's certificate or key: Base64Url, unpadded."""
    return base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")


@pytest.fixture(scope="module")
def bundle():
    """``(chain PEM, key PEM, leaf fingerprint)`` of a leaf signed by an intermediate."""
    leaf, leaf_key, mid, _root = certgen.chain(hostname="cdn.example.com", prefix="snapshot")
    return certgen.cert_pem(leaf, mid), certgen.key_pem(leaf_key), x509.fingerprint(certgen.cert_der(leaf))


def hostname(value, **members):
    return dict({"Value": value, "ForceSSL": False, "IsSystemHostname": False, "HasCertificate": False}, **members)


def zone(*hostnames, **members):
    system = hostname("shop.b-cdn.net", IsSystemHostname=True, HasCertificate=True, CertificateProvisionType=0)
    return dict({"Id": 7, "Name": "shop", "Hostnames": [system] + list(hostnames), "EdgeRules": []}, **members)


def test_custom_certificate_is_its_fingerprint_and_file_paths_never_the_key(bundle):
    chain, key, leaf = bundle
    custom = hostname(
        "CDN.example.com",
        HasCertificate=True,
        CertificateProvisionType=3,
        Certificate=platform_text(chain),
        CertificateKey=platform_text(key),
    )
    read = reading()
    item = pz.pull_zone_item(zone(custom), read)
    assert item["certificates"] == [
        {
            "hostname": "CDN.example.com",
            "fingerprint": leaf,
            "certificate_src": "certificates/cdn.example.com.pem",
            "certificate_key_src": "certificates/cdn.example.com.key",
        }
    ]
    assert item["hostnames"] == [{"hostname": "CDN.example.com", "force_ssl": False}]
    assert platform_text(key) in read.secrets and read.skipped == []
    body = "".join(line for line in key.splitlines() if "-----" not in line)
    assert body[:40] not in repr(item) and platform_text(key)[:40] not in repr(item)


def test_free_certificate_asked_for_and_others_said_skipped(bundle):
    free = hostname("www.example.com", HasCertificate=True, CertificateProvisionType=1, ForceSSL=True)
    wildcard = hostname("api.example.com", HasCertificate=True, CertificateProvisionType=2)
    unreturned = hostname("img.example.com", HasCertificate=True, CertificateProvisionType=3)
    unreadable = hostname(
        "js.example.com", HasCertificate=True, CertificateProvisionType=3, Certificate="bm90IGEgY2VydA"
    )
    read = reading()
    item = pz.pull_zone_item(zone(free, wildcard, unreturned, unreadable), read)
    assert item["hostnames"] == [
        {"hostname": "api.example.com", "force_ssl": False},
        {"hostname": "img.example.com", "force_ssl": False},
        {"hostname": "js.example.com", "force_ssl": False},
        {"hostname": "www.example.com", "force_ssl": True, "free_certificate": True},
    ]
    assert item["certificates"] == []
    assert [s["what"] for s in read.skipped] == [
        "certificate of api.example.com",
        "certificate of img.example.com",
        "certificate of js.example.com",
    ]
    assert "dns01" in read.skipped[0]["why"] and "did not return it" in read.skipped[1]["why"]


def test_a_zone_is_read_with_certificates_only_when_a_hostname_holds_an_unreturned_custom_one(bundle):
    listed = zone(hostname("a.example.com", HasCertificate=True, CertificateProvisionType=3), OptimizerClasses=None)
    assert pz.holds_custom_certificate(listed)
    carried = zone(hostname("a.example.com", HasCertificate=True, CertificateProvisionType=3, Certificate=bundle[0]))
    assert not pz.holds_custom_certificate(carried)
    assert not pz.holds_custom_certificate(
        zone(hostname("b.example.com", HasCertificate=True, CertificateProvisionType=1))
    )


def test_optimizer_classes_in_the_module_form_sorted_by_name():
    classes = [
        {"Name": "thumb", "Properties": {"width": "200", "quality": "075", "custom": "x"}},
        {"Name": "hero", "Properties": {"width": "1600", "sharpen": "true", "crop_gravity": "north"}},
    ]
    read = reading()
    item = pz.pull_zone_item(zone(OptimizerClasses=classes), read)
    assert item["optimizer_classes"] == [
        {"name": "hero", "width": 1600, "sharpen": True, "crop_gravity": "north"},
        {"name": "thumb", "width": 200, "other_properties": {"quality": "075", "custom": "x"}},
    ]
    assert len(read.unknown) == 1 and "quality" in read.unknown[0]  # a text its option cannot read: kept as it is


def test_optimizer_classes_not_named_each_by_their_own_name_are_skipped():
    read = reading()
    item = pz.pull_zone_item(zone(OptimizerClasses=[{"Name": "a"}, {"Name": "a"}, {"Name": ""}]), read)
    assert item["optimizer_classes"] == []
    assert [(s["what"], s["why"]) for s in read.skipped] == [
        ("optimizer_classes", "classes are found by name, and these are empty or repeated: '', 'a'")
    ]


@pytest.mark.parametrize("enabled, state", [(True, "enabled"), (False, "disabled"), (None, "disabled")])
def test_dnssec_is_its_state_only(enabled, state):
    model = {"Id": 5, "Domain": "example.com", "DnsSecEnabled": enabled, "Records": []}
    item = dns.dns_zone_item(model, [], reading())
    assert item["dnssec"] == {"state": state}
    assert "dnssec_enabled" not in item["settings"]


@pytest.mark.parametrize(
    "given", ["ab" * 32, ":".join(["Ab"] * 32), " ".join(["AB"] * 32)], ids=["bare", "colons", "spaces"]
)
def test_fingerprint_written_any_way_is_one(given):
    assert kept.normal_fingerprint(given) == ":".join(["AB"] * 32)


@pytest.mark.parametrize("given", ["AB" * 31, "ZZ" * 32, "sha256:" + "AB" * 32])
def test_a_fingerprint_that_is_none_names_the_option(given):
    with pytest.raises(InputError, match="^fingerprint must be") as raised:
        kept.normal_fingerprint(given)
    assert raised.value.option == "fingerprint"


def state(fingerprints, source="api", custom=True, reason=None):
    view = certificate_view([], "custom" if custom else "none")
    view["fingerprints"] = list(fingerprints)
    return State("demo", "cdn.example.com", view, custom, source, reason)


@pytest.mark.parametrize("source", ["api", "tls"])
def test_kept_is_no_change_when_the_leaf_is_held(bundle, source):
    change = kept.kept(state([bundle[2], "00:11"], source), kept.Kept(bundle[2]))
    assert change.changed is False and change.apply is None


@pytest.mark.parametrize(
    "held, expected",
    [
        (state(["00:11"]), "holds the custom certificate 00:11, not"),
        (state([], custom=False), "holds no custom certificate, not"),
        (state([], "unknown", reason="tls_probe is off"), "could not compare (tls_probe is off)"),
    ],
    ids=["another", "none", "unknown"],
)
def test_kept_fails_naming_the_files_when_the_leaf_is_not_held(bundle, held, expected):
    with pytest.raises(InputError, match="certificate_src and certificate_key_src") as raised:
        kept.kept(held, kept.Kept(bundle[2]))
    assert expected in str(raised.value) and raised.value.option == "fingerprint"


def test_a_hostname_not_there_holds_nothing_to_keep(bundle):
    with pytest.raises(InputError, match="^hostname x is not on pull zone 7, so it does not hold"):
        kept.for_prediction(kept.Kept(bundle[2]), "hostname x is not on pull zone 7")
    assert kept.for_prediction(None, "anything") is None
