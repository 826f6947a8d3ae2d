"""Request bodies of the shield API's writes, checked as the platform's ASP.NET model binding checks them.

A body that does not bind answers 400 with a ``ValidationProblemDetails`` (``application/problem+json``)
whose ``errors`` maps each offending member to its messages, as ASP.NET's ``[ApiController]`` answers:
a wrong JSON type or an enum number outside the document's enum is named by its JSON path
(``$.ruleConfiguration.actionType``); a required member that is missing or null by its property name
(``RuleDescription``: always send it, docs/platform-notes.md "Custom WAF rules: the description is always sent";
the octorules client learned that
from a real 400). Members the published document does not list are refused too: every schema there is
``additionalProperties: false``, and a client that sends others has a bug the emulator should show.
The published document declares no 400 for these operations; this is the framework's own answer.
"""

from .messages import json_response

PROBLEM_TYPE = "https://tools.ietf.org/html/rfc9110#section-15.5.1"

WAF_VARIABLES = (
    "REQUEST_URI",
    "REQUEST_URI_RAW",
    "ARGS",
    "ARGS_COMBINED_SIZE",
    "ARGS_GET",
    "ARGS_GET_NAMES",
    "ARGS_POST",
    "ARGS_POST_NAMES",
    "FILES_NAMES",
    "GEO",
    "REMOTE_ADDR",
    "QUERY_STRING",
    "REQUEST_BASENAME",
    "REQUEST_BODY",
    "REQUEST_COOKIES_NAMES",
    "REQUEST_COOKIES",
    "REQUEST_FILENAME",
    "REQUEST_HEADERS_NAMES",
    "REQUEST_HEADERS",
    "REQUEST_LINE",
    "REQUEST_METHOD",
    "REQUEST_PROTOCOL",
    "RESPONSE_BODY",
    "RESPONSE_HEADERS",
    "RESPONSE_STATUS",
    "FINGERPRINT",
    "VERIFIED_BOT_CATEGORY",
)
# enum name -> allowed numbers, from the shield document's schemas
WAF_ENUMS = {
    "WafRuleActionType": (1, 2, 3, 4, 5),
    "WafRuleOperatorType": (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 14, 15, 17, 18),
    "WafRuleSeverityType": (0, 1, 2),
    "WafRuleTransformationType": tuple(range(1, 22)),
}
BOT_ENUMS = {
    "BotDetectionExecutionMode": (0, 1),
    "Sensitivity": (0, 1, 2, 3),
    "BrowserFingerprintAggression": (0, 1, 2, 3, 4),
}


class BodyError(Exception):
    """One member that does not bind: ``key`` as ASP.NET names it, and its message."""

    def __init__(self, key, message):
        super(BodyError, self).__init__(message)
        self.key = key
        self.message = message


def problem(error):
    """The 400 ``ValidationProblemDetails`` for a :class:`BodyError`."""
    return json_response(
        400,
        {
            "type": PROBLEM_TYPE,
            "title": "One or more validation errors occurred.",
            "status": 400,
            "errors": {error.key: [error.message]},
        },
        content_type="application/problem+json; charset=utf-8",
    )


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _convert_error(path, type_name):
    return BodyError(path, "The JSON value could not be converted to %s. Path: %s" % (type_name, path))


def _object(value, path, type_name, members):
    if not isinstance(value, dict):
        raise _convert_error(path, type_name)
    for key in value:
        if key not in members:
            raise BodyError("%s.%s" % (path, key), "The member %s is not part of %s." % (key, type_name))
    return value


def _enum(value, path, type_name, allowed):
    if not _is_int(value) or value not in allowed:
        raise _convert_error(path, type_name)
    return value


def _string(value, path, required_name=None):
    if value is None:
        if required_name:
            raise BodyError(required_name, "The %s field is required." % required_name)
        return None
    if not isinstance(value, str):
        raise _convert_error(path, "System.String")
    return value


def _bool(value, path):
    if value is not None and not isinstance(value, bool):
        raise _convert_error(path, "System.Nullable`1[System.Boolean]")
    return value


