# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""An option given as null is an option not given, on both hosts, for the database management modules.

``database: {database_id: null}`` used to send a create with no name; the hosts' screen now drops the null before
validation, so the module's own rules apply: a missing name or id fails naming both, with no request sent.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import database, database_info, database_token
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.test_host_parity import both_hosts

BASE = {"api_key": "unit-secret-key-database-nulls", "base_url": "https://api.example.test", "retries": 0}
LISTING = {"databases": [], "page_info": {"current_page": 1, "total_items": 0, "has_more_items": False}}


def test_database_with_a_null_id_and_no_name_fails_naming_both_and_sends_nothing(fake_session, run_module):
    args = dict(BASE, database_id=None, primary_regions=["DE"], storage_region="eu-west-1")
    result, sent = both_hosts(database, args, [], fake_session, run_module)
    assert result["failed"] is True and sent == []
    assert "one of the following is required: name, database_id" in result["msg"]


def test_database_with_a_null_name_and_a_null_id_state_absent_fails_the_same(fake_session, run_module):
    args = dict(BASE, name=None, database_id=None, state="absent")
    result, sent = both_hosts(database, args, [], fake_session, run_module)
    assert result["failed"] is True and sent == []
    assert "one of the following is required: name, database_id" in result["msg"]


def test_database_with_a_name_and_a_null_id_is_managed_by_its_name(fake_session, run_module):
    args = dict(BASE, name="app", database_id=None, state="absent")
    result, sent = both_hosts(database, args, [FakeResponse(body=LISTING)], fake_session, run_module)
    assert result["changed"] is False and [(m, u) for m, u, _p, _j in sent] == [
        ("GET", "https://api.example.test/database/v2/databases")
    ]


def test_database_info_with_a_null_id_beside_a_name_is_not_two_choices(fake_session, run_module):
    # mutually exclusive options: a null is not given, so only name counts
    args = dict(BASE, name="app", database_id=None)
    result, sent = both_hosts(database_info, args, [FakeResponse(body=LISTING)], fake_session, run_module)
    assert result["databases"] == [] and len(sent) == 1 and sent[0][1].endswith("/database/v2/databases")


def test_database_info_with_only_nulls_lists_every_database(fake_session, run_module):
    args = dict(BASE, name=None, database_id=None)
    result, sent = both_hosts(database_info, args, [FakeResponse(body=LISTING)], fake_session, run_module)
    assert result["databases"] == [] and sent[0][2] == {"page": 1, "per_page": 100}


def test_database_token_with_a_null_id_fails_naming_it_and_sends_nothing(fake_session, run_module):
    args = dict(BASE, database_id=None, authorization="full_access")
    result, sent = both_hosts(database_token, args, [], fake_session, run_module)
    assert result["failed"] is True and sent == []
    assert "missing required arguments: database_id" in result["msg"]


def test_database_token_with_a_null_authorization_fails_naming_it_and_sends_nothing(fake_session, run_module):
    args = dict(BASE, database_id="db_01KCHBG8C5KSFGG0VRNFQ7EK7X", authorization=None, expires_in=None)
    result, sent = both_hosts(database_token, args, [], fake_session, run_module)
    assert result["failed"] is True and sent == []
    assert "state is generated but all of the following are missing: authorization" in result["msg"]
