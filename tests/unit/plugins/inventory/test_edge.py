"""The edge.platform.edge inventory: zones as hosts (names, groups, variables), constructed features, the inventory
cache (a hit sends no request; the key never holds the API key) and failures (precise, never showing the key)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ansible.errors import AnsibleParserError
from ansible.inventory.data import InventoryData
from ansible.parsing.dataloader import DataLoader
from ansible.plugins.loader import inventory_loader
from ansible.utils.display import Display

from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT, FakeResponse

KEY = "unit-inventory-secret-key"
BASE_URL = "https://api.example.test"
PULL_ZONES = [
    {
        "Id": 11,
        "Name": "demo",
        "Type": 0,
        "Enabled": True,
        "Suspended": False,
        "OriginUrl": "https://user:origin-password@origin.example.test",
        "CnameDomain": "demo.b-cdn.net",
        "ZoneSecurityKey": "zone-token-signing-key",
        "AWSSigningSecret": "aws-signing-secret",
        "EdgeRules": [{"Guid": "a"}, {"Guid": "b"}],
        "OptimizerEnabled": True,
        "Hostnames": [
            {"Id": 1, "Value": "demo.b-cdn.net", "IsSystemHostname": True},
            {"Id": 2, "Value": "www.example.com", "IsSystemHostname": False, "CertificateKey": "private-key-pem"},
        ],
    },
    {"Id": 12, "Name": "media", "Type": 1, "Hostnames": []},
]
DNS_ZONES = [
    {"Id": 21, "Domain": "example.com", "DnsSecEnabled": True, "Records": [{"Id": 1}]},
    {"Id": 22, "Domain": "example.net", "DnsSecEnabled": False},
    {"Id": 23, "Domain": "Example.NET.", "DnsSecEnabled": False},
]
SHIELD_ZONES = [{"shieldZoneId": 31, "pullZoneId": 11, "planType": 1, "wafEnabled": True, "learningMode": False}]


def platform(calls=None, failure=None, replace=None, pull_zones=None, shield_zones=None):
    """A fake platform answering the three listings (``failure``: the answer to every request instead; ``replace``:
    path -> the answer to that listing instead)."""
    pull_zones = PULL_ZONES if pull_zones is None else pull_zones
    shield_zones = SHIELD_ZONES if shield_zones is None else shield_zones

    def answer(method, url, body, params):
        if failure is not None:
            return failure
        path = url[len(BASE_URL) :]
        if path in (replace or {}):
            return replace[path]
        if path == "/pullzone":
            return FakeResponse(body={"Items": pull_zones, "HasMoreItems": False})
        if path == "/dnszone":
            return FakeResponse(body={"Items": DNS_ZONES, "HasMoreItems": False})
        if path == "/shield/shield-zones":
            return FakeResponse(body={"data": shield_zones, "page": {"nextPage": None}})
        raise AssertionError("unexpected request %s %s" % (method, url))

    return answer


@pytest.fixture
def session(fake_session, monkeypatch):
    for name in ("EDGE_API_KEY", "BUNNYNET_API_KEY", "EDGE_BASE_URL", "BUNNYNET_API_URL", "EDGE_VALIDATE_CERTS"):
        monkeypatch.delenv(name, raising=False)
    fake_session.responses = platform()
    fake_session.closed = 0

    def close():
        fake_session.closed += 1

    fake_session.close = close
    return fake_session


@pytest.fixture
def source(tmp_path):
    """``source(**options) -> path`` of an inventory source file with the connection options and ``options``."""

    def write(name="fleet.edge.yml", **options):
        config = dict({"plugin": "edge.platform.edge", "api_key": KEY, "base_url": BASE_URL, "retries": 0}, **options)
        path = tmp_path / name
        path.write_text(json.dumps(config), encoding="utf-8")
        return str(path)

    return write


def load():
    """The plugin as ansible-inventory loads it, by its FQCN where the collection loader is installed (ansible-test);
    plain pytest (the matrix's units) has none, so there the plugin is loaded from its folder, as ``edge``."""
    plugin = inventory_loader.get("edge.platform.edge")
    if plugin is None:
        inventory_loader.add_directory(str(Path(COLLECTION_ROOT) / "plugins" / "inventory"))
        plugin = inventory_loader.get("edge")
        # the names a source's ``plugin:`` may give are those the loader resolved: add the FQCN users write
        plugin._redirected_names.append("edge.platform.edge")  # pylint: disable=protected-access
    return plugin


def parse(path, cache=True):
    """The inventory the plugin builds from ``path``, as InventoryManager drives it (the cache written after)."""
    plugin = load()
    inventory = InventoryData()
    plugin.parse(inventory, DataLoader(), path, cache=cache)
    if getattr(plugin, "_cache", None) is not None:
        plugin.update_cache_if_changed()
    return inventory


def groups(inventory):
    return {name: sorted(h.name for h in group.get_hosts()) for name, group in inventory.groups.items()}


def test_zones_become_hosts_in_groups_with_their_variables(session, source):
    inventory = parse(source())
    assert sorted(inventory.hosts) == [
        "dnszone_example.com",
        "dnszone_example.net_22",  # two zones of one domain: each keeps its id
        "dnszone_example.net_23",
        "pullzone_demo",
        "pullzone_media",
        "shield_demo",
    ]
    found = groups(inventory)
    assert found["edge_pull_zones"] == ["pullzone_demo", "pullzone_media"]
    assert found["edge_dns_zones"] == ["dnszone_example.com", "dnszone_example.net_22", "dnszone_example.net_23"]
    assert found["edge_shield_zones"] == ["shield_demo"] and found["edge_shield_plan_advanced"] == ["shield_demo"]
    assert found["edge_pullzone_type_premium"] == ["pullzone_demo"] and found["edge_pullzone_type_volume"] == [
        "pullzone_media"
    ]
    assert sorted(g.name for g in inventory.groups["edge"].child_groups) == [
        "edge_dns_zones",
        "edge_pull_zones",
        "edge_shield_zones",
    ]
    demo = inventory.get_host("pullzone_demo").vars
    assert demo["edge_id"] == 11 and demo["edge_shield_zone_id"] == 31 and demo["edge_type"] == "premium"
    assert demo["edge_hostnames"] == ["demo.b-cdn.net", "www.example.com"]
    assert demo["edge_system_hostname"] == "demo.b-cdn.net"
    assert demo["edge_origin_url"] == "https://origin.example.test"
    assert (demo["edge_rule_count"], demo["edge_optimizer_enabled"]) == (2, True)
    media = inventory.get_host("pullzone_media").vars  # an answer without them says nothing about them
    assert (media["edge_rule_count"], media["edge_optimizer_enabled"]) == (None, None)
    assert inventory.get_host("pullzone_media").vars["edge_shield_zone_id"] is None
    assert demo["ansible_connection"] == "local"
    assert demo["ansible_python_interpreter"] == "{{ ansible_playbook_python }}"
    dns = inventory.get_host("dnszone_example.net_23").vars
    assert (dns["edge_name"], dns["edge_domain"], dns["edge_dnssec_enabled"]) == ("Example.NET.", "example.net", False)
    assert inventory.get_host("dnszone_example.com").vars["edge_record_count"] == 1
    shield = inventory.get_host("shield_demo").vars
    assert (shield["edge_id"], shield["edge_pullzone_id"], shield["edge_plan"]) == (31, 11, "advanced")
    shown = json.dumps({name: host.vars for name, host in inventory.hosts.items()})
    for secret in ("origin-password", "zone-token-signing-key", "aws-signing-secret", "private-key-pem", KEY):
        assert secret not in shown
    # one request per listing through one client, sent with the key, and the session closed before any fork
    assert [c["url"] for c in session.calls] == [
        BASE_URL + p for p in ("/pullzone", "/dnszone", "/shield/shield-zones")
    ]
    assert {c["headers"]["AccessKey"] for c in session.calls} == {KEY} and session.closed == 1


def test_resources_and_name_pattern_choose_the_hosts(session, source):
    inventory = parse(source(resources=["shield_zones"], name_pattern=["DE*"]))
    # shield zones are named after their pull zones, so pull zones are listed but are no hosts; no DNS listing
    assert sorted(inventory.hosts) == ["shield_demo"]
    assert [c["url"][len(BASE_URL) :] for c in session.calls] == ["/pullzone", "/shield/shield-zones"]
    session.calls[:] = []
    inventory = parse(source(resources=["pull_zones", "dns_zones"], name_pattern=["example.net", "med?a"]))
    assert sorted(inventory.hosts) == ["dnszone_example.net_22", "dnszone_example.net_23", "pullzone_media"]
    assert "edge_shield_zone_id" not in inventory.get_host("pullzone_media").vars  # not listed: unknown, not null


def test_constructed_compose_groups_and_keyed_groups(session, source):
    inventory = parse(
        source(
            resources=["dns_zones"],
            compose={"zone_label": "edge_domain | upper"},
            groups={"signed": "edge_dnssec_enabled"},
            keyed_groups=[{"key": "edge_domain.split('.') | last", "prefix": "tld"}],
        )
    )
    assert inventory.get_host("dnszone_example.com").vars["zone_label"] == "EXAMPLE.COM"
    found = groups(inventory)
    assert found["signed"] == ["dnszone_example.com"]
    assert found["tld_com"] == ["dnszone_example.com"]
    assert found["tld_net"] == ["dnszone_example.net_22", "dnszone_example.net_23"]
    with pytest.raises(AnsibleParserError, match="Could not generate group"):
        parse(source(resources=["dns_zones"], strict=True, keyed_groups=[{"key": "no_such_variable"}]))


def test_hostname_template(session, source):
    inventory = parse(source(hostname="{{ edge_resource }}-{{ edge_domain | default(edge_name) }}"))
    assert "dns_zone-example.net_22" in inventory.hosts and "shield_zone-demo" in inventory.hosts
    with pytest.raises(AnsibleParserError, match="hostname renders empty for pull zone 11"):
        parse(source(hostname="{{ '' }}"))
    with pytest.raises(AnsibleParserError, match="include edge_resource in the template"):
        # 12 and 21 collide and become z_12 and z_21, and z_12 is the name of 11 already
        parse(
            source(
                hostname="{{ 'z' if edge_id in [12, 21] else 'z_12' if edge_id == 11 else edge_resource ~ edge_id }}"
            )
        )


def test_cache_hit_sends_no_request_and_the_key_is_hashed(session, source, tmp_path):
    cached = dict(cache=True, cache_plugin="jsonfile", cache_connection=str(tmp_path / "cache"), cache_timeout=60)
    path = source(**cached)
    first = parse(path)
    assert len(session.calls) == 3
    session.calls[:] = []
    second = parse(path)
    assert session.calls == []
    assert sorted(second.hosts) == sorted(first.hosts)
    assert second.get_host("pullzone_demo").vars["edge_shield_zone_id"] == 31
    files = list((tmp_path / "cache").iterdir())
    assert len(files) == 1 and KEY not in files[0].name and KEY not in files[0].read_text(encoding="utf-8")
    # another key (another account maybe) never reads this entry; a flushed cache (cache=False) reads again
    parse(source(**dict(cached, api_key="another-secret-key")))
    assert len(session.calls) == 3
    parse(path, cache=False)
    assert len(session.calls) == 6


@pytest.mark.parametrize(
    "answer, says",
    [
        (
            FakeResponse(401, body={"Message": "Unauthorized %s" % KEY}),
            "Listing pull zones failed with HTTP 401 Unauthorized",
        ),
        (FakeResponse(500, text="boom for key %s" % KEY), "Listing pull zones failed with HTTP 500"),
        (FakeResponse(200, text="<html>%s</html>" % KEY), "Listing pull zones failed"),
    ],
)
def test_platform_failures_are_precise_and_never_show_the_key(session, source, answer, says):
    session.responses = platform(failure=answer)
    with pytest.raises(AnsibleParserError) as caught:
        parse(source())
    message = str(caught.value)
    assert message.startswith("edge.platform.edge inventory: ") and says in message
    assert KEY not in message and caught.value.__cause__ is None


NOT_UNDERSTOOD = {
    "an empty object": lambda: FakeResponse(body={}),
    "an empty array": lambda: FakeResponse(body=[]),
    "an HTML page": lambda: FakeResponse(
        text="<!DOCTYPE html><html><head><title>Sign in</title></head><body>%s</body></html>" % KEY,
        headers={"Content-Type": "text/html"},
    ),
    "an empty body": lambda: FakeResponse(text=""),
}
LISTINGS = {"/pullzone": "pull zones", "/dnszone": "DNS zones", "/shield/shield-zones": "shield zones"}


@pytest.mark.parametrize("path", sorted(LISTINGS))
@pytest.mark.parametrize("answer", sorted(NOT_UNDERSTOOD))
def test_a_listing_not_understood_fails_the_source_and_never_empties_it(session, source, path, answer):
    session.responses = platform(replace={path: NOT_UNDERSTOOD[answer]()})
    with pytest.raises(AnsibleParserError) as caught:
        parse(source())
    message = str(caught.value)
    assert message.startswith("edge.platform.edge inventory: Listing %s failed with HTTP 200" % LISTINGS[path])
    assert "this operation returns, so it was not understood" in message and KEY not in message
    assert "Sign in" in message if answer == "an HTML page" else "<html" not in message


def test_a_listing_not_understood_keeps_the_cache_as_it_was(session, source, tmp_path):
    path = source(cache=True, cache_plugin="jsonfile", cache_connection=str(tmp_path / "cache"), cache_timeout=60)
    first = parse(path)
    entry = [f.read_text(encoding="utf-8") for f in (tmp_path / "cache").iterdir()]
    # a refresh (--flush-cache, meta: refresh_inventory) meets a portal's page: it fails, saying why
    session.responses = platform(replace={"/shield/shield-zones": NOT_UNDERSTOOD["an empty object"]()})
    with pytest.raises(AnsibleParserError, match="Listing shield zones failed .* was not understood"):
        parse(path, cache=False)
    assert [f.read_text(encoding="utf-8") for f in (tmp_path / "cache").iterdir()] == entry
    session.calls[:] = []
    kept = parse(path)
    assert session.calls == [] and sorted(kept.hosts) == sorted(first.hosts)
    assert groups(kept)["edge_shield_zones"] == ["shield_demo"]


def test_a_type_or_plan_the_collection_cannot_name_is_the_number_with_a_warning_and_no_group(
    session, source, monkeypatch
):
    heard = []
    monkeypatch.setattr(Display, "warning", lambda self, msg, *args, **kwargs: heard.append(msg))
    pulls = [dict(PULL_ZONES[0], Type=7), PULL_ZONES[1]]
    shields = [dict(SHIELD_ZONES[0], planType=9)]
    session.responses = platform(pull_zones=pulls, shield_zones=shields)
    inventory = parse(source())
    assert inventory.get_host("pullzone_demo").vars["edge_type"] == 7
    assert inventory.get_host("shield_demo").vars["edge_plan"] == 9
    found = groups(inventory)
    assert found["edge_pullzone_type_volume"] == ["pullzone_media"] and "edge_pullzone_type_7" not in found
    assert found["edge_shield_zones"] == ["shield_demo"] and not [g for g in found if g.startswith("edge_shield_plan")]
    assert heard == [
        "The platform answered the Type of pull zone 11 = 7, a value this collection does not name (the platform may "
        "have added it since): it is returned as the number and left as it is.",
        "The platform answered the planType of shield zone 31 = 9, a value this collection does not name (the platform "
        "may have added it since): it is returned as the number and left as it is.",
    ]


@pytest.mark.parametrize(
    "options, says",
    [
        ({"api_key": None}, "api_key is required: set api_key (or its alias access_key), or the EDGE_API_KEY or"),
        ({"api_key": "two words %s" % KEY}, "api_key contains spaces"),
        ({"base_url": "https://api.example.test/v1?token=%s" % KEY}, "base_url must be the API root"),
        ({"timeout": 0}, "timeout must be a number of seconds"),
    ],
)
def test_bad_options_fail_before_any_request_naming_the_option(session, source, options, says):
    config = {k: v for k, v in options.items() if v is not None}
    path = source(**config)
    if options.get("api_key", "") is None:
        text = json.loads(open(path, encoding="utf-8").read())
        text.pop("api_key")
        open(path, "w", encoding="utf-8").write(json.dumps(text))
    with pytest.raises(AnsibleParserError) as caught:
        parse(path)
    assert says in str(caught.value) and KEY not in str(caught.value)
    assert session.calls == []


def test_connection_from_the_environment_and_file_names(session, tmp_path, monkeypatch):
    monkeypatch.setenv("BUNNYNET_API_KEY", KEY)
    monkeypatch.setenv("EDGE_BASE_URL", BASE_URL)
    path = tmp_path / "prod.edge.yaml"
    path.write_text("plugin: edge.platform.edge\nresources: [dns_zones]\n", encoding="utf-8")
    assert len(parse(str(path)).hosts) == 3 and session.calls[0]["headers"]["AccessKey"] == KEY
    plugin = load()
    (tmp_path / "edge.yml").write_text("", encoding="utf-8")
    (tmp_path / "hosts.yml").write_text("", encoding="utf-8")
    assert plugin.verify_file(str(path)) and plugin.verify_file(str(tmp_path / "edge.yml"))
    assert not plugin.verify_file(str(tmp_path / "hosts.yml"))


def test_without_base_url_the_platform_root_is_read(session, tmp_path):
    path = tmp_path / "fleet.edge.yml"
    path.write_text(json.dumps({"plugin": "edge.platform.edge", "api_key": KEY, "retries": 0}), encoding="utf-8")
    answer = platform()
    session.responses = lambda method, url, body, params: answer(
        method, url.replace("https://api.bunny.net", BASE_URL, 1), body, params
    )
    assert len(parse(str(path)).hosts) > 0
    assert session.calls and all(c["url"].startswith("https://api.bunny.net/") for c in session.calls)


def test_an_empty_base_url_variable_never_means_the_platform(session, source, monkeypatch):
    monkeypatch.setenv("EDGE_BASE_URL", "")
    path = source()
    config = json.loads(open(path, encoding="utf-8").read())
    config.pop("base_url")
    open(path, "w", encoding="utf-8").write(json.dumps(config))
    with pytest.raises(AnsibleParserError) as caught:
        parse(path)
    assert "the EDGE_BASE_URL environment variable is set but empty" in str(caught.value)
    assert session.calls == []