def _variables(value, path):
    if value is None:
        return None
    _object(value, path, "WafRuleVariableTypes", WAF_VARIABLES)
    for key, sub in value.items():
        _string(sub, "%s.%s" % (path, key))
    return dict(value)


CONDITION_MEMBERS = ("variableTypes", "operatorType", "value", "isNegated", "isRegexVariable")
MAIN_MEMBERS = CONDITION_MEMBERS + ("actionType", "severityType", "transformationTypes", "chainedRuleConditions")


def _condition(value, path, main):
    type_name = "CreateCustomWafRuleModel" if main else "WafChainedRuleConditionItem"
    _object(value, path, type_name, MAIN_MEMBERS if main else CONDITION_MEMBERS)
    condition = {}
    if main:
        # value-type members the body leaves out bind to their C# default (0), as ASP.NET does
        condition["actionType"] = _enum(
            value.get("actionType", 0), path + ".actionType", "WafRuleActionType", WAF_ENUMS["WafRuleActionType"]
        )
    condition["variableTypes"] = _variables(value.get("variableTypes"), path + ".variableTypes")
    condition["operatorType"] = _enum(
        value.get("operatorType", 0), path + ".operatorType", "WafRuleOperatorType", WAF_ENUMS["WafRuleOperatorType"]
    )
    if main:
        condition["severityType"] = _enum(
            value.get("severityType", 0),
            path + ".severityType",
            "WafRuleSeverityType",
            WAF_ENUMS["WafRuleSeverityType"],
        )
        transformations = value.get("transformationTypes")
        if transformations is not None and not isinstance(transformations, list):
            raise _convert_error(path + ".transformationTypes", "WafRuleTransformationType[]")
        condition["transformationTypes"] = [
            _enum(
                t,
                "%s.transformationTypes[%d]" % (path, i),
                "WafRuleTransformationType",
                WAF_ENUMS["WafRuleTransformationType"],
            )
            for i, t in enumerate(transformations or [])
        ]
    condition["value"] = _string(value.get("value"), path + ".value")
    condition["isNegated"] = _bool(value.get("isNegated"), path + ".isNegated")
    condition["isRegexVariable"] = _bool(value.get("isRegexVariable"), path + ".isRegexVariable")
    if main:
        chained = value.get("chainedRuleConditions")
        if chained is not None and not isinstance(chained, list):
            raise _convert_error(path + ".chainedRuleConditions", "WafChainedRuleConditionItem[]")
        condition["chainedRuleConditions"] = [
            _condition(item, "%s.chainedRuleConditions[%d]" % (path, i), main=False)
            for i, item in enumerate(chained or [])
        ]
    return condition


def waf_rule_body(body, create):
    """The bound ``CreateCustomWafRuleRequest`` (``create``) or ``UpdateCustomWafRuleRequest``.

    Returns ``{member: value}`` with only the members the body carried (an update keeps the others).
    """
    members = ("ruleName", "ruleDescription", "ruleConfiguration") + (("shieldZoneId",) if create else ())
    type_name = "CreateCustomWafRuleRequest" if create else "UpdateCustomWafRuleRequest"
    _object(body, "$", type_name, members)
    bound = {}
    if create:
        if not _is_int(body.get("shieldZoneId")):
            raise _convert_error("$.shieldZoneId", "System.Int32")
        bound["shieldZoneId"] = body["shieldZoneId"]
    for key, name in (("ruleName", "RuleName"), ("ruleDescription", "RuleDescription")):
        if create or key in body:
            bound[key] = _string(body.get(key), "$." + key, required_name=name)
    if create and body.get("ruleConfiguration") is None:
        raise BodyError("RuleConfiguration", "The RuleConfiguration field is required.")
    if body.get("ruleConfiguration") is not None:
        bound["ruleConfiguration"] = _condition(body["ruleConfiguration"], "$.ruleConfiguration", main=True)
    return bound


def _sensitivity_section(body, key, type_name, extra=()):
    section = body.get(key)
    if section is None:
        name = key[0].upper() + key[1:]
        raise BodyError(name, "The %s field is required." % name)
    path = "$." + key
    _object(section, path, type_name, ("sensitivity",) + tuple(extra))
    return section, path


