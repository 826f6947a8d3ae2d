"""inventory_hosts: host variables (an allow-list), the host name scheme, unique names and the cache's check."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes import inventory_hosts as shapes


def test_records_link_shield_zones_and_pull_zones():
    found = shapes.records(
        {
            "pull_zones": [{"Id": 1, "Name": "demo"}, {"Name": "no id"}],
            "shield_zones": [
                {"shieldZoneId": 9, "pullZoneId": 1, "planType": "2"},
                {"shieldZoneId": 8, "pullZoneId": 5},
            ],
        }
    )
    assert [(r["resource"], r["vars"]["edge_id"]) for r in found] == [
        ("pull_zones", 1),
        ("shield_zones", 9),
        ("shield_zones", 8),
    ]
    assert found[0]["vars"]["edge_shield_zone_id"] == 9
    assert found[1]["vars"]["edge_plan"] == "business" and shapes.groups_of(found[1]) == [
        "edge_shield_zones",
        "edge_shield_plan_business",
    ]
    # a shield zone whose pull zone is not visible is named by its id
    assert [shapes.default_name(r) for r in found] == ["pullzone_demo", "shield_demo", "shield_8"]
    assert shapes.listings_needed(["shield_zones"]) == ("pull_zones", "shield_zones")


def test_unique_names_and_matches():
    found = [
        {"resource": "dns_zones", "vars": {"edge_id": i, "edge_name": n}} for i, n in ((1, "a"), (2, "A"), (3, "b"))
    ]
    assert shapes.unique_names(["x", "x", "y"], found) == ["x_1", "x_2", "y"]
    assert shapes.unique_names(["x_2", "x", "x"], found) == [None, None, "x_3"]
    assert [shapes.matches(r, ["a*"]) for r in found] == [True, True, False]
    assert all(shapes.matches(r, []) for r in found)


def test_valid_records_refuses_foreign_entries():
    good = {"version": shapes.RECORDS_VERSION, "records": [{"resource": "dns_zones", "vars": {"edge_id": 1}}]}
    assert shapes.valid_records(good)
    for bad in (
        None,
        [],
        {"version": 0, "records": []},
        dict(good, records=[{"resource": "x", "vars": {"edge_id": 1}}]),
    ):
        assert not shapes.valid_records(bad)
