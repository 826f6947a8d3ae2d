"""The tasks the matrices run against the demo platform (``emulator/fixtures/demo.yml``): a few per module.

Each module gets representative tasks, the connection left out (``emulated.Emulated.arguments`` adds it): a create,
an update or a task that changes nothing, a removal and one of something already gone, and the info reads. The
matrices record a clean run of each, then fault what it sent: every read (tests/unit/test_bad_answers.py) and, for
the lifecycle modules, every write (tests/unit/test_write_faults.py).
"""

from __future__ import annotations

import functools
import os
import re

from ansible_collections.edge.platform.tests.unit import certgen

LIFECYCLE = (
    "access_list",
    "access_list_info",
    "database",
    "database_info",
    "dns_record",
    "dns_record_info",
    "dns_records",
    "dnszone",
    "edge_script",
    "edge_script_info",
    "edge_script_secrets",
    "edge_script_variables",
    "pullzone",
    "pullzone_edge_rule",
    "pullzone_edge_rule_info",
    "pullzone_edge_rules",
    "pullzone_hostname",
    "pullzone_optimizer_class",
    "pullzone_optimizer_class_info",
    "rate_limit_rule",
    "rate_limit_rule_info",
    "shield_zone",
    "storage_file",
    "storage_files",
    "storage_zone",
    "storage_zone_info",
)
# local files for storage_files and storage_file: one directory equal to the demo zone demo-files, one that changes it.
# storage_files' upload case: a listing answered [] is a valid answer (an empty directory) that a sync acts on, after
# reading each local file under it by itself (tests/unit/test_bad_answers.py's EXCEPTIONS); an upload whose answer is
# lost or not confirmed is never sent again: the listing read back decides (tests/unit/test_write_faults.py).
STORAGE_SITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "storage_site")
PET_STORE = """openapi: 3.0.3
info: {title: Pet Store, version: 1.0.0}
paths:
  /pets:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer}}
      responses: {'200': {description: The pets}}
  /pets/{petId}:
    get:
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: One pet}}
"""
LOGIN_LIMIT = {
    "condition": {
        "variable_types": {"REQUEST_URI": ""},
        "operator_type": "BEGINSWITH",
        "value": "/login",
        "transformation_types": ["LOWERCASE"],
        "chained_rule_conditions": [
            {"variable_types": {"REQUEST_METHOD": ""}, "operator_type": "STREQ", "value": "POST"}
        ],
    },
    "limit": {"request_count": 100, "timeframe": 60, "counter_key": "ip"},
    "response": {"action": "rate_limit", "block_time": 300},
}
SCRIPT_CODE = "export default async () => new Response('matrix');"
WAF_CONFIGURATION = {
    "action_type": "block",
    "operator_type": "BEGINSWITH",
    "variable_types": {"REQUEST_URI": ""},
    "value": "/private",
}


@functools.lru_cache(maxsize=None)
def certificate():
    """``(certificate chain PEM, private key PEM)`` for cdn.example.com (made once per process)."""
    leaf, leaf_key, mid, _root = certgen.chain("ec", hostname="cdn.example.com", prefix="matrix")
    return certgen.cert_pem(leaf, mid), certgen.key_pem(leaf_key)


def certificate_args():
    chain, key = certificate()
    return {"pullzone_id": 2001, "hostname": "cdn.example.com", "certificate": chain, "certificate_key": key}


