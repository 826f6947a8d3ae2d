"""Edge rule routes (core API), registered by the area's ``register()`` (responses.py); the rules live in their pull
zone (edge_rules.py) and are read only through ``GET /pullzone/{id}`` (``EdgeRules``), as on the platform:

- ``POST /pullzone/{id}/edgerules/addOrUpdate`` (``EdgeRuleV2Model``): without a ``Guid`` (or with null or ``""``) a
  new rule with a new guid (a UUID made from the zone and the number of rules made on it, so a rerun against the same
  fixture meets the same guids), even when another rule has the same description (no duplicate check, as the platform);
  with the ``Guid`` of a rule of that zone, the whole rule replaced, keeping its place. 201 with the rule as JSON (what
  the Terraform provider reads its guid from; the document declares no body). A guid the zone does not have: 404
  with an empty body, as the zone itself. ``OrderIndex`` is stored as sent (0 when left out) and the rules are listed
  in the order they were created, whatever their ``OrderIndex``: the platform's order of the list is not documented,
  so a client must read ``OrderIndex``.
- ``DELETE /pullzone/{id}/edgerules/{guid}``: 204; 404 for an unknown zone or rule.
- ``POST /pullzone/{id}/edgerules/{guid}/setEdgeRuleEnabled`` (``ToggleRequestModel {Id, Value}``, ``Id`` the pull
  zone's id, both required): 204.
- A rule the fixture marks ``read_only`` is neither replaced, toggled nor deleted: 400 ``edgerule.read_only`` (the
  emulator's key; the platform's answer is not documented).

Guids compare without case, as .NET parses them (docs/platform-notes.md, "Pull zones in the emulator: every setting, edge
rules, optimizer classes"). Concurrent writes: with the top-level fixture switch
``edge_rule_race_window`` (seconds, default 0) an ``addOrUpdate`` reads the zone's rule list, waits that long with the
area unlocked, and writes the list back with its rule: writes to one zone that overlap lose each other's rules, as
the platform's read-modify-write does (the reason the Terraform provider locks per zone).
"""

import time
import types

from ...fixtures import FixtureError
from ...messages import empty, json_response
from .edge_rules import rule_from, rule_guid, rule_model
from .problems import BodyProblem


def register(area, router):
    """Add the edge rule routes of ``area`` (models.PullZonesState) to ``router``, each bound to the area."""
    for method, pattern, handler in (
        ("POST", r"/pullzone/(?P<id>[0-9]+)/edgerules/addOrUpdate", add_or_update),
        ("DELETE", r"/pullzone/(?P<id>[0-9]+)/edgerules/(?P<guid>[^/]+)", delete_rule),
        ("POST", r"/pullzone/(?P<id>[0-9]+)/edgerules/(?P<guid>[^/]+)/setEdgeRuleEnabled", set_enabled),
    ):
        router.add(method, pattern, types.MethodType(handler, area))


def race_window(fixture):
    """The fixture's ``edge_rule_race_window`` in seconds (0: writes never overlap)."""
    window = fixture.get("edge_rule_race_window") or 0
    if window < 0:
        raise FixtureError("edge_rule_race_window must be 0 or more seconds; got %r" % window)
    return float(window)


def _position(rules, guid):
    wanted = str(guid).lower()
    for position, rule in enumerate(rules):
        if rule["Guid"].lower() == wanted:
            return position
    return None


def _read_only(rule):
    return json_response(
        400,
        BodyProblem(
            "edgerule.read_only",
            "Guid",
            "The edge rule %s is read-only and cannot be modified or deleted." % rule["Guid"],
        ).body(),
    )


def _unlocked_wait(area):
    """Let other requests of the area run for the race window (the platform's read-modify-write)."""
    lock = area.platform.area_locks.get(area.name)
    lock.release()
    try:
        time.sleep(area.edge_rule_race_window)
    finally:
        lock.acquire()


def add_or_update(area, request):
    zone = area.zones.get(int(request.params["id"]))
    if zone is None:
        return empty(404)
    body = request.json_object()
    guid = {str(key).lower(): value for key, value in body.items()}.get("guid")
    if guid is not None and not isinstance(guid, str):
        return json_response(
            400, BodyProblem("validation.invalid_type", "Guid", "The field Guid must be a string.").body()
        )
    position = _position(zone.edge_rules, guid) if guid else None
    if guid and position is None:
        return empty(404)
    if position is not None and zone.edge_rules[position]["ReadOnly"]:
        return _read_only(zone.edge_rules[position])
    try:
        members = rule_from(body, update=bool(guid))
    except BodyProblem as problem:
        return json_response(400, problem.body())
    if position is None:
        new_guid, zone.rules_made = rule_guid(zone.id, zone.rules_made), zone.rules_made + 1
    rule = dict({"Guid": zone.edge_rules[position]["Guid"] if position is not None else new_guid}, **members)
    rule["ReadOnly"] = False
    rules = list(zone.edge_rules)  # the list as read before the write
    if area.edge_rule_race_window:
        _unlocked_wait(area)
    if position is None:
        rules.append(rule)
    else:
        rules[position] = rule
    zone.edge_rules = rules
    return json_response(201, rule_model(rule))


def _zone_rule(area, request):
    """``(zone, position, None)`` or ``(None, None, the 404)``."""
    zone = area.zones.get(int(request.params["id"]))
    position = _position(zone.edge_rules, request.params["guid"]) if zone is not None else None
    if position is None:
        return None, None, empty(404)
    return zone, position, None


def delete_rule(area, request):
    zone, position, missing = _zone_rule(area, request)
    if zone is None:
        return missing
    if zone.edge_rules[position]["ReadOnly"]:
        return _read_only(zone.edge_rules[position])
    zone.edge_rules = zone.edge_rules[:position] + zone.edge_rules[position + 1 :]
    return empty(204)


def _toggle(request):
    """``Value`` of a ``ToggleRequestModel`` (``Id`` and ``Value`` required), or raises BodyProblem."""
    fields = {str(key).lower(): value for key, value in request.json_object().items()}
    if not isinstance(fields.get("id"), int) or isinstance(fields.get("id"), bool):
        raise BodyProblem("validation.required", "Id", "The Id field (the pull zone's id) is required.")
    if not isinstance(fields.get("value"), bool):
        raise BodyProblem("validation.required", "Value", "The Value field is required and must be a boolean.")
    return fields["value"]


def set_enabled(area, request):
    zone, position, missing = _zone_rule(area, request)
    if zone is None:
        return missing
    try:
        value = _toggle(request)
    except BodyProblem as problem:
        return json_response(400, problem.body())
    if zone.edge_rules[position]["ReadOnly"]:
        return _read_only(zone.edge_rules[position])
    rules = list(zone.edge_rules)
    rules[position] = dict(rules[position], Enabled=value)
    zone.edge_rules = rules
    return empty(204)
