# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_certificate beyond the suite's own: the zone read (with its certificates) answered
with a body that is not its documented answer: not understood, nothing written; a removal from a hostname that is not
on the pull zone (a teardown after a build that failed before adding it): no change, with a warning, in check mode
too; an install there fails naming the zone's hostnames."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_certificate
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
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

ZONE = {
    "Id": 2001,
    "Name": "site-1a2b3c4d",
    "Hostnames": [{"Id": 1, "Value": "site-1a2b3c4d.b-cdn.net", "IsSystemHostname": True, "HasCertificate": True}],
}
NOT_ON_ZONE = "hostname www.example.com is not on pull zone 2001 (its hostnames: site-1a2b3c4d.b-cdn.net)"


def _nothing_to_remove(result):
    return (
        result["warnings"] == ["Nothing to remove: %s, so it has no certificate there." % NOT_ON_ZONE]
        and result["pull_zone"] == {"id": 2001, "name": "site-1a2b3c4d"}
        and result["has_certificate"] is False
        and result["certificate_type"] == "none"
    )


for _check in (False, True):
    CASES["absent, the hostname not on the zone%s" % (" (check mode)" if _check else "")] = Case(
        pullzone_certificate,
        dict(ARGS),
        lambda: [FakeResponse(body=dict(ZONE))],
        check=_check,
        shows=_nothing_to_remove,
    )
_LEAF, _KEY, _MID, _ROOT = certgen.chain("ec", prefix="parity-not-on-zone")
CASES["present, the hostname not on the zone"] = Case(
    pullzone_certificate,
    dict(ARGS, state="present", certificate=certgen.cert_pem(_LEAF, _MID), certificate_key=certgen.key_pem(_KEY)),
    lambda: [FakeResponse(body=dict(ZONE))],
    failed=True,
    shows=lambda r: r["msg"] == NOT_ON_ZONE + ". Add it to the pull zone first, or fix hostname or pullzone_id.",
)
