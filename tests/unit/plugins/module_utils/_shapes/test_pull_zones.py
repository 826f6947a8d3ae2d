"""_shapes.pull_zones: the one field table, option -> body -> readable -> compared, and origin URLs by meaning."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P


def test_the_table_round_trips_every_option():
    given = {
        "type": "standard",
        "origin_type": "storage_zone",
        "origin_url": "https://origin.example.com",
        "storage_zone_id": 5,
        "origin_host_header": "",
        "cache_expiration_time": -1,
        "blocked_countries": ["de", "DE", "fr"],
        "allowed_referrers": ["A.example"],
        "log_anonymization_type": "drop",
        "enable_geo_zone_af": False,
    }
    wanted = P.wanted_values(given)
    body = P.request_members(wanted)
    assert body["Type"] == 0 and body["OriginType"] == 2 and body["BlockedCountries"] == ["DE", "FR"]
    assert body["LogAnonymizationType"] == 1 and body["EnableGeoZoneAF"] is False
    shown = P.readable(body)
    assert shown["type"] == "premium" and shown["blocked_countries"] == ["DE", "FR"]
    assert P.wanted_view(P.wanted_values({o: v for o, v in shown.items() if v is not None})) == P.wanted_view(wanted)
    assert P.differing(body, wanted) == {}
    assert len(P.FIELDS) == len(P.OPTIONS) == len(set(P.OPTIONS))


def test_a_storage_zone_implies_its_origin_type_unless_given():
    assert P.wanted_values({"storage_zone_id": 3})["origin_type"] == "storage_zone"
    assert P.wanted_values({"storage_zone_id": 3, "origin_type": "origin_url"})["origin_type"] == "origin_url"


@pytest.mark.parametrize(
    "one, other, same",
    [
        ("https://Origin.Example.com:443/", "https://origin.example.com", True),
        ("http://origin.example.com:80/path/", "http://origin.example.com/path", True),
        ("HTTPS://origin.example.com/a?b=1", "https://origin.example.com/a?b=1", True),
        ("http://origin.example.com", "https://origin.example.com", False),
        ("https://origin.example.com:8443", "https://origin.example.com", False),
        ("https://origin.example.com/a?b=1", "https://origin.example.com/a?b=2", False),
        ("https://u:p@origin.example.com", "https://origin.example.com", False),
    ],
)
def test_origin_urls_are_compared_by_meaning(one, other, same):
    assert (P.compared_url(one) == P.compared_url(other)) is same


def test_unknown_platform_numbers_are_kept_as_numbers_with_a_warning_and_compared_as_numbers():
    unknown = []
    shown = P.readable({"OriginType": 7, "Type": 2, "LogAnonymizationType": 5}, unknown)
    assert (shown["origin_type"], shown["type"], shown["log_anonymization_type"]) == (7, 2, 5)
    assert len(unknown) == 3 and "OriginType = 7, a value this collection does not name" in " ".join(unknown)
    assert P.managed_view({"OriginType": 7}, ["origin_type"]) == {"origin_type": 7}
    # a name given is a change from an unknown number, and the number itself is never written back as a name
    assert P.differing({"OriginType": 7}, {"origin_type": "origin_url"}) == {"origin_type": "origin_url"}
    assert P.differing({"OriginType": 7}, {}) == {}
    assert P.readable({"OriginUrl": "https://u:secret@o.example"})["origin_url"] == "https://o.example"
    assert P.url_password("https://u:secret@o.example") == "secret" and P.url_password(None) is None
