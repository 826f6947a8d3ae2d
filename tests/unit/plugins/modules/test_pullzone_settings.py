# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Every pull zone setting (issue "The whole CDN", item 2) against the emulator (demo fixture, pull zone 2001), on
both hosts: every setting changed from the emulator's default in one task, its re-run and pullzone_info's output
given back are no change; the secrets are sent, never returned or shown, compared without being shown and set only
on create with update_secret=on_create; a bad sub-option is named by its path with nothing sent. The published core
document holds the table to the whole settings model."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import fields
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P
from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

HOSTS = ("module", "in-process")
S3_SECRET, LOG_TOKEN, TOKEN_KEY = "s3-secret-value-4711", "log-token-value-4711", "token-key-value-4711"
SECRETS = (S3_SECRET, LOG_TOKEN, TOKEN_KEY)
# every setting beyond the first ones, each away from the emulator's default for a new zone
EVERY_SECTION = {
    "origin_shield": {
        "enabled": True,
        "zone_code": "FR",
        "concurrency_limit_enabled": True,
        "max_concurrent_requests": 150,
        "queue_max_wait_time": 15,
        "max_queued_requests": 4000,
    },
    "safe_hop": {
        "enabled": True,
        "retries": 2,
        "retry_delay": 3,
        "connect_timeout": 5,
        "response_timeout": 30,
        "retry_on_5xx_responses": True,
        "retry_on_connection_timeout": False,
        "retry_on_response_timeout": False,
    },
    "s3_authentication": {"enabled": True, "key": "AKIAEXAMPLE", "secret": S3_SECRET, "region": "eu-central-1"},
    "token_authentication": {"enabled": True, "include_client_ip": True, "key": TOKEN_KEY},
    "cache_vary": {
        "webp": True,
        "avif": True,
        "mobile": True,
        "country": True,
        "country_state": True,
        "hostname": True,
        "cookie": True,
        "cookie_names": ["session", "lang"],
        "request_headers": ["Accept-Language", "X-Tenant"],
    },
    "stale_cache": {"while_updating": True, "while_offline": True, "background_update": True},
    "request_coalescing": {"enabled": True, "timeout": 10},
    "perma_cache": {"storage_zone_id": 5001, "type": "manual"},
    "optimizer": {
        "enabled": True,
        "tunnel_enabled": True,
        "automatic_optimization": False,
        "desktop_max_width": 1920,
        "mobile_max_width": 640,
        "image_quality": 80,
        "mobile_image_quality": 60,
        "webp": False,
        "upscaling": True,
        "prerender_html": True,
        "manipulation_engine": False,
        "minify_css": False,
        "minify_javascript": False,
        "watermark_enabled": True,
        "watermark_url": "https://cdn.example.com/mark.png",
        "watermark_position": "top_right",
        "watermark_offset": 4.5,
        "watermark_min_image_size": 400,
        "force_classes": True,
        "static_html_enabled": True,
        "static_html_wordpress_path": "/blog",
        "static_html_wordpress_bypass_cookie": "wordpress_logged_in",
    },
    "image_ai": {"enabled": True, "blueprints": [{"name": "thumb", "properties": {"width": 200, "sharpen": True}}]},
    "limits": {
        "monthly_bandwidth": 500000000000,
        "connections_per_ip": 20,
        "requests_per_second": 50,
        "rate_per_second": 100,
        "rate_after": 2.5,
        "burst_size": 10,
    },
    "log_forwarding": {
        "enabled": True,
        "hostname": "logs.example.com",
        "port": 6514,
        "token": LOG_TOKEN,
        "protocol": "tcp_encrypted",
        "format": "plain",
    },
    "error_pages": {
        "custom_code_enabled": True,
        "custom_code": "<h1>Back soon</h1>",
        "statuspage_widget_enabled": True,
        "statuspage_code": "abc123",
        "whitelabel": True,
    },
    "tls": {"tls1_enabled": False, "tls1_1_enabled": False, "security_level": "modern_only"},
    "ddos_protection": {"enabled": True, "type": "active_aggressive"},
    "websockets": {"enabled": False, "max_connections": 1000},
    "routing": {"filters": ["eu"], "ip_family_policy": "ipv6_only", "redirected_countries": ["BR", "IN"]},
    "sticky_sessions": {"type": "enabled", "cookie_name": "route", "client_headers": "X-Client"},
    "preloading_screen": {
        "enabled": True,
        "code_enabled": True,
        "code": "<p>Loading</p>",
        "logo_url": "https://cdn.example.com/logo.png",
        "show_on_first_visit": True,
        "theme": "dark",
        "delay": 700,
    },
    "disable_lets_encrypt": True,
    "add_canonical_header": True,
    "enable_cache_slice": True,
    "enable_smart_cache": True,
    "log_format": "json",
    "edge_script_execution_phase": "pre_cache",
}


