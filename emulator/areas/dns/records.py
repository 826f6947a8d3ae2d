"""DNS records: the record model (``DnsRecordModel``), reading a request body, and the platform's checks (no HTTP).

What is stored and answered (lifecycle facts, DNS records; the sources are named in docs/platform-notes.md, "DNS
records: identity and normalisation"):

- ids are the platform's (integers, unique across zones); ``Type``, ``MonitorType``, ``SmartRoutingType``,
  ``MonitorStatus`` and ``AccelerationStatus`` are integers;
- TXT values are stored verbatim (no quoting added or removed);
- host-name values (CNAME, MX, NS, PTR, SRV, Flatten) lose one trailing dot, as a CNAME was seen to (the notes name
  the report); the Null MX ``.`` stays;
- a PullZone record reads back with ``Value`` = the pull zone's name and ``LinkName`` = its id as text; its
  ``PullZoneId`` must name a pull zone of the account ("The pull zone ID is not valid.");
- a Script record needs ``ScriptId``, the id of a DNS script of the account (emulator/areas/edge_scripts; else "The
  script ID is not valid"), which is never returned; its weight left out or
  0 reads back as 100, and its ``Value`` is the one sent, else the script id as text [INFERRED];
- a Redirect record's weight reads back as 100 [INFERRED from the Terraform provider forcing it];
- ``Comment`` and ``LatencyZone`` null, ``LinkName`` "" and ``AutoSslIssuance`` true when not set (a recorded MX);
  ``IPGeoLocationInfo`` and ``GeolocationInfo`` are left out (what the platform fills them with is not recorded).

Validation answers 400 ``{ErrorKey, Field, Message}``. The checks are the platform's as far as sources show them;
the error keys and the texts other than the pull zone's and the script's are [INFERRED]: a CNAME beside another
record of the same name, or another record beside a CNAME (``dnsrecord.cname_conflict``); an A value that is not an
IPv4 address or an AAAA value that is not an IPv6 one (``dnsrecord.invalid_value``); a TTL below 0 or above
2147483647, the largest the document's int32 holds (``dnsrecord.invalid_ttl``); a type outside ``DnsRecordTypes``
(``dnsrecord.invalid_type``).

Fixture key ``dns_records`` (a list; each entry is added through the same checks as ``PUT .../records``): ``zone_id``
(required), ``id`` (optional; else the next free id), ``type`` (a name such as ``A`` or ``PullZone``, or its number),
``name``, ``value``, ``ttl``, ``priority``, ``weight``, ``port``, ``flags``, ``tag``, ``pull_zone_id``,
``script_id``, ``accelerated``, ``monitor_type``, ``smart_routing_type`` (names or numbers), ``latency_zone``,
``geolocation_latitude``, ``geolocation_longitude``, ``disabled``, ``comment``, ``monitor_status``. Enums that grow: a
fixture's ``type`` may be a number past ``DnsRecordTypes`` and ``monitor_type``, ``smart_routing_type`` and
``monitor_status`` any number, standing for values the platform added since (the API's own writes still refuse an
unknown type).
"""

import ipaddress

TYPES = ("A", "AAAA", "CNAME", "TXT", "MX", "Redirect", "Flatten", "PullZone", "SRV", "CAA", "PTR", "Script", "NS")
TYPES += ("SVCB", "HTTPS", "TLSA")
A, AAAA, CNAME, MX, REDIRECT, PULL_ZONE, SRV, SCRIPT = 0, 1, 2, 4, 5, 7, 8, 11
HOST_VALUES = frozenset((CNAME, MX, 6, SRV, 10, 12))  # CNAME, MX, Flatten, SRV, PTR, NS
MONITOR_TYPES = ("None", "Ping", "Http", "Monitor")
SMART_ROUTING_TYPES = ("None", "Latency", "Geolocation")
TTL_MAX = 2147483647
FIRST_ID = 300001

