"""Access list shapes: entries checked and canonicalised per type, the field table's three walkers."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import access_lists as shapes


@pytest.mark.parametrize(
    "list_type, given, canonical",
    [
        ("ip", ["2001:DB8::1", "192.0.2.1", "2001:db8:0::1", "192.0.2.1"], ["192.0.2.1", "2001:db8::1"]),
        ("cidr", ["10.0.0.1/24", "10.0.0.0/24", "2001:DB8::/32"], ["10.0.0.0/24", "2001:db8::/32"]),
        ("asn", ["AS13335", "as64500", 13335, " 64500 "], ["13335", "64500"]),
        ("country", ["de", "US", "De"], ["DE", "US"]),
        ("ja4", ["t13d1516h2_8daaf6152771_e5627efa2ab1"], ["t13d1516h2_8daaf6152771_e5627efa2ab1"]),
        ("organization", [" Example Org "], ["Example Org"]),
    ],
)
def test_entries_are_a_set_in_canonical_form(list_type, given, canonical):
    assert shapes.canonical_entries(list_type, given)[0] == canonical


def test_host_bits_are_normalised_with_a_note():
    entries, notes = shapes.canonical_entries("cidr", ["192.0.2.0/24", "10.0.0.1/24"])
    assert entries == ["10.0.0.0/24", "192.0.2.0/24"]
    assert notes == ["entries[1]: '10.0.0.1/24' has host bits set; it is sent as its network 10.0.0.0/24."]


GOOD = {"ip": "192.0.2.1", "cidr": "192.0.2.0/24", "asn": "1", "country": "DE"}


@pytest.mark.parametrize(
    "list_type, entry, said",
    [
        ("ip", "10.0.0.300", "entries[1]: '10.0.0.300' is not an IP address"),
        ("cidr", "10.0.0.0/33", "entries[1]: '10.0.0.0/33' is not a CIDR block"),
        ("asn", "AS4294967296", "is not an AS number"),
        ("country", "USA", "is not a two-letter country code"),
        ("ja4", "", "entries[1] is empty"),
        ("organization", "a\nb", "holds a line break"),
    ],
)
def test_a_bad_entry_is_named_with_its_index(list_type, entry, said):
    with pytest.raises(InputError) as raised:
        shapes.canonical_entries(list_type, [GOOD.get(list_type, "ok"), entry])
    assert said in str(raised.value) and raised.value.option == "entries"


def test_platform_content_is_read_as_the_same_set():
    content = "2001:DB8::1\n\n 192.0.2.1 \r\nnot an address\n192.0.2.1\n"
    assert shapes.platform_entries("ip", content) == ["192.0.2.1", "2001:db8::1", "not an address"]
    assert shapes.platform_entries("ip", None) == []


def test_views_bodies_and_what_cannot_change():
    details = {"listId": 5, "configurationId": 7, "name": "n", "type": 1, "action": 2, "isEnabled": True}
    current = shapes.list_view(details, {"id": 5, "content": "10.0.0.0/8", "description": "d"})
    assert current == {
        "name": "n",
        "description": "d",
        "type": "cidr",
        "entries": ["10.0.0.0/8"],
        "action": "block",
        "enabled": True,
    }
    params = {"name": "n", "description": None, "type": None, "action": "log", "enabled": None}
    wanted = shapes.wanted_view(current, params, ["10.0.0.0/8", "192.0.2.0/24"])
    assert shapes.bodies(current, wanted) == {
        "list": {"content": "10.0.0.0/8\n192.0.2.0/24"},
        "configuration": {"action": 4},
    }
    assert shapes.unchangeable(current, dict(wanted, type="ip", description="e")) == [
        ("description", "d", "e"),
        ("type", "cidr", "ip"),
    ]
    new = shapes.wanted_view({}, dict(params, type="ip", action="allow"), ["192.0.2.1"])
    assert shapes.bodies({}, new) == {
        "create": {"name": "n", "type": 0, "content": "192.0.2.1"},
        "configuration": {"action": 1, "isEnabled": True},
    }


def test_a_managed_list_is_shaped_read_only_with_its_categories():
    shaped = shapes.shape_list(
        3001, {"listId": 1, "name": "VPN", "type": 1, "action": 0, "category": 9, "requiredPlan": 1}, managed=True
    )
    assert (shaped["managed"], shaped["entries"], shaped["action"]) == (True, None, None)
    assert shaped["category"] == ["VPNs", "TorExitNodes"] and shaped["required_plan"] == "advanced"
