"""Check mode knows what it predicted (issue 29, item 4): plays of several tasks under --check against the emulator.

On the in-process host, with the run's check-mode ledger (``plugins/module_utils/_engine/ledger.py``):

- a site built from nothing (pull zone, hostname, certificate, shield zone and its rules and list, DNS zone and
  records, DNSSEC, database and a token) passes: every task that needs what an earlier one only predicted stands in
  for it, reports the change, sends no write, and its result holds every documented return key;
- the same dependent tasks with nothing predicted, or with a misspelled name, fail exactly as the real run fails;
- an endpoint of an uploaded document, a table of a predicted CREATE, a hostname predicted on an existing pull zone and
  the DNS zone of a wildcard certificate: predicted ones stand in, misspelled ones fail as in the real run.

On the module path (no ledger) every such task stands in with the warning it always gave.
"""

from __future__ import annotations

import pytest
import yaml

from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import Ledger
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.emulated import shown_secrets
from ansible_collections.edge.platform.tests.unit.matrix_cases import LOGIN_LIMIT, PET_STORE, WAF_CONFIGURATION
from ansible_collections.edge.platform.tests.unit.test_bad_option_types import module_named

ZONE = "ledger-site"
DOMAIN = "ledger.example"
HOSTNAME = "cdn.ledger.example"
STOOD_IN = "an earlier task of this run predicted creating it"
MODULE_PATH_WARNING = "An earlier task may only have been predicted under --check"
ORDERS = (
    PET_STORE
    + """  /orders:
    post:
      responses: {'201': {description: The order}}
"""
)


def certificate():
    leaf, leaf_key, mid, _root = certgen.chain("ec", hostname=HOSTNAME, prefix="ledger")
    return certgen.cert_pem(leaf, mid), certgen.key_pem(leaf_key)


def creators():
    """The tasks that predict creating what the later ones need (in play order with them: see :func:`site`)."""
    return {
        "pullzone": dict(name=ZONE, origin_url="https://origin.ledger.example"),
        "shield_zone": dict(pullzone_name=ZONE, waf_enabled=True),
        "dnszone": dict(domain=DOMAIN),
        "database": dict(name="ledger-db", primary_regions=["DE"]),
    }


def dependents(chain, key, zone=ZONE, domain=DOMAIN):
    """The tasks that need them, as ``(module, args)``; ``zone``/``domain``: the names they are given."""
    return [
        ("pullzone_hostname", dict(pullzone_name=zone, hostname=HOSTNAME, force_ssl=True, free_certificate=True)),
        (
            "pullzone_certificate",
            dict(pullzone_name=zone, hostname=HOSTNAME, certificate=chain, certificate_key=key),
        ),
        ("waf_rule", dict(pullzone_name=zone, rule_name="block admin", rule_configuration=WAF_CONFIGURATION)),
        ("rate_limit_rule", dict(pullzone_name=zone, rule_name="login attempts", **LOGIN_LIMIT)),
        (
            "access_list",
            dict(pullzone_name=zone, name="office", type="cidr", entries=["203.0.113.0/24"], action="allow"),
        ),
        (
            "dns_records",
            dict(zone_domain=domain, records=[{"type": "PullZone", "name": "cdn", "pullzone_name": zone}]),
        ),
        ("dns_record", dict(zone_domain=domain, type="PullZone", name="www", pullzone_name=zone)),
        ("dnszone_dnssec", dict(zone_domain=domain, state="enabled")),
        ("database_token", dict(database_id=None, authorization="read_only")),
    ]


def site(chain, key):
    """The site play from nothing, in order: each creator before what needs it."""
    made = creators()
    tasks = dependents(chain, key)
    return (
        [("pullzone", made["pullzone"])]
        + tasks[:2]
        + [("shield_zone", made["shield_zone"])]
        + tasks[2:5]
        + [("dnszone", made["dnszone"])]
        + tasks[5:8]
        + [("database", made["database"])]
        + tasks[8:]
    )


@pytest.fixture
def emulated(emulated_demo):
    return emulated_demo


def writes(emulated):
    return [(e["method"], e["path"]) for e in emulated.log() if e["method"] not in ("GET", "HEAD")]


def documented_gaps(name, result):
    """The documented return keys ``result`` lacks: every top-level key returned ``always`` or on ``success``, and
    every key a returned dict (or each dict of a returned list) is documented to contain."""
    gaps = []

    def walk(spec, value, where, top):
        for key, entry in spec.items():
            if entry.get("returned", "always") not in ("always", "success") or (top and key == "api_error"):
                continue
            if not isinstance(value, dict) or key not in value:
                gaps.append(where + key)
                continue
            inner, contains = value[key], entry.get("contains")
            for item in inner if isinstance(inner, list) else [inner]:
                if contains and isinstance(item, dict):
                    walk(contains, item, "%s%s." % (where, key), False)

    walk(yaml.safe_load(module_named(name).RETURN), result, "", True)
    return sorted(set(gaps))