def bot_detection_body(body):
    """The bound ``UpdateBotDetectionRequest`` as ``(execution_mode, request_integrity, ip_address,
    fingerprint_sensitivity, fingerprint_aggression, complex_enabled)``."""
    _object(
        body,
        "$",
        "UpdateBotDetectionRequest",
        ("shieldZoneId", "executionMode", "requestIntegrity", "ipAddress", "browserFingerprint"),
    )
    if "shieldZoneId" in body and not _is_int(body["shieldZoneId"]):
        raise _convert_error("$.shieldZoneId", "System.Int32")
    mode = _enum(
        body.get("executionMode", 0),
        "$.executionMode",
        "BotDetectionExecutionMode",
        BOT_ENUMS["BotDetectionExecutionMode"],
    )
    values = [mode]
    for key, type_name in (
        ("requestIntegrity", "RequestIntegrityConfiguration"),
        ("ipAddress", "IpAddressConfiguration"),
    ):
        section, path = _sensitivity_section(body, key, type_name)
        values.append(
            _enum(section.get("sensitivity", 0), path + ".sensitivity", "Sensitivity", BOT_ENUMS["Sensitivity"])
        )
    section, path = _sensitivity_section(
        body, "browserFingerprint", "BrowserFingerprintConfiguration", ("aggression", "complexEnabled")
    )
    values.append(_enum(section.get("sensitivity", 0), path + ".sensitivity", "Sensitivity", BOT_ENUMS["Sensitivity"]))
    values.append(
        _enum(
            section.get("aggression", 0),
            path + ".aggression",
            "BrowserFingerprintAggression",
            BOT_ENUMS["BrowserFingerprintAggression"],
        )
    )
    values.append(_bool(section.get("complexEnabled"), path + ".complexEnabled"))
    return tuple(values)


# ShieldZoneRequest members the emulator applies, with what each holds (a type, or the enum's numbers).
SHIELD_ZONE_MEMBERS = {
    "planType": (0, 1, 2, 3),
    "learningMode": "bool",
    "learningModeUntil": "string",
    "wafEnabled": "bool",
    "wafExecutionMode": (0, 1),
    "wafDisabledRules": "strings",
    "wafLogOnlyRules": "strings",
    "wafRequestHeaderLoggingEnabled": "bool",
    "requestBodyLoggingEnabled": "bool",
    "wafRequestIgnoredHeaders": "strings",
    "wafRealtimeThreatIntelligenceEnabled": "bool",
    "wafProfileId": "int",
    "wafEngineConfig": "engine",
    "wafRequestBodyLimitAction": (0, 1, 2),
    "wafResponseBodyLimitAction": (0, 1, 2),
    "dDoSShieldSensitivity": (0, 1, 2, 3, 4),
    "dDoSChallengeWindow": "int",
    "whitelabelResponsePages": "bool",
    # Removed from ShieldZoneRequest in the 2026-07-31 document, still sent by the platform's own provider and still
    # in ShieldZoneResponse: accepted and applied (docs/platform-notes.md, "Shield zones: create, update, no delete").
    "dDoSExecutionMode": (0, 1),
}
# Members of ShieldZoneRequest bound but not applied: the zone id (the envelope's counts), a deprecated flag, and
# the custom rule order (the WAF rules area keeps it).
SHIELD_ZONE_IGNORED = ("shieldZoneId", "premiumPlan", "wafCustomRuleOrder")
UPLOAD_SCANNING_MODES = (0, 1, 2)
# ASP.NET's AcceptedResult as the platform serialises it: the body of the Shield document's 202 answers.
ACCEPTED = {
    "location": None,
    "value": None,
    "formatters": [],
    "contentTypes": [],
    "declaredType": None,
    "statusCode": 202,
}