# member -> (kind, default): the AddDnsRecordModel members stored as they come (after the checks)
MEMBERS = {
    "Ttl": ("int", 0),
    "Weight": ("int", 0),
    "Priority": ("int", 0),
    "Port": ("int", 0),
    "Flags": ("int", 0),
    "Tag": ("str", None),
    "Accelerated": ("bool", False),
    "MonitorType": ("int", 0),
    "GeolocationLatitude": ("float", 0.0),
    "GeolocationLongitude": ("float", 0.0),
    "LatencyZone": ("str", None),
    "SmartRoutingType": ("int", 0),
    "Disabled": ("bool", False),
    "Comment": ("str", None),
    "AutoSslIssuance": ("bool", True),
}
# fixture key -> body member
FIXTURE_KEYS = dict(
    {name.lower(): name for name in ("Name", "Value", "Tag", "Comment")},
    ttl="Ttl",
    weight="Weight",
    priority="Priority",
    port="Port",
    flags="Flags",
    accelerated="Accelerated",
    monitor_type="MonitorType",
    smart_routing_type="SmartRoutingType",
    latency_zone="LatencyZone",
    geolocation_latitude="GeolocationLatitude",
    geolocation_longitude="GeolocationLongitude",
    disabled="Disabled",
    pull_zone_id="PullZoneId",
    script_id="ScriptId",
)


class Invalid(Exception):
    """A body the platform refuses: the 400 ``ApiErrorData``."""

    def __init__(self, key, field, message):
        super(Invalid, self).__init__(message)
        self.payload = {"ErrorKey": key, "Field": field, "Message": message}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _folded(body):
    """The body's members by their lower-case names (the platform matches input keys without regard to case)."""
    if not isinstance(body, dict):
        raise Invalid("validation.invalid_body", "recordModel", "The request body must be a JSON object.")
    return {str(key).lower(): value for key, value in body.items()}


class DnsRecord(object):
    """One record of a zone; :meth:`model` is its ``DnsRecordModel``."""

    def __init__(self, record_id):
        self.id = record_id
        self.type = A
        self.name = ""
        self.value = ""
        self.members = {key: default for key, (_kind, default) in MEMBERS.items()}
        self.link_name = ""
        self.pull_zone_id = None
        self.script_id = None
        self.environment = []
        self.monitor_status = None  # a fixture's MonitorStatus; else what monitoring would find

    def model(self):
        monitor = self.members["MonitorType"]
        return dict(
            {
                "Id": self.id,
                "Type": self.type,
                "Value": self.value,
                "Name": self.name,
                "LinkName": self.link_name,
                "AcceleratedPullZoneId": 0,
                "MonitorStatus": (1 if monitor else 0) if self.monitor_status is None else self.monitor_status,
                "EnviromentalVariables": list(self.environment),
                "AccelerationStatus": 1 if self.members["Accelerated"] else 0,
            },
            **self.members,
        )

    def dump(self, zone_id):
        return {
            "zone_id": zone_id,
            "id": self.id,
            "type": TYPES[self.type] if self.type < len(TYPES) else self.type,
            "name": self.name,
            "value": self.value,
            "ttl": self.members["Ttl"],
        }


def _member(folded, name, kind):
    value = folded.get(name.lower())
    if value is None:
        return None
    if kind == "int" and not _is_int(value):
        raise Invalid("validation.invalid_value", name, "The value of %s must be an integer." % name)
    if kind == "float" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise Invalid("validation.invalid_value", name, "The value of %s must be a number." % name)
    if kind == "bool" and not isinstance(value, bool):
        raise Invalid("validation.invalid_value", name, "The value of %s must be true or false." % name)
    if kind == "str" and not isinstance(value, str):
        raise Invalid("validation.invalid_value", name, "The value of %s must be a string." % name)
    return value


def _check_value(record_type, value):
    """The value as stored; a bad address raises Invalid."""
    if record_type in (A, AAAA):
        try:
            address = ipaddress.ip_address((value or "").strip())
        except ValueError:
            address = None
        if address is None or address.version != (4 if record_type == A else 6):
            kind = "IPv4" if record_type == A else "IPv6"
            raise Invalid("dnsrecord.invalid_value", "Value", "The value is not a valid %s address." % kind)
        return value.strip()
    if record_type in HOST_VALUES and value and value != "." and value.endswith("."):
        return value[:-1]
    return value


def _cname_conflict(zone, record, record_type, name, names=None):
    """Refuse a CNAME beside another record of ``name``, or another record beside its CNAME. ``names`` (an index of
    the zone's records by lower-case name, :func:`names_of`) spares a scan of every record (an import of thousands)."""
    others = zone.records if names is None else names.get(name.lower(), ())
    for other in others:
        if other.id == record.id or other.name.lower() != name.lower():
            continue
        if record_type == CNAME or other.type == CNAME:
            raise Invalid(
                "dnsrecord.cname_conflict",
                "Type",
                "A CNAME record cannot exist beside other records with the same name (%s)." % (name or "@"),
            )


