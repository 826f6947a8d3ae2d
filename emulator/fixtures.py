"""Loading fixture files, checked strictly against the fixture format (docs/guide.md, "Fixtures").

Every key the format does not know is an error naming the key and where it is
(``dns_zones[0].dnsec``), and every value of the wrong type is an error naming its place and the type
expected: a typo must never turn into a silently different platform. Booleans are real YAML
booleans (``true``/``false``), never a string such as ``maybe``. The areas check the values further
(ranges, enums, PEM text, SQL).
"""

import yaml

from .areas.pullzones import settings as pz_settings


class FixtureError(ValueError):
    """The fixture file cannot be used; the message says where and why."""


# -- the format, as data ------------------------------------------------------------------------------
# A schema is a Scalar, a Mapping, a ListOf, a MapOf, an AnyOf or Anything; ``nullable`` ones also take null.
# Each also renders itself as JSON Schema (``json_schema()``): emulator/fixture.schema.json is FIXTURE's, kept
# equal to this code by tests/unit/emulator/test_fixture_schema.py (``python emulator --fixture-schema``).

_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"))


def _nullable(schema, nullable):
    """``schema`` that also takes null when ``nullable``."""
    if not nullable:
        return schema
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        schema = dict(schema, type=types + ["null"])
        if "enum" in schema:
            schema["enum"] = schema["enum"] + [None]
        return schema
    return {"anyOf": [schema, {"type": "null"}]}


class Scalar(object):
    def __init__(self, kinds, expected, nullable=False, values=None):
        self.kinds, self.expected, self.nullable, self.values = kinds, expected, nullable, values

    def check(self, value, where):
        if isinstance(value, self.kinds) and not (bool not in self.kinds and isinstance(value, bool)):
            if self.values is None or value in self.values:
                return
        raise FixtureError("%s must be %s; got %s" % (where, self.expected, _shown(value)))

    def json_schema(self):
        types = [name for kind, name in _JSON_TYPES if kind in self.kinds]
        if "integer" in types and "number" in types:
            types.remove("integer")
        schema = {"type": types[0] if len(types) == 1 else types, "description": self.expected}
        if self.values is not None:
            schema["enum"] = list(self.values)
        return _nullable(schema, self.nullable)


class Mapping(object):
    """A mapping of known keys: ``fields`` maps each key to its schema; ``required`` keys must be there."""

    def __init__(self, fields, required=(), nullable=False, expected="a mapping"):
        self.fields, self.required, self.nullable, self.expected = fields, required, nullable, expected

    def check(self, value, where):
        if not isinstance(value, dict):
            raise FixtureError("%s must be %s; got %s" % (where or "the fixture", self.expected, _shown(value)))
        for key in value:
            if not isinstance(key, str) or key not in self.fields:
                known = ", ".join(sorted(self.fields))
                raise FixtureError("unknown key %s; %s takes %s" % (_join(where, key), where or "the top level", known))
        for key in self.required:
            if key not in value:
                raise FixtureError("%s needs %r" % (where, key))
        for key, item in value.items():
            validate(item, self.fields[key], _join(where, key))

    def json_schema(self):
        schema = {
            "type": "object",
            "properties": {key: field.json_schema() for key, field in self.fields.items()},
            "additionalProperties": False,
        }
        if self.required:
            schema["required"] = list(self.required)
        return _nullable(schema, self.nullable)


class ListOf(object):
    def __init__(self, item, nullable=True):
        self.item, self.nullable, self.expected = item, nullable, "a list"

    def check(self, value, where):
        if not isinstance(value, list):
            raise FixtureError("%s must be a list; got %s" % (where, _shown(value)))
        for index, item in enumerate(value):
            validate(item, self.item, "%s[%d]" % (where, index))

    def json_schema(self):
        return _nullable({"type": "array", "items": self.item.json_schema()}, self.nullable)


class MapOf(object):
    """A mapping whose keys are data (WAF variable names), each value of one schema."""

    def __init__(self, value, nullable=True):
        self.value, self.nullable = value, nullable

    def check(self, value, where):
        if not isinstance(value, dict):
            raise FixtureError("%s must be a mapping; got %s" % (where, _shown(value)))
        for key, item in value.items():
            validate(item, self.value, _join(where, str(key)))

    def json_schema(self):
        return _nullable({"type": "object", "additionalProperties": self.value.json_schema()}, self.nullable)


