"""Controller files: ``src`` is read on the controller like ``copy`` reads it (through api_guardian_spec's action)."""

from __future__ import annotations

import os
from unittest.mock import MagicMock

import pytest
from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.plugins.action import ActionBase

from ansible_collections.edge.platform.plugins.action.api_guardian_spec import ActionModule
from ansible_collections.edge.platform.plugins.module_utils import _openapi_load
from ansible_collections.edge.platform.plugins.plugin_utils import _controller_files


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
    assert result["msg"] == "src: nowhere.yaml was not found on the controller; searched %s, elsewhere/nowhere.yaml." \
        % (action.files / "nowhere.yaml")
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


@pytest.mark.parametrize("args", [
    {"shield_zone_id": 1, "content": "openapi: 3.0.0\n"},
    {"shield_zone_id": 1, "content": "openapi: 3.0.0\n", "src": "x.yaml"},
])
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
    assert result == {"failed": True, "msg": "src: %s is not a regular file" % fifo}
    action._find_needle.side_effect = lambda dirname, needle: "/dev/zero"
    action._task.args = {"shield_zone_id": 1, "src": "zero.yaml"}
    assert action.run(task_vars={})["msg"] == "src: /dev/zero is not a regular file"
    action._execute_module.assert_not_called()


def test_oversized_files_are_refused_without_reading_them_whole(action, monkeypatch):
    monkeypatch.setattr(_controller_files, "CONTROLLER_FILES",
                        {"api_guardian_spec": (_controller_files.FileOption("src", "content", 1024),)})
    (action.files / "big.yaml").write_bytes(b"x" * 1025)
    action._task.args = {"shield_zone_id": 1, "src": "big.yaml"}
    result = action.run(task_vars={})
    assert result["failed"] is True and result["msg"].startswith("src: ") and "is larger than" in result["msg"]
    action._execute_module.assert_not_called()


def test_the_error_headline_names_the_file_option_too():
    summary = pytest.importorskip("ansible._internal._errors._captured")
    messages = pytest.importorskip("ansible.module_utils._internal._messages")
    captured = summary.CapturedErrorSummary(event=messages.Event(msg="content: bad."),
                                            error_type=summary.AnsibleModuleCapturedError)
    result = _controller_files.name_the_file({"failed": True, "msg": "content: bad.", "exception": captured},
                                             {"content": ("src", "a.yaml")})
    assert result["msg"] == "src (a.yaml): bad."
    assert result["exception"].event.msg == "src (a.yaml): bad."


def test_the_document_cap_is_the_modules():
    # a file the module would refuse by its size is refused before it is read whole
    (spec,) = _controller_files.CONTROLLER_FILES["api_guardian_spec"]
    assert spec.max_bytes == _openapi_load.MAX_DOCUMENT_BYTES
