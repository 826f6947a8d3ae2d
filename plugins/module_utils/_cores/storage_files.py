# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What storage_files and storage_file do with a storage zone's files (pure Python: no Ansible imports).

- :func:`zone_of`: the zone the task names (by name or id), read by id so its ``Password`` is there, and that password
  registered as a secret before anything else happens (never asked from the user, never shown).
- :class:`Files`: the zone's Edge Storage client (its own client: docs/platform-notes.md, "Storage files: what the
  modules do") and the operations on it.
- :func:`apply`: the uploads of a plan with bounded concurrency (``_engine/batch.py``: after a failure no new write
  starts, the result lists what landed, failed or was not sent), each upload confirmed by the listing read back
  afterwards (a 201 alone is not proof: what a wrong checksum answers is disputed), then the deletes.
"""

from __future__ import annotations

import os
import tempfile
from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import storage_files as api
from ansible_collections.edge.platform.plugins.module_utils._api import storage_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import named_in_plan
from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import DONE, run_bounded, widen_pool
from ansible_collections.edge.platform.plugins.module_utils._sets import storage_files as sets

from .storage_zones import masked

# why an upload's 201 alone does not count as landed (_engine/batch.py: each is confirmed by the listing read back)
UNPROVEN = (
    "A checksum that does not match what arrived may be answered 201 with nothing stored "
    "(docs/platform-notes.md, \"Storage files: what the modules do\"), so an upload counts as landed only when the "
    "listing read back shows its checksum: check that the file did not change while it was sent, and re-run"
)
NOT_CONFIRMED = (
    "The platform accepted PUT /%s but a read of the file does not show its checksum, so it is not landed. "
    + UNPROVEN
    + "."
)


def zone_of(ctx, changed=True):
    """The StorageZoneModel of ``storage_zone`` (name) or ``storage_zone_id``, its passwords registered as secrets;
    None under --check when the named zone is missing but an earlier task of the run predicted creating it (the task
    then stands in, holding nothing to compare with, and reports ``changed``: ``ctx.predicted_dependency``)."""
    zone_id, name = ctx.params["storage_zone_id"], ctx.params["storage_zone"]
    if zone_id is None:
        found = masked(ctx, storage_zones.find_named(ctx.client, name))
        note = storage_zones.predicted_zone(name)
        if named_in_plan(ctx, found, note, "storage_zone", storage_zones.not_named, changed) is None:
            return None
        zone_id = found["Id"]
    hint = "No storage zone with id %d is visible to this API key: check storage_zone_id." % zone_id
    zone = masked(ctx, storage_zones.get(ctx.client, zone_id, hint))  # a list item may lack the password: read by id
    if not zone.get("Password") or not zone.get("StorageHostname"):
        raise InputError(
            "Storage zone %s has no password or storage hostname in the platform's answer, so its files "
            "cannot be reached." % zone.get("Name"),
            option="storage_zone",
        )
    return zone


def remote_path(ctx, option="path"):
    """The option ``option`` as a zone path without leading or trailing slashes; ``..`` segments refused."""
    text = (ctx.params[option] or "").strip().strip("/")
    if any(part in (".", "..") for part in text.split("/")):
        raise InputError(
            "%s must not hold '.' or '..' segments: give the path from the zone's root; got %r."
            % (option, ctx.params[option]),
            option=option,
        )
    return text


class Files(object):
    """The files of one zone: ``client`` (its Edge Storage client), ``name`` (the zone's name). ``override`` and
    ``options``: the checked ``storage_base_url`` and the transport options (``_hosts/storage_connection.py``)."""

    def __init__(self, zone, override=None, **options):
        self.name = zone["Name"]
        self.client = api.storage_client(api.storage_root(zone, override), zone["Password"], **options)

    def listing(self, path):
        return api.list_directory(self.client, self.name, path)

    def tree(self, prefix, limit):
        return sets.remote_files(self.listing, prefix, limit)[0]

    def remote(self, prefix, local, limit, delete):
        """The remote files under ``prefix`` for the plan: one listing per directory it needs (``sets.needed``), and
        each local file of an existing directory that listed nothing read by itself (DESCRIBE), ``limit`` at a time."""
        found, empty = sets.remote_files(self.listing, prefix, limit, sets.needed(local, delete))
        return self.described(found, prefix, sets.unconfirmed_new(local, empty), limit)

    def described(self, found, prefix, relatives, limit):
        """``found`` with the StorageObject of each of ``relatives`` read by itself (DESCRIBE) where there is one."""
        answers = run_bounded([partial(self.describe, sets.join(prefix, rel)) for rel in relatives], limit)
        for relative, result in zip(relatives, answers):
            if result.status != DONE:
                raise result.error
            if result.value is not None:
                found[relative] = result.value
        return found

    def put(self, path, local):
        with open(local.source, "rb") as stream:
            api.upload(self.client, self.name, path, stream, local.checksum, local.content_type)

    def remove(self, path):
        api.delete(self.client, self.name, path)

    def describe(self, path):
        return api.describe(self.client, self.name, path)


def _upload(files, prefix, plan, relative):
    local = plan.local[relative]
    return Write(
        "PUT /%s" % sets.join(prefix, relative),
        partial(files.put, sets.join(prefix, relative), local),
        lambda now: relative in now and not sets.differs(local, now[relative]),
        unproven=UNPROVEN,
    )


def _delete(files, prefix, relative):
    return Write(
        "DELETE /%s" % sets.join(prefix, relative),
        partial(files.remove, sets.join(prefix, relative)),
        lambda now: relative not in now,
    )


def apply(ctx, files, plan, prefix, limit):
    """Send ``plan``'s uploads, each counted as landed only once the listing read back shows it, then its deletes;
    fails saying what landed, failed, is unknown or was not sent (``_engine/batch.py``)."""
    widen_pool(files.client.session, limit)
    uploads = [_upload(files, prefix, plan, relative) for relative in plan.uploads()]
    deletes = [_delete(files, prefix, relative) for relative in plan.deleted]
    tree, read_back = partial(files.tree, prefix, limit), partial(_read_back, files, prefix, plan, limit)
    apply_phases(ctx, [uploads, deletes], limit, tree, confirm=read_back)


def _read_back(files, prefix, plan, limit):
    """The remote files after the uploads: one listing per directory, and each upload the listing does not show as
    sent read by itself (DESCRIBE, what the provider confirms an upload with): a listing may lag or not be understood."""
    now = sets.remote_files(files.listing, prefix, limit, sets.needed(plan.local, False))[0]
    missing = [rel for rel in plan.uploads() if rel not in now or sets.differs(plan.local[rel], now[rel])]
    return files.described(now, prefix, missing, limit)


def state_of(stored, content_type=None):
    """What storage_file compares of a ``StorageObject`` (None: no file): size, checksum, and the content type when
    one is asked for."""
    if stored is None:
        return None
    state = dict(size=stored.get("Length"), checksum=str(stored.get("Checksum") or "").upper())
    if content_type is not None:
        state["content_type"] = stored.get("ContentType")
    return state


def put_one(ctx, files, path):
    """storage_file with ``src``: upload it when the zone's ``path`` differs; the StorageObject read back."""
    content_type = ctx.params["content_type"]
    size, checksum = sets.sha256_file(_local_file(ctx.params["src"], "src"))
    local = sets.LocalFile(ctx.params["src"], size, checksum, content_type)
    wanted = dict(size=size, checksum=checksum, **({"content_type": content_type} if content_type else {}))
    before = state_of(files.describe(path), content_type)

    def send():
        files.put(path, local)
        stored = files.describe(path)
        now = state_of(stored, content_type)
        if now != wanted:  # changed only when what the platform holds is no longer what it was
            ctx.fail(NOT_CONFIRMED % path, **({"changed": True} if now != before else {}))
        return stored

    return ctx.reconcile(
        before,
        wanted,
        send,
        reread=partial(files.describe, path),
        state_of=partial(state_of, content_type=content_type),
    )


def remove_one(ctx, files, path):
    """storage_file with ``state: absent``: delete the zone's ``path`` when it is there."""
    current = files.describe(path)
    return ctx.reconcile(
        state_of(current), None, partial(files.remove, path), reread=partial(files.describe, path), state_of=state_of
    )


def fetch_one(ctx, files, path):
    """storage_file with ``dest``: download the zone's ``path`` when the local copy differs (written whole, then moved
    into place, so ``dest`` is never half written); its StorageObject."""
    dest = ctx.params["dest"]
    current = files.describe(path)
    if current is None:
        raise InputError("There is no file /%s in storage zone %s: check path." % (path, files.name), option="path")
    before = None
    if os.path.isfile(dest):
        size, checksum = sets.sha256_file(dest)
        before = dict(size=size, checksum=checksum)
    ctx.reconcile(before, state_of(current), partial(_download, files, path, dest, state_of(current)))
    return current


def _download(files, path, dest, wanted):
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(dest)) or ".", prefix=".storage_file.")
    try:
        with os.fdopen(handle, "w+b") as sink:
            if api.download(files.client, files.name, path, sink) is None:
                raise InputError("/%s disappeared from storage zone %s while it was read." % (path, files.name))
        size, checksum = sets.sha256_file(temporary)
        if dict(size=size, checksum=checksum) != wanted:
            raise InputError(
                "The answer to Downloading /%s is not understood: its bytes do not match the checksum the "
                "platform shows for the file (it changed while it was read?). dest was left as it was; "
                "re-run." % path,
                option="dest",
            )
        os.replace(temporary, dest)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return wanted


def _local_file(source, option):
    if not os.path.isfile(source):
        raise InputError(
            "%s %r is not a file on the host where the module runs: give an existing file." % (option, source),
            option=option,
        )
    return source