class AnyOf(object):
    """The first schema whose type matches (for keys that take, say, ``true`` or a mapping)."""

    def __init__(self, choices, expected, nullable=False):
        self.choices, self.expected, self.nullable = choices, expected, nullable

    def check(self, value, where):
        for choice in self.choices:
            if isinstance(choice, Mapping) and isinstance(value, dict):
                return choice.check(value, where)
            if isinstance(choice, Scalar):
                try:
                    return choice.check(value, where)
                except FixtureError:
                    continue
        raise FixtureError("%s must be %s; got %s" % (where, self.expected, _shown(value)))

    def json_schema(self):
        choices = [choice.json_schema() for choice in self.choices] + ([{"type": "null"}] if self.nullable else [])
        return {"anyOf": choices, "description": self.expected}


class Anything(object):
    """A section the emulator does not read (its content is another tool's business)."""

    nullable, expected = True, "anything"

    def check(self, value, where):
        pass

    def json_schema(self):
        return {"description": "not read by the emulator"}


def validate(value, schema, where=""):
    """Raise FixtureError when ``value`` does not follow ``schema``; ``where`` is its place in the fixture."""
    if value is None:
        if schema.nullable:
            return
        raise FixtureError("%s must not be null (empty); give %s" % (where, schema.expected))
    schema.check(value, where)


def _join(where, key):
    return "%s.%s" % (where, key) if where else key


def _shown(value):
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _bool(nullable=False):
    return Scalar((bool,), "true, false or null" if nullable else "true or false", nullable)


def _int(nullable=False):
    return Scalar((int,), "an integer or null" if nullable else "an integer", nullable)


def _str(nullable=False):
    return Scalar((str,), "a string or null" if nullable else "a string", nullable)


_LIMIT_KEYS = (
    "max_endpoints",
    "max_fields_per_type",
    "max_nesting_depth",
    "max_total_schema_nodes",
    "max_total_regex_length",
)
_LIMITS = Mapping({key: _int() for key in _LIMIT_KEYS}, nullable=True)

_CONDITION_FIELDS = {
    "variableTypes": MapOf(_str(nullable=True)),
    "operatorType": _int(),
    "value": _str(nullable=True),
    "isNegated": _bool(nullable=True),
    "isRegexVariable": _bool(nullable=True),
}
_CHAINED_CONDITION = Mapping(_CONDITION_FIELDS)
_RULE_CONFIGURATION = Mapping(
    dict(
        _CONDITION_FIELDS,
        actionType=_int(),
        severityType=_int(),
        transformationTypes=ListOf(_int()),
        chainedRuleConditions=ListOf(_CHAINED_CONDITION),
    ),
    nullable=True,
)

# a rate limit rule's ruleConfiguration: a condition as above plus the limit (emulator/areas/rate_limits)
_RATE_LIMIT_CONFIGURATION = Mapping(
    dict(
        _CONDITION_FIELDS,
        actionType=_int(nullable=True),  # null is served as stored, as the platform may send it
        severityType=_int(nullable=True),
        transformationTypes=ListOf(_int()),
        chainedRuleConditions=ListOf(_CHAINED_CONDITION),
        requestCount=_int(),
        counterKeyType=_int(nullable=True),
        timeframe=_int(),
        blockTime=_int(),
    ),
    nullable=True,
)

