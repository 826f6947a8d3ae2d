# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The rules of a shield zone, whatever their kind (custom WAF rules, rate limit rules): the paged listing, one rule
found by its name, one rule's read, create, update and delete, and what each answer must be before anything is
decided from it.

The Shield document answers every kind alike: a listing ``{data, page, error}``, one rule at the top level (its id,
zone and ``ruleConfiguration``, an ``errorResponse`` that may report a failure), a ``GenericRequestResponse`` for a
deletion, ``AcceptedResult`` 202s. A kind is a :class:`RuleResource`: its paths, its name in sentences and its hints
(``waf_rules.py``, ``rate_limits.py``). Functions take the client first and return the platform's rule (a dict), or
raise ``ApiError`` or ``InputError``. Pure Python: no Ansible imports, no context.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError, reported_failure

from . import shield
from .answers import is_id, object_with
from .shield_listing import shield_list

MAX_PAGE_SIZE = 1000  # the largest perPage asked for; a task that manages one rule lists with it


def rule_answer(rule_id, what):
    """The documented answers of reading rule ``rule_id`` (``what``: its kind): the rule (its id, zone and
    configuration), or an answer saying why not (a 202 ``AcceptedResult``, an ``errorResponse`` reporting a failure),
    which :func:`rule_read_failure` then names. Anything else (``{}``, ``[]``, HTML, an empty body) is not
    understood."""
    return object_with(
        "the %s %d (an object with its id, zone and configuration)" % (what, rule_id),
        lambda data: (
            rule_is_complete(data, rule_id)
            or reported_failure(data.get("errorResponse")) is not None
            or shield.accepted_result(data)
        ),
    )


def named(rules, name):
    """The rules named exactly ``name`` (case-sensitive, as the platform keeps names)."""
    return [rule for rule in rules if isinstance(rule, dict) and rule.get("ruleName") == name]


def find_by_name(rules, name):
    """``(rule, duplicates)``: the rule named ``name`` (None when absent); ``duplicates`` lists ids when several are."""
    found = named(rules, name)
    if len(found) > 1:
        return None, [rule.get("id") for rule in found]
    return (found[0] if found else None), []


def rule_is_complete(rule, rule_id):
    """True when ``rule`` carries the rule asked for: its id, its zone and its configuration.

    These are the members the document makes non-nullable; an empty rule serialises them as 0, 0 and null.
    """
    return (
        isinstance(rule, dict)
        and rule.get("id") == rule_id
        and is_id(rule.get("shieldZoneId"))
        and isinstance(rule.get("ruleConfiguration"), dict)
    )


def rule_read_failure(status, rule, rule_id):
    """``(status, message, error_key)`` when a 2xx answer to reading rule ``rule_id`` is not the rule.

    Status is None when the answer reports none (the caller keeps the HTTP status). Only a 200 carries a
    rule: the platform answers a rule deleted from the dashboard with HTTP 202 instead of 404
    (BunnyWay/terraform-provider-bunnynet issue #93). A complete rule whose ``errorResponse`` holds only
    default values is a successful read.
    """
    if status != 200:
        return None, "the platform answered without the rule, as it does for a rule that was deleted", None
    reported = reported_failure(rule.get("errorResponse") if isinstance(rule, dict) else None)
    if reported is not None:
        code, message, key = reported
        return code, message or "the platform reported a failure with the rule", key
    if not rule_is_complete(rule, rule_id):
        return None, "the platform answered without a rule", None
    return None


def written_rule(status, data):
    """The rule a create or update answered, or None when the answer does not confirm it.

    Only a 200 with a rule that has an id and a configuration confirms; a 202 ``AcceptedResult`` does not
    (docs/platform-notes.md, "Shield writes answered with HTTP 202"), nor does a rule whose
    ``errorResponse`` reports a failure.
    """
    if status != 200 or not isinstance(data, dict) or reported_failure(data.get("errorResponse")):
        return None
    if not is_id(data.get("id")):
        return None
    return data if isinstance(data.get("ruleConfiguration"), dict) else None


def confirmed_rule(operation, reply, detail=None):
    """The rule a create or update answered (``reply``), else the failure of an unconfirmed write (``detail`` added
    to its message)."""
    rule = written_rule(reply.status, reply.data)
    if rule is None:
        raise shield.not_confirmed(operation, reply.status, detail)
    return rule


def _complete(_rule):
    return False


