# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_optimizer_class and pullzone_optimizer_class_info: a create (the whole list sent),
no change, check mode with diff, an update keeping the other properties, a delete, bad input refused before any
request, duplicates, a refusal by the platform, a write the platform did not take, text an option cannot read, and
the zone read not understood."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_optimizer_class, pullzone_optimizer_class_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-optimizer-class-secret-key"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "pullzone_id": 2001}
THUMB = dict(name="thumbnail", width=320, quality=75)
HELD = {"Name": "thumbnail", "Properties": {"width": "320", "quality": "75"}}


def zone(*classes):
    return FakeResponse(body={"Id": 2001, "Name": "demo", "OptimizerClasses": list(classes)})


CASES = {
    "create": Case(
        pullzone_optimizer_class,
        dict(ARGS, **THUMB),
        [zone(), zone(HELD)],
        changed=True,
        shows=lambda r: r["optimizer_class"]["width"] == 320 and r["pull_zone"] == {"id": 2001, "name": "demo"},
    ),
    "no change": Case(pullzone_optimizer_class, dict(ARGS, **THUMB), [zone(HELD)]),
    "check mode with diff": Case(
        pullzone_optimizer_class,
        dict(ARGS, **THUMB),
        [zone()],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["before"] is None and r["diff"]["after"]["quality"] == 75,
    ),
    "update keeps the other properties": Case(
        pullzone_optimizer_class,
        dict(ARGS, name="thumbnail", sharpen=True),
        [zone(HELD), zone(dict(HELD, Properties=dict(HELD["Properties"], sharpen="true")))],
        changed=True,
        shows=lambda r: r["optimizer_class"]["sharpen"] is True and r["optimizer_class"]["width"] == 320,
    ),
    "delete": Case(
        pullzone_optimizer_class,
        dict(ARGS, name="thumbnail", state="absent"),
        [zone(HELD), zone()],
        changed=True,
        shows=lambda r: r["optimizer_class"] is None,
    ),
    "empty name": Case(
        pullzone_optimizer_class,
        dict(ARGS, name=" "),
        failed=True,
        shows=lambda r: r["msg"].startswith("name must not be empty"),
    ),
    "duplicates": Case(
        pullzone_optimizer_class,
        dict(ARGS, **THUMB),
        [zone(HELD, HELD)],
        failed=True,
        shows=lambda r: "2 optimizer classes named 'thumbnail'" in r["msg"],
    ),
    "refused": Case(
        pullzone_optimizer_class,
        dict(ARGS, **THUMB),
        [zone(), FakeResponse(400, {"ErrorKey": "model.invalid", "Field": "id", "Message": "Model validation failed"})],
        failed=True,
        shows=lambda r: r["api_error"]["error_key"] == "model.invalid",
    ),
    "a write the platform did not take": Case(
        pullzone_optimizer_class,
        dict(ARGS, **THUMB),
        [zone(), zone()],
        changed=True,
        shows=lambda r: r["optimizer_class"] is None and "did not take all of it" in r["warnings"][0],
    ),
    "text an option cannot read": Case(
        pullzone_optimizer_class_info,
        dict(ARGS),
        [zone({"Name": "thumbnail", "Properties": {"quality": "075", "format": "webp"}})],
        shows=lambda r: (
            r["optimizer_classes"][0]["other_properties"] == {"quality": "075", "format": "webp"}
            and "quality='075'" in r["warnings"][0]
        ),
    ),
}
for _label, _bad in BAD_BODIES.items():
    CASES["the zone read answered %s" % _label] = Case(
        pullzone_optimizer_class, dict(ARGS, **THUMB), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
