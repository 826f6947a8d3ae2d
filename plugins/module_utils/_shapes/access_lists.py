# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A shield zone's access list: one field table, and the checking and canonical form of its entries.

:data:`FIELDS` has one row per option of ``access_list``. Each row names the platform member it is sent as and the
write that carries it (``create``: only the POST that creates the list; ``list``: the PATCH of a list's name and
content; ``configuration``: the PATCH of the list's configuration). Three walkers read it:

- option -> body (:func:`wanted_view` then :func:`bodies`): what a task asks for, in the readable form, and the
  bodies of the writes that make a list so;
- body -> filled body (:func:`list_view`): a list as the platform holds it (an index entry ``AccessListDetails``
  and, for custom lists, the ``CustomAccessList`` with its ``content``) in the readable form both sides of a
  comparison take;
- body -> readable (:func:`shape_list`): what ``access_list`` and ``access_list_info`` return.

Entries are a set: they are checked per type (:func:`canonical_entries`) and compared in canonical form on both
sides, since what the platform does with the text it is sent is not documented
(docs/platform-notes.md, "Custom access lists"). Pure functions (no Ansible, no HTTP): bodies are untrusted, so every member is checked for its type.
"""

from __future__ import annotations

import ipaddress
import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields as kit
from .enums import is_number
from .enums import readable as enum_readable
from .fields import Bool, Enum, Strings, Text
from .shield_enums import SHIELD_PLANS

# AccessListType and AccessListAction of the shield document, by number; the option values are these names.
TYPES = {0: "ip", 1: "cidr", 2: "asn", 3: "country", 4: "organization", 5: "ja4"}
ACTIONS = {1: "allow", 2: "block", 3: "challenge", 4: "log", 5: "bypass"}  # 0 None: no action set
# AccessListCategory bit flags (managed lists)
CATEGORIES = {
    1: "VPNs",
    2: "Datacenters",
    4: "Proxies",
    8: "TorExitNodes",
    16: "Botnets",
    32: "VulnerabilityScanners",
    64: "WebScrapers",
    128: "SearchEngines",
    256: "SearchEngineCrawlers",
    512: "AiSearch",
    1024: "AiCrawlers",
    2048: "AiAgents",
    4096: "PagePreview",
    8192: "InternetTools",
}
MAX_ASN = 4294967295  # 32-bit AS numbers (RFC 6793)
ASN = re.compile(r"^(?:AS)?([0-9]{1,10})$", re.IGNORECASE)
COUNTRY = re.compile(r"^[A-Za-z]{2}$")


# --- entries -------------------------------------------------------------------------------------------------------


def _address_or_network(text):
    """``(canonical, note)`` of an IP address or a CIDR block, or ``(None, None)``. A block with host bits set is
    given as its network (``10.0.0.1/24`` -> ``10.0.0.0/24``) with a note saying so."""
    try:
        if "/" not in text:
            return str(ipaddress.ip_address(text)), None
        network = ipaddress.ip_network(text, strict=False)
    except ValueError:
        return None, None
    canonical = str(network)
    if canonical != text and ipaddress.ip_interface(text).ip != network.network_address:
        return canonical, "%r has host bits set; it is sent as its network %s" % (text, canonical)
    return canonical, None


def _asn(text):
    found = ASN.match(text)
    if found is None or int(found.group(1)) > MAX_ASN:
        return None
    return str(int(found.group(1)))


# type -> (canonicalise(text) -> (canonical or None, note), what a bad entry is not, example)
CHECKS = {
    "ip": (_address_or_network, "an IP address (or a CIDR block)", "192.0.2.1 or 2001:db8::1"),
    "cidr": (_address_or_network, "a CIDR block (or an IP address)", "192.0.2.0/24 or 2001:db8::/48"),
    "asn": (lambda t: (_asn(t), None), "an AS number", "13335 or AS13335"),
    "country": (
        lambda t: (t.upper() if COUNTRY.match(t) else None, None),
        "a two-letter country code (ISO 3166-1 alpha-2)",
        "DE or US",
    ),
}


def canonical_entry(list_type, text):
    """``(canonical, note)`` of one entry of a list of ``list_type``; canonical is None when it is not valid. Types
    whose syntax the platform does not state (organization, ja4, an unknown type) keep the entry as written."""
    check = CHECKS.get(list_type)
    if check is None:
        return text, None
    return check[0](text)


def canonical_entries(list_type, entries, option="entries"):
    """``(canonical sorted entries, notes)`` of the entries a task gives; a bad one raises ``InputError`` naming it
    and its index. Entries are stripped; duplicates (after canonicalisation) count once."""
    if not isinstance(entries, list):
        raise InputError("%s must be a list of entries." % option, option=option)
    found, notes = set(), []
    for index, raw in enumerate(entries):
        where = "%s[%d]" % (option, index)
        if raw is None or isinstance(raw, (dict, list, bool)):
            raise InputError("%s must be a text entry; got %r." % (where, raw), option=option)
        text = str(raw).strip()
        if not text:
            raise InputError("%s is empty: give an entry or leave it out." % where, option=option)
        if "\n" in text or "\r" in text:
            raise InputError(
                "%s: %r holds a line break; the platform separates entries by line breaks, so give one entry per "
                "item." % (where, text),
                option=option,
            )
        canonical, note = canonical_entry(list_type, text)
        if canonical is None:
            what, example = CHECKS[list_type][1], CHECKS[list_type][2]
            raise InputError(
                "%s: %r is not %s; a list of type %s takes entries such as %s."
                % (where, text, what, list_type, example),
                option=option,
            )
        if note:
            notes.append("%s: %s." % (where, note))
        found.add(canonical)
    return sort_entries(list_type, found), notes


def platform_entries(list_type, content):
    """The canonical sorted entries of a list's ``content`` as the platform holds it (lines; blank ones and
    surrounding spaces ignored). An entry that does not parse is kept as it is: it then differs from every wanted
    entry, and a write replaces it."""
    if not isinstance(content, str):
        return []
    found = set()
    for line in content.split("\n"):
        text = line.strip()
        if text:
            canonical = canonical_entry(list_type, text)[0]
            found.add(canonical if canonical is not None else text)
    return sort_entries(list_type, found)


def _entry_key(list_type, entry):
    if list_type in ("ip", "cidr"):
        try:
            network = ipaddress.ip_network(entry, strict=False)
            return (0, network.version, int(network.network_address), network.prefixlen, entry)
        except ValueError:
            return (1, 0, 0, 0, entry)
    if list_type == "asn" and entry.isdigit():
        return (0, 0, int(entry), 0, entry)
    return (1, 0, 0, 0, entry)


def sort_entries(list_type, entries):
    """Entries in a stable order: addresses numerically, AS numbers as numbers, the rest as text."""
    return sorted(entries, key=lambda entry: _entry_key(list_type, entry))


# --- the field table -----------------------------------------------------------------------------------------------


def _action_number(value):
    """The action's number; 0 (the action None: no action set) reads as null."""
    return value if is_number(value) and value != 0 else None