class RuleResource(object):
    """One kind of shield rule as the platform serves it.

    ``what``: its name in sentences ("custom WAF rule"); ``zone_rules``, ``rules``, ``rule``: the paths of a zone's
    listing (``%d``: the zone), of a create and of one rule (``%d``: the rule); ``not_visible``: the advice of a rule
    id not found (``%d``: the id); ``info_module``: the module that lists the rules; ``create_hints``/``create_detail``:
    the hints and the detail of a refused or unconfirmed create; ``thin(rule)``: whether a listed rule lacks what its
    own read carries (it is then read by its id), and ``thin_warning`` the warning of a listing with such rules
    (``%d``: how many, ``%s``: the plural's "s", ``%s``: their ids).
    """

    def __init__(self, what, paths, not_visible, info_module, create_hints=None, create_detail=None, thin=None):
        self.what = what
        self.zone_rules, self.rules, self.rule = paths
        self.not_visible = not_visible
        self.info_module = info_module
        self.create_hints, self.create_detail = create_hints, create_detail
        self.thin, self.thin_warning = thin or (_complete, None)

    def list_all(self, client, zone_id, page_size=MAX_PAGE_SIZE, hint=None):
        """Every rule of shield zone ``zone_id`` as the listing gives it, one request per page, every page followed
        (the one Shield pager, ``shield_listing``). ``hint``: the advice of a 404 (the zone's ``Found.not_visible``)."""
        operation = "Listing %ss of shield zone %d" % (self.what, zone_id)
        return shield_list(client, self.zone_rules % zone_id, self.what + "s", operation, "id", page_size, hint)

    def find(self, client, zone_id, name, hint=None):
        """The rule of shield zone ``zone_id`` named ``name``, or None; the whole listing is read, and the rule found is
        read by its id when the listing left part of it out (:attr:`thin`).

        Several rules with that name make the rule to manage ambiguous: ``InputError`` naming their ids.
        """
        rule, duplicates = find_by_name(self.list_all(client, zone_id, hint=hint), name)
        if duplicates:
            raise InputError(
                "%d %ss of shield zone %d are named %r (ids %s), so the rule to manage is ambiguous: rename or delete "
                "all but one of them (edge.platform.%s lists them)."
                % (len(duplicates), self.what, zone_id, name, ", ".join(str(i) for i in duplicates), self.info_module),
                option="rule_name",
            )
        return self.whole(client, rule, hint) if rule is not None else None

    def whole(self, client, rule, hint=None):
        """``rule`` as the listing gave it, or read by its id when the listing left part of it out (:attr:`thin`)."""
        return self.get(client, rule["id"], hint) if self.thin(rule) else rule

    def get(self, client, rule_id, hint=None):
        """The rule with ``rule_id``; fails unless the answer really is that rule."""
        operation = "Reading %s %d" % (self.what, rule_id)
        hint = hint or self.not_visible % rule_id
        # the client refuses what is none of the documented answers before it is looked at
        reply = client.request(
            "GET",
            self.rule % rule_id,
            operation,
            hints=shield.not_found_hints(hint),
            expect=rule_answer(rule_id, self.what),
        )
        # what the client cannot know: a 202 is no rule, and errorResponse may report a failure
        failure = rule_read_failure(reply.status, reply.data, rule_id)
        if failure is not None:
            status, message, error_key = failure
            status = status or reply.status
            raise ApiError(
                operation, status, message, error_key=error_key, hint=hint if status < 300 or status == 404 else None
            )
        return reply.data

    def create(self, client, zone_id, body):
        """Create the rule ``body`` (``ruleName``, ``ruleDescription``, ``ruleConfiguration``) in shield zone
        ``zone_id``; the rule the platform answered."""
        operation = "Creating %s %r in shield zone %d" % (self.what, body["ruleName"], zone_id)
        reply = client.request(
            "POST",
            self.rules,
            operation,
            json_body=dict(body, shieldZoneId=zone_id),
            replay_safe=False,
            hints=self.create_hints,
        )
        return confirmed_rule(operation, reply, self.create_detail)

    def update(self, client, rule_id, body):
        """Replace rule ``rule_id``'s name, description and configuration (PATCH); the rule answered."""
        operation = "Updating %s %d" % (self.what, rule_id)
        reply = client.request("PATCH", self.rule % rule_id, operation, json_body=body, replay_safe=False)
        return confirmed_rule(operation, reply)

    def delete(self, client, rule_id):
        """Delete rule ``rule_id``; a rule already gone (404) is what was asked. Returns None."""
        return shield.delete(client, self.rule % rule_id, "Deleting %s %d" % (self.what, rule_id))