def run(emulated, name, args, host="in-process", check=True, ledger=None):
    result, shown = emulated.run(name, emulated.arguments(name, args), host, check=check, ledger=ledger)
    assert shown_secrets(shown) == [], (name, shown_secrets(shown))
    return result


def test_a_site_from_nothing_passes_check_mode_with_every_documented_key_and_no_write(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    chain, key = certificate()
    for name, args in site(chain, key):
        result = run(emulated, name, args, ledger=ledger)
        assert not result.get("failed") and result["changed"] is True, (name, result)
        assert documented_gaps(name, result) == [], (name, result)
        if name not in creators():
            assert any(STOOD_IN in str(w) for w in result.get("warnings", ())), (name, result)
    assert writes(emulated) == []


def test_the_stand_ins_hold_what_the_tasks_set(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    chain, key = certificate()
    results = {name: run(emulated, name, args, ledger=ledger) for name, args in site(chain, key)}
    hostname = results["pullzone_hostname"]["hostname"]
    assert (hostname["name"], hostname["force_ssl"], hostname["has_certificate"]) == (HOSTNAME, True, True)
    assert results["pullzone_hostname"]["pull_zone"] == {"id": None, "name": ZONE}
    certificate_result = results["pullzone_certificate"]
    assert certificate_result["certificate_type"] == "custom" and len(certificate_result["fingerprints"]) == 2
    assert certificate_result["pull_zone"] == {"id": None, "name": ZONE}
    access = results["access_list"]["access_list"]
    assert access["id"] is None and access["entries"] == ["203.0.113.0/24"] and access["entry_count"] == 1
    assert results["database_token"]["database_id"] is None and "token" not in results["database_token"]
    assert results["dns_records"]["dns_records"][0]["pullzone_name"] == ZONE


@pytest.mark.parametrize("host", ["in-process", "module"])
def test_with_nothing_predicted_each_task_fails_under_check_as_the_real_run_fails(emulated, tmp_path, host):
    chain, key = certificate()
    for name, args in dependents(chain, key):
        real = run(emulated, name, args, host=host, check=False)
        assert real.get("failed") is True, (name, real)
        if host == "in-process":
            checked = run(emulated, name, args, check=True, ledger=Ledger(str(tmp_path / "empty")))
            assert checked.get("failed") is True and checked["msg"] == real["msg"], (name, checked, real)
            assert checked.get("changed") is not True
        else:  # the module path cannot see earlier tasks: it stands in, with the warning it always gave
            checked = run(emulated, name, args, host="module", check=True)
            assert not checked.get("failed") and checked["changed"] is True, (name, checked)
            assert any(MODULE_PATH_WARNING in str(w) for w in checked["warnings"]), (name, checked)
    assert writes(emulated) == []


def test_misspelled_names_fail_under_check_as_the_real_run_fails_though_the_right_ones_were_predicted(
    emulated, tmp_path
):
    ledger = Ledger(str(tmp_path / "ledger"))
    for name, args in creators().items():
        assert run(emulated, name, args, ledger=ledger)["changed"] is True
    chain, key = certificate()
    for name, args in dependents(chain, key, zone="ledger-sight", domain="ledgr.example")[:-1]:  # not the token: its
        # database has no name to misspell (a null id stands in while any database was predicted)
        checked = run(emulated, name, args, ledger=ledger)
        real = run(emulated, name, args, check=False)
        assert checked.get("failed") is True and checked["msg"] == real["msg"], (name, checked, real)
    assert writes(emulated) == []


def test_a_record_pointing_at_a_misspelled_pull_zone_fails_though_its_dns_zone_was_predicted(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    run(emulated, "pullzone", creators()["pullzone"], ledger=ledger)
    run(emulated, "dnszone", creators()["dnszone"], ledger=ledger)
    records = [{"type": "PullZone", "name": "cdn", "pullzone_name": "ledger-sight"}]
    result = run(emulated, "dns_records", dict(zone_domain=DOMAIN, records=records), ledger=ledger)
    assert result.get("failed") is True and "ledger-sight" in result["msg"]
    result = run(
        emulated,
        "dns_record",
        dict(zone_domain=DOMAIN, type="PullZone", name="cdn", pullzone_name="ledger-sight"),
        ledger=ledger,
    )
    assert result.get("failed") is True and "ledger-sight" in result["msg"]


def test_an_endpoint_of_a_predicted_upload_stands_in_and_a_misspelled_one_fails_as_in_a_real_run(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    upload = run(emulated, "api_guardian_spec", dict(shield_zone_id=3004, content=ORDERS, cache=False), ledger=ledger)
    assert upload["changed"] is True
    endpoint = dict(shield_zone_id=3004, method="post", path="/orders", enabled=True, detect_xss=True)
    result = run(emulated, "api_guardian_endpoint", endpoint, ledger=ledger)
    assert result["changed"] is True and not result.get("failed")
    assert documented_gaps("api_guardian_endpoint", result) == []
    assert (result["endpoint"]["method"], result["endpoint"]["detect_xss"]) == ("POST", True)
    wrong = dict(endpoint, path="/order")
    checked, real = (
        run(emulated, "api_guardian_endpoint", wrong, ledger=ledger),
        run(emulated, "api_guardian_endpoint", wrong, check=False),
    )
    assert checked.get("failed") is True and checked["msg"] == real["msg"] and "POST /order " in real["msg"]
    assert writes(emulated) == []


def test_a_table_a_predicted_create_makes_stands_in_and_another_fails_as_in_a_real_run(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    create = dict(statements=["CREATE TABLE IF NOT EXISTS ledger_visits (path TEXT PRIMARY KEY)"])
    assert run(emulated, "database_query", create, ledger=ledger)["changed"] is True
    result = run(emulated, "database_query", dict(sql='SELECT path FROM "Ledger_Visits"'), ledger=ledger)
    assert not result.get("failed") and result["changed"] is False and result["results"] == []
    wrong = dict(sql="SELECT path FROM ledger_visit")
    checked, real = (
        run(emulated, "database_query", wrong, ledger=ledger),
        run(emulated, "database_query", wrong, check=False),
    )
    # the same failure; only the aftermath differs (check mode rolls back whatever ran)
    assert checked.get("failed") is True and checked["api_error"] == real["api_error"]
    assert "no such table: ledger_visit" in real["msg"] and "Check mode: everything was rolled back" in checked["msg"]


def test_a_hostname_predicted_on_an_existing_pull_zone_takes_its_certificate_and_a_misspelled_one_fails(
    emulated, tmp_path
):
    ledger = Ledger(str(tmp_path / "ledger"))
    chain, key = certificate()
    run(emulated, "pullzone_hostname", dict(pullzone_id=2001, hostname=HOSTNAME), ledger=ledger)
    install = dict(pullzone_id=2001, hostname=HOSTNAME, certificate=chain, certificate_key=key)
    result = run(emulated, "pullzone_certificate", install, ledger=ledger)
    assert result["changed"] is True and documented_gaps("pullzone_certificate", result) == []
    assert result["pull_zone"]["id"] == 2001 and result["certificate_source"] == "unknown"
    wrong = dict(install, pullzone_id=2002)  # the hostname was predicted on zone 2001, not 2002
    checked, real = (
        run(emulated, "pullzone_certificate", wrong, ledger=ledger),
        run(emulated, "pullzone_certificate", wrong, check=False),
    )
    assert checked.get("failed") is True and checked["msg"] == real["msg"]
    assert writes(emulated) == []


def test_a_wildcard_certificate_through_a_predicted_dns_zone_stands_in_and_one_without_fails(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    run(emulated, "dnszone", dict(domain=DOMAIN), ledger=ledger)
    wildcard = dict(pullzone_id=2001, hostname="img.cdn." + DOMAIN, wildcard_certificate=True)
    result = run(emulated, "pullzone_hostname", wildcard, ledger=ledger)
    assert result["changed"] is True and not result.get("failed")
    assert any("a DNS zone holding cdn.%s" % DOMAIN in str(w) for w in result["warnings"])
    wrong = dict(wildcard, hostname="img.cdn.ledgr.example")
    checked, real = (
        run(emulated, "pullzone_hostname", wrong, ledger=ledger),
        run(emulated, "pullzone_hostname", wrong, check=False),
    )
    assert checked.get("failed") is True and "no DNS zone of this account holds" in checked["msg"]
    assert real.get("failed") is True and "no DNS zone of this account holds" in real["msg"]


def test_documented_gaps_finds_a_missing_key_and_a_missing_contained_key():
    assert documented_gaps("access_list", {"changed": True}) == ["access_list"]
    gaps = documented_gaps("access_list", {"access_list": {"name": "office"}})
    assert "access_list.id" in gaps and "access_list.entries" in gaps
    assert documented_gaps("access_list", {"access_list": None}) == []  # documented as null when absent


def test_a_certificate_on_a_predicted_pull_zone_needs_its_hostname_predicted_too(emulated, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    chain, key = certificate()
    run(emulated, "pullzone", creators()["pullzone"], ledger=ledger)
    install = dict(pullzone_name=ZONE, hostname=HOSTNAME, certificate=chain, certificate_key=key)
    result = run(emulated, "pullzone_certificate", install, ledger=ledger)
    assert result.get("failed") is True
    assert result["msg"].startswith("hostname %s is not on pull zone %s, which an earlier task" % (HOSTNAME, ZONE))
    run(emulated, "pullzone_hostname", dict(pullzone_name=ZONE, hostname=HOSTNAME), ledger=ledger)
    result = run(emulated, "pullzone_certificate", install, ledger=ledger)
    assert result["changed"] is True and not result.get("failed")
    assert documented_gaps("pullzone_certificate", result) == []
    assert writes(emulated) == []
