# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone_certificate's fingerprint option, against the fake platform of test_pullzone_certificate: a certificate
kept by its leaf's fingerprint with reads only and no files, a failure naming the files when the hostname holds
another, and a fingerprint that must name the certificate given."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import pullzone_certificate
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_pullzone_certificate as certificate_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_certificate import (
    PKI,
    args,
    assert_no_key,
    b64url,
    fp,
)

platform = certificate_tests.platform  # its fake platform, a fixture pytest finds by this name

LEAF = fp(PKI["leaf"])


def kept(**extra):
    """Arguments that keep the certificate by its fingerprint, without the certificate or key."""
    return args(PKI, certificate=None, certificate_key=None, fingerprint=LEAF.lower().replace(":", ""), **extra)


@pytest.mark.parametrize("check", [False, True])
def test_the_leaf_held_is_kept_with_one_read_and_no_files(platform, fake_session, run_module, check):  # noqa: F811
    platform(b64url(PKI["bundle"]))
    result = run_module(pullzone_certificate, kept(), check=check, diff=True)
    assert not result.get("failed") and result["changed"] is False, result
    assert [c["method"] for c in fake_session.calls] == ["GET"]
    assert result["fingerprints"] == [LEAF, fp(PKI["mid"])] and result["certificate_source"] == "api"
    assert_no_key(PKI, result)


@pytest.mark.parametrize(
    "installed, held",
    [
        (PKI["renewed"], "holds the custom certificate %s" % fp(PKI["renewed_cert"])),
        (None, "holds no custom certificate"),
    ],
    ids=["another", "none"],
)
def test_another_or_no_certificate_fails_naming_the_files_and_writes_nothing(
    platform,
    fake_session,
    run_module,
    installed,
    held,  # noqa: F811
):
    platform(b64url(installed) if installed else None)
    result = run_module(pullzone_certificate, kept(), check=False)
    assert result["failed"] and fake_session.writes == []
    assert held in result["msg"] and LEAF in result["msg"]
    assert "give certificate_src and certificate_key_src" in result["msg"]
    assert_no_key(PKI, result)


def test_a_fingerprint_given_with_the_files_is_installed_as_usual(platform, fake_session, run_module):  # noqa: F811
    platform()
    result = run_module(pullzone_certificate, args(PKI, fingerprint=LEAF))
    assert result["changed"] is True and [c["method"] for c in fake_session.calls] == ["GET", "POST"]
    assert_no_key(PKI, result)


@pytest.mark.parametrize(
    "extra, message",
    [
        (dict(fingerprint=fp(PKI["renewed_cert"])), "but the certificate given is %s" % LEAF),
        (dict(fingerprint=LEAF, certificate_key=None), "certificate is given without certificate_key"),
        (dict(fingerprint=LEAF, certificate=None, certificate_key=None, force=True), "force needs the certificate"),
        (dict(fingerprint="AB:CD"), "fingerprint must be the SHA-256 fingerprint"),
    ],
    ids=["another leaf", "no key", "force", "not a fingerprint"],
)
def test_bad_input_fails_before_any_request(platform, fake_session, run_module, extra, message):  # noqa: F811
    platform()
    result = run_module(pullzone_certificate, args(PKI, **extra))
    assert result["failed"] and message in result["msg"], result
    assert fake_session.calls == []
    assert_no_key(PKI, result)
