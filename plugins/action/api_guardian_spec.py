# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Reads ``src`` on the controller for edge.platform.api_guardian_spec, then runs the module.

Users write ``src: openapi.yaml`` expecting what ``ansible.builtin.copy`` does: a path on the
controller, found in the role's ``files/`` or next to the playbook, Vault-encrypted files
decrypted. The module may run anywhere (``delegate_to``, another host), so the file is read here
and passed to the module as ``content``.
"""

from __future__ import annotations

import dataclasses
import os
import stat

from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.module_utils.common.text.converters import to_text
from ansible.plugins.action import ActionBase


# The module's own cap (module_utils/_openapi_load.py MAX_DOCUMENT_BYTES): one byte more is
# enough for the module to refuse the document by its size.
MAX_DOCUMENT_BYTES = 10 * 1024 * 1024


def _rename(result, old, new):
    """Replace the failure message, and the error summary ansible-core 2.19+ built from it (the
    ``[ERROR]`` headline), so both name the option the user wrote."""
    result["msg"] = new
    summary = result.get("exception")
    event = getattr(summary, "event", None)
    if dataclasses.is_dataclass(summary) and dataclasses.is_dataclass(event) and getattr(event, "msg", None) == old:
        result["exception"] = dataclasses.replace(summary, event=dataclasses.replace(event, msg=new))


class ActionModule(ActionBase):

    TRANSFERS_FILES = False

    def run(self, tmp=None, task_vars=None):
        result = super(ActionModule, self).run(tmp, task_vars)
        args = dict(self._task.args)
        src = None
        if args.get("src") is not None and args.get("content") is None:
            try:
                args["content"] = self._read(args["src"])
            except AnsibleFileNotFound as exc:
                # the stock message ends by suggesting a remote_src option this module does not have
                result.update(failed=True, msg="src: %s was not found on the controller; searched %s."
                              % (args["src"], ", ".join(exc.paths or []) or "nowhere"))
                return result
            except AnsibleError as exc:
                result.update(failed=True, msg="src: %s" % to_text(exc.message))
                return result
            src = args.pop("src")
        result.update(self._execute_module(module_name="edge.platform.api_guardian_spec", module_args=args,
                                           task_vars=task_vars))
        message = result.get("msg")
        if src is not None and isinstance(message, str) and message.startswith("content: "):
            # the module saw the text only; name the option the user actually wrote
            _rename(result, message, "src (%s): %s" % (src, message[len("content: "):]))
        return result

    def _read(self, src):
        """The text of ``src`` searched like ``copy`` does, decrypted when Vault-encrypted."""
        path = self._find_needle("files", src)
        real = self._loader.get_real_file(path, decrypt=True)
        try:
            if not stat.S_ISREG(os.stat(real).st_mode):
                # a FIFO would block forever, /dev/zero never ends
                raise AnsibleError("%s is not a regular file" % path)
            with open(real, "rb") as handle:
                raw = handle.read(MAX_DOCUMENT_BYTES + 1)
        except (IOError, OSError) as exc:
            raise AnsibleError("cannot read %s: %s" % (path, exc.strerror or exc))
        finally:
            self._loader.cleanup_tmp_file(real)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise AnsibleError("%s is not UTF-8 text (byte %d); save the document as UTF-8" % (path, exc.start))
