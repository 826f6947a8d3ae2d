"""Shield zones state: the fixture's zones, their settings, bot detection and upload scanning (no HTTP).

Fixture (``shield_zones`` entries; other keys belong to other areas): ``id``, ``pull_zone_id``, ``plan``
(``basic``..``enterprise`` or 0..3), ``bot_detection`` (see the area's docstring), and:

- ``settings``: a mapping of the zone's ShieldZoneResponse settings in snake_case, each optional:
  ``learning_mode``, ``waf_enabled``, ``waf_execution_mode`` (0 Log, 1 Block), ``waf_disabled_rules``,
  ``waf_log_only_rules``, ``waf_request_header_logging_enabled``, ``request_body_logging_enabled``,
  ``waf_request_ignored_headers`` (lists of strings), ``waf_realtime_threat_intelligence_enabled``,
  ``waf_profile_id``, ``waf_engine_config`` (a mapping of entry name to ``valueEncoded`` text, e.g.
  ``{detection_paranoia_level: "2", allowed_methods: "GET POST"}``), ``waf_request_body_limit_action`` /
  ``waf_response_body_limit_action`` (0 Block, 1 Log, 2 Ignore), ``ddos_shield_sensitivity`` (0..4),
  ``ddos_execution_mode`` (0, 1), ``ddos_challenge_window`` (seconds), ``whitelabel_response_pages``.
  Left out: the emulator's defaults for fixture zones (:data:`FIXTURE_DEFAULTS`, what older fixtures relied on).
- ``upload_scanning``: ``{enabled, antivirus_mode, csam_mode}`` (modes 0 Disabled, 1 Log, 2 Block); default all off.
- ``omitted_members: reset`` (a switch; default ``kept``): a member of :data:`WRITTEN_WHOLE` that a ``PATCH
  /shield/shield-zone`` leaves out, and a member an upload scanning ``PATCH`` leaves out, becomes its type's default
  (0, false, empty), as an ASP.NET binder fills a non-nullable member no request sent: the risky reading of what the
  document does not say (docs/platform-notes.md, "Shield zones: the whole object is sent").
- ``added_values``: a mapping of enum members of the zone (``wafExecutionMode``, ``wafRequestBodyLimitAction``,
  ``wafResponseBodyLimitAction``, ``dDoSShieldSensitivity``, ``dDoSExecutionMode``) to a number the document does
  not list, as if the platform had added it since (docs/platform-notes.md, "Enums that grow"): the zone holds it, and
  a ``PATCH`` may send that number back for that member (the platform knows its own values).
- ``pullzone_lookup`` (a switch): ``accepted`` makes ``get-by-pullzone`` of its pull zone answer 202
  ``AcceptedResult``, ``zero_id`` 200 with an unfilled ``ShieldZoneResponse`` (``shieldZoneId`` 0), the answers the
  document allows and says nothing about (docs/platform-notes.md, "Finding the shield zone of a pull zone").

A zone created by ``POST /shield/shield-zone`` starts from :data:`NEW_ZONE_DEFAULTS`: the values the platform's
Terraform provider writes when it resets a zone (docs/platform-notes.md, "Shield zones: create, update, no delete"),
with the Basic plan.
"""

from ...fixtures import FixtureError

PLANS = ("basic", "advanced", "business", "enterprise")  # ShieldPlanType 0..3
# Plan limits the emulator reports (the dashboard's numbers; Enterprise is uncapped there).
CUSTOM_WAF_RULES_LIMIT = (0, 10, 25, 1000)
RATE_LIMIT_RULES_LIMIT = (2, 10, 25, 1000)

# fixture key -> (allowed values, default); defaults are what a new paid zone starts with
BOT_FIELDS = {
    "execution_mode": ((0, 1), 0),
    "request_integrity": ((0, 1, 2, 3), 1),
    "ip_address": ((0, 1, 2, 3), 1),
    "fingerprint_sensitivity": ((0, 1, 2, 3), 1),
    "fingerprint_aggression": ((0, 1, 2, 3, 4), 1),
}

