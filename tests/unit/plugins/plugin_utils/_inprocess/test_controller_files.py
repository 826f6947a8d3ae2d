"""Controller files: ``src`` is read on the controller like ``copy`` reads it (through api_guardian_spec's action)."""

from __future__ import annotations

import base64
import os
from unittest.mock import MagicMock

import pytest
from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.plugins.action import ActionBase

from ansible_collections.edge.platform.plugins.action.api_guardian_spec import ActionModule
from ansible_collections.edge.platform.plugins.module_utils._hosts import user_files as _user_files
from ansible_collections.edge.platform.plugins.module_utils._openapi import loader as _openapi_load
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import controller_files as _controller_files


@pytest.fixture
def action(monkeypatch, tmp_path):
    monkeypatch.setattr(ActionBase, "run", lambda self, tmp=None, task_vars=None: {})
    task = MagicMock()
    loader = MagicMock()
    loader.get_real_file.side_effect = lambda path, decrypt=True: path
    plugin = ActionModule(task, MagicMock(), MagicMock(), loader, MagicMock(), MagicMock())
    plugin._execute_module = MagicMock(return_value={"changed": False})
    files = tmp_path / "files"
    files.mkdir()

    def find(dirname, needle):
        path = files / needle
        if not path.exists():
            raise AnsibleFileNotFound(file_name=needle, paths=[str(path), "elsewhere/" + needle])
        return str(path)

    plugin._find_needle = MagicMock(side_effect=find)
    plugin.files = files
    return plugin


def test_src_becomes_content_read_on_the_controller(action):
    (action.files / "openapi.yaml").write_text("openapi: 3.0.0\n", encoding="utf-8")
    action._task.args = {"shield_zone_id": 1, "src": "openapi.yaml"}
    assert action.run(task_vars={}) == {"changed": False}
    action._find_needle.assert_called_once_with("files", "openapi.yaml")
    sent = action._execute_module.call_args.kwargs
    assert sent["module_name"] == "edge.platform.api_guardian_spec"
    assert sent["module_args"] == {"shield_zone_id": 1, "content": "openapi: 3.0.0\n"}
    action._loader.get_real_file.assert_called_once()
    action._loader.cleanup_tmp_file.assert_called_once()


def test_document_failures_name_src_when_src_was_given(action):
    (action.files / "openapi.yaml").write_text("title: x\n", encoding="utf-8")
    action._execute_module.return_value = {"failed": True, "msg": "content: the OpenAPI document is unusable: x."}
    action._task.args = {"shield_zone_id": 1, "src": "openapi.yaml"}
    assert action.run(task_vars={})["msg"] == "src (openapi.yaml): the OpenAPI document is unusable: x."
    action._task.args = {"shield_zone_id": 1, "content": "title: x\n"}
    assert action.run(task_vars={})["msg"] == "content: the OpenAPI document is unusable: x."


def test_missing_src_fails_naming_the_option(action):
    action._task.args = {"shield_zone_id": 1, "src": "nowhere.yaml"}
    result = action.run(task_vars={})
    assert result["failed"] is True
    assert result[
        "msg"
    ] == "src: nowhere.yaml was not found on the controller; searched %s, elsewhere/nowhere.yaml." % (
        action.files / "nowhere.yaml"
    )
    action._execute_module.assert_not_called()


def test_unreadable_src_fails_naming_the_option(action):
    action._loader.get_real_file.side_effect = AnsibleError("Decryption failed (no vault secrets were found)")
    (action.files / "vaulted.yaml").write_text("$ANSIBLE_VAULT;1.1;AES256\n", encoding="utf-8")
    action._task.args = {"shield_zone_id": 1, "src": "vaulted.yaml"}
    result = action.run(task_vars={})
    assert result == {"failed": True, "msg": "src: Decryption failed (no vault secrets were found)"}


def test_non_utf8_src_fails_naming_the_option(action):
    (action.files / "latin1.yaml").write_bytes(b"title: caf\xe9\n")
    action._task.args = {"shield_zone_id": 1, "src": "latin1.yaml"}
    result = action.run(task_vars={})
    assert result["failed"] is True and "is not UTF-8 text (byte 10)" in result["msg"]
    action._execute_module.assert_not_called()