_STRINGS = ListOf(_str())
# a shield zone's settings (emulator/areas/shield/models.py checks the values further)
_SHIELD_SETTINGS = Mapping(
    {
        "learning_mode": _bool(),
        "waf_enabled": _bool(),
        "waf_execution_mode": _int(),
        "waf_disabled_rules": _STRINGS,
        "waf_log_only_rules": _STRINGS,
        "waf_request_header_logging_enabled": _bool(),
        "request_body_logging_enabled": _bool(),
        "waf_request_ignored_headers": _STRINGS,
        "waf_realtime_threat_intelligence_enabled": _bool(),
        "waf_profile_id": _int(),
        "waf_engine_config": MapOf(_str()),
        "waf_request_body_limit_action": _int(),
        "waf_response_body_limit_action": _int(),
        "ddos_shield_sensitivity": _int(),
        "ddos_execution_mode": _int(),
        "ddos_challenge_window": _int(),
        "whitelabel_response_pages": _bool(),
    },
    nullable=True,
)
# a pull zone's settings: one key per row of emulator/areas/pullzones/settings.py (enums as numbers, checked there)
_SETTING_KINDS = {
    pz_settings.BOOL: _bool(),
    pz_settings.TEXT: _str(nullable=True),
    pz_settings.STRINGS: _STRINGS,
    pz_settings.NUMBER: Scalar((int, float), "a number"),
    pz_settings.CLASSES: ListOf(Mapping({"name": _str(nullable=True), "properties": MapOf(_str())})),
}
_PULL_ZONE_SETTINGS = Mapping(
    {key: _SETTING_KINDS.get(kind) or _int() for key, _member, kind, _default in pz_settings.SETTINGS}, nullable=True
)
# a pull zone's edge rules (emulator/areas/pullzones/edge_rules.py): enums by name or number (any number from 0)
_RULE_ENUM = Scalar((str, int), "a name or a number (any number from 0: the platform adds values)")
_RULE_ACTION = {"action_type": _RULE_ENUM, **{"action_parameter%d" % n: _str(nullable=True) for n in (1, 2, 3)}}
_EDGE_RULE = Mapping(
    dict(
        _RULE_ACTION,
        guid=_str(),
        extra_actions=ListOf(Mapping(_RULE_ACTION)),
        triggers=ListOf(
            Mapping(
                {
                    "type": _RULE_ENUM,
                    "pattern_matches": _STRINGS,
                    "pattern_matching_type": _RULE_ENUM,
                    "parameter1": _str(nullable=True),
                }
            )
        ),
        trigger_matching_type=_RULE_ENUM,
        description=_str(nullable=True),
        enabled=_bool(),
        order_index=_int(),
        read_only=_bool(),
    )
)
# a DNS zone's settings (emulator/areas/dns/models.py: the members they stand for)
_DNS_ZONE_SETTINGS = {
    "custom_nameservers_enabled": _bool(),
    "nameserver1": _str(),
    "nameserver2": _str(),
    "soa_email": _str(),
    "logging_enabled": _bool(),
    "logging_ip_anonymization_enabled": _bool(),
    # another number stands for a value the platform added since (enums that grow)
    "log_anonymization_type": Scalar((int,), "0 (OneDigit), 1 (Drop) or a number the platform may add"),
    "certificate_key_type": Scalar((int,), "0 (Ecdsa), 1 (Rsa) or a number the platform may add"),
}
# what get-by-pullzone answers instead of the zone (or the 404 of a pull zone without one): emulator/areas/shield
_LOOKUP = Scalar((str,), "accepted, zero_id or null", nullable=True, values=("accepted", "zero_id"))
_UPLOAD_SCANNING = Mapping({"enabled": _bool(), "antivirus_mode": _int(), "csam_mode": _int()}, nullable=True)

