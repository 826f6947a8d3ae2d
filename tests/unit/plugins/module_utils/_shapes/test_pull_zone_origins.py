"""A pull zone's origins: a script given by name becomes the id option it stands for, and the URL the platform stores
for a script or container origin, given back as pullzone_info returns it, is taken."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zone_origins as origins


def test_a_script_origin_by_name_is_its_id_and_implies_the_type():
    assert origins.with_script({}, "origin_edge_script", 3001) == {"edge_script_id": 3001, "origin_type": "edge_script"}
    given = {"origin_type": "edge_script", "cache_expiration_time": 60}
    assert origins.with_script(given, "origin_edge_script", 3001) == dict(given, edge_script_id=3001)


def test_a_middleware_script_by_name_is_its_id_and_leaves_the_origin_alone():
    assert origins.with_script({"origin_url": "https://o.example.com"}, "middleware_script", 7) == {
        "origin_url": "https://o.example.com",
        "middleware_script_id": 7,
    }
    assert origins.with_script({}, "middleware_script", 0) == {"middleware_script_id": 0}  # "": detached


@pytest.mark.parametrize(
    "wanted, option, words",
    [
        ({"edge_script_id": 4}, "origin_edge_script", "Give origin_edge_script or edge_script_id, not both."),
        ({"middleware_script_id": 4}, "middleware_script", "Give middleware_script or middleware_script_id, not both."),
        ({"origin_url": "https://o.example.com"}, "origin_edge_script", "origin_url cannot be set"),
    ],
)
def test_a_script_by_name_with_what_contradicts_it_fails_naming_the_option(wanted, option, words):
    with pytest.raises(InputError, match=words) as caught:
        origins.with_script(wanted, option, 3001)
    assert caught.value.option in (option, "origin_url")


@pytest.mark.parametrize("url", ["https://bunnycdn.com", "https://BunnyCDN.com/", " https://bunnycdn.com "])
def test_the_url_the_platform_stores_for_a_script_origin_given_back_is_taken(url):
    origins.check_url("edge_script", {"origin_url": url})  # pullzone_info's output written back


def test_another_url_for_a_script_or_container_origin_is_refused():
    for kind, url in (("edge_script", "https://bunny.net"), ("magic_containers", "https://bunnycdn.com")):
        with pytest.raises(InputError, match="origin_url cannot be set for an origin of type %s" % kind):
            origins.check_url(kind, {"origin_url": url})
