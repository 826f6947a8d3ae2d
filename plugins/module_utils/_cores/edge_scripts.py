# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""An edge script as ``edge_script`` manages it (pure Python: no Ansible imports).

:func:`wanted` checks the task before any request, :func:`current` reads the script the task names (its deployment
key masked at once), :func:`ensure` creates it or makes its name and saved code the ones given, :func:`go_live`
publishes as ``publish`` says, :func:`roll_back` makes an earlier release live again, :func:`rotate` rotates the
deployment key and returns the new one once, :func:`remove` deletes the script (never its linked pull zones unless
asked), :func:`live_state` says which code is live. See docs/platform-notes.md, "Edge scripts: what the modules do".
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.database_tokens import keep_secret
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name, nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.context import created
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError, not_read_here
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_scripts as S

CREATED = created("the edge scripts", "edge script")
PRESENT_ONLY = (
    "type",
    "code",
    "code_file",
    "publish",
    "release",
    "linked_pullzone",
    "linked_pullzone_name",
    "rotate_deployment_key",
)
MAX_NAME = 100  # UpdateEdgeScriptModel.Name of the published document
NO_LINKED_ZONE = "linked_pullzone: a %s script has no linked pull zone (only a standalone script has one)."


def wanted(params):
    """The code the task asks for (None: the code is not managed); bad input fails here, before any request."""
    check_given_name(params["name"], "name", "name must not be empty.", blank=lambda name: name == "")
    if params["name"] is not None and len(params["name"]) > MAX_NAME:
        raise InputError(
            "name is %d characters long: the platform takes at most %d (the published document's Name)."
            % (len(params["name"]), MAX_NAME),
            option="name",
        )
    given = [option for option in PRESENT_ONLY if params.get(option) not in (None, False)]
    nothing_when_absent(params, given)
    _exclusive(params)
    if params.get("code_file") is not None and params.get("code") is None:
        raise InputError(not_read_here("code_file", "code"), option="code_file")
    kind = params.get("type")
    if params.get("linked_pullzone") and kind in ("dns", "middleware"):
        raise InputError(NO_LINKED_ZONE % kind, option="linked_pullzone")
    if params.get("linked_pullzone_name") is not None:
        if params.get("linked_pullzone") is False or kind in ("dns", "middleware"):
            raise InputError(
                "linked_pullzone_name names the pull zone a new standalone script gets: it takes type=standalone "
                "and linked_pullzone not false.",
                option="linked_pullzone_name",
            )
        check_given_name(params["linked_pullzone_name"], "linked_pullzone_name", "linked_pullzone_name is empty.")
    return params.get("code")


def _exclusive(params):
    """``code`` or ``code_file``, and ``release`` (a rollback) without either or ``publish``: checked here, as the
    argument spec's exclusive groups are kept for the ways to name the script (its info twin takes the same)."""
    if params.get("code") is not None and params.get("code_file") is not None:
        raise InputError("code and code_file are mutually exclusive: give the code as text or as a file.", "code_file")
    clash = [option for option in ("code", "code_file", "publish") if params.get(option) is not None]
    if params.get("release") is not None and clash:
        raise InputError(
            "release (a rollback to an earlier release) takes no %s: roll back, or deploy code, in a task of its own."
            % clash[0],
            option="release",
        )


def current(ctx):
    """The script the task names (its EdgeScriptModel, or None when it does not exist)."""
    script_id, name = ctx.params["id"], ctx.params["name"]
    if script_id is None:
        return edge_scripts.masked(ctx, edge_scripts.find_named(ctx.client, name))
    if ctx.params["state"] == "absent":  # a script to delete may be gone already
        return edge_scripts.masked(ctx, edge_scripts.get_or_none(ctx.client, script_id))
    return edge_scripts.masked(ctx, edge_scripts.get(ctx.client, script_id))


def label_of(script, name):
    return "edge script %s (id %d)" % (script.get("Name"), script["Id"]) if script else "edge script %s" % name


def type_of(script):
    return S.TYPE_NAMES.get((script or {}).get("ScriptType"), (script or {}).get("ScriptType"))


def view(script, name, code, saved):
    """What is compared and shown in the diff: whether the script exists, its name and type, and its saved code
    when the task manages the code."""
    if script is None:
        return {"present": False, "name": name}
    shown = {"present": True, "name": script.get("Name"), "type": type_of(script)}
    if code is not None:
        shown["code"] = S.digest(saved)  # a digest: code (from a vault-encrypted file, say) is never shown
    return shown