def test_any_scalar_path_is_read_on_the_controller(action):
    # what the module's type=path would take as a path never reaches the module unread
    (action.files / "42").write_text("openapi: 3.0.0\n", encoding="utf-8")
    action._task.args = {"shield_zone_id": 1, "src": 42}
    action.run(task_vars={})
    action._find_needle.assert_called_once_with("files", "42")
    assert action._execute_module.call_args.kwargs["module_args"] == {
        "shield_zone_id": 1,
        "content": "openapi: 3.0.0\n",
    }


def test_a_vault_encrypted_path_is_read_on_the_controller(action, monkeypatch):
    from ansible.parsing.vault import EncryptedString, VaultLib, VaultSecret, VaultSecretsContext

    secrets = [("default", VaultSecret(b"vault-password"))]
    monkeypatch.setattr(VaultSecretsContext, "_current", VaultSecretsContext(secrets))  # as the CLI sets it
    (action.files / "openapi.yaml").write_text("openapi: 3.0.0\n", encoding="utf-8")
    ciphertext = VaultLib(secrets).encrypt("openapi.yaml").decode()
    action._task.args = {"shield_zone_id": 1, "src": EncryptedString(ciphertext=ciphertext)}
    action.run(task_vars={})
    action._find_needle.assert_called_once_with("files", "openapi.yaml")
    assert action._execute_module.call_args.kwargs["module_args"]["content"] == "openapi: 3.0.0\n"


@pytest.mark.parametrize(
    "args",
    [
        {"shield_zone_id": 1, "src": ["a.yaml"]},
        {"shield_zone_id": 1, "content": "openapi: 3.0.0\n"},
        {"shield_zone_id": 1, "content": "openapi: 3.0.0\n", "src": "x.yaml"},
    ],
)
def test_other_arguments_pass_through_for_the_module_to_judge(action, args):
    action._task.args = dict(args)
    action.run(task_vars={})
    assert action._execute_module.call_args.kwargs["module_args"] == args
    action._find_needle.assert_not_called()


def test_special_files_are_refused_before_opening(action, tmp_path):
    fifo = action.files / "pipe.yaml"
    os.mkfifo(str(fifo))
    action._task.args = {"shield_zone_id": 1, "src": "pipe.yaml"}
    result = action.run(task_vars={})
    assert result == {"failed": True, "msg": "src: %s is a named pipe (FIFO), not a regular file" % fifo}
    action._find_needle.side_effect = lambda dirname, needle: "/dev/zero"
    action._task.args = {"shield_zone_id": 1, "src": "zero.yaml"}
    assert action.run(task_vars={})["msg"] == "src: /dev/zero is a character device, not a regular file"
    action._execute_module.assert_not_called()


def test_oversized_files_are_refused_without_reading_them_whole(action, monkeypatch):
    monkeypatch.setattr(
        _controller_files,
        "CONTROLLER_FILES",
        {"api_guardian_spec": (_controller_files.FileOption("src", "content", 1024),)},
    )
    (action.files / "big.yaml").write_bytes(b"x" * 1025)
    action._task.args = {"shield_zone_id": 1, "src": "big.yaml"}
    result = action.run(task_vars={})
    assert result["failed"] is True and result["msg"].startswith("src: ") and "is larger than" in result["msg"]
    action._execute_module.assert_not_called()


