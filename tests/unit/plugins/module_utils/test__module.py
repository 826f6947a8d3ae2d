"""The module base: the reconciler and the error funnel."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._module import EdgeModule, check_http_url


class Recorder(object):
    def __init__(self, check_mode, diff_mode):
        self.check_mode = check_mode
        self.diff_mode = diff_mode
        self.applied = 0

    def apply(self):
        self.applied += 1
        return {"value": "from-platform"}


def reconcile(check_mode, diff_mode, before, after):
    recorder = Recorder(check_mode, diff_mode)
    # reconcile reads only check_mode and diff_mode from the instance
    result = EdgeModule.reconcile(recorder, before, after, recorder.apply)
    return result, recorder.applied


def test_unchanged_never_applies():
    (changed, state, diff), applied = reconcile(False, True, {"value": 1}, {"value": 1})
    assert (changed, state, applied) == (False, {"value": 1}, 0)
    assert diff == {"before": {"value": 1}, "after": {"value": 1}}


def test_changed_applies_and_returns_the_platform_state():
    (changed, state, diff), applied = reconcile(False, False, {"value": 1}, {"value": 2})
    assert (changed, state, diff, applied) == (True, {"value": "from-platform"}, None, 1)


def test_check_mode_predicts_without_applying():
    (changed, state, _diff), applied = reconcile(True, False, {"value": 1}, {"value": 2})
    assert (changed, state, applied) == (True, {"value": 2}, 0)


@pytest.mark.parametrize("url, ok", [
    ("https://api.bunny.net", True), ("http://127.0.0.1:8080/", True),
    ("ftp://x", False), ("api.bunny.net", False), ("", False), (None, False),
])
def test_check_http_url(url, ok):
    assert (check_http_url(url, "base_url") is None) is ok