def _shield_member(value, path, kind):
    if kind == "bool":
        return _bool(value, path)
    if kind == "string":
        return _string(value, path)
    if kind == "int":
        if not _is_int(value):
            raise _convert_error(path, "System.Nullable`1[System.Int32]")
        return value
    if kind in ("strings", "engine"):
        type_name = "System.Collections.Generic.HashSet`1[System.String]"
        if kind == "engine":
            type_name = "System.Collections.Generic.List`1[PullZoneWafConfigVariableModel]"
        if not isinstance(value, list):
            raise _convert_error(path, type_name)
        if kind == "strings":
            return [_string(item, "%s[%d]" % (path, i)) for i, item in enumerate(value)]
        entries = []
        for i, entry in enumerate(value):
            where = "%s[%d]" % (path, i)
            _object(entry, where, "PullZoneWafConfigVariableModel", ("name", "valueEncoded"))
            entries.append(
                {
                    "name": _string(entry.get("name"), where + ".name", required_name="Name"),
                    "valueEncoded": _string(entry.get("valueEncoded"), where + ".valueEncoded", "ValueEncoded"),
                }
            )
        return entries
    return _enum(value, path, "System.Nullable`1[%s]" % path.rpartition(".")[2], kind)


def shield_zone_members(value, path):
    """The bound ``ShieldZoneRequest`` at ``path`` as ``{member: value}``: only the members it carries that are not
    null (a null or missing member leaves the zone's value as it is)."""
    if value is None:
        return {}
    _object(value, path, "ShieldZoneRequest", tuple(SHIELD_ZONE_MEMBERS) + SHIELD_ZONE_IGNORED)
    bound = {}
    for member, kind in SHIELD_ZONE_MEMBERS.items():
        if value.get(member) is not None:
            bound[member] = _shield_member(value[member], "%s.%s" % (path, member), kind)
    return bound


def _envelope_id(body, key, type_name):
    if not isinstance(body, dict):
        raise _convert_error("$", type_name)
    if body.get(key) is None:
        name = key[0].upper() + key[1:]
        raise BodyError(name, "The %s field is required." % name)
    if not _is_int(body[key]):
        raise _convert_error("$." + key, "System.Int64")
    return body[key]


def create_shield_zone_body(body):
    """The bound ``CreateShieldZoneRequest``: ``(pull zone id, shieldZone members, other members)``. Members the
    document does not list are ignored, as the platform ignores flat settings beside the envelope."""
    pull_zone_id = _envelope_id(body, "pullZoneId", "CreateShieldZoneRequest")
    members = shield_zone_members(body.get("shieldZone"), "$.shieldZone")
    extra = {}
    if body.get("botDetectionExecutionMode") is not None:
        extra["botDetectionExecutionMode"] = _enum(
            body["botDetectionExecutionMode"], "$.botDetectionExecutionMode", "BotDetectionExecutionMode", (0, 1)
        )
    for key in ("csamScanningMode", "antivirusScanningMode"):
        if body.get(key) is not None:
            extra[key] = _enum(body[key], "$." + key, "UploadScanningScannerMode", UPLOAD_SCANNING_MODES)
    return pull_zone_id, members, extra


def update_shield_zone_body(body):
    """The bound ``UpdateShieldZoneRequest``: ``(shield zone id, shieldZone members)``. Settings sent flat beside
    the envelope are ignored, as the platform ignores them (docs/platform-notes.md, "Shield zones: create, update,
    no delete")."""
    zone_id = _envelope_id(body, "shieldZoneId", "UpdateShieldZoneRequest")
    return zone_id, shield_zone_members(body.get("shieldZone"), "$.shieldZone")


def upload_scanning_body(body):
    """The bound ``UpdateUploadScanningConfigurationRequest`` as ``{member: value}`` (members not null)."""
    _object(
        body,
        "$",
        "UpdateUploadScanningConfigurationRequest",
        ("shieldZoneId", "isEnabled", "csamScanningMode", "antivirusScanningMode"),
    )
    bound = {}
    if body.get("isEnabled") is not None:
        bound["isEnabled"] = _bool(body["isEnabled"], "$.isEnabled")
    for key in ("csamScanningMode", "antivirusScanningMode"):
        if body.get(key) is not None:
            bound[key] = _enum(body[key], "$." + key, "UploadScanningScannerMode", UPLOAD_SCANNING_MODES)
    return bound