def _unchangeable(ctx, script):
    kind = ctx.params["type"]
    if kind is not None and kind != type_of(script):
        raise InputError(
            "type is %r on edge script %s and cannot change (asked: %r): the Terraform provider replaces a script of "
            "another type. Delete it (state=absent) and create it again, or give another name."
            % (type_of(script), script.get("Name"), kind),
            option="type",
        )


def create_body(ctx, name):
    """The ``AddEdgeScriptModel`` of a new script: standalone scripts get a linked pull zone unless asked not to
    (as the official CLI does), named ``linked_pullzone_name`` or after the script."""
    kind = ctx.params["type"]
    linked = ctx.params["linked_pullzone"]
    linked = kind == "standalone" if linked is None else linked
    body = {"Name": name, "ScriptType": edge_scripts.TYPES[kind], "CreateLinkedPullZone": bool(linked)}
    if linked:
        body["LinkedPullZoneName"] = ctx.params["linked_pullzone_name"] or S.linked_pull_zone_name(name)
    return body


def _create(ctx, name, code):
    """Create the script, then save its code (as the Terraform provider does); the created script. A lost create
    answer is settled by finding the script by name, never by sending it again."""
    script = ctx.create(
        lambda: edge_scripts.create(ctx.client, create_body(ctx, name)),
        lambda: edge_scripts.find_named(ctx.client, name),
        CREATED,
        lambda found: "id %s" % found.get("Id"),
    )
    edge_scripts.masked(ctx, script)
    if code is not None:
        edge_scripts.set_code(ctx.client, script["Id"], code, label_of(script, name))
    return script


def saved_code(ctx, script, code):
    """The script's saved code when the task manages it (None otherwise, or for no script)."""
    if script is None or code is None:
        return None
    return edge_scripts.get_code(ctx.client, script["Id"])


def ensure(ctx, script, name, code):
    """Create the script, or give it the name (with ``id``) and the saved code asked for; ``(script, saved code
    before, whether the code was written)``: the script as the platform holds it after (read back once the writes
    are settled; in check mode as it is, None for a script only predicted)."""
    if script is None and ctx.params["type"] is None:
        raise InputError("type is required to create edge script %s (standalone, middleware or dns)." % name, "type")
    if script is not None:
        _unchangeable(ctx, script)
    saved = saved_code(ctx, script, code)
    before = view(script, name, code, saved)
    after = dict(present=True, name=name, type=ctx.params["type"] or type_of(script))
    if code is not None:
        after["code"] = S.digest(code)
    elif before == after:
        return script, saved, False  # nothing of the script managed (a rollback, a publish, a rotation): no diff

    def apply():
        if script is None:
            return _create(ctx, name, code)
        if before["name"] != name:
            edge_scripts.rename(ctx.client, script["Id"], name, label_of(script, name))
        if code is not None and saved != code:
            edge_scripts.set_code(ctx.client, script["Id"], code, label_of(script, name))
        return script

    outcome = ctx.reconcile(before, after, apply, reread=lambda: reread(ctx, script, name, code))
    if script is None and outcome.changed:  # under --check: later tasks of the run may stand in for it
        _note_predicted(ctx, name)
    wrote_code = outcome.changed and code is not None and saved != code
    if not outcome.changed or ctx.check_mode:
        return script, saved, wrote_code
    fresh = (outcome.answer or {}).get("Id") or (script or {}).get("Id") or _found_id(ctx, name)
    return edge_scripts.masked(ctx, edge_scripts.get(ctx.client, fresh)), saved, wrote_code


def _found_id(ctx, name):
    return (edge_scripts.find_named(ctx.client, name) or {}).get("Id")


def _note_predicted(ctx, name):
    ctx.note_predicted(*edge_scripts.predicted_script(name))
    body = create_body(ctx, name)
    if body.get("CreateLinkedPullZone"):
        ctx.note_predicted(*pull_zones.predicted_zone(body["LinkedPullZoneName"]))


def reread(ctx, script, name, code):
    """The view after a lost answer: the script by id when it existed, else by name (a create)."""
    if script is None:
        found = edge_scripts.masked(ctx, edge_scripts.find_named(ctx.client, name))
    else:
        found = edge_scripts.masked(ctx, edge_scripts.get_or_none(ctx.client, script["Id"]))
    return view(found, name, code, saved_code(ctx, found, code))


