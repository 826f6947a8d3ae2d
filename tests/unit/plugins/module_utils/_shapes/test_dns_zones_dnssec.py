"""_shapes.dns_zones, its DNSSEC block: the status dnszone_dnssec returns."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_zones import shape_dnssec


def test_dnssec_status_nulls_what_the_platform_writes_as_unset():
    assert shape_dnssec({"Enabled": True, "DsRecord": "", "Algorithm": 0, "KeyTag": 4242, "Flags": 257}) == {
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
    assert shape_dnssec({"Enabled": False})["enabled"] is False