FIXTURE = Mapping(
    {
        "api_keys": ListOf(_str()),
        "dns_zones": ListOf(
            Mapping(dict({"id": _int(), "domain": _str(), "dnssec": _bool()}, **_DNS_ZONE_SETTINGS), required=("id",))
        ),
        # records of those zones (emulator/areas/dns/records.py checks the values further, as the platform does)
        "dns_records": ListOf(
            Mapping(
                dict(
                    {key: _int() for key in ("id", "zone_id", "ttl", "weight", "priority", "port", "flags")},
                    **{key: _str(nullable=True) for key in ("name", "value", "tag", "latency_zone", "comment")},
                    type=Scalar((str, int), "a record type (A, AAAA, CNAME, TXT, MX, ...) or its number (any)"),
                    monitor_status=_int(),
                    pull_zone_id=_int(),
                    script_id=_int(),
                    accelerated=_bool(),
                    disabled=_bool(),
                    monitor_type=Scalar((str, int), "none, ping, http, monitor or a number"),
                    smart_routing_type=Scalar((str, int), "none, latency, geolocation or a number"),
                    geolocation_latitude=Scalar((int, float), "a number"),
                    geolocation_longitude=Scalar((int, float), "a number"),
                ),
                required=("zone_id", "type"),
            )
        ),
        # DNS switches (emulator/areas/dns/models.py): the records listing served; records in the zone's answer
        "dns_records_listing": _bool(),
        "dns_zone_records": _bool(),
        "pull_zones": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "name": _str(),
                    "omit_certificates": _bool(),
                    "settings": _PULL_ZONE_SETTINGS,
                    "security_key": _str(),
                    "edge_rules": ListOf(_EDGE_RULE),
                    "hostnames": ListOf(
                        Mapping(
                            {
                                "value": _str(),
                                "system": _bool(),
                                "managed": _bool(),
                                "force_ssl": _bool(),
                                "free_certificate": _bool(),
                                "certificate": _str(nullable=True),
                                "certificate_key": _str(nullable=True),
                                "dns_points_here": _bool(),
                            },
                            required=("value",),
                        )
                    ),
                },
                required=("id",),
            )
        ),
        "omit_certificates": _bool(),
        # seconds an edge rule write waits between reading and writing its zone's rules (emulator/areas/pullzones)
        "edge_rule_race_window": Scalar((int, float), "a number of seconds (0: writes never overlap)"),
        "dns_points_here": ListOf(_str()),
        # the account's edge scripts (emulator/areas/edge_scripts), what pull zone origins may name, and Let's Encrypt's limits
        "edge_scripts": ListOf(
            AnyOf(
                [
                    _int(),
                    Mapping(
                        {
                            "id": _int(),
                            "name": _str(),
                            "script_type": Scalar((int, str), "0 (dns), 1 (standalone) or 2 (middleware), or the name"),
                            "code": _str(nullable=True),
                            "releases": ListOf(
                                Mapping({"code": _str(), "note": _str(nullable=True)}, required=("code",))
                            ),
                            "variables": ListOf(
                                Mapping(
                                    {"name": _str(), "default_value": _str(nullable=True), "required": _bool()},
                                    required=("name",),
                                )
                            ),
                            "secrets": ListOf(Mapping({"name": _str(), "value": _str()}, required=("name", "value"))),
                        },
                        required=("id",),
                    ),
                ],
                "a script id, or a mapping {id, name, script_type, code, releases, variables, secrets}",
            )
        ),
        "magic_containers_apps": ListOf(Mapping({"id": _str(), "endpoints": ListOf(_str())}, required=("id",))),
        "acme_rate_limited": ListOf(_str()),
        "tls_listener": AnyOf(
            [Scalar((bool,), "true or false"), Mapping({"host": _str(), "port": _int()})],
            "true or a mapping {host, port}",
            nullable=True,
        ),
        "shield_zones": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "pull_zone_id": _int(nullable=True),
                    "plan": Scalar(
                        (str, int), "one of basic, advanced, business, enterprise (or 0..3) or null", nullable=True
                    ),
                    "bot_detection": Mapping(
                        {
                            "execution_mode": _int(),
                            "request_integrity": _int(),
                            "ip_address": _int(),
                            "fingerprint_sensitivity": _int(),
                            "fingerprint_aggression": _int(),
                            "complex_enabled": _bool(nullable=True),
                        },
                        nullable=True,
                    ),
                    "waf_rule_writes": Scalar(
                        (str,),
                        "accepted, accepted_applied or null",
                        nullable=True,
                        values=("accepted", "accepted_applied"),
                    ),
                    "rate_limit_writes": Scalar(
                        (str,),
                        "accepted, accepted_applied or null",
                        nullable=True,
                        values=("accepted", "accepted_applied"),
                    ),
                    "rate_limit_listing": Scalar((str,), "full, thin or null", nullable=True, values=("full", "thin")),
                    "omitted_members": Scalar((str,), "kept, reset or null", nullable=True, values=("kept", "reset")),
                    "pullzone_lookup": _LOOKUP,
                    "added_values": MapOf(_int()),
                    "api_guardian_forbidden": _bool(),
                    "api_guardian_limits": _LIMITS,
                    "api_guardian_spec": _str(nullable=True),
                    "settings": _SHIELD_SETTINGS,
                    "upload_scanning": _UPLOAD_SCANNING,
                },
                required=("id",),
            )
        ),
        "unshielded_pullzone_lookup": _LOOKUP,
        "api_guardian_default_limits": _LIMITS,
        "api_guardian_not_found": Mapping(
            {
                "missing_spec": Scalar((int,), "200 or 404", values=(200, 404)),
                "spec_error_key": _str(nullable=True),
                "zone_error_key": _str(nullable=True),
            },
            nullable=True,
        ),
        "databases": ListOf(
            Mapping(
                {
                    "id": _str(),
                    "tokens": Mapping({"full_access": ListOf(_str()), "read_only": ListOf(_str())}, nullable=True),
                    "sql": _str(nullable=True),
                    "name": _str(),
                    "primary_regions": ListOf(_str(), nullable=False),
                    "replica_regions": ListOf(_str(), nullable=False),
                    "storage_region": _str(nullable=True),
                },
                required=("id",),
            )
        ),
        "waf_rules": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "shield_zone_id": _int(),
                    "user_id": _str(nullable=True),
                    "rule_name": _str(nullable=True),
                    "rule_description": _str(nullable=True),
                    "rule_configuration": _RULE_CONFIGURATION,
                    "error_response": AnyOf(
                        [
                            Scalar((str,), "default", values=("default",)),
                            Mapping(
                                {
                                    "statusCode": _int(),
                                    "success": _bool(),
                                    "message": _str(nullable=True),
                                    "errorKey": _str(nullable=True),
                                }
                            ),
                        ],
                        "'default' or a mapping of statusCode, success, message, errorKey",
                        nullable=True,
                    ),
                    "served_without_data": _bool(nullable=True),
                    "deleted": _bool(nullable=True),
                },
                required=("id", "shield_zone_id"),
            )
        ),
        # custom access lists of shield zones (emulator/areas/access_lists/models.py checks the values further)
        "access_lists": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "shield_zone_id": _int(),
                    "name": _str(),
                    "description": _str(nullable=True),
                    "type": Scalar((str, int), "a list type (ip, cidr, asn, country, organization, ja4) or 0..5"),
                    "entries": ListOf(Scalar((str, int), "a string")),
                    "content": _str(),
                    "action": Scalar((str, int), "an action (allow, block, challenge, log, bypass) or 0..5"),
                    "enabled": _bool(),
                    "configuration_id": _int(),
                },
                required=("id", "shield_zone_id", "name"),
            )
        ),
        "rate_limit_rules": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "shield_zone_id": _int(),
                    "user_id": _str(nullable=True),
                    "rule_name": _str(nullable=True),
                    "rule_description": _str(nullable=True),
                    "rule_configuration": _RATE_LIMIT_CONFIGURATION,
                },
                required=("id", "shield_zone_id"),
            )
        ),
        # storage zones (emulator/areas/storage/models.py checks regions further) and the names other accounts hold
        "storage_zones": ListOf(
            Mapping(
                {
                    "id": _int(),
                    "name": _str(),
                    "region": _str(),
                    "replication_regions": ListOf(_str()),
                    "zone_tier": Scalar((str, int), "standard, edge, 0 or 1"),
                    "storage_zone_type": Scalar((str, int), "notsupported, supported, 0 or 1"),
                    "password": _str(),
                    "read_only_password": _str(),
                    "custom_404_file_path": _str(nullable=True),
                    "rewrite_404_to_200": _bool(),
                    "origin_url": _str(nullable=True),
                    "deleted": _bool(),
                    "files": MapOf(_str()),
                },
                required=("id",),
            )
        ),
        "storage_zone_names_taken": ListOf(_str()),
        "storage_checksum_mismatch": Scalar(
            (str,), "reject or stored_nothing", nullable=True, values=("reject", "stored_nothing")
        ),
        # read by the examples test (tests/integration/targets/examples), not by the emulator
        "examples": Anything(),
    }
)