def active(ctx, script):
    """The script's Live release, or None (never published: its saved code is live); read even when
    ``CurrentReleaseId`` is 0, which no source says is kept current."""
    if script is None:
        return None
    return edge_scripts.active_release(ctx.client, script["Id"])


def holds(release, code):
    """Whether ``release`` holds ``code``: None (unknown) when either is not a text, as a release read without its
    ``Code`` says nothing about it."""
    held = (release or {}).get("Code")
    return held == code if isinstance(held, str) and isinstance(code, str) else None


def _release_view(release, saved):
    """Which code is live, compared and shown in the diff: the release's uuid and code digest (the saved code's
    when the script has no release: saved code is live until the first publish)."""
    if release is None:
        return {"live": "saved", "live_code": S.digest(saved)}
    return {"live": "release %s" % release.get("Uuid"), "live_code": S.digest(release.get("Code"))}


def _live_now(ctx, script_id):
    """The live view read back after a publish whose answer was lost."""
    return _release_view(edge_scripts.active_release(ctx.client, script_id), None)


def should_publish(ctx, kind, release, code, wrote_code):
    """Whether ``publish`` asks for a publish now: true when no release holds the code asked for (the saved code
    when none is given); null (what Terraform does) after a code write when the script had a release, and for DNS
    scripts always; false never."""
    asked = ctx.params["publish"]
    if asked is False:
        return False
    if asked is True and (release is None or holds(release, code) is False):
        return True
    # a release whose code is unknown: publish after a code write only, as Terraform does (never on every run)
    return wrote_code and (release is not None or kind == "dns")


def go_live(ctx, script, release, code, saved):
    """Publish the saved code when ``publish`` says so (one write; never in check mode); the Live release after
    (read back), or ``release`` when nothing was published."""
    if code is None and ctx.params["publish"] and script is not None:
        saved = edge_scripts.get_code(ctx.client, script["Id"])  # publish: true without code: the saved code
    desired = code if code is not None else saved
    if ctx.params["publish"] and script is not None and not desired:
        raise InputError(
            "publish: %s has no saved code to publish (the platform refuses: \"The script has no active code.\"); give "
            "code or code_file." % label_of(script, None),
            option="publish",
        )
    wrote_code = code is not None and saved != code
    kind = ctx.params["type"] or type_of(script)
    if not should_publish(ctx, kind, release, desired, wrote_code):
        return release
    before = _release_view(release, saved)
    after = {"live": "a new release", "live_code": S.digest(desired)}
    script_id = (script or {}).get("Id")

    def apply():
        edge_scripts.publish(ctx.client, script_id, label_of(script, ctx.params["name"]))

    ctx.reconcile(
        before,
        after,
        apply,
        changed=True,
        reread=partial(_live_now, ctx, script_id),
        reached=lambda read: read["live_code"] == after["live_code"],
    )
    if ctx.check_mode or script_id is None:
        return release
    return edge_scripts.active_release(ctx.client, script_id)


def roll_back(ctx, script, release):
    """Make the release ``release`` (a uuid) live again unless it, or a release of the same code, is live (the
    platform may make a new release of the old one); ``(the Live release after, matched by: uuid, code or None)``."""
    uuid = ctx.params["release"]
    if release is not None and release.get("Uuid") == uuid:
        return release, "uuid"
    target = _release_named(ctx, script, uuid)
    if release is not None and holds(release, target.get("Code")):
        return release, "code"
    before = _release_view(release, None if release else edge_scripts.get_code(ctx.client, script["Id"]))
    after = {"live": "release %s" % uuid, "live_code": S.digest(target.get("Code"))}

    def apply():
        edge_scripts.publish_release(ctx.client, script["Id"], uuid, label_of(script, None))

    reread = partial(_live_now, ctx, script["Id"])
    ctx.reconcile(before, after, apply, reread=reread, reached=lambda read: read["live_code"] == after["live_code"])
    if ctx.check_mode:
        return release, None
    return edge_scripts.active_release(ctx.client, script["Id"]), None


