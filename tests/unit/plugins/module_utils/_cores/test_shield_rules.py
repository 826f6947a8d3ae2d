"""The one shield rule core: each kind of rule is a description (its _api resource, its shape, its names) that the
same functions serve; what differs between kinds is only what the description says."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import shield_rules as core
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

KINDS = [
    (core.WAF_RULE, "rule_configuration", "waf_rule_info"),
    (core.RATE_LIMIT_RULE, "condition", "rate_limit_rule_info"),
]


@pytest.mark.parametrize("kind, first_option, info_module", KINDS)
def test_a_missing_configuration_names_the_kind_s_option_and_info_module(kind, first_option, info_module):
    params = {"rule_name": "r", "state": "present"}
    with pytest.raises(InputError) as caught:
        core.wanted_configuration(kind, params)
    assert caught.value.option == first_option
    assert str(caught.value).startswith("%s is required with state=present: " % first_option)
    assert "(the %s of %s can be given as it is)" % (first_option, info_module) in str(caught.value)


@pytest.mark.parametrize("kind", [k for k, _o, _i in KINDS])
@pytest.mark.parametrize("name", ["", "   ", None])
def test_an_empty_rule_name_fails_before_any_request(kind, name):
    with pytest.raises(InputError, match="rule_name must not be empty"):
        core.wanted_configuration(kind, {"rule_name": name, "state": "absent"})


@pytest.mark.parametrize("kind", [k for k, _o, _i in KINDS])
def test_state_absent_wants_no_configuration(kind):
    assert core.wanted_configuration(kind, {"rule_name": "r", "state": "absent"}) is None


class Api(object):
    """Records which write the core chose."""

    def __init__(self):
        self.calls = []

    def delete(self, _client, rule_id):
        self.calls.append(("delete", rule_id))

    def create(self, _client, zone_id, body):
        self.calls.append(("create", zone_id, body))

    def update(self, _client, rule_id, body):
        self.calls.append(("update", rule_id, body))


def test_the_write_follows_from_the_current_rule_and_the_body():
    api = Api()
    core.write(api, None, 3001, {"id": 7}, None)
    core.write(api, None, 3001, None, {"ruleName": "r"})
    core.write(api, None, 3001, {"id": 7}, {"ruleName": "r"})
    assert api.calls == [("delete", 7), ("create", 3001, {"ruleName": "r"}), ("update", 7, {"ruleName": "r"})]


def test_the_info_modules_share_one_declaration():
    spec = core.INFO_DECLARATION["argument_spec"]
    assert {"id", "rule_name", "page_size"} <= set(spec)
    assert core.INFO_DECLARATION["bounds"] == {"page_size": (1, 1000)}


def test_an_empty_rule_name_to_read_fails():
    with pytest.raises(InputError, match="it names the rules to read"):
        core.check_info({"rule_name": " "})
    assert core.check_info({"rule_name": None}) is None
