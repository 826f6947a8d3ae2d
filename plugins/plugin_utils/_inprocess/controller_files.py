# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Options that name a file on the controller, read there like ``ansible.builtin.copy`` reads ``src``.

Users write ``src: openapi.yaml`` expecting a path on the controller, found in the role's ``files/``
or next to the playbook, Vault-encrypted files decrypted. The module may run anywhere
(``delegate_to``, another host), so the action reads the file and hands the module its text under
the option the core reads (``src`` -> ``content``), on both execution paths. The file is read by the
one bounded reader of user-named files (``module_utils/_hosts/user_files.py``); failures name the option
the user wrote, and so does every message of the module that names the text option.

The table lives here, not in the modules, so that reading files on the controller needs no edit of
a module's core: a module lists its file options in ``CONTROLLER_FILES``.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Set

from ansible.errors import AnsibleError, AnsibleFileNotFound
from ansible.module_utils.common.text.converters import to_text

from ansible_collections.edge.platform.plugins.module_utils._hosts.user_files import (
    MIB,
    FileProblem,
    check_user_file,
    read_user_file,
)
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import MAX_DOCUMENT_BYTES
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.host import retitle_error


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
    # An edge script's code: text, compared by content with the saved code.
    "edge_script": (FileOption("code_file", "code", MIB),),
    # The module's own cap on a document (a 2,000-operation document is under 2 MB).
    "api_guardian_spec": (FileOption("src", "content", MAX_DOCUMENT_BYTES),),
    # A certificate chain is a few KB; a key less. Either may be PEM or DER.
    "pullzone_certificate": (
        FileOption("certificate_src", "certificate", MIB, binary=True),
        FileOption("certificate_key_src", "certificate_key", MIB, binary=True),
    ),
    # A Terraform state of a large account is a few MB; secrets in it never leave the module (no_log content).
    "account_snapshot": (FileOption("terraform_state", "terraform_state_content", 64 * MIB),),
}


def read_controller_files(action, module, args):
    """Replace each file option in ``args`` by its text; returns ``{target: (option, path)}`` read.

    A file option is read only when the text option is not given too (then both go to the module,
    whose own checks judge them). Any scalar is a path, as the module's ``type=path`` would take it (a
    number, a Vault-encrypted string): only a list or a dictionary goes to the module, whose screen
    refuses it by name. Raises :class:`FileProblem` (``_hosts/user_files.py``), its message naming the option.
    """
    read = {}
    for spec in CONTROLLER_FILES.get(module, ()):
        path = args.get(spec.option)
        if path is None or isinstance(path, (Mapping, list, tuple, Set)) or args.get(spec.target) is not None:
            continue
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
        raise FileProblem(
            "%s: %s was not found on the controller; searched %s."
            % (spec.option, path, ", ".join(exc.paths or []) or "nowhere")
        )
    except AnsibleError as exc:
        raise FileProblem("%s: %s" % (spec.option, to_text(exc.message)))
    # The loader reads a file whole to see whether it is Vault-encrypted: only a regular file on disk of a
    # bounded size gets there (a FIFO would block the open, /dev/zero never ends, /proc/self/environ holds the
    # controller's environment, credentials included). Vault text is hex: about twice the plain size.
    check_user_file(found, spec.option, spec.max_bytes, stored_limit=3 * spec.max_bytes)
    try:
        real = action._loader.get_real_file(found, decrypt=True)
    except AnsibleError as exc:
        raise FileProblem("%s: %s" % (spec.option, to_text(exc.message)))
    try:
        raw = read_user_file(real, spec.option, spec.max_bytes, shown=found)
    finally:
        action._loader.cleanup_tmp_file(real)
    if spec.binary and b"-----BEGIN" not in raw:
        return base64.b64encode(raw).decode("ascii")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem("%s: %s is not UTF-8 text (byte %d); save it as UTF-8" % (spec.option, found, exc.start))


def name_the_file(result, read):
    """Messages that name a text option read from a file name the file option (``src (path): ...``).

    Also retitles the error summary a failure carries (``host.retitle_error``), so the ``[ERROR]`` headline
    agrees with ``msg``.
    """
    message = result.get("msg")
    if not read or not isinstance(message, str):
        return result
    result = dict(result)
    for target, (option, path) in read.items():
        prefix = target + ": "
        if message.startswith(prefix):
            renamed = "%s (%s): %s" % (option, path, message[len(prefix) :])
            result["msg"] = renamed
            retitle_error(result, message, renamed)
            break
    return result