def run(emulated, host, module="pullzone", check=False, diff=False, **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)


def writes(emulated):
    return [(e["method"], e["path"], e["status"]) for e in emulated.log() if e["method"] != "GET"]


def settings_of(zone):
    """What pullzone_info returns of a zone that pullzone takes: every option, those the platform holds no value of
    left out (as a user copying the output would)."""
    return {option: zone[option] for option in P.OPTIONS if zone.get(option) is not None}


def test_the_table_is_the_whole_settings_model():
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published OpenAPI documents (../shared/reference/openapi) are not beside this checkout")
    document = json.loads((folder / "core-api-v1.0.0.json").read_text(encoding="utf-8"))
    members = set(document["components"]["schemas"]["PullZoneSettingsModel"]["properties"])
    held = {f.member for f in P.FIELDS if not isinstance(f, fields.Section)}
    held |= {sub.member for f in P.FIELDS if isinstance(f, fields.Section) for sub in f.fields}
    # OptimizerClasses: pullzone_optimizer_class; CacheControlBrowserMaxAgeOverride: deprecated, never returned
    assert members - held == {"OptimizerClasses", "CacheControlBrowserMaxAgeOverride"}
    assert held - members == {"ZoneSecurityKey"}  # set through resetSecurityKey


@pytest.mark.parametrize("host", HOSTS)
def test_every_setting_changed_then_no_change_then_info_given_back(emulated_demo, host):
    first = run(emulated_demo, host, diff=True, pullzone_id=2001, **EVERY_SECTION)
    result, shown = first
    assert result.get("changed"), result.get("msg")
    assert writes(emulated_demo) == [("POST", "/pullzone/2001", 200), ("POST", "/pullzone/2001/resetSecurityKey", 204)]
    assert result["diff"]["before"]["s3_authentication"]["secret"] is None
    assert result["diff"]["after"]["token_authentication"]["key"] == fields.SECRET_GIVEN
    assert not result.get("warnings"), result.get("warnings")
    zone = result["pull_zone"]
    assert zone["s3_authentication"]["secret"] is None and zone["log_forwarding"]["token"] is None
    assert zone["websockets"]["max_connections"] == 1000 and zone["optimizer"]["watermark_position"] == "top_right"
    assert zone["image_ai"]["blueprints"] == [{"name": "thumb", "properties": {"width": "200", "sharpen": "true"}}]
    assert not any(secret in shown for secret in SECRETS)

    again, shown = run(emulated_demo, host, diff=True, pullzone_id=2001, **EVERY_SECTION)
    assert not again["changed"] and again["diff"]["before"] == again["diff"]["after"]
    info, shown_info = run(emulated_demo, host, "pullzone_info", pullzone_id=2001)
    assert not any(secret in shown + shown_info for secret in SECRETS)
    given_back, _shown = run(emulated_demo, host, pullzone_id=2001, **settings_of(info["pull_zones"][0]))
    assert given_back.get("changed") is False, given_back.get("msg") or given_back.get("diff")
    assert len(writes(emulated_demo)) == 2


