# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""account_snapshot's storage zones, edge scripts and databases against the emulator (demo fixture, hello-edge given a
secret), on both hosts: no password, secret value, deployment key or token in the output, and each item written back
through its modules (the code given as the attachment's text) is no change and no write."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.emulated import SECRETS
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_edge_rule import writes

HOSTS = ("module", "in-process")
SCRIPT_SECRET = "snapshot-script-secret-value"
KINDS = ["storage_zones", "edge_scripts", "databases"]


def run(emulated, host, module="account_snapshot", **args):
    return emulated.run(module, emulated.arguments(module, args), host)


def with_secret(emulated, host):
    result, _shown = run(
        emulated,
        host,
        "edge_script_secrets",
        script="hello-edge",
        secrets=[{"name": "API_TOKEN", "value": SCRIPT_SECRET}],
    )
    assert result["changed"], result


def tasks_of(account, attachments):
    """The module tasks that apply ``account``, as the role runs them (the vault reference filled)."""
    code = {entry["path"]: entry["content"] for entry in attachments["edge_scripts"]}
    tasks = [("storage_zone", dict(zone["settings"], name=zone["name"])) for zone in account["storage_zones"]]
    tasks += [("database", dict(db["settings"], name=db["name"])) for db in account["databases"]]
    for script in account["edge_scripts"]:
        args = dict(script["settings"], name=script["name"])
        if "code_file" in script:
            args["code"] = code[script["code_file"]]
        tasks.append(("edge_script", args))
        if script["variables"]:
            tasks.append(("edge_script_variables", dict(script=script["name"], variables=script["variables"])))
        if script["secrets"]:
            secrets = [dict(entry, value=SCRIPT_SECRET) for entry in script["secrets"]]
            tasks.append(
                ("edge_script_secrets", dict(script=script["name"], secrets=secrets, update_secret="on_create"))
            )
    return tasks


@pytest.mark.parametrize("host", HOSTS)
def test_no_secret_and_written_back_is_no_change(emulated_demo, host):
    with_secret(emulated_demo, "in-process")
    written = len(writes(emulated_demo))  # the secret's: only the snapshot and the writes back count after it
    result, shown = run(emulated_demo, host, kinds=KINDS)
    assert not result.get("failed") and list(result["account"]) == KINDS, result
    assert [secret for secret in SECRETS + (SCRIPT_SECRET,) if secret in shown] == []
    hello = next(script for script in result["account"]["edge_scripts"] if script["name"] == "hello-edge")
    assert hello["secrets"] == [{"name": "API_TOKEN", "value": "{{ vault_edge_script_hello_edge_secret_api_token }}"}]
    assert hello["settings"]["publish"] is True and hello["update_secret"] == "on_create"
    assert result["attachments"]["edge_scripts"][0]["path"] == hello["code_file"] == "edge_scripts/hello-edge.js"
    tasks = tasks_of(result["account"], result["attachments"])
    assert {module for module, _args in tasks} >= {"storage_zone", "database", "edge_script", "edge_script_secrets"}
    for module, args in tasks:
        again, _shown = run(emulated_demo, host, module, **args)
        assert not again.get("failed") and not again["changed"], (module, again)
    assert writes(emulated_demo)[written:] == []
