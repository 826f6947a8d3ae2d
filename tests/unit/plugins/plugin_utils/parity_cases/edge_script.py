# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of edge_script and edge_script_info: a create with code and its linked pull zone, no change,
check mode with diff, a type change refused before any write, a rotation returning the new deployment key, a delete
naming the linked pull zone, the deployment key never shown, and the listing not understood."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_scripts import digest
from ansible_collections.edge.platform.plugins.modules import edge_script, edge_script_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-edge-script-secret-key"
KEY = "parity-edge-script-deployment-key-0001"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
CODE = "export default () => new Response('hi');"
LINKED = [{"Id": 2101, "PullZoneName": "api", "DefaultHostname": "api.b-cdn.net"}]
HELD = {
    "Id": 5101, "Name": "api", "ScriptType": 1, "CurrentReleaseId": 0, "DeploymentKey": KEY,
    "LinkedPullZones": LINKED, "EdgeScriptVariables": [], "Deleted": False,
}  # fmt: skip
NO_RELEASE = FakeResponse(404, body={"Message": "The script does not exist or has no active releases."})


def listing(*scripts):
    return FakeResponse(body={"Items": list(scripts), "HasMoreItems": False})


def code(text=CODE):
    return FakeResponse(body={"Code": text, "LastModified": "2026-11-20T10:00:00Z"})


def no_key(result):
    return KEY not in str(result)


CASES = {
    "create with code": Case(
        edge_script,
        dict(ARGS, name="api", type="standalone", code=CODE),
        [listing(), FakeResponse(201, body=HELD), FakeResponse(204), FakeResponse(body=HELD), NO_RELEASE],
        changed=True,
        secret=KEY,
        shows=lambda r: r["edge_script"]["linked_pullzones"][0]["name"] == "api" and r["live"] == "saved",
    ),
    "no change": Case(
        edge_script, dict(ARGS, name="api", code=CODE), [listing(HELD), code(), NO_RELEASE], secret=KEY, shows=no_key
    ),
    "check mode with diff": Case(
        edge_script,
        dict(ARGS, name="api", code=CODE + "\n"),
        [listing(HELD), code(), NO_RELEASE],
        check=True,
        diff=True,
        changed=True,
        secret=KEY,
        # the code as a digest in the diff: never the code itself (it may come from a vault-encrypted file)
        shows=lambda r: (
            r["diff"]["after"]["code"] == digest(CODE + "\n") and r["diff"]["before"]["code"] == digest(CODE)
        ),
    ),
    "type cannot change": Case(
        edge_script,
        dict(ARGS, name="api", type="dns"),
        [listing(HELD)],
        failed=True,
        secret=KEY,
        shows=lambda r: r["msg"].startswith("type is 'standalone'"),
    ),
    "rotate": Case(
        edge_script,
        dict(ARGS, id=5101, rotate_deployment_key=True),
        [
            FakeResponse(body=HELD),
            NO_RELEASE,
            FakeResponse(204),
            FakeResponse(body=dict(HELD, DeploymentKey="parity-new")),
        ],
        changed=True,
        secret=KEY,
        shows=lambda r: r["deployment_key"] == "parity-new",
    ),
    "delete names the linked pull zone": Case(
        edge_script,
        dict(ARGS, name="api", state="absent"),
        [listing(HELD), FakeResponse(204)],
        changed=True,
        secret=KEY,
        shows=lambda r: r["linked_pullzones"][0]["hostname"] == "api.b-cdn.net" and not r["linked_pullzones_deleted"],
    ),
    "info": Case(
        edge_script_info,
        dict(ARGS),
        [listing(HELD), NO_RELEASE, FakeResponse(body={"Secrets": [{"Id": 1, "Name": "TOKEN"}]}), listing()],
        secret=KEY,
        shows=lambda r: (
            r["edge_scripts"][0]["secrets"] == [{"name": "TOKEN"}] and r["edge_scripts"][0]["live"] == "saved"
        ),
    ),
}
for _label, _bad in BAD_BODIES.items():
    CASES["the listing answered %s" % _label] = Case(
        edge_script_info, dict(ARGS), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
