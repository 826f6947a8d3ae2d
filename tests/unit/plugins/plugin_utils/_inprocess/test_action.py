"""The action (``plugin_utils/_inprocess/action.py``): what it adds to a module's result on either path."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import dnszone_dnssec
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import action as _inprocess


class _Task(object):
    def __init__(self, no_log):
        self.no_log = no_log


class _Action(object):
    def __init__(self, no_log):
        self._task = _Task(no_log)


@pytest.mark.parametrize(
    "no_log, outcome, warned",
    [
        (False, {"token": "eyJ.generated", "warnings": ["earlier"]}, True),
        (True, {"token": "eyJ.generated"}, False),
        (False, {"changed": True, "revoked": True}, False),  # nothing secret returned: nothing to warn about
        (False, {"failed": True, "msg": "a token may have been generated"}, False),
    ],
)
def test_a_returned_secret_is_warned_about_unless_the_task_is_no_log(no_log, outcome, warned):
    from ansible_collections.edge.platform.plugins.modules import database_token

    before = list(outcome.get("warnings", []))
    _inprocess.EdgeModuleAction._warn_unless_no_log(_Action(no_log), database_token.MODULE, outcome)
    added = outcome.get("warnings", [])[len(before) :]
    assert bool(added) is warned
    assert all("no_log" in w and "eyJ.generated" not in w for w in added)
    assert outcome.get("warnings", [])[: len(before)] == before


def test_modules_that_return_no_secret_never_warn_about_no_log():
    outcome = {"dns_zone": {"id": 1}, "token": "not a module's secret"}
    _inprocess.EdgeModuleAction._warn_unless_no_log(_Action(False), dnszone_dnssec.MODULE, outcome)
    assert "warnings" not in outcome


def test_the_check_mode_ledger_lives_in_the_runs_own_local_temporary_directory(monkeypatch, tmp_path):
    # ansible-playbook makes DEFAULT_LOCAL_TMP once (private), its forked workers inherit it, ansible-core removes it
    monkeypatch.setattr(_inprocess.C, "DEFAULT_LOCAL_TMP", str(tmp_path / "ansible-local-123abc"))
    ledger = _inprocess.check_mode_ledger()
    assert ledger.directory == str(tmp_path / "ansible-local-123abc" / _inprocess.LEDGER_DIRECTORY)
    ledger.note("scope", "pull zone", "site")
    assert _inprocess.check_mode_ledger().holds("scope", "pull zone", "site") is True
