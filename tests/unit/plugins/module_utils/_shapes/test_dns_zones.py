"""_shapes.dns_zones: one field table drives the options, the update body, the readable zone and the comparison."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_zones as S

MODEL = dict(
    S.CREATE_DEFAULTS,
    Id=7,
    Domain="example.io",
    Records=[{}, {}],
    DateCreated="2026-05-14T20:16:32",
    DateModified="2026-05-14T20:16:32",
    LogAnonymizationType=1,
    Secret="never returned",
)


def test_the_readable_zone_is_every_row_and_nothing_else():
    shaped = S.shape_dns_zone(MODEL)
    assert list(shaped) == [field.option for field in S.FIELDS]
    assert (shaped["record_count"], shaped["log_anonymization_type"], shaped["certificate_key_type"]) == (
        2,
        "drop",
        "ecdsa",
    )
    assert shaped["dnssec_enabled"] is False and "Secret" not in str(shaped)
    warnings = []
    unknown = S.shape_dns_zone({"Id": 1, "LogAnonymizationType": 9, "CertificateKeyType": 4}, warnings.append)
    # enums that grow: the number itself, a warning each, compared as the number (no false change)
    assert (unknown["log_anonymization_type"], unknown["certificate_key_type"]) == (9, 4)
    assert [w.split(",")[0] for w in warnings] == [
        "The platform answered LogAnonymizationType = 9",
        "The platform answered CertificateKeyType = 4",
    ]
    assert S.differing({"LogAnonymizationType": 9}, {}) == {}
    assert S.differing({"LogAnonymizationType": 9}, {"log_anonymization_type": "drop"}) == {
        "log_anonymization_type": "drop"
    }
    assert S.shape_dns_zone({"Id": 1, "LoggingEnabled": "yes"})["logging_enabled"] is None
    assert S.shape_dns_zone(None)["record_count"] is None


def test_options_become_the_update_members_with_numbers_for_names():
    wanted = S.wanted_values(
        {"log_anonymization_type": "drop", "certificate_key_type": "rsa", "nameserver1": " ns1.x. "}
    )
    assert S.request_members(wanted) == {"LogAnonymizationType": 1, "CertificateKeyType": 1, "Nameserver1": "ns1.x."}


def test_info_output_written_back_is_no_change():
    readable = S.shape_dns_zone(MODEL)
    wanted = S.wanted_values({name: readable[name] for name in S.OPTIONS})
    assert S.differing(MODEL, wanted) == {}


@pytest.mark.parametrize(
    "given, differs",
    [
        ({"nameserver1": "KIKI.bunny.net."}, False),
        ({"soa_email": "HostMaster@Bunny.net"}, False),
        ({"soa_email": "dns@example.io"}, True),
        ({"log_anonymization_type": "one_digit"}, True),
        ({"logging_ip_anonymization_enabled": True}, False),
    ],
)
def test_comparison_follows_the_platforms_normalisation(given, differs):
    assert bool(S.differing(MODEL, S.wanted_values(given))) is differs


def test_an_unknown_number_differs_from_every_name():
    assert S.differing(dict(MODEL, CertificateKeyType=5), {"certificate_key_type": "ecdsa"})


@pytest.mark.parametrize(
    "params, option",
    [({"soa_email": "a@b\nc"}, "soa_email"), ({"log_anonymization_type": "half"}, "log_anonymization_type")],
)
def test_bad_settings_fail_naming_the_option(params, option):
    with pytest.raises(InputError) as failed:
        S.wanted_values(params)
    assert failed.value.option == option and option in str(failed.value)


@pytest.mark.parametrize("domain", ["", "  ", "exa mple.com", "example.com\n"])
def test_a_domain_must_be_one_word(domain):
    with pytest.raises(InputError, match="domain"):
        S.check_domain(domain)
    assert S.check_domain(" Example.io. ") == "Example.io"


def test_a_predicted_zone_has_the_documented_defaults_and_the_settings_given():
    zone = S.shape_dns_zone(S.predicted_zone("example.io", {"SoaEmail": "dns@example.io"}))
    assert (zone["id"], zone["nameserver1"], zone["soa_email"], zone["record_count"]) == (
        None,
        "kiki.bunny.net",
        "dns@example.io",
        0,
    )
    assert zone["logging_ip_anonymization_enabled"] is True
