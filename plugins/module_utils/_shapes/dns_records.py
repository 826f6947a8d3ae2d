# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A DNS record's shape: ONE field table (:data:`FIELDS`, a row per option, each naming the record types it applies
to) drives option -> readable, platform model -> readable, the comparison and readable -> request body.

The readable form is a dict keyed by the options of ``dns_record`` (``type``, ``name``, ``value``, ``ttl``, ...): a
key a type does not take is None, so the form of every type is the same dict and a key left None is "not managed".
``dns_record_info`` returns it (with read-only keys beside: ``id``, ``zone_id``, ``link_name``, ...), so what it
returns, given back, is no change.

The five functions a set module (``dns_records``) builds on; all pure (no Ansible, no HTTP), bodies untrusted:

- :func:`from_options` -- a module entry (an options dict, None = not given) -> the canonical readable form; bad
  input raises ``InputError`` naming the option (``where`` prefixes it, e.g. ``records[3].ttl``) and the fix, and an
  option the type does not take names the types that take it.
- :func:`from_model` -- a platform ``DnsRecordModel`` -> the readable form (every key the type takes filled: the
  platform's None counts as 0, "" or false, as it stores them).
- :func:`identity` -- ``(type, name, value)`` of a readable record, normalised: a name holds one record of a
  single-value type (CNAME, Redirect, Flatten, PullZone, Script: value None) and a set of the others (A, AAAA, TXT,
  MX, SRV, CAA, PTR, NS: the value tells them apart).
- :func:`same` -- True when a current readable record already holds every key a wanted one gives, compared in the
  platform's stored form (:func:`differences` names the keys that differ).
- :func:`to_body` -- readable -> the body of ``PUT .../records`` (``AddDnsRecordModel``: the given keys only) or,
  with ``current`` (the platform's model), of ``POST .../records/{id}`` (``UpdateDnsRecordModel``: the stored record
  with the wanted keys over it, so what is not managed is sent back as it is).

Normalisation (see docs/platform-notes.md, "DNS records: identity and normalisation"): names relative to the zone,
in lower case, ``@`` is the apex ``""``; host-name values (CNAME, MX, NS, PTR, SRV, Flatten) the same, except the
Null MX ``.``; A and AAAA values as IP addresses (an expanded IPv6 address equals its compressed form); TXT values
verbatim, except that a value written as quoted chunks (``"a" "b"``) is the chunks joined (``ab``); CAA tags in lower
case and a quoted CAA value without its quotes; numbers the platform leaves null are 0; a PullZone record's pull zone
matches by id (``LinkName``, or a ``Value`` that is a number) or by name (``Value``); a Script record's script id is
read from its ``Value`` (``ScriptId`` is never returned: a record whose value shows no id is not compared, see
:func:`not_compared`), and its script's name (``script``, looked up by the modules) is never read back; weight
counts for A, AAAA and SRV only (the platform answers 100 for Script records).
"""

from __future__ import annotations

import ipaddress
import re
import socket

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import readable as enum_readable

from . import fields as kit

# DnsRecordTypes of the core API document (name -> number): the types this collection writes, in the order the
# modules list them, then SVCB, HTTPS and TLSA, read but not written (no published field model for their data).
WRITTEN_TYPES = {
    "A": 0,
    "AAAA": 1,
    "CNAME": 2,
    "TXT": 3,
    "MX": 4,
    "SRV": 8,
    "CAA": 9,
    "PTR": 10,
    "NS": 12,
    "Redirect": 5,
    "Flatten": 6,
    "PullZone": 7,
    "Script": 11,
}
TYPE_NUMBERS = dict(WRITTEN_TYPES, SVCB=13, HTTPS=14, TLSA=15)
TYPES = dict(sorted((number, name) for name, number in TYPE_NUMBERS.items()))
WRITABLE_TYPES = tuple(WRITTEN_TYPES)
MONITOR_TYPES = {0: "none", 1: "ping", 2: "http", 3: "monitor"}
MONITOR_STATUSES = {0: "unknown", 1: "online", 2: "offline"}
SMART_ROUTING_TYPES = {0: "none", 1: "latency", 2: "geolocation"}
ACCELERATION_STATUSES = {0: "none", 1: "pending", 2: "processing", 3: "completed", 4: "failed"}

SINGLE_VALUE = frozenset(("CNAME", "Redirect", "Flatten", "PullZone", "Script"))
HOST_VALUES = frozenset(("CNAME", "MX", "NS", "PTR", "SRV", "Flatten"))
ALL = tuple(TYPES.values())
ADDRESS = ("A", "AAAA")


def _stripped(_option, value):
    return value.strip()


def _address_enum(option, member, names):
    # the names, or any number: one dns_record_info returns for a value this collection cannot name is given back
    return kit.Enum(option, member, names, warn_as="member", any_number=True, within=ADDRESS)


# The managed members (``within``: the record types that take one); identity (type, name, value) and the links (pull
# zone, script) are handled apart. The ranges of the numbers bound dns_record's options and each entry of dns_records'
# records: the documented type of the member (int32; Flags a byte) or the Terraform provider's validator where it is
# narrower (port; weight, whose widest per-type range is SRV's; latitude and longitude); see docs/platform-notes.md,
# "DNS records: the ranges of the numbers".
FIELDS = (
    kit.Int("ttl", "Ttl", 0, INT32_MAX, within=ALL),
    kit.Int("priority", "Priority", 0, INT32_MAX, within=("MX", "SRV")),
    kit.Int("weight", "Weight", 0, 65535, within=("A", "AAAA", "SRV")),
    kit.Int("port", "Port", 0, 65535, within=("SRV",)),
    kit.Int("flags", "Flags", 0, 255, within=("CAA",)),
    kit.Text("tag", "Tag", check=_stripped, normal=lambda text: text.strip().lower(), within=("CAA",)),
    kit.Bool("accelerated", "Accelerated", within=("A", "AAAA", "CNAME")),
    _address_enum("monitor_type", "MonitorType", MONITOR_TYPES),
    _address_enum("smart_routing_type", "SmartRoutingType", SMART_ROUTING_TYPES),
    kit.Text("latency_zone", "LatencyZone", check=_stripped, normal=str.strip, within=ADDRESS),
    kit.Float("geolocation_latitude", "GeolocationLatitude", -180.0, 180.0, within=ADDRESS),
    kit.Float("geolocation_longitude", "GeolocationLongitude", -180.0, 180.0, within=ADDRESS),
    kit.Bool("disabled", "Disabled", within=ALL),
    kit.Text("comment", "Comment", within=ALL),  # verbatim
)
BY_OPTION = kit.by_option(FIELDS)
IDENTITY = (
    kit.Enum("type", "Type", WRITABLE_TYPES, required=True),
    kit.Text("name", "Name", required=True),
    kit.Text("value", "Value"),
)
LINK_FIELDS = (
    kit.Int("pullzone_id", "PullZoneId", within=("PullZone",)),
    kit.Text("pullzone_name", "Value", within=("PullZone",)),
    kit.Text("script", "ScriptId", within=("Script",)),  # a DNS script's name, sent as the id it names
    kit.Int("script_id", "ScriptId", within=("Script",)),
)
LINKS = {field.option: field.within for field in LINK_FIELDS}
# What a record of a link type must give to be created (the value of the other types)
LINK_NEEDED = {"PullZone": "pullzone_id or pullzone_name", "Script": "script or script_id"}
# Every option of one record (dns_record's, and each entry of dns_records' records), in the order shown: the table of
# its argument spec, its bounds and every key of the readable form a write module takes.
RECORD_OPTIONS = IDENTITY + FIELDS[:6] + LINK_FIELDS + FIELDS[6:]
OPTIONS = tuple(field.option for field in RECORD_OPTIONS)
ARGUMENT_SPEC = kit.argument_spec(RECORD_OPTIONS)
BOUNDS = kit.bounds(RECORD_OPTIONS)
# The read-only keys from_model adds beside them.
READ_ONLY = (
    "id",
    "zone_id",
    "link_name",
    "accelerated_pullzone_id",
    "acceleration_status",
    "monitor_status",
    "auto_ssl_issuance",
    "environmental_variables",
)
# Per-type rules within those ranges (the Terraform provider's ModifyPlan in resource_dns_record.go).
PER_TYPE_MAX = {("weight", "A"): 100, ("weight", "AAAA"): 100}
_CHUNKS = re.compile(r'\s*"((?:[^"\\]|\\.)*)"')


# --- normalisation -------------------------------------------------------------------------------------------------


def normal_name(name):
    """A record name as the platform stores it, compared: no surrounding spaces or trailing dot, lower case, the apex
    (``@`` or ``""``) as ``""``."""
    name = (name or "").strip()
    if name == "@":
        return ""
    return name.rstrip(".").lower()


def txt_value(value):
    """A TXT value as stored: verbatim, or, when it is written as one or more quoted chunks (``"a" "b"``), the chunks
    joined (``ab``) with their ``\\"`` and ``\\\\`` escapes undone."""
    chunks, position = [], 0
    while position < len(value):
        match = _CHUNKS.match(value, position)
        if match is None:
            break
        chunks.append(match.group(1))
        position = match.end()
    if not chunks or value[position:].strip():
        return value
    return "".join(re.sub(r"\\(.)", r"\1", chunk) for chunk in chunks)


def _address(value):
    """An IP address in one canonical text (the C library's: a few microseconds, so a zone of 1000 records compares in
    milliseconds); a text that is no address, stripped and in lower case."""
    value = value.strip()
    family = socket.AF_INET6 if ":" in value else socket.AF_INET
    try:
        return socket.inet_ntop(family, socket.inet_pton(family, value))
    except (OSError, ValueError):
        return value.lower()


def normal_value(record_type, value):
    """A value in the form compared (the platform's stored form as far as it is known; see the module docstring)."""
    if value is None:
        return ""
    value = str(value)
    if record_type in ADDRESS:
        return _address(value)
    if record_type in HOST_VALUES:
        value = value.strip()
        return value if value == "." else value.rstrip(".").lower()
    if record_type == "TXT":
        return txt_value(value)
    if record_type == "CAA":
        value = value.strip()
        return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    return value.strip()


def _number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _digits(value):
    text = str(value or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


def compared(field, value):
    """One managed member in the form compared: None is 0, "" or false as the platform stores it."""
    if isinstance(field, kit.Float):
        return round(float(_number(value)), 6)
    if isinstance(field, kit.Int):
        return int(_number(value))
    if isinstance(field, kit.Bool):
        return bool(value)
    if isinstance(field, kit.Enum):
        return value or "none"
    return field.compared("" if value is None else str(value))


def _held(field, member, unknown):
    """One managed member of a ``DnsRecordModel`` as the readable form holds it: the platform's None is 0, "", false
    or none, as it stores them."""
    if isinstance(field, kit.Enum):
        found = field.readable(member, unknown)
        return "none" if found is None else found
    if isinstance(field, kit.Int):
        return _number(member)
    if isinstance(field, kit.Bool):
        return bool(member)
    return "" if member is None else member


# --- option -> readable --------------------------------------------------------------------------------------------


def _applies(option, types):
    return "%s applies to %s records only" % (option, ", ".join(types) if len(types) > 1 else types[0])


def _bad(where, option, message):
    raise InputError("%s%s %s" % (where, option, message), option=option)


def _link_options(entry, record_type, where, readable):
    """The pull zone of a PullZone record and the script of a Script record; ``value`` may stand for either."""
    value = entry.get("value")
    if record_type == "PullZone":
        readable["pullzone_id"], readable["pullzone_name"] = entry.get("pullzone_id"), entry.get("pullzone_name")
        if readable["pullzone_id"] is None and readable["pullzone_name"] is None and value is not None:
            # the value read back is the pull zone's name (or, by another client's reading, its id)
            number = _digits(value)
            readable["pullzone_id" if number else "pullzone_name"] = number or value.strip()
        readable["value"] = value if value is not None else readable["pullzone_name"]
    elif record_type == "Script":
        script_id, readable["script"] = entry.get("script_id"), entry.get("script")
        if script_id is not None and readable["script"] is not None:
            _bad(where, "script", "and %sscript_id both name the record's script: give one of them." % where)
        if script_id is None and value is not None:
            script_id = _digits(value)
            if script_id is None:
                _bad(where, "value", "of a Script record is its script id (a positive number); got %r." % value)
        readable["script_id"] = script_id
        readable["value"] = None if script_id is None else str(script_id)


def set_script(readable, script_id):
    """A Script record's script given by name (``script``), now that the lookup found its id (None: a script only
    predicted under --check)."""
    readable["script_id"] = script_id
    readable["value"] = None if script_id is None else str(script_id)
    return readable


def _enum_option(field, value, where):
    """An enum option: one of its names, or a number as text (what dns_record_info returns for a value this collection
    cannot name), kept as that number so that giving it back is no change and it is sent as it was read."""
    text = value.strip()
    if text.isdigit():
        return int(text)
    if text not in field.names.values():
        _bad(where, field.option, "must be one of %s; got %r." % (", ".join(field.names.values()), value))
    return text


def in_zone(readable, domain, where="", warn=None, deprecate=None):
    """``readable`` (from :func:`from_options`) with its name relative to the zone ``domain``, as the platform holds it
    (docs/platform-notes.md, "DNS records: names relative to the zone").

    A name ending in a dot is absolute, as in a zone file: ``cdn.example.org.`` in zone example.org is ``cdn``, and
    a name outside the zone raises InputError, or, given ``deprecate(message, version)``, keeps until 2.0.0 the meaning
    earlier releases gave it (the final dot dropped, the rest relative to the zone) and ``deprecate`` hears why. A
    name without one is relative to the zone, as the platform takes it; one that ends with the zone's domain
    (``cdn.example.org``) most likely meant the absolute name, so ``warn`` hears the record it names
    (cdn.example.org.example.org)."""
    name, zone = readable["name"] or "", normal_name(domain)
    if not zone:  # a zone answer without its domain (never seen): the name is taken as earlier releases took it
        readable["name"] = name.rstrip(".")
        return readable
    if not name.endswith("."):
        folded = name.lower()
        if warn is not None and (folded == zone or folded.endswith("." + zone)):
            warn(
                "%sname %s has no final dot, so it is relative to the zone: the record is %s.%s. End it with a dot "
                "(%s.) for the name %s itself, or give it relative to the zone%s."
                % (where, name, name, zone, name, name, " (%s)" % name[: -len(zone) - 1] if folded != zone else " (@)")
            )
        return readable
    absolute = name.rstrip(".")
    if absolute.lower() == zone:
        readable["name"] = ""
    elif absolute.lower().endswith("." + zone):
        readable["name"] = absolute[: -len(zone) - 1]
    else:
        outside = (
            "%s ends with a dot, so it is an absolute name (as in a zone file), and it is not in the zone %s: give it "
            "relative to the zone, or end it with .%s." % (name, zone, zone)
        )
        if deprecate is None:
            _bad(where, "name", outside)
        # earlier releases dropped the final dot: a name that worked then keeps working, with a deprecation
        readable["name"] = absolute
        deprecate(
            "%sname %s Until 2.0.0 it is read as earlier releases read it, as the record %s.%s; from 2.0.0 it fails."
            % (where, outside, absolute, zone),
            "2.0.0",
        )
    return readable


def from_options(entry, where=""):
    """Module options (a dict; None = not given) -> the canonical readable form; bad input raises InputError.

    ``where`` prefixes option names in messages (``"records[3]."``)."""
    record_type = entry.get("type")
    if record_type not in WRITABLE_TYPES:
        _bad(where, "type", "must be one of %s; got %r." % (", ".join(WRITABLE_TYPES), record_type))
    name = entry.get("name")
    if name is None:
        _bad(where, "name", 'is required: the record\'s name relative to the zone ("" or "@" for the apex).')
    readable = dict.fromkeys(OPTIONS)
    name = name.strip()
    # a final dot is kept: the name is absolute, made relative to the zone by in_zone once its domain is known
    readable["type"], readable["name"] = record_type, "" if name == "@" else name
    for option, types in LINKS.items():
        if entry.get(option) is not None and record_type not in types:
            _bad(where, option, "is not valid for %s records: %s." % (record_type, _applies(option, types)))
    for field in FIELDS:
        value = entry.get(field.option)
        if value is None:
            continue
        if record_type not in field.within:
            _bad(
                where,
                field.option,
                "is not valid for %s records: %s." % (record_type, _applies(field.option, field.within)),
            )
        if isinstance(field, kit.Enum):
            value = _enum_option(field, value, where)
        high = PER_TYPE_MAX.get((field.option, record_type))
        if high is not None and value > high:
            _bad(where, field.option, "of %s records must be from 0 to %d; got %d." % (record_type, high, value))
        readable[field.option] = field.checked(value) if isinstance(field, kit.Text) else value
    if record_type in ("PullZone", "Script"):
        _link_options(entry, record_type, where, readable)
        return readable
    value = entry.get("value")
    if value is not None and record_type in ADDRESS:
        try:
            address = ipaddress.ip_address(value.strip())
        except ValueError:
            address = None
        if address is None or address.version != (4 if record_type == "A" else 6):
            kind = "an IPv4" if record_type == "A" else "an IPv6"
            _bad(where, "value", "of an %s record must be %s address; got %r." % (record_type, kind, value))
        value = str(address)
    elif value is not None and record_type == "TXT":
        value = txt_value(value)
    elif value is not None and record_type in HOST_VALUES:
        value = value.strip()
        value = value if value == "." else value.rstrip(".")
    elif value is not None:
        value = value.strip()
    readable["value"] = value
    return readable


# --- platform model -> readable ------------------------------------------------------------------------------------


def type_name(number, unknown=None):
    """The record type's name; a number this collection does not know stays that number (with a warning appended to
    ``unknown``, see ``_shapes/enums.py``)."""
    return enum_readable(TYPES, number, "Type", unknown) if is_number(number) else None


def _enum(enum, number, member, unknown):
    return enum_readable(enum, number, member, unknown) if is_number(number) else None


def from_model(model, zone_id=None, unknown=None):
    """A ``DnsRecordModel`` -> the readable form, with the read-only members beside (``id``, ``zone_id``, ...).

    An enum number this collection cannot name (``Type``, ``MonitorType``, ``SmartRoutingType``, ``MonitorStatus``,
    ``AccelerationStatus``) is returned as the number, and a warning naming it is appended to ``unknown``."""
    record_type = type_name(model.get("Type"), unknown)
    readable = dict.fromkeys(OPTIONS)
    value = model.get("Value")
    readable.update(type=record_type, name=model.get("Name") or "", value=value)
    for field in FIELDS:
        if record_type in field.within:
            readable[field.option] = _held(field, model.get(field.member), unknown)
    if record_type == "PullZone":
        # read back as Value = the pull zone's name and LinkName = its id; another client reads Value as the id
        readable["pullzone_id"] = _digits(model.get("LinkName")) or _digits(value)
        readable["pullzone_name"] = None if _digits(value) else value
    elif record_type == "Script":
        # ScriptId is never returned: the id is read where the module (and the provider) wrote it too, the value; the
        # script's name is never claimed (docs/platform-notes.md, "DNS records of type Script")
        readable["script_id"] = _digits(value) or _digits(model.get("LinkName"))
    readable.update(
        id=model.get("Id"),
        zone_id=zone_id,
        link_name=model.get("LinkName"),
        accelerated_pullzone_id=model.get("AcceleratedPullZoneId") or None,
        acceleration_status=_enum(
            ACCELERATION_STATUSES, model.get("AccelerationStatus"), "AccelerationStatus", unknown
        ),
        monitor_status=_enum(MONITOR_STATUSES, model.get("MonitorStatus"), "MonitorStatus", unknown),
        auto_ssl_issuance=model.get("AutoSslIssuance"),
        environmental_variables=[
            {"name": item.get("Name"), "value": item.get("Value")}
            for item in model.get("EnviromentalVariables") or []
            if isinstance(item, dict)
        ],
    )
    return readable


def from_models(models, zone_id, warn):
    """:func:`from_model` of each model; ``warn(text)`` is called once for each enum value no record could name."""
    unknown = []
    records = [from_model(model, zone_id, unknown) for model in models]
    for text in unknown:
        warn(text)
    return records


# --- identity and comparison ---------------------------------------------------------------------------------------


def link_value(readable):
    """What tells records of one name apart: the normalised value; a PullZone's pull zone, a Script's script id."""
    record_type = readable.get("type")
    if record_type == "PullZone":
        if readable.get("pullzone_id") is not None:
            return str(readable["pullzone_id"])
        name = readable.get("pullzone_name") or readable.get("value")
        return None if name is None else name.strip().lower()
    if record_type == "Script":
        return readable.get("script") if readable.get("script_id") is None else str(readable["script_id"])
    value = readable.get("value")
    return None if value is None else normal_value(record_type, value)


def identity(readable):
    """``(type, name, value)``: value None for the single-value types (one record per name)."""
    record_type = readable.get("type")
    value = None if record_type in SINGLE_VALUE else link_value(readable)
    return record_type, normal_name(readable.get("name")), value


def _same_link(wanted, current):
    """Whether ``current`` holds the value, pull zone or script ``wanted`` gives (True when it gives none)."""
    record_type = wanted.get("type")
    if record_type == "PullZone":
        wanted_id, wanted_name = wanted.get("pullzone_id"), wanted.get("pullzone_name")
        if wanted_id is None and wanted_name is None:
            return True
        stored = current.get("value")
        by_id = wanted_id is not None and wanted_id in (current.get("pullzone_id"), _digits(stored))
        by_name = wanted_name is not None and normal_name(stored) == normal_name(wanted_name)
        return by_id or by_name
    if record_type == "Script":
        if wanted.get("script_id") is None and wanted.get("script") is None:
            return True
        # a record whose value shows no script id: which script it runs is not known, so not compared (not_compared)
        return current.get("script_id") is None or wanted.get("script_id") == current["script_id"]
    if wanted.get("value") is None:
        return True
    return normal_value(record_type, wanted["value"]) == normal_value(record_type, current.get("value"))


def not_compared(wanted, current):
    """The options of ``wanted`` that cannot be compared with ``current`` (readable records): the script of a Script
    record whose value shows no script id (the platform does not return ``ScriptId``)."""
    if wanted.get("type") != "Script" or current is None or current.get("script_id") is not None:
        return []
    given = [option for option in ("script", "script_id") if wanted.get(option) is not None]
    return given[:1]  # a script by name carries the id it was found by: the name is what was given


def differences(wanted, current):
    """The keys of ``wanted`` (a readable record) whose values ``current`` does not hold: ``type``, ``name``,
    ``value`` (the pull zone or script too) and the managed members ``wanted`` gives (None = not managed)."""
    found = []
    if wanted.get("type") != current.get("type"):
        found.append("type")
    if normal_name(wanted.get("name")) != normal_name(current.get("name")):
        found.append("name")
    if not _same_link(wanted, current):
        found.append("value")
    for field in FIELDS:
        value = wanted.get(field.option)
        if value is not None and compared(field, value) != compared(field, current.get(field.option)):
            found.append(field.option)
    return found


def same(wanted, current):
    """True when ``current`` already holds every key ``wanted`` gives (the platform's normalisation applied)."""
    return not differences(wanted, current)


def view(readable, keys=None):
    """The compared, diffed form: identity and the managed keys (``keys``: those a task gives; all by default)."""
    record_type = readable.get("type")
    shown = {"type": record_type, "name": normal_name(readable.get("name")), "value": link_value(readable)}
    for field in FIELDS:
        if record_type in field.within and (keys is None or field.option in keys):
            shown[field.option] = compared(field, readable.get(field.option))
    return shown


def given(wanted):
    """The managed keys a wanted readable record gives."""
    return [field.option for field in FIELDS if wanted.get(field.option) is not None]


def plan(wanted, current):
    """``(before, after)`` of an update: ``before`` the current record's view of what the task manages, ``after`` the
    same with what differs replaced by the wanted values (equal exactly when :func:`same`)."""
    keys = given(wanted)
    before = view(current, keys)
    after = dict(before)
    wanted_view = view(wanted, keys)
    for key in differences(wanted, current):
        after[key] = wanted_view.get(key)
    return before, after


def merged(wanted, current):
    """The readable record a real run leaves: ``current`` with what ``wanted`` gives over it (a prediction; the
    read-only keys of a record not created yet are None)."""
    result = dict(dict.fromkeys(OPTIONS + READ_ONLY), **current)
    for key in OPTIONS:
        if wanted.get(key) is not None:
            result[key] = wanted[key]
    if wanted.get("type") == "PullZone" and (wanted.get("pullzone_id") or wanted.get("pullzone_name")):
        if not _same_link(wanted, current):
            result["value"] = wanted.get("pullzone_name")
            result["pullzone_id"] = wanted.get("pullzone_id")
    return result


# --- candidates ----------------------------------------------------------------------------------------------------


def describe(readable):
    """One record for a message: ``id 42: A www 192.0.2.1``."""
    return "id %s: %s %s %s" % (
        readable.get("id"),
        readable.get("type"),
        readable.get("name") or "@",
        readable.get("value") if readable.get("value") not in (None, "") else "(no value)",
    )


def pick(records, wanted, option="value"):
    """The readable record of ``records`` (readable) that ``wanted`` names, or None; several raise InputError.

    Records of ``wanted``'s type and name are the candidates. One holding ``wanted``'s value (pull zone, script) is
    the record; else, for a single-value type, the one candidate (its value is what changes); without a value given,
    the one candidate. A value no record of a multi-value type holds names a new record (None)."""
    name = normal_name(wanted.get("name"))
    candidates = [r for r in records if r.get("type") == wanted.get("type") and normal_name(r.get("name")) == name]
    value = link_value(wanted)
    matching = [r for r in candidates if value is not None and _same_link(wanted, r)]
    if len(matching) == 1:
        return matching[0]
    if not matching and (value is None or wanted.get("type") in SINGLE_VALUE):
        matching = candidates
    if len(matching) > 1:
        raise InputError(
            "%d %s records are named %r in the zone (%s), so the record to manage is ambiguous: give %s to choose one "
            "(dns_records manages a whole set)."
            % (
                len(matching),
                wanted.get("type"),
                wanted.get("name") or "@",
                "; ".join(map(describe, matching)),
                option,
            ),
            option=option,
        )
    return matching[0] if matching else None


# --- readable -> body ----------------------------------------------------------------------------------------------


def _stored_body(current):
    """The ``UpdateDnsRecordModel`` members of a stored record, as the platform answered them."""
    body = {
        "Id": current.get("Id"),
        "Type": current.get("Type"),
        "Name": current.get("Name"),
        "Value": current.get("Value"),
    }
    for field in FIELDS:
        body[field.member] = current.get(field.member)
    for key in ("EnviromentalVariables", "AutoSslIssuance"):
        if key in current:
            body[key] = current[key]
    return body


def to_body(readable, current=None):
    """The request body: ``AddDnsRecordModel`` (the given keys) or, with ``current`` (the stored ``DnsRecordModel``),
    the ``UpdateDnsRecordModel`` (the stored record, the wanted keys over it)."""
    record_type = readable["type"]
    body = _stored_body(current) if current is not None else {}
    body["Type"] = TYPE_NUMBERS[record_type]
    body["Name"] = readable.get("name")
    if current is not None and normal_name(body["Name"]) == normal_name(current.get("Name")):
        body["Name"] = current.get("Name")  # the stored spelling: a name differing in case only is no change
    for field in FIELDS:
        if readable.get(field.option) is not None:
            body[field.member] = field.body(readable[field.option])
    if record_type == "PullZone":
        stored = from_model(current) if current is not None else {}
        body["PullZoneId"] = readable.get("pullzone_id") or stored.get("pullzone_id")
        body["Value"] = None  # the platform fills it in from the pull zone
    elif record_type == "Script":
        stored = from_model(current) if current is not None else {}
        script_id = readable.get("script_id") or stored.get("script_id")
        body["ScriptId"] = script_id
        body["Value"] = None if script_id is None else str(script_id)
    elif readable.get("value") is not None:
        if current is None or normal_value(record_type, readable["value"]) != normal_value(record_type, body["Value"]):
            body["Value"] = readable["value"]
    if current is None:
        body = {key: value for key, value in body.items() if value is not None}
    return body
