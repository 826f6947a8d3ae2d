# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone on both hosts (issue 27 item 4): an option given as null is an option not given. The identity as null
fails naming it with no request; an optional option as null is the same task as without it (same output, same
requests). Controller-side (the in-process host imports ansible's controller code)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone import BASE, ZONE, listing
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.test_host_parity import both_hosts


def test_an_identity_given_as_null_fails_naming_it_on_both_hosts_with_no_request(fake_session, run_module):
    result, sent = both_hosts(pullzone, dict(BASE, id=None, name=None), [], fake_session, run_module)
    assert result["failed"] is True and "name" in result["msg"] and "id" in result["msg"] and sent == []


def test_an_optional_option_given_as_null_is_the_same_as_omitted_on_both_hosts(fake_session, run_module):
    omitted = both_hosts(pullzone, dict(BASE, name="demo"), [listing(ZONE)], fake_session, run_module)
    nulls = dict(BASE, name="demo", origin_url=None, blocked_ips=None, cache_expiration_time=None, type=None)
    given_null = both_hosts(pullzone, nulls, [listing(ZONE)], fake_session, run_module)
    strip = ("invocation",)
    assert {k: v for k, v in given_null[0].items() if k not in strip} == {
        k: v for k, v in omitted[0].items() if k not in strip
    }
    assert given_null[1] == omitted[1] and given_null[0]["changed"] is False
