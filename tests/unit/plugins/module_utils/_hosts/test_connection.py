"""_hosts/connection.py: the shared connection options and the checks of connection options."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import (
    API_KEY_ENV,
    check_credential,
    check_http_url,
    check_required,
    check_transport,
    management_argument_spec,
    transport_argument_spec,
)


@pytest.mark.parametrize(
    "url, ok",
    [
        ("https://api.bunny.net", True),
        ("http://127.0.0.1:8080/", True),
        ("ftp://x", False),
        ("api.bunny.net", False),
        ("", False),
        (None, False),
    ],
)
def test_check_http_url(url, ok):
    assert (check_http_url(url, "base_url") is None) is ok


@pytest.mark.parametrize(
    "url, fragment",
    [
        ("http://[::1", "base_url is not a valid URL"),
        ("https://api.bunny.net:99999", "base_url is not a valid URL"),
        ("https://api.bunny.net/pullzone", "must be the API root, without a path or query"),
        ("https://api.bunny.net/?x=1", "got 'https://api.bunny.net/' with a query or fragment"),
        ("https://me:pw@api.bunny.net", "must not carry a user or password"),
    ],
)
def test_check_http_url_names_the_option_and_never_shows_query_or_user(url, fragment):
    message = check_http_url(url, "base_url")
    assert message is not None and fragment in message
    assert "x=1" not in message and "pw" not in message


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), float("-inf"), 1e308, -1.0, 0.0, 1e-9, 0.099, 3601.0])
def test_unusable_timeouts_are_refused_by_name(timeout):
    assert check_transport({"timeout": timeout, "retries": 3}).startswith("timeout must be a number of seconds")


@pytest.mark.parametrize("retries", [-1, 11, 10**9])
def test_unbounded_retries_are_refused_by_name(retries):
    assert check_transport({"timeout": 30.0, "retries": retries}).startswith("retries must be from 0 to 10")


@pytest.mark.parametrize("timeout, retries", [(0.1, 0), (30.0, 3), (3600.0, 10)])
def test_usable_transport_numbers(timeout, retries):
    assert check_transport({"timeout": timeout, "retries": retries}) is None


@pytest.mark.parametrize(
    "value, fragment",
    [
        ("", "api_key is empty"),
        ("   ", "api_key is empty"),
        ("ключ-доступа", "api_key contains characters outside ASCII"),
        ("caf\u00e9-key", "api_key contains characters outside ASCII"),
        ("secret value", "api_key contains spaces"),
        ("secret-value\n", "api_key contains spaces"),
    ],
)
def test_check_credential_refuses_what_a_header_cannot_carry(value, fragment):
    message = check_credential(value, "api_key", API_KEY_ENV, alias="access_key")
    assert message.startswith(fragment)
    assert "EDGE_API_KEY" in message and "BUNNYNET_API_KEY" in message
    assert value.strip() == "" or value.strip() not in message


def test_check_required_names_the_option_alias_and_every_variable():
    assert check_required(None, "api_key", API_KEY_ENV, "the account API key", alias="access_key") == (
        "api_key is required: set api_key (or its alias access_key), or the EDGE_API_KEY or BUNNYNET_API_KEY "
        "environment variables to the account API key."
    )
    assert check_required("x", "api_key", API_KEY_ENV, "the key") is None


def test_management_spec_shares_the_transport_options():
    spec = management_argument_spec()
    assert {k: spec[k] for k in ("validate_certs", "timeout", "retries")} == transport_argument_spec()
    assert spec["api_key"]["fallback"][1] == ["EDGE_API_KEY", "BUNNYNET_API_KEY"]
    assert spec["base_url"]["fallback"][1] == ["EDGE_BASE_URL", "BUNNYNET_API_URL"]
    assert spec["base_url"]["default"] == "https://api.bunny.net"  # after the variables (ansible-core's order)
