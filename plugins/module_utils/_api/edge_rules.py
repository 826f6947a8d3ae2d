# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Edge rules of a pull zone: their paths, the writes on them and finding them in the pull zone (pure Python: no
Ansible imports). Rules have no listing or read of their own: they come with the pull zone (``EdgeRules`` of
``GET /pullzone/{id}``), and the rule's ``Guid`` is its only identity (docs/platform-notes.md, "Pull zones in the
emulator: every setting, edge rules, optimizer classes" and "Edge rules: what the modules do").

- :func:`read_zone`: ``GET /pullzone/{id}``, an answer that carries ``EdgeRules`` (a list, or null for none).
- :func:`add_or_update`: ``POST /pullzone/{id}/edgerules/addOrUpdate`` with the whole ``EdgeRuleV2Model``: without a
  ``Guid`` it creates a rule (a duplicate when one like it exists), with the ``Guid`` of an existing rule it replaces
  that rule, so an update always sends the guid. 201; the body is the rule (the Terraform provider reads its ``Guid``
  there), though the document declares none: an answer without the rule confirms nothing (kind bad_answer).
- :func:`delete`: ``DELETE /pullzone/{id}/edgerules/{guid}`` (204; a 404 means already gone).

Every write is sent once and never again once it may have reached the platform: a lost answer is settled by reading
the pull zone again.
"""

from __future__ import annotations

from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import unconfirmed

from .answers import is_id, object_with
from .pull_zones import ZONE

ADD_OR_UPDATE = "/pullzone/%d/edgerules/addOrUpdate"
RULE = "/pullzone/%d/edgerules/%s"
LOCK = "pullzone-edge-rules"  # the name of a pull zone's writer lock (_engine/zone_lock.py)


def has_rules(zone):
    """Whether a PullZoneModel carries its edge rules (``EdgeRules`` a list, or null for none)."""
    return (
        isinstance(zone, dict)
        and "EdgeRules" in zone
        and (zone["EdgeRules"] is None or isinstance(zone["EdgeRules"], list))
    )


def rules_of(zone):
    """The EdgeRuleV2Model entries of a PullZoneModel (untrusted: only mappings), in the order sent."""
    rules = zone.get("EdgeRules") if isinstance(zone, dict) else None
    return [rule for rule in rules or [] if isinstance(rule, dict)]


def guid_key(value):
    """How guids are compared: without case or surrounding spaces."""
    return str(value or "").strip().lower()


def by_guid(zone, guid):
    """The rule of ``zone`` whose ``Guid`` is ``guid``, or None."""
    return next((rule for rule in rules_of(zone) if guid_key(rule.get("Guid")) == guid_key(guid)), None)


def by_description(zone, description):
    """The rules of ``zone`` whose ``Description`` is exactly ``description``."""
    return [rule for rule in rules_of(zone) if rule.get("Description") == description]


def read_zone(client, zone_id, hint=None):
    """The PullZoneModel of zone ``zone_id`` with its edge rules; ``hint`` replaces the 404 advice."""
    return client.request(
        "GET",
        ZONE % zone_id,
        "Reading pull zone %d" % zone_id,
        hints={404: hint} if hint else None,
        expect=object_with(
            "the pull zone %d with its edge rules" % zone_id,
            lambda zone: is_id(zone.get("Id")) and zone["Id"] == zone_id and has_rules(zone),
        ),
    ).data


def add_or_update(client, zone_id, body, label):
    """Send the whole rule ``body`` (with its ``Guid`` to replace that rule, without one to create a rule); the rule
    the platform answered. An answer that is not a rule with a guid (the same guid for an update) confirms nothing:
    kind bad_answer, settled by the caller's re-read, never by sending again."""
    operation = "%s edge rule %s of pull zone %d" % ("Updating" if body.get("Guid") else "Creating", label, zone_id)
    reply = client.request(
        "POST",
        ADD_OR_UPDATE % zone_id,
        operation,
        json_body=body,
        replay_safe=False,
        expect="text",
        check_envelope=False,
    )
    rule = reply.data if isinstance(reply.data, dict) else None
    guid = rule.get("Guid") if rule else None
    if not isinstance(guid, str) or not guid.strip():
        raise unconfirmed(operation, reply.status, "the answer carries no edge rule with a Guid")
    if body.get("Guid") and guid_key(guid) != guid_key(body["Guid"]):
        raise unconfirmed(operation, reply.status, "the answer carries another edge rule (%s)" % guid)
    return rule


def delete(client, zone_id, guid, label):
    """Delete rule ``guid`` of zone ``zone_id``. True when deleted, False when the platform answered 404 (gone)."""
    reply = client.request(
        "DELETE",
        RULE % (zone_id, quote(guid, safe="")),
        "Deleting edge rule %s of pull zone %d" % (label, zone_id),
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )
    return reply.status != 404
