# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bot detection of a shield zone: its path, the read and the update, what their answers must be, and the zone
whose plan has no bot detection.

Functions take the client first and return the platform's ``BotDetectionConfigurationState`` (a dict), or raise
``ApiError``; on a plan without bot detection, :class:`NotInPlan`. Pure Python: no Ansible imports, no context.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.bot_detection import bot_view, shape_bot_detection

from . import shield
from .answers import shield_data

BOT_DETECTION = "/shield/shield-zone/%d/bot-detection"  # GET, PATCH

# What a Basic-plan zone answers (HTTP 202 with this key in the envelope to a read; the same key refuses a write),
# as the Terraform provider handles it: BunnyWay/terraform-provider-bunnynet, internal/api/pullzone_shield.go
# (docs/platform-notes.md, "Bot detection on a Basic plan").
PLAN_ERROR_KEY = "invalid_plan_type.bot_detection"
# What a zone without bot detection runs with (the platform's defaults, as that provider assumes).
UNAVAILABLE_STATE = {
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 0},
    "ipAddress": {"sensitivity": 0},
    "browserFingerprint": {"sensitivity": 0, "aggression": 1, "complexEnabled": False},
}
READ_HINT = "Retry later; if it persists, report it to the platform's support."


def unavailable_reason(message):
    """Why a zone has no bot detection, from the platform's message (or a default)."""
    text = (message or "Bot detection is not available on this shield zone's plan").rstrip(".")
    return "%s (error key %s). Bot detection needs a paid shield plan (Advanced or higher)." % (text, PLAN_ERROR_KEY)


def unavailable(zone_id, message):
    """The ``bot_detection`` return value of a zone whose plan has no bot detection."""
    return shape_bot_detection(zone_id, UNAVAILABLE_STATE, unavailable_reason(message))


class NotInPlan(ApiError):
    """The platform refused because the zone's plan has no bot detection (error key :data:`PLAN_ERROR_KEY`).

    Its sentence is the operation and the plan reason; ``api_error`` still carries what the platform said.
    A refusal: nothing was applied.
    """

    def __init__(self, error):
        super().__init__(
            error.operation,
            error.status,
            error.message,
            error_key=error.error_key,
            field=error.field,
            hint=error.hint,
            kind=REFUSED,
        )

    def describe(self):
        return "%s failed: %s" % (self.operation, unavailable_reason(self.message))


def configuration_problem(status, body):
    """Why a successful answer is not the configuration (a message), or None when it is.

    Only a 200 carries it: a 202 without the plan error key is an ASP.NET ``AcceptedResult`` at best.
    """
    if status != 200:
        return "the platform did not return the configuration"
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        return "the platform answered without the configuration"
    return None


def not_in_plan(error):
    """A failure carrying the plan error key read as :class:`NotInPlan` (the requests' ``classify``)."""
    return NotInPlan(error) if error.error_key == PLAN_ERROR_KEY else error


def _send(client, method, zone_id, operation, hint, **options):
    hints = shield.not_found_hints(hint)
    return client.request(method, BOT_DETECTION % zone_id, operation, hints=hints, classify=not_in_plan, **options)


def configuration_answer(zone_id):
    """The documented answer of the read: ``{data: BotDetectionConfigurationState}`` with its three required sections
    (a section sent as null is read as unknown values, not refused)."""
    return shield_data(
        "the bot detection configuration of shield zone %d (an object with data)" % zone_id,
        lambda state: all(
            k in state and (state[k] is None or isinstance(state[k], dict))
            for k in ("requestIntegrity", "ipAddress", "browserFingerprint")
        ),
    )


def read(client, zone_id, hint=None):
    """The bot detection configuration of shield zone ``zone_id`` (``hint``: the advice of a 404)."""
    operation = "Reading bot detection of shield zone %d" % zone_id
    # the client turns every failed envelope (200, 202, 403, 404) into ApiError, the plan error included, and an
    # answer that is not the configuration into BAD_ANSWER (not understood: nothing is decided from it)
    reply = _send(client, "GET", zone_id, operation, hint, expect=configuration_answer(zone_id))
    # what the client cannot know: only a 200 with a data object is the configuration
    problem = configuration_problem(reply.status, reply.data)
    if problem:
        raise ApiError(operation, reply.status, problem, kind=BAD_ANSWER, hint=READ_HINT)
    return reply.data["data"]


def update(client, zone_id, state, hint=None):
    """Send the complete configuration ``state``; the configuration the platform answered, which must be it."""
    operation = "Updating bot detection of shield zone %d" % zone_id
    reply = _send(
        client, "PATCH", zone_id, operation, hint, json_body=dict(state, shieldZoneId=zone_id), replay_safe=False
    )
    if configuration_problem(reply.status, reply.data):
        # a 202 AcceptedResult confirms nothing (docs/platform-notes.md, "Shield writes answered with
        # HTTP 202"): the re-read decides
        raise ApiError(
            operation,
            reply.status,
            "the platform answered HTTP %d without the configuration" % reply.status,
            kind=MAY_HAVE_BEEN_SENT,
        )
    if bot_view(zone_id, reply.data["data"]) != bot_view(zone_id, state):
        # a configuration other than the one sent confirms nothing either: the re-read decides
        raise unconfirmed(operation, reply.status, "the answer shows another configuration than was sent")
    return reply.data["data"]
