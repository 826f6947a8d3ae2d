"""Calls the emulator with clients openapi-python-client generated from the published shield and core documents
(packages ``shield_api`` and ``core_api`` in the directory given) and prints what they parsed as one JSON object;
tests/unit/emulator/test_generated_client.py makes the assertions. Runs in the generator's venv (httpx, attrs).

Usage: python calls.py <generated packages directory> <emulator URL> <AccessKey> <Accept header or "">

Every answer is checked to have been parsed into the generated model the document names (``kind``), so a call
the client could not parse shows as the wrong kind, not as a status code that looks right. With an empty Accept
argument the client sends what the generated code sends (no Accept of its own: httpx's ``*/*``).
"""

import json
import sys

sys.path.insert(0, sys.argv[1])

# pylint: disable=import-error,wrong-import-position
from core_api import AuthenticatedClient as CoreClient  # noqa: E402
from core_api.api.dns_zone import (  # noqa: E402
    dns_zone_public_add_record,
    dns_zone_public_delete_record,
    dns_zone_public_index,
    dns_zone_public_list_dns_zone_records,
)
from core_api.api.pull_zone import (  # noqa: E402
    pull_zone_public_index,
    pull_zone_public_index_all,
    pull_zone_public_update_pull_zone,
)
from core_api.models import AddDnsRecordModel, DnsRecordTypes, PullZoneSettingsModel  # noqa: E402
from shield_api import AuthenticatedClient as ShieldClient  # noqa: E402
from shield_api.api.shield_zone import get_shield_zone_configuration, get_shield_zone_configurations  # noqa: E402
from shield_api.api.waf import (  # noqa: E402
    create_custom_waf_rule,
    delete_custom_waf_rule,
    get_custom_waf_rule,
    get_custom_waf_rules,
    update_custom_waf_rule,
)
from shield_api.models import (  # noqa: E402
    CreateCustomWafRuleModel,
    CreateCustomWafRuleRequest,
    UpdateCustomWafRuleRequest,
)

_directory, url, key, accept = sys.argv[1:5]
headers = {"Accept": accept} if accept else {}
# AccessKey is the documents' security scheme: an api-key header, not a bearer token
seen = {"content_types": set(), "sent": set()}


def sent(request):
    """What the generated code sent (an httpx event hook, as openapi-python-client's README shows them)."""
    seen["sent"].add((request.method, request.headers.get("content-type", ""), request.headers.get("accept", "")))


options = {
    "base_url": url,
    "token": key,
    "prefix": "",
    "auth_header_name": "AccessKey",
    "headers": headers,
    "httpx_args": {"event_hooks": {"request": [sent]}},
}


def kind(value):
    return type(value).__name__


def call(module, *args, **kwargs):
    """The parsed answer of ``module.sync_detailed``; records the Content-Type it came with."""
    answer = module.sync_detailed(*args, **kwargs)
    seen["content_types"].add((answer.headers.get("content-type") or "").split(";")[0])
    return answer.status_code.value, answer.parsed


def rule_config(value):
    return CreateCustomWafRuleModel.from_dict(
        {
            "actionType": 1,
            "operatorType": 0,
            "severityType": 2,
            "transformationTypes": [8],
            "variableTypes": {"REQUEST_URI": ""},
            "value": value,
        }
    )


with ShieldClient(**options) as shield, CoreClient(**options) as core:
    status, zones = call(get_shield_zone_configurations, client=shield)
    seen["shield_zones"] = [status, kind(zones), sorted(z.shield_zone_id for z in zones.data)]
    status, zone = call(get_shield_zone_configuration, 3001, client=shield)
    seen["shield_zone"] = [status, kind(zone), kind(zone.data), zone.data.shield_zone_id, zone.data.pull_zone_id]
    seen["shield_zone_plan"] = zone.data.plan_type.value

    body = CreateCustomWafRuleRequest(
        shield_zone_id=3001, rule_name="generated", rule_description="made by a generated client"
    )
    body.rule_configuration = rule_config("/generated")
    status, created = call(create_custom_waf_rule, client=shield, body=body)
    seen["rule_created"] = [status, kind(created), created.rule_name, created.rule_configuration.value]
    rule_id = created.id
    status, rules = call(get_custom_waf_rules, 3001, client=shield)
    seen["rules"] = [status, kind(rules), [[kind(r), r.rule_name] for r in rules.data if r.id == rule_id]]
    update = UpdateCustomWafRuleRequest(rule_name="generated", rule_description="changed by a generated client")
    update.rule_configuration = rule_config("/changed")
    status, updated = call(update_custom_waf_rule, rule_id, client=shield, body=update)
    seen["rule_updated"] = [status, kind(updated), updated.rule_description, updated.rule_configuration.value]
    status, read = call(get_custom_waf_rule, rule_id, client=shield)
    seen["rule_read"] = [status, kind(read), read.rule_configuration.value, read.rule_configuration.action_type.value]
    status, deleted = call(delete_custom_waf_rule, rule_id, client=shield)
    seen["rule_deleted"] = [status, kind(deleted), deleted.success]
    status, rules = call(get_custom_waf_rules, 3001, client=shield)
    seen["rules_after_delete"] = [r.id for r in rules.data if r.id == rule_id]

    status, dns = call(dns_zone_public_index, client=core)
    seen["dns_zones"] = [status, kind(dns), sorted(z.domain for z in dns.items)[:2], dns.total_items]
    record = AddDnsRecordModel(type_=DnsRecordTypes.VALUE_3, name="generated", value="generated text", ttl=300)
    status, added = call(dns_zone_public_add_record, 1001, client=core, body=record)
    seen["record_added"] = [status, kind(added), added.name, added.value, added.type_.value, added.ttl]
    status, records = call(dns_zone_public_list_dns_zone_records, 1001, client=core)
    seen["records"] = [status, kind(records), [[kind(r), r.value] for r in records.items if r.id == added.id]]
    status, _nothing = call(dns_zone_public_delete_record, 1001, added.id, client=core)
    seen["record_deleted"] = status
    _status, records = call(dns_zone_public_list_dns_zone_records, 1001, client=core)
    seen["records_after_delete"] = [r.id for r in records.items if r.id == added.id]

    status, pull_zones = call(pull_zone_public_index_all, client=core)
    seen["pull_zones"] = [status, kind(pull_zones), [kind(z) for z in pull_zones][:1], [z.name for z in pull_zones]]
    status, pull_zone = call(pull_zone_public_index, 2001, client=core)
    seen["pull_zone"] = [status, kind(pull_zone), pull_zone.name, [h.value for h in pull_zone.hostnames][:1]]
    change = PullZoneSettingsModel(cache_control_max_age_override=600)
    status, changed = call(pull_zone_public_update_pull_zone, 2001, client=core, body=change)
    seen["pull_zone_updated"] = [status, kind(changed), changed.cache_control_max_age_override]
    _status, again = call(pull_zone_public_index, 2001, client=core)
    seen["pull_zone_read_again"] = again.cache_control_max_age_override

seen["content_types"] = sorted(seen["content_types"])
seen["sent"] = sorted(seen["sent"])
print(json.dumps(seen))
