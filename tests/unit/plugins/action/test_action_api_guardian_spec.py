"""Units for the api_guardian_spec action plugin: ``src`` is read on the controller (bounded), and failures
about it name ``src`` in ``msg`` and in the ``[ERROR]`` headline."""

from __future__ import annotations

import os
from unittest.mock import MagicMock

import pytest
from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.plugins.action import ActionBase

from ansible_collections.edge.platform.plugins.action import api_guardian_spec as action_plugin
from ansible_collections.edge.platform.plugins.action.api_guardian_spec import ActionModule
from ansible_collections.edge.platform.plugins.module_utils import _openapi_load


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


try:  # ansible-core 2.19+: the [ERROR] headline comes from this summary, not from msg
    from ansible._internal._errors._captured import AnsibleModuleCapturedError
except ImportError:  # pragma: no cover - older ansible-core shows msg
    AnsibleModuleCapturedError = None


class Recorder(object):
    """Stands in for running the module: records its arguments, answers like a failed module."""

    def __init__(self, answer):
        self.answer = answer
        self.args = None

    def __call__(self, module_name=None, module_args=None, task_vars=None, **kwargs):
        self.args = module_args
        result = dict(self.answer)
        if AnsibleModuleCapturedError is not None:
            # what ActionBase._parse_returned_data does with every module result
            AnsibleModuleCapturedError.normalize_result_exception(result)
        return result


def run_action(monkeypatch, src, answer):
    monkeypatch.setattr(ActionBase, "run", lambda self, tmp=None, task_vars=None: {})
    task = MagicMock()
    task.args = {"shield_zone_id": 3001, "src": os.path.basename(src)}
    loader = MagicMock()
    loader.get_real_file.side_effect = lambda path, decrypt=True: path
    action = action_plugin.ActionModule(task, MagicMock(), MagicMock(), loader=loader, templar=None,
                                        shared_loader_obj=None)
    monkeypatch.setattr(action, "_find_needle", lambda dirname, needle: src)
    recorder = Recorder(answer)
    monkeypatch.setattr(action, "_execute_module", recorder)
    return action.run(task_vars={}), recorder


def test_a_document_error_names_src_in_msg_and_in_the_headline(monkeypatch, tmp_path):
    path = tmp_path / "openapi.yaml"
    path.write_text("openapi: 3.0.0\n", encoding="utf-8")
    message = "content: the OpenAPI document is unusable: /info is required. Fix the document and run again."
    result, recorder = run_action(monkeypatch, str(path), {"failed": True, "msg": message})
    assert recorder.args["content"] == "openapi: 3.0.0\n" and "src" not in recorder.args
    expected = "src (openapi.yaml): the OpenAPI document is unusable: /info is required. Fix the document and run again."
    assert result["msg"] == expected
    if AnsibleModuleCapturedError is not None:
        summary = result["exception"]
        assert summary.event.msg == expected, "the [ERROR] headline is built from this event"
        assert summary.error_type is AnsibleModuleCapturedError, "still reported as the module's failure"


def test_other_failures_are_left_as_the_module_said(monkeypatch, tmp_path):
    path = tmp_path / "openapi.yaml"
    path.write_text("openapi: 3.0.0\n", encoding="utf-8")
    message = "Reading API Guardian of shield zone 3001 failed with HTTP 401 Unauthorized."
    result, dummy = run_action(monkeypatch, str(path), {"failed": True, "msg": message})
    assert result["msg"] == message
    if AnsibleModuleCapturedError is not None:
        assert result["exception"].event.msg == message


def test_a_fifo_is_refused_without_blocking(monkeypatch, tmp_path):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(str(path))
    result, recorder = run_action(monkeypatch, str(path), {"changed": False})
    assert result["failed"] is True and "is not a regular file" in result["msg"]
    assert result["msg"].startswith("src: ")
    assert recorder.args is None, "the module never ran"


def test_a_huge_file_is_read_only_up_to_the_cap(monkeypatch, tmp_path):
    path = tmp_path / "huge.yaml"
    with open(str(path), "wb") as handle:
        handle.truncate(action_plugin.MAX_DOCUMENT_BYTES * 2)  # sparse: 20 MB of NUL bytes on no disk
    result, recorder = run_action(monkeypatch, str(path), {"changed": False})
    assert len(recorder.args["content"]) == action_plugin.MAX_DOCUMENT_BYTES + 1, \
        "one byte over the cap: the module refuses it by its size"
    assert result == {"changed": False}


def test_the_cap_is_the_modules():
    assert action_plugin.MAX_DOCUMENT_BYTES == _openapi_load.MAX_DOCUMENT_BYTES