def names_of(zone):
    """The zone's records by lower-case name (for :func:`apply_body` over many records at once)."""
    index = {}
    for record in zone.records:
        index.setdefault(record.name.lower(), []).append(record)
    return index


def apply_body(zone, record, body, pull_zone_name, create, names=None, known_type=True, dns_script=None):
    """Check ``body`` (an Add/UpdateDnsRecordModel) against ``record`` and ``zone``, then store it; raises Invalid.
    ``pull_zone_name(id)`` is the name of a pull zone of the account, or None; ``dns_script(id)`` whether ``id`` is a
    DNS script of the account (None: any positive id, for a caller without scripts); ``names``: :func:`names_of` the zone,
    kept up to date by the caller; ``known_type=False`` (fixtures only) takes a type number past ``DnsRecordTypes``,
    as a platform that added one holds it.

    On update, a member left out (or null) keeps its value [INFERRED: all members are nullable in the document]."""
    folded = _folded(body)
    record_type = folded.get("type")
    if record_type is None:
        if create:
            raise Invalid("dnsrecord.invalid_type", "Type", "The record type is required.")
        record_type = record.type
    if not _is_int(record_type) or record_type < 0 or (known_type and record_type >= len(TYPES)):
        raise Invalid("dnsrecord.invalid_type", "Type", "The record type is not valid.")
    name = _member(folded, "Name", "str")
    name = (record.name if name is None and not create else (name or "")).strip()
    value = _member(folded, "Value", "str")
    value = record.value if value is None and not create and record_type == record.type else value
    members = {}
    for key, (kind, _default) in MEMBERS.items():
        found = _member(folded, key, kind)
        if found is not None:
            members[key] = found
    ttl = members.get("Ttl")
    if ttl is not None and not 0 <= ttl <= TTL_MAX:
        raise Invalid("dnsrecord.invalid_ttl", "Ttl", "The TTL must be between 0 and %d." % TTL_MAX)
    _cname_conflict(zone, record, record_type, name, names)
    link_name, pull_zone_id, script_id = "", None, None
    if record_type == PULL_ZONE:
        pull_zone_id = _member(folded, "PullZoneId", "int") or (record.pull_zone_id if not create else None)
        zone_name = pull_zone_name(pull_zone_id) if pull_zone_id else None
        if zone_name is None:
            raise Invalid("dnsrecord.invalid_pullzone", "PullZoneId", "The pull zone ID is not valid.")
        value, link_name = zone_name, str(pull_zone_id)
    elif record_type == SCRIPT:
        script_id = _member(folded, "ScriptId", "int") or (record.script_id if not create else None)
        if not script_id or script_id <= 0 or (dns_script is not None and not dns_script(script_id)):
            raise Invalid("dnsrecord.invalid_script", "ScriptId", "The script ID is not valid")
        value = value or str(script_id)
        if not members.get("Weight") and not (record.members["Weight"] and not create):
            members["Weight"] = 100
    else:
        value = _check_value(record_type, value or "")
    if record_type == REDIRECT and not members.get("Weight"):
        members["Weight"] = 100
    environment = folded.get("enviromentalvariables")
    record.type, record.name, record.value = record_type, name, value
    record.link_name, record.pull_zone_id, record.script_id = link_name, pull_zone_id, script_id
    record.members.update(members)
    if isinstance(environment, list):
        record.environment = [
            {"Name": item.get("Name"), "Value": item.get("Value")} for item in environment if isinstance(item, dict)
        ]
    return record


def fixture_body(spec):
    """The AddDnsRecordModel of a fixture entry (names of enums accepted beside their numbers)."""
    body = {member: spec[key] for key, member in FIXTURE_KEYS.items() if key in spec}
    kind = spec.get("type", "A")
    body["Type"] = TYPES.index(kind) if kind in TYPES else kind
    for key, names in (("MonitorType", MONITOR_TYPES), ("SmartRoutingType", SMART_ROUTING_TYPES)):
        lowered = [name.lower() for name in names]
        if isinstance(body.get(key), str) and body[key].lower() in lowered:
            body[key] = lowered.index(body[key].lower())
    return body