def test_the_error_headline_names_the_file_option_too():
    import dataclasses

    summary = pytest.importorskip("ansible._internal._errors._captured")
    messages = pytest.importorskip("ansible.module_utils._internal._messages")
    # the summary's other fields differ between ansible-core versions (2.19: error_type; 2.21: error_message, ...)
    given = {
        "event": messages.Event(msg="content: bad."),
        "error_type": getattr(summary, "AnsibleModuleCapturedError", None),
        "error_message": "content: bad.",
        "error_context": "",
        "is_module": True,
    }
    fields = {field.name for field in dataclasses.fields(summary.CapturedErrorSummary)}
    captured = summary.CapturedErrorSummary(**{name: value for name, value in given.items() if name in fields})
    result = _controller_files.name_the_file(
        {"failed": True, "msg": "content: bad.", "exception": captured}, {"content": ("src", "a.yaml")}
    )
    assert result["msg"] == "src (a.yaml): bad."
    assert result["exception"].event.msg == "src (a.yaml): bad."
    assert getattr(result["exception"], "error_message", "src (a.yaml): bad.") == "src (a.yaml): bad."


def test_the_document_cap_is_the_modules():
    # a file the module would refuse by its size is refused before it is read whole
    (spec,) = _controller_files.CONTROLLER_FILES["api_guardian_spec"]
    assert spec.max_bytes == _openapi_load.MAX_DOCUMENT_BYTES


# --- certificate_src / certificate_key_src (pullzone_certificate): PEM or DER, found and read like src ----


@pytest.fixture
def cert_action(monkeypatch, tmp_path):
    """The pullzone_certificate action with a real DataLoader (Vault included) and a files/ directory."""
    from ansible.parsing.dataloader import DataLoader
    from ansible.parsing.vault import VaultSecret

    from ansible_collections.edge.platform.plugins.action.pullzone_certificate import ActionModule as CertAction

    monkeypatch.setattr(ActionBase, "run", lambda self, tmp=None, task_vars=None: {})
    loader = DataLoader()
    loader.set_vault_secrets([("default", VaultSecret(b"vault-password"))])
    plugin = CertAction(MagicMock(), MagicMock(), MagicMock(), loader, MagicMock(), MagicMock())
    plugin._execute_module = MagicMock(return_value={"changed": False})
    files = tmp_path / "files"
    files.mkdir()

    def find(dirname, needle):
        path = files / needle if not os.path.isabs(needle) else needle
        if not os.path.lexists(str(path)):
            raise AnsibleFileNotFound(file_name=needle, paths=[str(path)])
        return str(path)

    plugin._find_needle = MagicMock(side_effect=find)
    plugin.files = files
    return plugin


def pki():
    from ansible_collections.edge.platform.tests.unit import certgen

    leaf, leaf_key, mid, _root = certgen.chain("ec", prefix="ctl")
    return certgen, leaf, leaf_key, mid


def sent_args(action, **args):
    action._task.args = dict({"pullzone_id": 1, "hostname": "www.example.com"}, **args)
    result = action.run(task_vars={})
    call = action._execute_module.call_args
    return result, (call.kwargs["module_args"] if call else None)


def test_pem_files_become_the_text_options(cert_action):
    certgen, leaf, leaf_key, mid = pki()
    (cert_action.files / "fullchain.pem").write_text(certgen.cert_pem(leaf, mid))
    (cert_action.files / "privkey.pem").write_text(certgen.key_pem(leaf_key))
    _result, module_args = sent_args(cert_action, certificate_src="fullchain.pem", certificate_key_src="privkey.pem")
    assert module_args == {
        "pullzone_id": 1,
        "hostname": "www.example.com",
        "certificate": certgen.cert_pem(leaf, mid),
        "certificate_key": certgen.key_pem(leaf_key),
    }


def test_der_files_travel_as_base64_the_module_reads_as_der(cert_action):
    from ansible_collections.edge.platform.plugins.module_utils._certificates import x509 as certs

    certgen, leaf, leaf_key, _mid = pki()
    (cert_action.files / "cert.der").write_bytes(certgen.cert_der(leaf))
    (cert_action.files / "key.der").write_bytes(certgen.key_der(leaf_key, "traditional"))
    _result, module_args = sent_args(cert_action, certificate_src="cert.der", certificate_key_src="key.der")
    assert base64.b64decode(module_args["certificate"], validate=True) == certgen.cert_der(leaf)
    assert base64.b64decode(module_args["certificate_key"], validate=True) == certgen.key_der(leaf_key, "traditional")
    loaded = certs.load_certificates(module_args["certificate"])
    assert certs.key_matches(loaded[0], certs.load_private_key(module_args["certificate_key"]))