BOOL, INT, STRINGS, ENGINE = "bool", "int", "strings", "engine"
# fixture key, ShieldZoneResponse member, what it holds (a type, or the enum's numbers)
SETTINGS = (
    ("learning_mode", "learningMode", BOOL),
    ("waf_enabled", "wafEnabled", BOOL),
    ("waf_execution_mode", "wafExecutionMode", (0, 1)),
    ("waf_disabled_rules", "wafDisabledRules", STRINGS),
    ("waf_log_only_rules", "wafLogOnlyRules", STRINGS),
    ("waf_request_header_logging_enabled", "wafRequestHeaderLoggingEnabled", BOOL),
    ("request_body_logging_enabled", "requestBodyLoggingEnabled", BOOL),
    ("waf_request_ignored_headers", "wafRequestIgnoredHeaders", STRINGS),
    ("waf_realtime_threat_intelligence_enabled", "wafRealtimeThreatIntelligenceEnabled", BOOL),
    ("waf_profile_id", "wafProfileId", INT),
    ("waf_engine_config", "wafEngineConfig", ENGINE),
    ("waf_request_body_limit_action", "wafRequestBodyLimitAction", (0, 1, 2)),
    ("waf_response_body_limit_action", "wafResponseBodyLimitAction", (0, 1, 2)),
    ("ddos_shield_sensitivity", "dDoSShieldSensitivity", (0, 1, 2, 3, 4)),
    ("ddos_execution_mode", "dDoSExecutionMode", (0, 1)),
    ("ddos_challenge_window", "dDoSChallengeWindow", INT),
    ("whitelabel_response_pages", "whitelabelResponsePages", BOOL),
)
MEMBERS = {member: kind for _key, member, kind in SETTINGS}

FIXTURE_DEFAULTS = {
    "learningMode": False,
    "wafEnabled": True,
    "wafExecutionMode": 1,
    "wafDisabledRules": [],
    "wafLogOnlyRules": [],
    "wafRequestHeaderLoggingEnabled": True,
    "requestBodyLoggingEnabled": False,
    "wafRequestIgnoredHeaders": [],
    "wafRealtimeThreatIntelligenceEnabled": None,  # the plan decides: on for paid plans
    "wafProfileId": 1,
    "wafEngineConfig": [],
    "wafRequestBodyLimitAction": 0,
    "wafResponseBodyLimitAction": 0,
    "dDoSShieldSensitivity": 1,
    "dDoSExecutionMode": 1,
    "dDoSChallengeWindow": 300,
    "whitelabelResponsePages": False,
}
NEW_ZONE_DEFAULTS = dict(
    FIXTURE_DEFAULTS,
    wafEnabled=False,
    wafExecutionMode=0,
    wafRealtimeThreatIntelligenceEnabled=False,
    wafRequestIgnoredHeaders=["Cookie", "Authorization", "Signature", "Credential", "AccessKey"],
    wafEngineConfig=[
        {"name": "detection_paranoia_level", "valueEncoded": "1"},
        {"name": "executing_paranoia_level", "valueEncoded": "1"},
        {"name": "blocking_paranoia_level", "valueEncoded": "1"},
        {"name": "allowed_methods", "valueEncoded": "GET HEAD POST PUT DELETE CONNECT OPTIONS TRACE PATCH"},
        {"name": "allowed_http_versions", "valueEncoded": "HTTP/1.0 HTTP/1.1 HTTP/2 HTTP/2.0"},
        {
            "name": "allowed_request_content_type",
            "valueEncoded": "|application/x-www-form-urlencoded| |multipart/form-data| |multipart/related| "
            "|text/xml| |application/xml| |application/soap+xml| |application/x-amf| |application/json| "
            "|application/octet-stream| |application/csp-report| |application/xss-auditor-report| |text/plain|",
        },
    ],
    wafRequestBodyLimitAction=1,
    wafResponseBodyLimitAction=2,
    dDoSShieldSensitivity=0,
    dDoSExecutionMode=0,
    dDoSChallengeWindow=3600,
)
# The members the platform's provider sends on every update (the ones ``omitted_members: reset`` resets when left out;
# wafProfileId and requestBodyLoggingEnabled, which no client is known to send, are kept).
WRITTEN_WHOLE = ("planType",) + tuple(
    member for _key, member, _kind in SETTINGS if member not in ("wafProfileId", "requestBodyLoggingEnabled")
)
LOOKUP_SWITCHES = ("accepted", "zero_id")
UPLOAD_MODES = (0, 1, 2)
# Features a Basic-plan zone cannot turn on (the platform's provider refuses them there), with the error key the
# emulator answers (its own choice: the platform's keys for these are not published).
PAID_FEATURES = {
    "whitelabelResponsePages": ("invalid_plan_type.whitelabel_response_pages", "White-label response pages"),
    "wafRealtimeThreatIntelligenceEnabled": (
        "invalid_plan_type.realtime_threat_intelligence",
        "Real-time threat intelligence",
    ),
}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def plan_number(value, where):
    if value is None:
        return 0
    if _is_int(value) and 0 <= value < len(PLANS):
        return value
    if isinstance(value, str) and value.strip().lower() in PLANS:
        return PLANS.index(value.strip().lower())
    raise FixtureError("%s.plan must be one of %s; got %r" % (where, ", ".join(PLANS), value))