TYPE = Enum("type", "type", TYPES, write="create", updatable=False)


def _entries(model):
    """The entries of a list as the platform holds them, in canonical form by the list's type."""
    content = model.get("content")
    return platform_entries(TYPE.readable(model.get("type")), content) if isinstance(content, str) else None


# One field per option of access_list (the field kit, fields.py); ``write`` is the write that carries it. A number
# without a name reads as the number itself, with a warning; it is compared as the number and never written back in
# another form (docs/platform-notes.md, "Enums that grow").
FIELDS = (
    Text("name", "name", write="list", required=True),
    Text("description", "description", write="create", updatable=False),
    TYPE,
    Strings("entries", "content", write="list", joined="\n", read=_entries),  # sent as one text, a line each
    Enum("action", "action", ACTIONS, write="configuration", number=_action_number, sort=True),
    Bool("enabled", "isEnabled", write="configuration"),
)
OPTIONS = tuple(field.option for field in FIELDS)
ARGUMENT_SPEC = kit.argument_spec(FIELDS)
NOT_UPDATABLE_HINT = {
    "type": "the platform cannot change a list's type",
    "description": "the platform's update of a list takes no description",
}


def list_view(details, custom=None, unknown=None):
    """body -> filled body: the readable, comparable form of a list from its index entry (``AccessListDetails``)
    and, for a custom list, the ``CustomAccessList`` read by its id (which has the content). ``{}`` for no list.
    ``unknown`` (a list) hears a warning per number without a name."""
    if details is None:
        return {}
    merged = dict(details)
    for member, value in (custom or {}).items():
        if value is not None or member not in merged:
            merged[member] = value
    return kit.readable(FIELDS, merged, unknown)


