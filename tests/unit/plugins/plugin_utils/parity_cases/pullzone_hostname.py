# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_hostname: an add read back, a check-mode change with diff, no change, a platform
refusal, a system hostname refused before any write, a bad option, zone reads not understood (nothing written), a
name registered already that the zone read again has, and a read failing after an add landed."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_hostname
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-hostname-secret-key"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "pullzone_id": 2001}
SYSTEM = {"Id": 1, "Value": "demo.b-cdn.net", "IsSystemHostname": True, "HasCertificate": True, "ForceSSL": False}
CDN = {"Id": 2, "Value": "cdn.example.com", "IsSystemHostname": False, "HasCertificate": False, "ForceSSL": False}


def zone(*hostnames):
    return FakeResponse(
        body={"Id": 2001, "Name": "demo", "CnameDomain": "demo.b-cdn.net", "Hostnames": list(hostnames)}
    )


def done():
    return FakeResponse(204, text="")


CASES = {
    "add read back": Case(
        pullzone_hostname,
        dict(ARGS, hostname="cdn.example.com"),
        [zone(SYSTEM), done(), zone(SYSTEM, CDN)],
        changed=True,
        shows=lambda r: r["hostname"]["id"] == 2 and r["cname_target"] == "demo.b-cdn.net",
    ),
    "check mode with diff": Case(
        pullzone_hostname,
        dict(ARGS, hostname="cdn.example.com", force_ssl=True, free_certificate=True),
        [zone(SYSTEM)],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: (
            r["diff"]["after"]
            == {
                "hostname": "cdn.example.com",
                "present": True,
                "force_ssl": True,
                "has_certificate": True,
            }
        ),
    ),
    "no change": Case(pullzone_hostname, dict(ARGS, hostname="CDN.example.com", force_ssl=False), [zone(SYSTEM, CDN)]),
    "already registered": Case(
        pullzone_hostname,
        dict(ARGS, hostname="cdn.example.com"),
        [
            zone(SYSTEM),
            FakeResponse(
                400, {"ErrorKey": "pullzone.hostname_already_registered", "Field": "Hostname", "Message": "No."}
            ),
            zone(SYSTEM),  # read again: not on this zone, so another zone (or account) holds it
        ],
        failed=True,
        shows=lambda r: "Another pull zone" in r["msg"],
    ),
    "system hostname refused": Case(
        pullzone_hostname, dict(ARGS, hostname="demo.b-cdn.net", state="absent"), [zone(SYSTEM)], failed=True
    ),
    "bad force_ssl": Case(
        pullzone_hostname, dict(ARGS, hostname="cdn.example.com", force_ssl="sometimes"), failed=True
    ),
}

for _label, _bad in BAD_BODIES.items():
    for _state in ("present", "absent"):
        CASES["%s, the zone read answered %s" % (_state, _label)] = Case(
            pullzone_hostname,
            dict(ARGS, hostname="cdn.example.com", state=_state),
            lambda _bad=_bad: [_bad()],
            failed=True,
            shows=not_understood,
        )
CASES["absent, a zone read without hostnames"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com", state="absent"),
    [zone()],
    failed=True,
    shows=lambda r: not_understood(r) and "with its hostnames" in r["msg"],
)
CASES["registered already, and the zone read again has it"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com"),
    [
        zone(SYSTEM),
        FakeResponse(400, {"ErrorKey": "pullzone.hostname_already_registered", "Field": "Hostname", "Message": "No."}),
        zone(SYSTEM, CDN),
    ],
    shows=lambda r: r["hostname"]["id"] == 2 and "it was there already" in r["warnings"][0],
)
CASES["added, the read back not understood"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com"),
    [zone(SYSTEM), done(), FakeResponse(body={})],
    failed=True,
    changed=True,
    shows=lambda r: "Hostname cdn.example.com was added to pull zone 2001, but reading the pull zone back" in r["msg"],
)

# --- certificates: Let's Encrypt's limits, a wildcard through the DNS zone, a step failing after a change ---------
ACME = {
    "ErrorKey": "pullzone.certificate_request_failed",
    "Field": None,
    "Message": "The certificate could not be requested. urn:ietf:params:acme:error:rateLimited: too many certificates "
    '(50) already issued for "example.com" in the last 168h0m0s, retry after 2026-07-18 21:49:58 UTC',
}
DNS_ZONES = FakeResponse(
    body={"Items": [{"Id": 11, "Domain": "example.com"}], "CurrentPage": 1, "TotalItems": 1, "HasMoreItems": False}
)
CERTIFIED = dict(CDN, HasCertificate=True, CertificateProvisionType=2)

CASES["a free certificate refused by Let's Encrypt's limit"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com", free_certificate=True),
    [zone(SYSTEM, CDN), FakeResponse(400, ACME)],
    failed=True,
    shows=lambda r: "at most 50 certificates per registered domain" in r["msg"] and "retry after" in r["msg"],
)
CASES["a wildcard certificate through the DNS zone"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com", wildcard_certificate=True),
    [zone(SYSTEM, CDN), DNS_ZONES, FakeResponse(200, text=""), zone(SYSTEM, CERTIFIED)],
    changed=True,
    shows=lambda r: r["hostname"]["has_certificate"] is True and r["hostname"]["certificate_type"] == "dns01",
)
CASES["a wildcard accepted while the hostname shows no certificate"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com", wildcard_certificate=True),
    [zone(SYSTEM, CDN), DNS_ZONES, FakeResponse(200, text=""), zone(SYSTEM, CDN)],
    failed=True,
    changed=True,
    shows=lambda r: "the next run asks again" in r["msg"] and "wildcard certificate for *.example.com" in r["msg"],
)
CASES["a wildcard for a name without a DNS zone on the platform"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.org", wildcard_certificate=True),
    [zone(SYSTEM, dict(CDN, Value="cdn.example.org")), DNS_ZONES],
    failed=True,
    shows=lambda r: "no DNS zone of this account holds example.org" in r["msg"],
)
CASES["Force SSL refused after the hostname was added"] = Case(
    pullzone_hostname,
    dict(ARGS, hostname="cdn.example.com", force_ssl=True),
    [
        zone(SYSTEM),
        done(),
        zone(SYSTEM, CDN),
        FakeResponse(400, {"ErrorKey": "pullzone.x", "Field": "ForceSSL", "Message": "No."}),
    ],
    failed=True,
    changed=True,
    shows=lambda r: (
        "This task had changed hostname cdn.example.com before that" in r["msg"] and r["hostname"]["id"] == 2
    ),
)