def _bot_detection(spec, where):
    spec = spec or {}
    if not isinstance(spec, dict):
        raise FixtureError("%s.bot_detection must be a mapping" % where)
    state = {}
    for key, (allowed, default) in BOT_FIELDS.items():
        value = spec.get(key, default)
        if isinstance(value, bool) or value not in allowed:
            raise FixtureError("%s.bot_detection.%s must be one of %s; got %r" % (where, key, list(allowed), value))
        state[key] = value
    complex_enabled = spec.get("complex_enabled", False)
    if complex_enabled is not None and not isinstance(complex_enabled, bool):
        raise FixtureError("%s.bot_detection.complex_enabled must be true, false or null" % where)
    state["complex_enabled"] = complex_enabled
    return state


def _fixture_value(value, kind, where):
    """A fixture setting as the platform's member holds it (raising FixtureError naming ``where``)."""
    if kind == BOOL:
        ok = isinstance(value, bool)
    elif kind == INT:
        ok = _is_int(value)
    elif kind == STRINGS:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    elif kind == ENGINE:
        ok = isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
        if ok:
            return [{"name": k, "valueEncoded": v} for k, v in value.items()]
    else:
        ok = _is_int(value) and value in kind
    if not ok:
        what = {BOOL: "true or false", INT: "an integer", STRINGS: "a list of strings"}.get(kind)
        what = what or ("a mapping of entry name to text" if kind == ENGINE else "one of %s" % list(kind))
        raise FixtureError("%s must be %s; got %r" % (where, what, value))
    return list(value) if kind == STRINGS else value


def _settings(spec, where, plan):
    settings = dict(FIXTURE_DEFAULTS, wafRealtimeThreatIntelligenceEnabled=plan > 0)
    raw = spec.get("settings") or {}
    if not isinstance(raw, dict):
        raise FixtureError("%s.settings must be a mapping" % where)
    keys = {key: (member, kind) for key, member, kind in SETTINGS}
    for key, value in raw.items():
        if key not in keys:
            raise FixtureError("%s.settings.%s is not a setting (one of %s)" % (where, key, ", ".join(sorted(keys))))
        member, kind = keys[key]
        settings[member] = _fixture_value(value, kind, "%s.settings.%s" % (where, key))
    return settings


def _upload_scanning(spec, where):
    raw = spec.get("upload_scanning") or {}
    if not isinstance(raw, dict):
        raise FixtureError("%s.upload_scanning must be a mapping" % where)
    enabled = raw.get("enabled", False)
    if not isinstance(enabled, bool):
        raise FixtureError("%s.upload_scanning.enabled must be true or false" % where)
    state = {"isEnabled": enabled}
    for key, member in (("antivirus_mode", "antivirusScanningMode"), ("csam_mode", "csamScanningMode")):
        value = raw.get(key, 0)
        if not _is_int(value) or value not in UPLOAD_MODES:
            raise FixtureError("%s.upload_scanning.%s must be one of 0, 1, 2; got %r" % (where, key, value))
        state[member] = value
    return state


def _switch(spec, key, values, where):
    value = spec.get(key)
    if value is not None and value not in values:
        raise FixtureError("%s.%s must be one of %s or null; got %r" % (where, key, ", ".join(values), value))
    return value


def unfilled_model():
    """A ``ShieldZoneResponse`` nobody filled in: ``shieldZoneId`` 0, every other member its type's default."""
    model = {"shieldZoneId": 0, "pullZoneId": None, "learningModeUntil": None, "planType": 0}
    model.update({member: _default(kind) for _key, member, kind in SETTINGS})
    model.update(wafCustomRuleOrder=[], rateLimitRulesLimit=0, customWafRulesLimit=0)
    return model


def _default(kind):
    """The value an ASP.NET binder gives a member of ``kind`` that a request left out."""
    if kind == BOOL:
        return False
    return [] if kind in (STRINGS, ENGINE) else 0


ADDABLE = ("wafExecutionMode", "wafRequestBodyLimitAction", "wafResponseBodyLimitAction", "dDoSShieldSensitivity")
ADDABLE += ("dDoSExecutionMode",)


