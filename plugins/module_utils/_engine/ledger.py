# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The check-mode ledger: what earlier tasks of this run predicted creating (pure Python: no Ansible imports).

Under ``--check`` a task that creates something (a zone, a table, the endpoints of an OpenAPI document) only
predicts it, so a later task that needs it finds nothing. Standing in for every missing object lets a typo pass
``--check`` and fail the real run; standing in for none fails every play that builds something from nothing. The
ledger tells the two apart: a task that predicts creating an object notes it (:meth:`Ledger.note`), and a later task
stands in for a missing object only when the ledger holds it (:meth:`Ledger.holds`); otherwise it fails as the real
run fails (``Context.predicted_dependency``).

Where it lives. Ansible runs each task in a worker process forked from ``ansible-playbook``, so nothing a task keeps
in memory reaches the next task. The in-process host (``plugins/plugin_utils/_inprocess/action.py``) gives the
ledger a directory inside ansible-core's own per-run local temporary directory (``DEFAULT_LOCAL_TMP``):
``ansible-playbook`` makes it once at start-up (``mkdtemp``: private, mode 0700), every worker it forks inherits
its path, and ansible-core removes it, this ledger with it, when the run ends. So:

- several plays of one run share one ledger (the same process made the directory); two ``ansible-playbook`` runs
  at the same time, or one after the other, never share one (each makes its own);
- tasks of several hosts at once (``forks`` > 1): a note is one file, created atomically (``O_EXCL``) and never
  rewritten, and a lookup is one ``stat``, so no lock is needed and no reader sees half a note;
- ``delegate_to`` and hosts that are not the controller: the ledger is the controller's, where the in-process host
  runs; the platform is one for every host, so notes are keyed by the API root and the account (``scope``), not by
  host;
- a file's name is the SHA-256 of its scope, kind and key: no name, URL or credential is readable in the directory.

The module path (a task run by AnsibleModule, in its own interpreter, possibly on another machine or user) has no
ledger: it keeps the warning without one (``Context.predicted_dependency``).
"""

from __future__ import annotations

import hashlib
import os

# A key that matches any key of its kind (a database predicted, without knowing which: its id is null).
ANY = "\0any"
PREFIX = "p-"


class Ledger(object):
    """The notes of one run, in ``directory`` (made on the first note)."""

    def __init__(self, directory):
        self.directory = directory

    def _path(self, scope, kind, key):
        text = "\0".join(("edge.platform check-mode ledger 1", scope, kind, key))
        return os.path.join(self.directory, PREFIX + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())

    def note(self, scope, kind, key):
        """Note that this run predicted creating the object ``key`` of ``kind`` (also noted as one of ``kind``, for
        :data:`ANY`). Raises OSError when the directory cannot be written."""
        if not os.path.isdir(self.directory):
            os.makedirs(self.directory, 0o700, exist_ok=True)
        for each in (key, ANY):
            try:
                handle = os.open(self._path(scope, kind, each), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            os.close(handle)

    def holds(self, scope, kind, key):
        """Whether an earlier task of this run noted the object (``key`` may be :data:`ANY`). Raises OSError when the
        ledger cannot be read (a missing note is no error: False)."""
        try:
            os.stat(self._path(scope, kind, key))
        except FileNotFoundError:
            return False
        return True