CASES = {
    "access_list": {
        "create": dict(
            shield_zone_id=3001, name="scanners", type="ip", entries=["198.51.100.7"], action="block", enabled=True
        ),
        "update by pull zone name": dict(
            pullzone_name="demo", name="office", type="cidr", entries=["203.0.113.0/24"], action="allow"
        ),
        "absent": dict(shield_zone_id=3001, name="retired", state="absent"),
        "absent already": dict(shield_zone_id=3001, name="never-there", state="absent"),
    },
    "access_list_info": {
        "every list": dict(shield_zone_id=3001),
        "by name with managed lists": dict(pullzone_name="demo", name="office", include_managed=True),
    },
    "api_guardian": {
        "change": dict(shield_zone_id=3004, execution_mode="block"),
        "by pull zone name": dict(pullzone_name="petstore", enabled=True),
    },
    "api_guardian_endpoint": {
        "change": dict(shield_zone_id=3004, method="GET", path="/pets", detect_xss=True),
    },
    "api_guardian_spec": {
        "same document": dict(shield_zone_id=3004, content=PET_STORE, cache=False),
    },
    "bot_detection": {
        "change": dict(shield_zone_id=3001, execution_mode="challenge"),
        "by pull zone name": dict(pullzone_name="demo", execution_mode="log_only"),
    },
    "bot_detection_info": {
        "by id": dict(shield_zone_id=3001),
    },
    "database": {
        "create": dict(name="app", primary_regions=["DE"], replica_regions=["UK"]),
        "update": dict(name="site", replica_regions=["UK"]),
        "no change": dict(name="site", primary_regions=["DE"]),
        "absent": dict(name="retired", state="absent"),
        "absent already": dict(name="never-there", state="absent"),
    },
    "database_info": {
        "every database": dict(),
        "by name": dict(name="retired"),
    },
    "database_query": {
        "select": dict(sql="SELECT 1 AS one"),
        "create a table": dict(sql="CREATE TABLE IF NOT EXISTS visits (path TEXT PRIMARY KEY)"),
    },
    "database_token": {
        "generate": dict(database_id="demo", authorization="read_only"),
        "revoke": dict(database_id="demo", state="revoked"),
    },
    "dns_record": {
        "create": dict(zone_id=1001, type="A", name="www", value="192.0.2.10", ttl=300),
        "update by zone domain": dict(zone_domain="example.com", type="CNAME", name="blog", ttl=3600),
        "no change": dict(zone_id=1001, type="MX", name="@", value="Mail.Example.com.", priority=10),
        "absent": dict(zone_id=1001, type="A", name="old", value="192.0.2.99", state="absent"),
        "absent already": dict(zone_id=1001, type="A", name="never", value="192.0.2.1", state="absent"),
    },
    "dns_record_info": {
        "every record": dict(zone_domain="example.com"),
        "by name and type": dict(zone_id=1001, name="@", type="MX"),
    },
    "dns_records": {
        "create and keep": dict(
            zone_domain="example.com",
            records=[
                {"type": "A", "name": "@", "value": "192.0.2.10", "ttl": 300},
                {"type": "MX", "name": "@", "value": "mail.example.com", "priority": 10},
            ],
        ),
        "no change": dict(zone_id=1001, records=[{"type": "CNAME", "name": "blog", "value": "blog.hosting.example"}]),
        "purge": dict(
            zone_id=1001, purge=True, records=[{"type": "MX", "name": "@", "value": "mail.example.com", "priority": 10}]
        ),
    },
    "dnszone": {
        "create": dict(domain="example.io", soa_email="hostmaster@example.io"),
        "create with a zone file": dict(domain="example.dev", import_zone_file="www 300 IN A 192.0.2.10\n"),
        "update by id": dict(zone_id=12345, logging_enabled=True),
        "no change": dict(domain="example.com"),
        "absent": dict(domain="legacy.example.net", state="absent"),
        "absent already": dict(domain="never-there.example", state="absent"),
    },
    "dnszone_dnssec": {
        "enable": dict(zone_id=1002, state="enabled"),
        "DS record of a signed zone": dict(zone_domain="example.com", state="enabled", fetch_ds_record=True),
    },
    # one read in flight: the matrices fault the n-th request, and reads in flight together arrive in any order
    # (the reads in parallel are tests/unit/plugins/modules/test_account_snapshot_emulated.py's)
    "account_snapshot": {
        "every kind": dict(concurrency=1),
        "DNS zones by pattern": dict(
            kinds=["dns_zones"], include=["example.*"], exclude=["example.net"], concurrency=1
        ),
    },
    "dnszone_info": {
        "by id with the zone file": dict(zone_id=1001, export=True),
        "by domain": dict(zone_domain="example.org"),
        "every zone": dict(),
    },
    "edge_script": {
        "create and publish": dict(name="matrix-script", type="standalone", code=SCRIPT_CODE, publish=True),
        "code change": dict(id=3001, code=SCRIPT_CODE),
        "absent": dict(id=3001, state="absent"),
        "absent already": dict(name="never-there", state="absent"),
        "rotate the deployment key": dict(name="hello-edge", rotate_deployment_key=True),
    },
    "edge_script_info": {
        "every script": dict(),
        "by id with code": dict(id=3001, include_code=True),
    },
    # the demo's standalone script hello-edge (variable GREETING) and DNS script resolver
    "edge_script_secrets": {
        "create": dict(script="hello-edge", secrets=[{"name": "API_TOKEN", "value": "matrix-secret-value-0001"}]),
        "create and purge by id": dict(
            script_id=3002,
            secrets=[{"name": "SIGNING_KEY", "value": "matrix-secret-value-0002"}],
            update_secret="on_create",
            purge=True,
        ),
    },
    "edge_script_variables": {
        "set and purge": dict(
            script="hello-edge",
            variables=[{"name": "GREETING", "value": "Hi"}, {"name": "REGION", "value": "eu", "required": True}],
            purge=True,
        ),
        "no change": dict(script="hello-edge", variables=[{"name": "GREETING", "value": "Hello"}]),
        "a DNS script's": dict(script="resolver", variables=[{"name": "ANSWER", "value": "192.0.2.1"}]),
    },
    "pullzone": {
        "create": dict(name="site", origin_url="https://origin.example.com", enable_geo_zone_asia=False),
        "update": dict(name="demo", cache_expiration_time=86400, ignore_query_strings=True),
        "no change by id": dict(id=2001),
        "absent": dict(name="retired", state="absent"),
        "absent already": dict(name="never-there", state="absent"),
    },
    "pullzone_certificate": {
        "install": certificate_args,
        "absent": dict(pullzone_id=2001, hostname="old.example.com", state="absent"),
    },
    "pullzone_edge_rule": {
        "create": dict(
            pullzone_name="demo",
            description="demo: force HTTPS",
            actions=[{"type": "force_ssl"}],
            triggers=[{"type": "url", "patterns": ["http://*"]}],
        ),
        "update": dict(pullzone_id=2001, description="demo: fonts cached a year, for every origin", enabled=True),
        "no change": dict(pullzone_id=2001, description="demo: block the admin area", enabled=True),
        "absent": dict(pullzone_id=2001, description="demo: block the admin area", state="absent"),
        "absent already": dict(pullzone_id=2001, description="no such rule", state="absent"),
    },
    "pullzone_edge_rule_info": {
        "every rule": dict(pullzone_id=2001),
        "by description, zone by name": dict(pullzone_name="demo", description="demo: block the admin area"),
    },
    "pullzone_edge_rules": {
        "reorder, add and purge": dict(
            pullzone_name="demo",
            purge=True,
            rules=[
                {"description": "demo: force HTTPS", "actions": [{"type": "force_ssl"}]},
                {"description": "demo: fonts cached a year, for every origin", "enabled": True},
                {"description": "demo: block the admin area"},
            ],
        ),
        "no change": dict(pullzone_id=2001, rules=[{"description": "demo: block the admin area"}]),
    },
    "pullzone_optimizer_class": {
        "create": dict(pullzone_name="demo", name="thumbnail", width=320, quality=75, crop_gravity="center"),
        "absent already": dict(pullzone_id=2001, name="never there", state="absent"),
    },
    "pullzone_optimizer_class_info": {
        "every class": dict(pullzone_id=2001),
        "by name, zone by name": dict(pullzone_name="demo", name="thumbnail"),
    },
    "pullzone_hostname": {
        "create": dict(pullzone_name="demo", hostname="new.example.com"),
        "free certificate and force SSL": dict(
            pullzone_id=2001, hostname="www.example.com", free_certificate=True, force_ssl=True
        ),
        "no change": dict(pullzone_id=2001, hostname="cdn.example.com"),
        "absent": dict(pullzone_id=2001, hostname="old.example.com", state="absent"),
        "absent already": dict(pullzone_id=2001, hostname="never.example.com", state="absent"),
    },
    "pullzone_info": {
        "by id with certificate details": dict(pullzone_id=2001, certificate_details=True),
        "by name": dict(pullzone_name="demo"),
        "every pull zone": dict(),
    },
    "pullzone_purge": {
        "whole zone by name": dict(pullzone_name="demo"),
        "tag": dict(pullzone_id=2001, tag="release-42"),
        "urls on the zone": dict(
            pullzone_id=2001, urls=["https://www.example.com/app.js", "https://cdn.example.com/assets/*"]
        ),
    },
    "rate_limit_rule": {
        "create": dict(shield_zone_id=3001, rule_name="login attempts", **LOGIN_LIMIT),
        "create by pull zone name": dict(pullzone_name="petstore", rule_name="login attempts", **LOGIN_LIMIT),
        "absent": dict(shield_zone_id=3001, rule_name="old crawler limit", state="absent"),
        "absent already": dict(shield_zone_id=3001, rule_name="never there", state="absent"),
    },
    "rate_limit_rule_info": {
        "every rule": dict(shield_zone_id=3001),
        "by id": dict(id=6001),
        "by name": dict(pullzone_name="demo", rule_name="api burst"),
    },
    "shield_zone": {
        "create": dict(pullzone_id=2009, waf_enabled=True),
        "update by name": dict(pullzone_name="demo", waf_execution_mode="block", ddos_shield_sensitivity="medium"),
        "no change": dict(pullzone_id=2001),
    },
    "shield_zone_info": {
        "by id": dict(shield_zone_id=3001),
        "by pull zone name": dict(pullzone_name="demo"),
        "every shield zone": dict(),
    },
    "storage_file": {
        "put": dict(
            storage_zone="demo-files", path="robots.txt", src=os.path.join(STORAGE_SITE, "deploy", "robots.txt")
        ),
        "absent": dict(storage_zone_id=6001, path="css/site.css", state="absent"),
    },
    # one write in flight: the matrices fault the n-th request, and uploads in flight together arrive in any order
    # (a fault meant for one upload hit another under load); uploads in parallel are the emulated tests' and targets'
    "storage_files": {
        "in sync": dict(storage_zone="demo-files", src=os.path.join(STORAGE_SITE, "in_sync"), concurrency=1),
        "upload": dict(storage_zone="demo-files", src=os.path.join(STORAGE_SITE, "deploy"), concurrency=1),
    },
    "storage_zone": {
        "create": dict(name="site-files", region="DE", replication_regions=["NY"], custom_404_file_path="/404.html"),
        "update and rotate": dict(name="demo-files", custom_404_file_path="/index.html", rotate_password=["read_only"]),
        "absent": dict(id=6001, state="absent"),
        "absent already": dict(name="never-there", state="absent"),
    },
    "storage_zone_info": {
        "every storage zone": dict(),
        "by name": dict(name="demo-files"),
        "by id": dict(id=6001),
    },
    "waf_rule": {
        "create": dict(shield_zone_id=3001, rule_name="private", rule_configuration=WAF_CONFIGURATION),
        "absent": dict(shield_zone_id=3001, rule_name="block-admin", state="absent"),
    },
    "waf_rule_info": {
        "every rule": dict(shield_zone_id=3001),
        "by id": dict(id=4001),
    },
}


