"""A client generated from the published shield and core OpenAPI documents works against the emulator, as the
SDKs users generate from those documents do (docs/platform-notes.md, "Real clients against the emulator:
generated SDKs and Hrana's Protobuf encoding").

The generator is openapi-python-client (pinned with what it and its output import in openapi_client/requirements.txt,
configured by openapi_client/config.yml). It is installed once into ``<repo>/.build/clients/openapi`` and reused while
the pins are unchanged; the clients it generates from ``../shared/reference/openapi`` (never copied into the
repository) live in ``<repo>/.build/clients/openapi-generated``, made again only when a document, the pins or this
folder's scripts change. openapi_client/calls.py then makes the calls (shield zones, custom WAF rules, DNS zones and
records, pull zones) and reports what the generated code parsed them into, once with the Accept the generated code
sends (none of its own: httpx's ``*/*``) and once with the one a TypeScript SDK generated from the documents sends.

Where PyPI cannot be reached the test FAILS and says so; it skips only where the documents are not beside the
checkout (as every test reading them does).
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from .clients import installed, python_venv, run
from .conftest import EMULATOR_DIR, shared_openapi_dir

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi_client")
DOCUMENTS = {"shield_api": "shield-api-v1.0.0.json", "core_api": "core-api-v1.0.0.json"}
TYPESCRIPT_SDK_ACCEPT = "application/json, text/plain;q=0.9"


@pytest.fixture(scope="module")
def generated():
    """``(python, directory)``: the generator's venv and the directory holding the generated packages."""
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published OpenAPI documents (../shared/reference/openapi) are not beside this checkout")
    documents = {package: os.path.join(folder, name) for package, name in DOCUMENTS.items()}
    missing = [path for path in documents.values() if not os.path.isfile(path)]
    if missing:
        pytest.skip("%s not in %s" % (", ".join(missing), folder))
    requirements = os.path.join(HERE, "requirements.txt")
    venv = installed(
        "openapi", (requirements,), lambda target: python_venv(target, requirements, "openapi-python-client")
    )
    python = os.path.join(venv, "bin", "python")
    scripts = [os.path.join(HERE, name) for name in ("config.yml", "generate.py")]

    def generate(target):
        pairs = [
            value for package, path in sorted(documents.items()) for value in (path, os.path.join(target, package))
        ]
        command = [python, os.path.join(HERE, "generate.py"), os.path.join(HERE, "config.yml")] + pairs
        run(command, "generating clients from the published documents with openapi-python-client")

    sources = [requirements] + scripts + sorted(documents.values())
    return python, installed("openapi-generated", sources, generate)


@pytest.mark.parametrize("accept", ["", TYPESCRIPT_SDK_ACCEPT], ids=["generated default", "typescript sdk accept"])
def test_generated_client(generated, emulator, accept):
    python, directory = generated
    running = emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key="demo-api-key")
    command = [python, os.path.join(HERE, "calls.py"), directory, running.url, "demo-api-key", accept]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)

    # every answer parsed into the generated model the document names for it
    assert seen["shield_zones"] == [200, "GetShieldZonesResponse", [3001, 3002, 3004]]
    assert seen["shield_zone"] == [200, "GetShieldZoneResponse", "ShieldZoneResponse", 3001, 2001]
    assert seen["shield_zone_plan"] == 1  # ShieldPlanType: advanced
    assert seen["rule_created"] == [200, "CustomWafRule", "generated", "/generated"]
    assert seen["rules"] == [200, "GetCustomWafRulesResponse", [["CustomWafRule", "generated"]]]
    assert seen["rule_updated"] == [200, "CustomWafRule", "changed by a generated client", "/changed"]
    assert seen["rule_read"] == [200, "CustomWafRule", "/changed", 1]
    assert seen["rule_deleted"] == [200, "GenericRequestResponse", True]
    assert seen["rules_after_delete"] == []
    assert seen["dns_zones"] == [200, "PaginationListModelOfDnsZoneModel", ["example.com", "example.net"], 5]
    assert seen["record_added"] == [201, "DnsRecordModel", "generated", "generated text", 3, 300]
    assert seen["records"] == [200, "PaginationListModelOfDnsRecordModel", [["DnsRecordModel", "generated text"]]]
    assert seen["record_deleted"] == 204
    assert seen["records_after_delete"] == []
    assert seen["pull_zones"] == [200, "list", ["PullZoneModel"], ["demo", "demo-staging", "petstore", "retired"]]
    assert seen["pull_zone"] == [200, "PullZoneModel", "demo", ["demo.b-cdn.net"]]
    assert seen["pull_zone_updated"] == [200, "PullZoneModel", 600]
    assert seen["pull_zone_read_again"] == 600
    # "" is the empty 204; the shield answers text/plain unless Accept prefers JSON (emulator/messages.py)
    expected = {"", "application/json"} | ({"text/plain"} if not accept else set())
    assert set(seen["content_types"]) == expected

    # what the generated code sent: its last listed body type for the shield writes, and no Accept of its own
    accept = accept or "*/*"
    assert seen["sent"] == [
        ["DELETE", "", accept],
        ["GET", "", accept],
        ["PATCH", "application/*+json", accept],
        ["POST", "application/*+json", accept],
        ["POST", "application/json", accept],
        ["PUT", "application/json", accept],
    ]
    assert all(entry["status"] < 300 for entry in running.log())