def _release_named(ctx, script, uuid):
    if script is None:
        raise InputError(
            "release %r needs an existing script: edge script %s does not exist." % (uuid, ctx.params["name"]),
            option="release",
        )
    found = [entry for entry in edge_scripts.releases(ctx.client, script["Id"]) if entry.get("Uuid") == uuid]
    if not found:
        raise InputError(
            "release %r is not a release of %s: give the uuid of one of its releases (edge.platform.edge_script_info "
            "lists them)." % (uuid, label_of(script, None)),
            option="release",
        )
    return found[0]


def live_state(ctx, script, release, code):
    """The result's ``live`` (``saved``: never published, so the saved code is live; ``release``; ``unknown`` for a
    script only predicted) and ``active_release`` (its uuid, or null), with a warning when the code given is saved
    but not live."""
    if script is None:
        return {"live": "unknown", "active_release": None}
    if release is not None and holds(release, code) is False and not ctx.check_mode:
        ctx.warn(
            "The code given is saved on edge script %s but not live: release %s serves other code. Publish it "
            "(publish: true) to make it live." % (script.get("Name"), release.get("Uuid"))
        )
    return {"live": live_of(script, release), "active_release": (release or {}).get("Uuid")}


def live_of(script, release):
    """``release`` (a Live release serves), ``saved`` (never published: the saved code serves), or ``unknown``: the
    script says it has a release (``CurrentReleaseId``) yet none is active, which no source explains."""
    if release is not None:
        return "release"
    return "unknown" if (script or {}).get("CurrentReleaseId") else "saved"


def info_of(ctx, script, include_code):
    """One script as ``edge_script_info`` returns it: the script, its code (only ``include_code``), variables (with
    values), secrets (names only: the platform never returns a value), the active release and every release."""
    edge_scripts.masked(ctx, script)
    script_id = script["Id"]
    release = edge_scripts.active_release(ctx.client, script_id)
    shown = dict(
        S.shape_script(script),
        variables=S.variables(script),
        secrets=[{"name": entry.get("Name")} for entry in edge_scripts.list_secrets(ctx.client, script_id)],
        active_release=S.shape_release(release, include_code),
        releases=[S.shape_release(entry, include_code) for entry in edge_scripts.releases(ctx.client, script_id)],
        live=live_of(script, release),
    )
    if include_code:
        shown["code"] = edge_scripts.get_code(ctx.client, script_id)
    return shown


def rotate(ctx, script):
    """Rotate the deployment key when asked (each rotation a change: the platform chooses the key); the new key,
    read back, returned once (never in check mode)."""
    if not ctx.params["rotate_deployment_key"]:
        return None
    old = (script or {}).get("DeploymentKey")

    def read_key():  # the new key is returned once: scrubbed from every message, warning and diff, not in the mask
        key = edge_scripts.get(ctx.client, script["Id"]).get("DeploymentKey")
        keep_secret(ctx, key)
        return key

    def now():
        return {"deployment_key": "(a new one)" if read_key() != old else "(the current one)"}

    def apply():
        edge_scripts.rotate_deployment_key(ctx.client, script["Id"], label_of(script, None), partial(keep_secret, ctx))

    outcome = ctx.reconcile(
        {"deployment_key": "(the current one)"}, {"deployment_key": "(a new one)"}, apply, reread=now
    )
    if not outcome.changed or ctx.check_mode or script is None:
        return None
    return read_key()


def remove(ctx, script, name):
    """Delete the script; its linked pull zones go with it only with ``delete_linked_pullzones``. The result says
    which pull zones are linked, and the diff too."""
    linked, deleting = S.linked_pull_zones(script), ctx.params["delete_linked_pullzones"]
    names = [entry["name"] for entry in linked]
    gone = view(None, name, None, None)
    before = dict(view(script, name, None, None), linked_pullzones=names) if script else gone
    after = dict(gone, linked_pullzones=[] if deleting else names) if script else gone

    def apply():
        edge_scripts.delete(ctx.client, script["Id"], label_of(script, name), deleting)

    def now():
        found = edge_scripts.masked(ctx, edge_scripts.get_or_none(ctx.client, script["Id"]))
        return view(found, name, None, None)

    ctx.reconcile(before, after, apply, reread=now, reached=lambda read: not read["present"])
    if linked and not deleting:
        ctx.warn(
            "Pull zones %s are linked to edge script %s and were kept (delete_linked_pullzones is false): the "
            "platform points them at a landing page." % (", ".join(map(str, names)), name)
        )
    return {"edge_script": None, "linked_pullzones": linked, "linked_pullzones_deleted": bool(linked and deleting)}