def arguments(name, label):
    """The task arguments of a case (without the connection)."""
    args = CASES[name][label]
    return dict(args() if callable(args) else args)


def labels(names=None):
    """``(module, label)`` of every case (of the modules ``names``)."""
    return [(name, label) for name in sorted(names or CASES) for label in CASES[name]]


def case_secrets(name, label):
    """Values of a case's own arguments that no output may show (besides the demo's credentials)."""
    args = arguments(name, label)
    values = [entry["value"] for entry in args.get("secrets") or []]  # edge_script_secrets
    return tuple(args[key] for key in ("certificate_key",) if key in args) + tuple(values)


# --- which requests read ----------------------------------------------------------------------------------------
# A GET reads and any other method writes, except these (found in the clean runs' logs and the resource files).
WRITING_GETS = {
    r"^/pullzone/loadFreeCertificate$": "asks the platform to issue a free certificate: a write sent as a GET",
}
READING_POSTS = {
    ("dnszone_dnssec", "DS record of a signed zone", r"^/dnszone/\d+/dnssec$"): (
        "on a zone whose DNSSEC is already enabled the enable call only returns the current DS record (the platform "
        "serves it nowhere else): the module's read"
    ),
    ("database_query", "select", r"^/db/[^/]+/v2/pipeline$"): (
        "a pipeline of statements that cannot write (SELECT) only reads: the client replays it like a read"
    ),
}


def is_read(name, label, entry):
    """Whether the logged request ``entry`` of case ``(name, label)`` only reads."""
    path = entry["path"]
    if entry["method"] in ("GET", "DESCRIBE"):  # DESCRIBE: the Edge Storage API's read of one object
        return not any(re.search(pattern, path) for pattern in WRITING_GETS)
    return any((name, label) == (module, case) and re.search(pattern, path) for module, case, pattern in READING_POSTS)
