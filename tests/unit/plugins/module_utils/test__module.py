"""The module base: the shared options and the connection option checks."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._module import (
    API_KEY_ENV, NoLogValues, check_credential, check_http_url, check_required, check_transport,
    management_argument_spec, transport_argument_spec,
)


def test_check_required_names_the_option_alias_and_every_variable():
    assert check_required(None, "api_key", API_KEY_ENV, "the account API key", alias="access_key") == (
        "api_key is required: set api_key (or its alias access_key), or the EDGE_API_KEY or BUNNYNET_API_KEY "
        "environment variables to the account API key.")
    assert check_required("x", "api_key", API_KEY_ENV, "the key") is None


def test_management_spec_shares_the_transport_options():
    spec = management_argument_spec()
    assert {k: spec[k] for k in ("validate_certs", "timeout", "retries")} == transport_argument_spec()
    assert spec["api_key"]["fallback"][1] == ["EDGE_API_KEY", "BUNNYNET_API_KEY"]
    assert spec["base_url"]["fallback"][1] == ["EDGE_BASE_URL", "BUNNYNET_API_URL"]


def test_blank_values_never_enter_the_masking_set():
    values = NoLogValues()
    values.update([" ", "", "\t", "real-secret"])
    values.add("  ")
    assert values == {"real-secret"}
