# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_info beyond the suite's own: every read answered with a body that is not its
documented answer (the zone by id, the listing): not understood."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_info
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

ARGS = {"api_key": "parity-pullzone-info-secret", "base_url": "https://api.example.test", "retries": 0}

CASES = {}
for _label, _bad in BAD_BODIES.items():
    CASES["by id, the zone read answered %s" % _label] = Case(
        pullzone_info, dict(ARGS, pullzone_id=2001), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
    CASES["every zone, the listing answered %s" % _label] = Case(
        pullzone_info, dict(ARGS), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
