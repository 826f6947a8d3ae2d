"""Controller files end to end: the action reads a file option, the module (on the module path) uses its text.

The module tests' own platforms and checks, with the file options a user writes: the action finds the file,
reads it with the one bounded reader (``_hosts/user_files.py``) and passes its text; messages about the text
name the file option and the path. Controller-side, since the action imports ansible's controller code.
"""

from __future__ import annotations

import base64
import importlib
import json
import os
from unittest.mock import MagicMock

import pytest
from ansible.errors import AnsibleFileNotFound
from ansible.parsing.dataloader import DataLoader
from ansible.plugins.action import ActionBase

from ansible_collections.edge.platform.plugins.module_utils._certificates import x509 as _certificates
from ansible_collections.edge.platform.plugins.modules import pullzone_certificate
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import preload as _preload
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_api_guardian_spec as guardian_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules import test_pullzone_certificate as cert_tests
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_certificate import (
    Platform,
    args,
    assert_no_key,
    fp,
)

# the module tests' fixtures, by name
pki = cert_tests.pki
platform = cert_tests.platform


@pytest.fixture
def run_through_action(run_module, monkeypatch):
    """``run_through_action(module, args, check=False, diff=False) -> result``: the task as the module's action runs
    it on the module path: options naming controller files read by the action (an absolute path is found as
    given), the module run by ``run_module``, messages about a read file naming the file option."""
    monkeypatch.setattr(ActionBase, "run", lambda self, tmp=None, task_vars=None: {})
    # Ansible handing out an action class warms the HTTP client once per process: never through the test's fake session
    monkeypatch.setattr(_preload, "_done", True)

    def find(dirname, needle):
        if not os.path.isabs(needle) or not os.path.lexists(needle):
            raise AnsibleFileNotFound(file_name=needle, paths=[needle])
        return needle

    def run(module, module_args, check=False, diff=False):
        action_class = importlib.import_module(module.__name__.replace(".modules.", ".action.")).ActionModule
        task = MagicMock(args=dict(module_args), check_mode=check, diff=diff, async_val=0, no_log=True)
        action = action_class(
            task, MagicMock(transport="ssh"), MagicMock(become=False), DataLoader(), MagicMock(), MagicMock()
        )
        action._find_needle = find
        action._execute_module = lambda module_name, module_args, task_vars, wrap_async: run_module(
            module, module_args, check=check, diff=diff
        )
        return action.run(task_vars={})

    return run


# --- pullzone_certificate: certificate_src, certificate_key_src ------------------------------------------------


def test_der_installed_and_der_files_wanted_are_unchanged(platform, fake_session, run_through_action, pki, tmp_path):
    platform(base64.b64encode(certgen.cert_der(pki["leaf"])).decode())
    (tmp_path / "cert.der").write_bytes(certgen.cert_der(pki["leaf"]))
    (tmp_path / "key.der").write_bytes(certgen.key_der(pki["key_obj"], "traditional"))
    files = args(
        pki,
        certificate=None,
        certificate_key=None,
        certificate_src=str(tmp_path / "cert.der"),
        certificate_key_src=str(tmp_path / "key.der"),
    )
    result = run_through_action(pullzone_certificate, files)
    assert result["changed"] is False and result["fingerprints"] == [fp(pki["leaf"])]


def test_der_files_are_uploaded_as_pem(platform, fake_session, run_through_action, pki, tmp_path):
    platform()
    (tmp_path / "cert.der").write_bytes(certgen.cert_der(pki["leaf"]))
    (tmp_path / "key.der").write_bytes(certgen.key_der(pki["key_obj"], "traditional"))
    files = args(
        pki,
        certificate=None,
        certificate_key=None,
        certificate_src=str(tmp_path / "cert.der"),
        certificate_key_src=str(tmp_path / "key.der"),
    )
    result = run_through_action(pullzone_certificate, files)
    body = fake_session.writes[0]["json"]
    assert base64.b64decode(body["Certificate"]).decode() == certgen.cert_pem(pki["leaf"])
    assert base64.b64decode(body["CertificateKey"]).decode() == certgen.key_pem(pki["key_obj"])  # as PKCS#8
    assert_no_key(pki, result)


