# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Options that name a file on the controller, read there like ``ansible.builtin.copy`` reads ``src``.

Users write ``src: openapi.yaml`` expecting a path on the controller, found in the role's ``files/``
or next to the playbook, Vault-encrypted files decrypted. The module may run anywhere
(``delegate_to``, another host), so the action reads the file and hands the module its text under
the option the core reads (``src`` -> ``content``). Failures name the option the user wrote, and so
does every message of the module that names the text option.

The table lives here, not in the modules, so that reading files on the controller needs no edit of
a module's core: a module lists its file options in ``CONTROLLER_FILES``.
"""

from __future__ import annotations

import base64
import dataclasses
import os
import stat

from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.module_utils.common.text.converters import to_text

from ansible_collections.edge.platform.plugins.module_utils._hosts.user_files import pseudo_filesystem
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import MAX_DOCUMENT_BYTES

MIB = 1024 * 1024


class FileOption(object):
    """``option`` names a controller file whose text the module reads as ``target``.

    ``binary``: the file may be DER (certificates, keys). A file without a PEM ``-----BEGIN`` line is
    then passed as its standard Base64, which the text option accepts as DER (``_certificates/x509.py``);
    the bytes are never parsed here, so the controller needs nothing the module does not.
    """

    def __init__(self, option, target, max_bytes, binary=False):
        self.option = option
        self.target = target
        self.max_bytes = max_bytes
        self.binary = binary


CONTROLLER_FILES = {
    # The module's own cap on a document (a 2,000-operation document is under 2 MB).
    "api_guardian_spec": (FileOption("src", "content", MAX_DOCUMENT_BYTES),),
    # A certificate chain is a few KB; a key less. Either may be PEM or DER.
    "pullzone_certificate": (FileOption("certificate_src", "certificate", MIB, binary=True),
                             FileOption("certificate_key_src", "certificate_key", MIB, binary=True)),
}


class ControllerFileError(Exception):
    """A file option that cannot be read; the message names the option."""


def read_controller_files(action, module, args):
    """Replace each file option in ``args`` by its text; returns ``{target: (option, path)}`` read.

    A file option is read only when the text option is not given too (then both go to the module,
    whose own checks judge them). Raises :class:`ControllerFileError`.
    """
    read = {}
    for spec in CONTROLLER_FILES.get(module, ()):
        path = args.get(spec.option)
        if not isinstance(path, str) or args.get(spec.target) is not None:
            continue  # not a path (a list...): the module refuses it by name
        args[spec.target] = _read(action, spec, to_text(path))
        del args[spec.option]
        read[spec.target] = (spec.option, path)
    return read


def _read(action, spec, path):
    """The UTF-8 text of ``path`` searched like ``copy`` does, decrypted when Vault-encrypted, bounded
    (the Base64 of a binary file for a ``binary`` option)."""
    try:
        found = action._find_needle("files", path)
    except AnsibleFileNotFound as exc:
        # the stock message ends by suggesting a remote_src option these modules do not have
        raise ControllerFileError("%s: %s was not found on the controller; searched %s."
                                  % (spec.option, path, ", ".join(exc.paths or []) or "nowhere"))
    except AnsibleError as exc:
        raise ControllerFileError("%s: %s" % (spec.option, to_text(exc.message)))
    # Only regular files on disk: a FIFO would block the open, /dev/zero never ends, /proc/self/environ holds
    # the controller's environment (credentials included).
    _check_regular(spec, found, 3 * spec.max_bytes)  # Vault text is hex: about twice the plain size
    root = pseudo_filesystem(found)
    if root is not None:
        raise ControllerFileError("%s: %s is in %s, a kernel pseudo-filesystem, not a file on disk"
                                  % (spec.option, found, root))
    try:
        real = action._loader.get_real_file(found, decrypt=True)
    except AnsibleError as exc:
        raise ControllerFileError("%s: %s" % (spec.option, to_text(exc.message)))
    try:
        info = _check_regular(spec, real, spec.max_bytes)
        with open(real, "rb") as handle:
            raw = handle.read(spec.max_bytes + 1)
    except (IOError, OSError) as exc:
        raise ControllerFileError("%s: cannot read %s: %s" % (spec.option, found, exc.strerror or exc))
    finally:
        action._loader.cleanup_tmp_file(real)
    if len(raw) > spec.max_bytes:
        raise ControllerFileError("%s: %s is larger than %d MiB; this option takes at most that much"
                                  % (spec.option, found, spec.max_bytes // MIB))
    if raw and not info.st_size:  # generated as read: not a file on disk
        raise ControllerFileError("%s: %s reports a size of 0 but is not empty (a generated file, not a file on "
                                  "disk)" % (spec.option, found))
    if spec.binary and b"-----BEGIN" not in raw:
        return base64.b64encode(raw).decode("ascii")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ControllerFileError("%s: %s is not UTF-8 text (byte %d); save it as UTF-8"
                                  % (spec.option, found, exc.start))


def _check_regular(spec, path, max_bytes):
    try:
        info = os.stat(path)
    except OSError as exc:
        raise ControllerFileError("%s: cannot read %s: %s" % (spec.option, path, exc.strerror or exc))
    if not stat.S_ISREG(info.st_mode):
        raise ControllerFileError("%s: %s is not a regular file" % (spec.option, path))
    if info.st_size > max_bytes:
        raise ControllerFileError("%s: %s is larger than %d MiB; this option takes at most that much"
                                  % (spec.option, path, spec.max_bytes // MIB))
    return info


def name_the_file(result, read):
    """Messages that name a text option read from a file name the file option (``src (path): ...``).

    Also retitles ansible-core 2.19's captured error summary, so the ``[ERROR]`` headline agrees with ``msg``.
    """
    message = result.get("msg")
    if not read or not isinstance(message, str):
        return result
    result = dict(result)
    for target, (option, path) in read.items():
        prefix = target + ": "
        if message.startswith(prefix):
            renamed = "%s (%s): %s" % (option, path, message[len(prefix):])
            result["msg"] = renamed
            _retitle(result, message, renamed)
            break
    return result


def _retitle(result, old, new):
    summary = result.get("exception")
    event = getattr(summary, "event", None)
    if event is None or getattr(event, "msg", None) != old or not dataclasses.is_dataclass(summary):
        return
    changes = {"event": dataclasses.replace(event, msg=new)}
    if getattr(summary, "error_message", None) == old:  # ansible-core 2.21+ keeps the text here too
        changes["error_message"] = new
    result["exception"] = dataclasses.replace(summary, **changes)