def fixture_json_schema():
    """The fixture format as a JSON Schema (draft 2020-12) document: what emulator/fixture.schema.json holds."""
    schema = FIXTURE.json_schema()
    return dict(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "edge.platform emulator fixture",
            "description": "The fixture file the emulator reads (YAML or JSON; docs/emulator.md). An empty file is an "
            "empty platform. The emulator checks values further (ranges, enums, PEM text, SQL) when it starts.",
        },
        **schema,
    )


def load_fixture(path):
    """The fixture as a dict, checked against the format; an empty file is an empty platform."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except OSError as exc:
        raise FixtureError("cannot read fixture %s: %s" % (path, exc.strerror)) from exc
    except UnicodeDecodeError as exc:
        raise FixtureError("fixture %s is not UTF-8 text: %s" % (path, exc)) from exc
    except yaml.YAMLError as exc:
        raise FixtureError("fixture %s is not valid YAML: %s" % (path, _yaml_problem(exc))) from exc
    if data is None:
        return {}
    try:
        validate(data, FIXTURE)
    except FixtureError as exc:
        raise FixtureError("fixture %s: %s" % (path, exc)) from exc
    return data


def _yaml_problem(exc):
    """PyYAML's message on one line, the file named once: ``line 2, column 11: expected ...``."""
    mark, problem = getattr(exc, "problem_mark", None), getattr(exc, "problem", None)
    if mark is None or not problem:
        return " ".join(str(exc).split())
    text = "line %d, column %d: %s" % (mark.line + 1, mark.column + 1, problem)
    context, context_mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    if context and context_mark is not None:
        text += " (%s started at line %d, column %d)" % (
            context.replace("while ", ""),
            context_mark.line + 1,
            context_mark.column + 1,
        )
    return text


def records(fixture, key, required=("id",)):
    """The list under ``key``, each entry checked to be a mapping with the ``required`` keys."""
    items = fixture.get(key) or []
    if not isinstance(items, list):
        raise FixtureError("%s must be a list" % key)
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise FixtureError("%s[%d] must be a mapping" % (key, index))
        for name in required:
            if name not in item:
                raise FixtureError("%s[%d] needs %r" % (key, index, name))
    return items
