# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The optimizer class resource layer: the zone read with its classes, a write that sends only the whole list (the
zone read again when the answer does not carry the classes) and finding classes by name."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules, optimizer_classes
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.test_edge_rules import client

CLASSES = [{"Name": "a", "Properties": {"width": "1"}}, {"Name": "A", "Properties": None}, "junk"]
ZONE = {"Id": 7, "Name": "z", "OptimizerClasses": CLASSES}


def test_the_zone_is_read_with_its_classes_and_one_without_them_is_not_understood():
    api, _session = client(FakeResponse(body=ZONE), FakeResponse(body={"Id": 7, "Name": "z"}))
    zone = optimizer_classes.read_zone(api, 7)
    assert optimizer_classes.named(zone, "a") == [CLASSES[0]]  # names compared exactly
    assert len(optimizer_classes.classes_of(zone)) == 2
    with pytest.raises(ApiError, match="with its optimizer classes"):
        optimizer_classes.read_zone(api, 7)
    assert optimizer_classes.has_classes({"Id": 7, "OptimizerClasses": None})
    assert optimizer_classes.classes_of({"OptimizerClasses": None}) == []


def test_a_write_sends_only_the_whole_list_once():
    api, session = client(FakeResponse(body=ZONE))
    assert optimizer_classes.write(api, 7, CLASSES[:2], "class 'a'") == ZONE
    assert [(call["method"], call["url"]) for call in session.calls] == [
        ("POST", "https://api.example.test/pullzone/7")
    ]
    assert session.calls[0]["json"] == {"OptimizerClasses": CLASSES[:2]}


def test_an_answer_without_the_classes_is_followed_by_a_read():
    api, session = client(FakeResponse(body={"Id": 7, "Name": "z"}), FakeResponse(body=ZONE))
    assert optimizer_classes.write(api, 7, [], "class 'a'") == ZONE
    assert [call["method"] for call in session.calls] == ["POST", "GET"]


def test_the_writer_lock_is_the_edge_rules_one():
    assert optimizer_classes.LOCK == edge_rules.LOCK
