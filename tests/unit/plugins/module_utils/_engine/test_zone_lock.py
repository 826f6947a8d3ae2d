"""The per-zone lock: one holder at a time, and a file name that holds no URL."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine import zone_lock as _zone_lock


def test_the_zone_lock_is_held_by_one_holder_at_a_time(tmp_path):
    ticks = iter(range(100))
    with _zone_lock.zone_lock("https://api.example.test", "waf", 1, 5, folder=str(tmp_path)) as locked:
        assert locked is True
        with pytest.raises(_zone_lock.LockTimeout):
            with _zone_lock.zone_lock(
                "https://api.example.test",
                "waf",
                1,
                3,
                folder=str(tmp_path),
                clock=lambda: next(ticks),
                sleep=lambda s: None,
            ):
                pass
        with _zone_lock.zone_lock("https://api.example.test", "waf", 2, 0, folder=str(tmp_path)) as other:
            assert other is True
    with _zone_lock.zone_lock("https://api.example.test", "waf", 1, 0, folder=str(tmp_path)) as again:
        assert again is True


def test_the_lock_file_name_holds_no_url(tmp_path):
    path = _zone_lock.lock_path("https://secret.example.test", "waf", 9, folder=str(tmp_path))
    assert "secret" not in path and path.endswith(".lock")
