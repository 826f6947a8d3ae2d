# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_certificate beyond the suite's own: the zone read (with its certificates) answered
with a body that is not its documented answer: not understood, nothing written."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_certificate
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

ARGS = {
    "api_key": "parity-pullzone-certificate-secret",
    "base_url": "https://api.example.test",
    "retries": 0,
    "pullzone_id": 2001,
    "hostname": "www.example.com",
    "state": "absent",
}

CASES = {
    "absent, the zone read answered %s" % label: Case(
        pullzone_certificate, dict(ARGS), lambda bad=bad: [bad()], failed=True, shows=not_understood
    )
    for label, bad in BAD_BODIES.items()
}