def _added_values(spec, where):
    added = spec.get("added_values") or {}
    for member, value in added.items():
        if member not in ADDABLE or not _is_int(value) or value in MEMBERS[member]:
            raise FixtureError(
                "%s.added_values.%s must be one of %s holding a number the document does not list; got %r"
                % (where, member, ", ".join(ADDABLE), value)
            )
    return dict(added)


class ShieldZone(object):
    def __init__(self, spec, where, rule_ids):
        self.id = int(spec["id"])
        self.added = _added_values(spec, where)
        self.omitted = _switch(spec, "omitted_members", ("kept", "reset"), where)
        self.lookup = _switch(spec, "pullzone_lookup", LOOKUP_SWITCHES, where)
        pull_zone_id = spec.get("pull_zone_id")
        self.pull_zone_id = int(pull_zone_id) if pull_zone_id is not None else None
        self.plan = plan_number(spec.get("plan"), where)
        self.bot = _bot_detection(spec.get("bot_detection"), where)
        self.settings = dict(_settings(spec, where, self.plan), **self.added)
        self.upload = _upload_scanning(spec, where)
        self.rule_ids = rule_ids

    @classmethod
    def created(cls, zone_id, pull_zone_id):
        """A zone ``POST /shield/shield-zone`` makes: the Basic plan and :data:`NEW_ZONE_DEFAULTS`."""
        zone = cls({"id": zone_id, "pull_zone_id": pull_zone_id}, "request", [])
        zone.settings = {k: (list(v) if isinstance(v, list) else v) for k, v in NEW_ZONE_DEFAULTS.items()}
        zone.settings["wafEngineConfig"] = [dict(e) for e in NEW_ZONE_DEFAULTS["wafEngineConfig"]]
        return zone

    def model(self, rule_order):
        """``ShieldZoneResponse``: every member the document lists."""
        model = {"shieldZoneId": self.id, "pullZoneId": self.pull_zone_id, "learningModeUntil": None}
        model.update(self.settings)
        model.update(
            wafCustomRuleOrder=list(rule_order),
            rateLimitRulesLimit=RATE_LIMIT_RULES_LIMIT[self.plan],
            customWafRulesLimit=CUSTOM_WAF_RULES_LIMIT[self.plan],
            planType=self.plan,
        )
        return model

    def request_shape(self, rule_order):
        """The zone as a ``ShieldZoneRequest`` (what the write answers echo): the response without the members the
        request does not have."""
        model = self.model(rule_order)
        for member in ("pullZoneId", "rateLimitRulesLimit", "customWafRulesLimit", "dDoSExecutionMode"):
            model.pop(member)
        return model

    def plan_refusal(self, changes):
        """``(error key, message)`` when ``changes`` (members to apply) turn on a feature the resulting plan lacks."""
        plan = changes.get("planType", self.plan)
        if plan != 0:
            return None
        for member, (key, feature) in PAID_FEATURES.items():
            if changes.get(member, self.settings.get(member)) is True:
                return key, "%s are not available on the Basic plan." % feature if member.endswith(
                    "Pages"
                ) else "%s is not available on the Basic plan." % feature
        return None

    def reset_omitted(self, sent):
        """Under ``omitted_members: reset``: each member of :data:`WRITTEN_WHOLE` not among ``sent`` (the member names
        a PATCH carried) becomes its type's default."""
        if self.omitted != "reset":
            return
        for member in WRITTEN_WHOLE:
            if member not in sent:
                self.apply({member: _default(MEMBERS.get(member, INT))})

    def reset_omitted_upload(self, sent):
        """Under ``omitted_members: reset``: each upload scanning member not among ``sent`` becomes false or 0."""
        if self.omitted != "reset":
            return
        for member in ("isEnabled", "antivirusScanningMode", "csamScanningMode"):
            if member not in sent:
                self.upload[member] = False if member == "isEnabled" else 0

    def apply(self, changes):
        for member, value in changes.items():
            if member == "planType":
                self.plan = value
            else:
                self.settings[member] = value

    def bot_detection(self):
        """``BotDetectionConfigurationState``."""
        bot = self.bot
        return {
            "shieldZoneId": self.id,
            "executionMode": bot["execution_mode"],
            "requestIntegrity": {"sensitivity": bot["request_integrity"]},
            "ipAddress": {"sensitivity": bot["ip_address"]},
            "browserFingerprint": {
                "sensitivity": bot["fingerprint_sensitivity"],
                "aggression": bot["fingerprint_aggression"],
                "complexEnabled": bot["complex_enabled"],
            },
        }

    def upload_scanning(self):
        """``UploadScanningConfigurationState``."""
        return dict(self.upload, shieldZoneId=self.id)