def wanted_view(current, params, entries):
    """option -> readable: the view a task asks for. Options not given keep ``current``'s values (a new list starts
    from :func:`new_list_defaults`). ``entries``: the canonical entries (None when not given)."""
    view = dict(current) if current else new_list_defaults()
    for option in OPTIONS:
        value = entries if option == "entries" else params.get(option)
        if value is not None:
            view[option] = value
    return view


def new_list_defaults():
    """What a list created without the options says: no description, no entries, enabled (as the platform's provider
    creates lists); ``type`` and ``action`` have no default (the task must give them)."""
    return {"name": None, "description": None, "type": None, "entries": [], "action": None, "enabled": True}


def unchangeable(current, wanted):
    """The options an existing list would need changed that the platform cannot change, as ``(option, now, asked)``."""
    return [
        (field.option, current.get(field.option), wanted.get(field.option))
        for field in FIELDS
        if not field.updatable and current and wanted.get(field.option) != current.get(field.option)
    ]


def bodies(current, wanted):
    """``{write: body}``: the writes that take ``current`` (``{}`` for a new list) to ``wanted``, only members that
    differ (a create sends every create and list member; ``description`` only when given)."""
    writes = {}
    for field in FIELDS:
        value = wanted.get(field.option)
        creating = not current
        if not creating and value == current.get(field.option):
            continue
        if value is None:
            continue
        write = field.write if not creating or field.write == "configuration" else "create"
        writes.setdefault(write, {})[field.member] = field.body(value)
    return writes


# --- readable results ----------------------------------------------------------------------------------------------


def categories(value):
    """The names of an ``AccessListCategory`` bit set (unknown bits as numbers)."""
    if not is_number(value) or value <= 0:
        return []
    names = [name for bit, name in sorted(CATEGORIES.items()) if value & bit]
    rest = value & ~sum(CATEGORIES)
    return names + ([str(rest)] if rest else [])


def shape_list(zone_id, details, custom=None, managed=False, unknown=None):
    """One ``access_lists`` entry (the result of both modules): the options ``access_list`` takes, then what the
    platform adds. ``details`` is the index entry (None for a list only predicted), ``custom`` the list read by id;
    ``unknown`` (a list) hears a warning per number without a name (shown as the number)."""
    details = details or {}
    custom = custom or {}
    view = list_view(details, custom, unknown) if details or custom else {}
    shaped = {option: view.get(option) for option in OPTIONS}
    if managed:
        shaped["entries"] = None  # the platform serves the entries of custom lists only
    list_id = details.get("listId", custom.get("id"))
    plan = details.get("requiredPlan")
    entry_count = custom.get("entryCount", details.get("entryCount"))
    shaped.update(
        id=list_id if is_number(list_id) else None,
        configuration_id=details.get("configurationId") if is_number(details.get("configurationId")) else None,
        shield_zone_id=zone_id,
        managed=managed,
        entry_count=entry_count if is_number(entry_count) else None,
        checksum=custom.get("checksum") if isinstance(custom.get("checksum"), str) else None,
        last_modified=custom.get("lastModified") or details.get("lastUpdated"),
        category=categories(details.get("category")),
        required_plan=enum_readable(SHIELD_PLANS, plan, "required_plan", unknown) if is_number(plan) else None,
        update_frequency=details.get("updateFrequency"),
    )
    return shaped


def shape_predicted(zone_id, current_details, wanted):
    """The readable result of a list only predicted (check mode) or whose last answer was lost: the wanted view
    with the ids known so far."""
    current_details = current_details or {}
    shaped = shape_list(zone_id, current_details) if current_details else shape_list(zone_id, None)
    shaped.update({option: wanted.get(option) for option in OPTIONS})
    shaped["entry_count"] = len(wanted.get("entries") or [])
    shaped["checksum"] = None
    return shaped
