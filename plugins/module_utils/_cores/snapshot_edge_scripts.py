# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The edge scripts of an account snapshot: ``edge_scripts/<name>.yml`` holds ``{name, settings, code_file,
variables, secrets, update_secret}`` in the forms ``edge_script``, ``edge_script_variables`` and
``edge_script_secrets`` take, and the script's saved code is the attachment ``edge_scripts/<name>.js`` that
``code_file`` names (pure Python).

- The code is the saved code, as ``edge_script_info`` reads it and ``edge_script`` compares it, so the apply writes
  no code. ``publish`` says what the apply does about releases: ``true`` when the live release holds that code (no
  publish on the same account; a rebuilt one gets a release of it), ``false`` when the script was never published
  (saved code is live), and ``false`` with a skipped entry when a release serves other code than the saved code
  (a draft): a rebuilt account then serves the saved code.
- Variables with their values (the platform returns them to every read); secrets by name only, each value a vault
  reference, with ``update_secret: on_create`` so the apply sets only a secret the script lacks.
- A standalone script's linked pull zone is named (``linked_pullzone_name``, used only when the script is created), or
  ``linked_pullzone: false`` when it has none, so a rebuilt account links the same pull zone name.
- Never the deployment key (registered as a secret, masked everywhere).

See docs/platform-notes.md, "Account snapshots: what they hold".
"""

from __future__ import annotations

import re
from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_scripts import holds, type_of
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import (
    attachment,
    pruned,
    reference,
    vault_variable,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_scripts as S

KIND = "edge_scripts"
KEY = "name"  # what names an item (its file)
SUFFIX = "js"
NOT_A_NAME = re.compile(r"[^a-z0-9]+")


def read_parts(client, script):
    """What a script's listing entry lacks: ``(saved code, live release or None, secret entries)``."""
    script_id = script["Id"]
    release = edge_scripts.active_release(client, script_id)
    return edge_scripts.get_code(client, script_id), release, edge_scripts.list_secrets(client, script_id)


def linked_options(script, kind):
    """How a new standalone script gets its linked pull zone: by the name of the one it has, or none."""
    if kind != "standalone":
        return {}
    names = sorted(str(zone["name"]) for zone in S.linked_pull_zones(script) if zone["name"])
    return {"linked_pullzone_name": names[0]} if names else {"linked_pullzone": False}


def publish_of(name, code, release, reading):
    """``publish`` of the item: whether the live release holds the saved code (see the module's docstring)."""
    if release is None:
        return False
    matched = holds(release, code)
    if matched:  # a release of no code is not published again: edge_script refuses to publish no code
        return bool(code)
    serves = "other code than the saved code" if matched is False else "code the platform did not return"
    why = "release %s serves %s; the snapshot holds the saved code and the apply publishes nothing" % (
        release.get("Uuid"),
        serves,
    )
    reading.skip(KIND, name, "the live release's code", why)
    return False


def secret_entries(name, entries):
    """``[{name, value}]`` of the script's secrets by name, each value a vault reference, sorted by name."""
    names = sorted({str(entry.get("Name")) for entry in entries if entry.get("Name")})
    return [{"name": secret, "value": reference(secret_variable(name, secret))} for secret in names]


def secret_variable(name, secret):
    """The vault variable of the secret ``secret`` of the script ``name``: its name in lower case, each run of other
    characters than letters and digits as ``_``."""
    return vault_variable("edge_script", name, "secret_" + NOT_A_NAME.sub("_", secret.lower()))


def edge_script_item(script, code, release, secrets, reading):
    """An EdgeScriptModel, its saved code, live release and secret entries as its file holds them, with the code's
    attachment (none for a script without code): ``(item, attachments)``."""
    name, kind = script.get("Name"), type_of(script)
    settings = dict({"type": kind, "publish": publish_of(name, code, release, reading)}, **linked_options(script, kind))
    variables = sorted(pruned(S.variables(script)), key=lambda entry: str(entry.get("name")))
    item = {"name": name, "settings": settings, "variables": variables, "secrets": secret_entries(name, secrets)}
    if item["secrets"]:
        item["update_secret"] = "on_create"
    if not code:
        return item, []
    code_file = attachment(KIND, name, SUFFIX, code)
    item["code_file"] = code_file["path"]
    return item, [code_file]


def read(reading):
    """The :class:`Part` of the edge scripts the filters choose: one listing (with variables and linked pull
    zones), then each script's code, live release and secret names, bounded."""
    listed = [script for script in edge_scripts.find_all(reading.client) if isinstance(script, dict)]
    for script in listed:
        reading.secrets.extend(edge_scripts.secrets_of(script))
    chosen = reading.chosen(listed, "Name")
    parts = reading.read_all([partial(read_parts, reading.client, script) for script in chosen])
    items, attachments = [], []
    for script, (code, release, secrets) in zip(chosen, parts):
        item, files = edge_script_item(script, code, release, secrets, reading)
        items.append(item)
        attachments.extend(files)
    names = [script.get("Name") for script in listed]
    return reading.part(KIND, items, KEY, names, attachments, (SUFFIX,))
