# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The shape of an account tree, checked before the role ``edge.platform.account`` sends anything (pure Python: no
Ansible imports): each entry of each kind a mapping that names its resource, with mappings and lists where the tree
format says. A malformed tree writes nothing; the message names the first malformed entry of the kind (its place and
name) and its keys only, since the settings and secrets hold values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ansible_collections.edge.platform.plugins.module_utils._cores.account_snapshot import KEYS

SECRET_UPDATES = ("always", "on_create")
DNSSEC_STATES = ("enabled", "disabled")


def _given(entry, key, empty):
    """``entry[key]``, or ``empty`` when it is missing or empty (Jinja's ``default(empty, true)``)."""
    value = entry.get(key)
    return value if value else empty


def _list(value):
    return isinstance(value, Sequence) and not isinstance(value, str)


def _lists_of_mappings(entry, *keys):
    return all(
        _list(_given(entry, key, [])) and all(isinstance(x, Mapping) for x in _given(entry, key, [])) for key in keys
    )


def _lists(entry, *keys):
    return all(_list(_given(entry, key, [])) for key in keys)


def _mappings(entry, *keys):
    return all(isinstance(_given(entry, key, {}), Mapping) for key in keys)


def _pull_zone(entry):
    return (
        _mappings(entry, "settings")
        and _lists(entry, "hostnames", "edge_rules")
        and _lists_of_mappings(entry, "certificates", "optimizer_classes")
    )


def _dns_zone(entry):
    dnssec = _given(entry, "dnssec", {})
    return (
        _mappings(entry, "settings", "dnssec")
        and dnssec.get("state", "enabled") in DNSSEC_STATES
        and _lists(entry, "records")
    )


def _edge_script(entry):
    return (
        _mappings(entry, "settings")
        and all(isinstance(entry.get(key, ""), str) for key in ("code_file", "code"))
        and not ("code" in entry and "code_file" in entry)
        and _lists(entry, "variables")
        and _lists_of_mappings(entry, "secrets")
        and entry.get("update_secret", "always") in SECRET_UPDATES
    )


def _shield_zone(entry):
    guardian = _given(entry, "api_guardian", {})
    if not (
        _mappings(entry, "settings", "bot_detection", "api_guardian")
        and isinstance(_given(guardian, "spec_file", ""), str)
    ):
        return False
    parts = [_given(entry, key, []) for key in ("waf_rules", "rate_limit_rules", "access_lists")]
    return _mappings(guardian, "settings") and all(_list(part) for part in parts + [_given(guardian, "endpoints", [])])


def _settings_only(entry):
    return _mappings(entry, "settings")


# kind -> (what an entry is called, its own check, what the message says an entry holds)
KINDS = {
    "storage_zones": (
        "Storage zone",
        _settings_only,
        "name (a non-empty string) and settings (a mapping of edge.platform.storage_zone options)",
    ),
    "edge_scripts": (
        "Edge script",
        _edge_script,
        "name (a non-empty string), settings (a mapping of edge.platform.edge_script options), code_file (a path, "
        "relative to account_dir, as the snapshot writes it) or code (the code itself, not both), variables (a list of "
        "edge.platform.edge_script_variables entries), secrets (a list of {name, value}) and update_secret (always or "
        "on_create)",
    ),
    "pull_zones": (
        "Pull zone",
        _pull_zone,
        "name (a non-empty string), settings (a mapping of edge.platform.pullzone options), hostnames, certificates, "
        "optimizer_classes (lists of mappings) and edge_rules (a list)",
    ),
    "shield_zones": (
        "Shield zone",
        _shield_zone,
        "pullzone_name (a non-empty string), settings (a mapping of edge.platform.shield_zone options), bot_detection "
        "(a mapping), api_guardian (a mapping with settings, spec_file and endpoints) and waf_rules, rate_limit_rules "
        "and access_lists (lists)",
    ),
    "dns_zones": (
        "DNS zone",
        _dns_zone,
        "domain (a non-empty string), settings (a mapping of edge.platform.dnszone options), dnssec (a mapping whose "
        "state is enabled or disabled) and records (a list)",
    ),
    "databases": (
        "Database",
        _settings_only,
        "name (a non-empty string) and settings (a mapping of edge.platform.database options)",
    ),
}


def well_formed(kind, entry):
    """Whether ``entry`` is an entry of ``kind`` as the tree format says."""
    name = entry.get(KEYS[kind], "") if isinstance(entry, Mapping) else None
    return isinstance(name, str) and len(name) > 0 and KINDS[kind][1](entry)


def problem(tree, kinds):
    """The message naming a key of ``tree`` that is not a kind, or the first malformed entry of the first kind of
    ``kinds`` that has one; None when there is neither."""
    strangers = sorted(str(key) for key in tree if key not in KINDS)
    if strangers:
        return "The tree holds %s, which %s not a kind: the kinds are %s." % (
            ", ".join(strangers),
            "is" if len(strangers) == 1 else "are",
            ", ".join(KINDS),
        )
    for kind in kinds:
        entries = _given(tree, kind, [])
        if not _list(entries):
            return "%s of the tree must be a list of entries, not %s." % (kind, type(entries).__name__)
        malformed = [place for place, entry in enumerate(entries) if not well_formed(kind, entry)]
        if malformed:
            return _message(kind, entries, malformed)
    return None


def _message(kind, entries, malformed):
    called, _check, holds = KINDS[kind]
    entry, key = entries[malformed[0]], KEYS[kind]
    name = entry.get(key) if isinstance(entry, Mapping) and entry.get(key) is not None else "no %s" % key
    shape = sorted(entry) if isinstance(entry, Mapping) else type(entry).__name__
    more = " %d more entries of the kind are malformed too." % (len(malformed) - 1) if len(malformed) > 1 else ""
    return "%s %d of the tree (%s) is malformed: each is a mapping with %s. It holds %s.%s" % (
        called,
        malformed[0] + 1,
        name,
        holds,
        shape,
        more,
    )