def bad_files(tmp_path):
    """``(option, path, expected message part)``: every file an attacker or a typo could name."""
    fifo = tmp_path / "fifo.pem"
    os.mkfifo(str(fifo))
    huge = tmp_path / "huge.pem"
    with open(str(huge), "wb") as handle:
        handle.truncate(_certificates.MAX_INPUT_BYTES + 1)  # sparse: no disk, no memory
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 8)
    latin = tmp_path / "latin.pem"
    latin.write_bytes("-----BEGIN CERTIFICATE-----\n\u00e9t\u00e9\n-----END CERTIFICATE-----\n".encode("latin-1"))
    begins = tmp_path / "begins.pem"
    begins.write_bytes(b"-----BEGIN CERTIFICATE-----\n" * 20000)
    many = tmp_path / "many.pem"
    many.write_bytes(b"-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n" * 5000)
    return [
        (
            "certificate_src",
            str(tmp_path / "missing.pem"),
            "certificate_src: %s was not found on the controller" % (tmp_path / "missing.pem"),
        ),
        ("certificate_key_src", str(tmp_path), "certificate_key_src: %s is a directory, not a regular file" % tmp_path),
        ("certificate_src", str(fifo), "certificate_src: %s is a named pipe (FIFO), not a regular file" % fifo),
        ("certificate_key_src", str(fifo), "certificate_key_src: %s is a named pipe (FIFO)" % fifo),
        ("certificate_src", "/dev/zero", "certificate_src: /dev/zero is a character device, not a regular file"),
        ("certificate_key_src", "/dev/urandom", "certificate_key_src: /dev/urandom is a character device"),
        ("certificate_src", str(tmp_path), "certificate_src: %s is a directory" % tmp_path),
        (
            "certificate_src",
            "/proc/self/environ",
            "certificate_src: /proc/self/environ is in /proc, a kernel pseudo-filesystem, not a file on disk",
        ),
        ("certificate_key_src", "/proc/self/environ", "certificate_key_src: /proc/self/environ is in /proc"),
        ("certificate_key_src", "/proc/self/status", "certificate_key_src: /proc/self/status is in /proc"),
        ("certificate_src", str(huge), "certificate_src: %s is larger than 1 MiB" % huge),
        ("certificate_key_src", str(huge), "certificate_key_src: %s is larger than 1 MiB" % huge),
        ("certificate_src", str(garbage), "certificate_src (%s): not PEM" % garbage),
        ("certificate_key_src", str(garbage), "certificate_key_src (%s): not PEM" % garbage),
        ("certificate_src", str(latin), "certificate_src: %s is not UTF-8 text (byte 28); save it as UTF-8" % latin),
        ("certificate_src", str(begins), "certificate_src (%s): the CERTIFICATE PEM block is not terminated" % begins),
        ("certificate_src", str(many), "certificate_src (%s): more than 32 PEM blocks" % many),
    ]


def test_bad_files_fail_fast_naming_the_option(fake_session, run_through_action, pki, tmp_path):
    fake_session.responses = Platform()
    for option, path, message in bad_files(tmp_path):
        result = run_through_action(pullzone_certificate, args(pki, **{option: path, option[:-4]: None}))
        assert result.get("failed") is True, (option, message)
        assert message in result["msg"], (message, result["msg"])
        # a clean failure, not a crash (ansible-core 2.19.0 attaches the call stack of every fail_json as
        # "exception": that is Ansible's, so only the module's own text is checked)
        assert "Traceback" not in json.dumps({k: v for k, v in result.items() if k != "exception"})
        assert_no_key(pki, result)
    assert fake_session.calls == []


# --- api_guardian_spec: src ------------------------------------------------------------------------------------


def test_src_is_read_on_the_controller_and_its_text_sent(run_through_action, fake_session, tmp_path):
    path = tmp_path / "openapi.yaml"
    path.write_text(guardian_tests.DOCUMENT, encoding="utf-8")
    result = guardian_tests.run(run_through_action, fake_session, [guardian_tests.state()], content=None, src=str(path))
    assert result["changed"] is False


def test_unreadable_src_fails_before_any_request(run_through_action, fake_session, tmp_path):
    result = guardian_tests.run(run_through_action, fake_session, [], content=None, src=str(tmp_path / "missing.yaml"))
    assert result["failed"] is True
    assert result["msg"].startswith("src: %s was not found on the controller" % (tmp_path / "missing.yaml"))
    assert fake_session.calls == []
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"openapi: \xff\xfe")
    result = guardian_tests.run(run_through_action, fake_session, [], content=None, src=str(binary))
    assert "is not UTF-8 text" in result["msg"]


def test_document_failures_name_src_and_its_path(run_through_action, fake_session, tmp_path):
    path = tmp_path / "openapi.yaml"
    path.write_text("title: x\n", encoding="utf-8")
    result = guardian_tests.run(run_through_action, fake_session, [], content=None, src=str(path))
    assert result["msg"].startswith("src (%s): the OpenAPI document is unusable" % path)
    assert fake_session.calls == []