@pytest.mark.parametrize("host", HOSTS)
def test_secrets_are_compared_and_set_only_on_create_when_asked(emulated_demo, host):
    given = {"log_forwarding": {"enabled": True, "hostname": "logs.example.com", "token": LOG_TOKEN}}
    assert run(emulated_demo, host, pullzone_id=2001, **given)[0]["changed"]
    other = {"log_forwarding": {"token": "another-token-4711"}}
    kept, _shown = run(emulated_demo, host, diff=True, pullzone_id=2001, update_secret="on_create", **other)
    assert not kept["changed"] and len(writes(emulated_demo)) == 1
    changed, shown = run(emulated_demo, host, diff=True, pullzone_id=2001, **other)
    assert changed["changed"] and changed["diff"]["before"]["log_forwarding"]["token"] == fields.SECRET_OTHER
    assert "another-token-4711" not in shown and LOG_TOKEN not in shown
    s3 = {"enabled": True, "secret": S3_SECRET}
    created, _shown = run(
        emulated_demo,
        host,
        name="fresh",
        origin_url="https://o.example.com",
        update_secret="on_create",
        s3_authentication=s3,
    )
    zones = emulated_demo.platform.areas["pullzones"].zones.values()
    assert created["changed"] and [z.settings["AWSSigningSecret"] for z in zones if z.name == "fresh"] == [S3_SECRET]


@pytest.mark.parametrize(
    "options, words",
    [
        ({"token_authentication": {"key": "short"}}, "token_authentication.key must be 8 to 36 characters"),
        ({"optimizer": {"image_quality": 0}}, "optimizer.image_quality must be from 1 to 100"),
        ({"cache_vary": {"cookie_names": ["a b"]}}, "cache_vary.cookie_names[0] must be"),
        ({"routing": {"redirected_countries": ["Brazil"]}}, "routing.redirected_countries[0] must be"),
        ({"websockets": {"max_connections": 30000}}, "websockets.max_connections must be from 0 to 25000"),
        ({"tls": {"security_level": "strict"}}, "security_level"),
    ],
)
def test_a_bad_sub_option_is_named_by_its_path_and_nothing_is_sent(emulated_demo, options, words):
    result, shown = run(emulated_demo, "in-process", pullzone_id=2001, **options)
    assert result["failed"] and words in result["msg"], result["msg"]
    assert writes(emulated_demo) == [] and "short" not in shown.replace(words, "")


@pytest.mark.parametrize("host", HOSTS)
def test_a_storage_zone_origin_by_name(emulated_demo, host):
    result, _shown = run(emulated_demo, host, diff=True, name="files", origin_storage_zone="demo-files")
    assert result["changed"] and result["pull_zone"]["storage_zone_id"] == 6001, result.get("msg")
    assert result["pull_zone"]["origin_type"] == "storage_zone"
    again, _shown = run(emulated_demo, host, name="files", origin_storage_zone="demo-files")
    assert not again["changed"]
    missing, _shown = run(emulated_demo, host, pullzone_id=2001, origin_storage_zone="no-such-files")
    assert missing["failed"] and "No storage zone named 'no-such-files'" in missing["msg"]
    both, _shown = run(emulated_demo, host, pullzone_id=2001, origin_storage_zone="demo-files", storage_zone_id=6001)
    assert both["failed"] and "not both" in both["msg"]
    assert [w[0] for w in writes(emulated_demo)] == ["POST"]


def test_a_storage_zone_only_predicted_stands_in_under_check(emulated_demo):
    planned, _shown = run(emulated_demo, "module", check=True, name="files", origin_storage_zone="not-yet")
    assert planned["changed"] and planned["pull_zone"] is None
    assert "Check mode: storage zone 'not-yet' does not exist" in " ".join(planned["warnings"])
    assert writes(emulated_demo) == []
