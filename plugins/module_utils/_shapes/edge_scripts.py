# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""An edge script as ``edge_script`` manages it and ``edge_script_info`` lists it (pure Python: no Ansible imports).

- :data:`SHOWN`: the script as returned (never its ``DeploymentKey``); :func:`shape_release` a release.
- :func:`linked_pull_zone_name`: the name the linked pull zone of a new standalone script gets by default: the
  script's name made a host label (the zone's system hostname is ``<name>.b-cdn.net``).
- :func:`digest`: what a code's content is compared and shown by (its SHA-256), so a diff of the live release does
  not repeat the whole code.
See docs/platform-notes.md, "Edge scripts: what the modules do".
"""

from __future__ import annotations

import hashlib
import re

from . import fields as F
from .tables import named

# EdgeScriptTypes of the published document (also ScriptType on input); the platform's clients call 1 "standalone"
TYPES = {"dns": 0, "standalone": 1, "middleware": 2}
TYPE_NAMES = {number: name for name, number in TYPES.items()}
RELEASE_STATUSES = {0: "archived", 1: "live"}
_NOT_A_LABEL = re.compile(r"[^a-z0-9]+")
PULL_ZONE_NAME_MAX = 60  # a host label holds 63 characters; kept shorter so a suffix of the user's still fits


def linked_pull_zone_name(script_name):
    """``script_name`` as a pull zone name: lower case, each run of other characters one ``-``, no ``-`` at either
    end (the characters of a host label); "script" when nothing is left."""
    label = _NOT_A_LABEL.sub("-", script_name.lower()).strip("-")[:PULL_ZONE_NAME_MAX].strip("-")
    return label or "script"


def digest(code):
    """``sha256:<hex>`` of a code's text (None for none)."""
    if code is None:
        return None
    return "sha256:" + hashlib.sha256(code.encode("utf-8")).hexdigest()


def _linked(entry):
    return {"id": entry.get("Id"), "name": entry.get("PullZoneName"), "hostname": entry.get("DefaultHostname")}


def linked_pull_zones(script):
    """``[{id, name, hostname}]`` of the pull zones linked to ``script`` (``LinkedPullZones`` may be null)."""
    entries = (script or {}).get("LinkedPullZones")
    return [_linked(entry) for entry in entries or [] if isinstance(entry, dict)]


def _variable(entry):
    return {"name": entry.get("Name"), "value": entry.get("DefaultValue"), "required": bool(entry.get("Required"))}


def variables(script):
    """``[{name, value, required}]`` of the script's ``EdgeScriptVariables``, as edge_script_variables takes them."""
    entries = (script or {}).get("EdgeScriptVariables")
    return [_variable(entry) for entry in entries or [] if isinstance(entry, dict)]


SHOWN = (
    F.Shown("id", "Id"),
    F.Shown("name", "Name"),
    F.Shown("type", "ScriptType", named(TYPE_NAMES)),
    F.Shown("hostname", "DefaultHostname"),
    F.Shown("system_hostname", "SystemHostname"),
    F.Shown("current_release_id", "CurrentReleaseId"),
    F.Shown("last_modified", "LastModified"),
    F.Shown("linked_pullzones", "LinkedPullZones", read=linked_pull_zones),
)

RELEASE = (
    F.Shown("uuid", "Uuid"),
    F.Shown("id", "Id"),
    F.Shown("status", "Status", named(RELEASE_STATUSES)),
    F.Shown("note", "Note"),
    F.Shown("author", "Author"),
    F.Shown("commit_sha", "CommitSha"),
    F.Shown("date_released", "DateReleased"),
    F.Shown("date_published", "DatePublished"),
)


def shape_script(script):
    """The script as returned: what identifies it and what the platform adds, never its deployment key; None for
    no script."""
    return None if script is None else F.readable(SHOWN, script)


def shape_release(release, with_code=False):
    """A release as returned (its code only ``with_code``; its digest always); None for none."""
    if release is None:
        return None
    shown = F.readable(RELEASE, release)
    shown["code_digest"] = digest(release.get("Code"))
    if with_code:
        shown["code"] = release.get("Code")
    return shown
