"""_hosts/screen.py: the argument screen and the mask set both hosts use."""

from __future__ import annotations

from ansible.module_utils.basic import env_fallback

from ansible_collections.edge.platform.plugins.module_utils._hosts.screen import NoLogValues, screen_arguments


def test_blank_values_never_enter_the_masking_set():
    values = NoLogValues()
    values.update([" ", "", "\t", "real-secret"])
    values.add("  ")
    assert values == {"real-secret"}


SPEC = {
    "database_id": {"type": "str", "aliases": ["id"]},
    "name": {"type": "str"},
    "api_key": {"type": "str", "no_log": True, "fallback": (env_fallback, ["SCREEN_TEST_API_KEY"])},
    "records": {"type": "list", "elements": "dict", "options": {"name": {"type": "str"}, "ttl": {"type": "int"}}},
    "limit": {"type": "dict", "options": {"request_count": {"type": "int"}}},
    "named_args": {"type": "dict"},
}


def test_an_option_given_as_null_is_an_option_not_given(monkeypatch):
    monkeypatch.setenv("SCREEN_TEST_API_KEY", "screen-secret-from-environment")
    params = {
        "id": None,
        "name": "app",
        "api_key": None,
        "records": [{"name": None, "ttl": 60}],
        "limit": {"request_count": None},
        "named_args": {"a": None},  # data, not options: a SQL NULL stays
    }
    screen = screen_arguments(SPEC, params)
    assert params == {"name": "app", "records": [{"ttl": 60}], "limit": {}, "named_args": {"a": None}}
    # the secret the fallback will read once the null is gone is collected before validation
    assert "screen-secret-from-environment" in screen.secrets and screen.problem is None


def test_a_list_of_strings_refuses_a_nested_list_or_dictionary_by_name():
    spec = {"blocked_ips": {"type": "list", "elements": "str"}, "tags": {"type": "list"}}
    screen = screen_arguments(spec, {"blocked_ips": ["192.0.2.1", ["192.0.2.2"]], "tags": [{"a": 1}]})
    assert screen.problem == "blocked_ips[1] must be a string, not a list."
    assert screen_arguments(spec, {"blocked_ips": ["192.0.2.1", 5]}).problem is None  # a number is converted
