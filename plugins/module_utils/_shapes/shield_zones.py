# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A shield zone as ``shield_zone`` and ``shield_zone_info`` return it (pure Python: no Ansible imports).

One field table (:data:`SHIELD_ZONE_FIELDS`) names what is returned beside the settings, which
``shield_zone_settings.readable`` gives under their option names.
"""

from __future__ import annotations

from .fields import Shown
from .fields import readable as shown
from .shield_zone_settings import readable as readable_shield_settings

SHIELD_ZONE_FIELDS = (
    Shown("id", "shieldZoneId"),
    Shown("pullzone_id", "pullZoneId"),
    Shown("plan_type", "planType"),
    Shown("learning_mode", "learningMode"),
    Shown("learning_mode_until", "learningModeUntil"),
    Shown("waf_enabled", "wafEnabled"),
    Shown("waf_realtime_threat_intelligence_enabled", "wafRealtimeThreatIntelligenceEnabled"),
    Shown("waf_profile_id", "wafProfileId"),
    Shown("waf_custom_rule_order", "wafCustomRuleOrder"),
    Shown("waf_disabled_rules", "wafDisabledRules"),
    Shown("waf_log_only_rules", "wafLogOnlyRules"),
    Shown("custom_waf_rules_limit", "customWafRulesLimit"),
    Shown("rate_limit_rules_limit", "rateLimitRulesLimit"),
    Shown("ddos_challenge_window", "dDoSChallengeWindow"),
    Shown("whitelabel_response_pages", "whitelabelResponsePages"),
)


def shape_shield_zone(model, unknown=None):
    """A ShieldZoneResponse as ``shield_zone_info`` returns it: numbers kept, names beside them, and every setting
    ``shield_zone`` takes under its option name (so info output written back is no change). An enum number the
    collection cannot name is shown as the number, with a warning appended to ``unknown`` (a list) when given."""
    return dict(readable_shield_settings(model, unknown=unknown), **shown(SHIELD_ZONE_FIELDS, model))