def test_vault_encrypted_pem_and_der_files_are_decrypted_on_the_controller(cert_action):
    from ansible.parsing.vault import VaultLib, VaultSecret

    certgen, leaf, leaf_key, _mid = pki()
    vault = VaultLib([("default", VaultSecret(b"vault-password"))])
    (cert_action.files / "cert.der.vault").write_bytes(vault.encrypt(certgen.cert_der(leaf)))
    (cert_action.files / "key.pem.vault").write_bytes(vault.encrypt(certgen.key_pem(leaf_key).encode()))
    _result, module_args = sent_args(cert_action, certificate_src="cert.der.vault", certificate_key_src="key.pem.vault")
    assert base64.b64decode(module_args["certificate"]) == certgen.cert_der(leaf)
    assert module_args["certificate_key"] == certgen.key_pem(leaf_key)


def test_a_vault_file_without_the_password_fails_naming_the_option(cert_action):
    from ansible.parsing.vault import VaultLib, VaultSecret

    vault = VaultLib([("other", VaultSecret(b"another-password"))])
    (cert_action.files / "key.pem.vault").write_bytes(vault.encrypt(b"-----BEGIN PRIVATE KEY-----\n"))
    result, module_args = sent_args(cert_action, certificate="x", certificate_key_src="key.pem.vault")
    assert result["failed"] is True and result["msg"].startswith("certificate_key_src: ") and module_args is None


@pytest.mark.parametrize("option", ["certificate_src", "certificate_key_src"])
def test_bad_certificate_files_fail_naming_the_option(cert_action, option):
    fifo = cert_action.files / "pipe.pem"
    os.mkfifo(str(fifo))
    (cert_action.files / "big.pem").write_bytes(b"-----BEGIN CERTIFICATE-----\n" + b"A" * (1024 * 1024))
    expected = {
        "missing.pem": "%s: missing.pem was not found on the controller; searched %s."
        % (option, cert_action.files / "missing.pem"),
        "pipe.pem": "%s: %s is a named pipe (FIFO), not a regular file" % (option, fifo),
        "/dev/zero": "%s: /dev/zero is a character device, not a regular file" % option,
        "/proc/self/environ": "%s: /proc/self/environ is in /proc, a kernel pseudo-filesystem, not a file on disk"
        % option,
        "/proc/self/status": "%s: /proc/self/status is in /proc, a kernel pseudo-filesystem, not a file on disk"
        % option,
        "big.pem": "%s: %s is larger than 1 MiB; this option takes at most that much"
        % (option, cert_action.files / "big.pem"),
    }
    for path, message in expected.items():
        result, module_args = sent_args(cert_action, **{option: path})
        assert result == {"failed": True, "msg": message}
        assert module_args is None


def test_module_failures_about_a_read_file_name_the_file_option(cert_action):
    (cert_action.files / "privkey.pem").write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    cert_action._execute_module.return_value = {
        "failed": True,
        "msg": "certificate_key: not a valid private key (its DER structure does not parse).",
    }
    result, _args = sent_args(cert_action, certificate="x", certificate_key_src="privkey.pem")
    assert result["msg"] == (
        "certificate_key_src (privkey.pem): not a valid private key (its DER structure does not parse)."
    )


@pytest.mark.parametrize("option", ["certificate_src", "certificate_key_src"])
def test_a_file_reporting_size_0_but_holding_data_is_refused(cert_action, monkeypatch, option):
    # a pseudo-filesystem mounted elsewhere: the size check catches what the path check cannot
    monkeypatch.setattr(_user_files, "pseudo_filesystem", lambda path: None)
    result, module_args = sent_args(cert_action, **{option: "/proc/self/environ"})
    assert result == {
        "failed": True,
        "msg": "%s: /proc/self/environ reports a size of 0 but is not empty (a "
        "generated file, not a file on disk)" % option,
    }
    assert module_args is None
