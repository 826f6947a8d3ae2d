"""Access lists of shield zones (shield API: camelCase JSON, negotiated as messages.py says;
docs/platform-notes.md, "Custom access lists").

- ``GET /shield/shield-zone/{id}/access-lists``: the ``AccessListsDetailsResponse`` at the top level (no ``data``
  wrapper): ``managedLists``, ``customLists`` (``AccessListDetails``: ``listId`` and ``configurationId``), the custom
  lists' counts and the plan's limits, and ``error``.
- ``POST`` of the same path (``CreateCustomAccessListRequest``: ``name``, ``type``, ``content`` required) answers 200
  ``{data: CustomAccessList, error}``. A new list is disabled with the action None (0) until its configuration is
  set: what the platform gives a new list is not published, and its clients always set both right after.
  ``checksum``, when sent, must be the lowercase hex SHA-256 of ``content`` (400 envelope
  ``access_list.checksum_mismatch`` otherwise: the emulator's key); when left out it is computed so.
- ``GET``/``PATCH``/``DELETE .../access-lists/{listId}``: one custom list (a managed list's id is not one: 404).
  ``PATCH`` (``UpdateCustomAccessListRequest``) keeps what is null or left out; ``DELETE`` answers a
  ``GenericRequestResponse``.
- ``PATCH .../access-lists/configurations/{configurationId}`` (``UpdateAccessListConfigurationRequest``): sets
  ``isEnabled`` and ``action`` of a custom or managed list; 200 ``{data: {isEnabled, action}, error}``. Enabling a
  managed list whose ``requiredPlan`` is above the zone's plan answers 202 with the error key
  ``not_available.access_list`` (the key the platform's Terraform provider meets) and changes nothing.
- ``GET .../access-lists/enums``: ``{AccessListType: {"0": "IP", ...}, AccessListAction: {"1": "Allow", ...}}``.
- A create over the plan's ``customListLimit`` answers 202 with the message the platform sends ("Custom Access List
  limit exceeded. You can have a maximum of 1 custom lists. ..."), a write over ``customEntryLimit`` 202 with a
  message of the same kind; both with ``success: false`` and error keys of the emulator's choosing
  (``access_list.limit_exceeded``, ``access_list.entry_limit_exceeded``); nothing is applied.
- A shield zone the platform does not have: 200 with a failed envelope (``statusCode`` 404,
  ``shield_zone.not_found``), the only error shape the document gives these operations; an unknown list or
  configuration: 404 with a failed envelope (``access_list.not_found``).
- Bodies that do not bind answer 400 ``ValidationProblemDetails`` naming the member (``shield_bodies.py``).
- Missing or wrong AccessKey: 401 ProblemDetails (router).

The lists, the fixture key ``access_lists`` and the plans' limits: models.py.
"""

from ...messages import shield_json
from ...shield_bodies import BodyError, _bool, _enum, _object, _string, problem
from .models import ACTIONS, TYPES, checksum, entry_count
from .models import AccessListsState as State

SUCCESS = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
ZONE = r"/shield/shield-zone/(?P<zone>[0-9]+)/access-lists"


def failure(http_status, status, message, error_key, **members):
    """A failed envelope (``GenericRequestResponse`` with ``success: false``) beside ``members``."""
    return shield_json(
        http_status,
        dict(members, error={"statusCode": status, "success": False, "message": message, "errorKey": error_key}),
    )


def _zone_missing(zone_id, **members):
    return failure(200, 404, "Shield zone %d was not found." % zone_id, "shield_zone.not_found", **members)


def _list_missing(kind, list_id):
    return failure(404, 404, "The %s %d was not found." % (kind, list_id), "access_list.not_found")


def _create_body(body):
    members = ("name", "description", "type", "content", "checksum")
    _object(body, "$", "CreateCustomAccessListRequest", members)
    for required in ("name", "type", "content"):
        if body.get(required) is None:
            raise BodyError(required.capitalize(), "The %s field is required." % required.capitalize())
    return {
        "name": _string(body["name"], "$.name"),
        "description": _string(body.get("description"), "$.description"),
        "type": _enum(body["type"], "$.type", "AccessListType", tuple(range(len(TYPES)))),
        "content": _string(body["content"], "$.content"),
        "checksum": _string(body.get("checksum"), "$.checksum"),
    }


def _update_body(body):
    _object(body, "$", "UpdateCustomAccessListRequest", ("name", "content", "checksum"))
    return {key: _string(body.get(key), "$." + key) for key in ("name", "content", "checksum")}


def _configuration_body(body):
    _object(body, "$", "UpdateAccessListConfigurationRequest", ("isEnabled", "action"))
    action = body.get("action")
    return {
        "isEnabled": _bool(body.get("isEnabled"), "$.isEnabled"),
        "action": None if action is None else _enum(action, "$.action", "AccessListAction", tuple(range(6))),
    }


class AccessListsArea(State):
    """The access list routes over their state (models.AccessListsState)."""

    name = "access_lists"

    def register(self, router):
        router.add("GET", ZONE, self.get_index, auth="problem")
        router.add("POST", ZONE, self.create_list, auth="problem")
        router.add("GET", r"/shield/shield-zone/(?P<zone>[^/]+)/access-lists/enums", self.get_enums, auth="problem")
        one = ZONE + r"/(?P<id>[0-9]+)"
        router.add("GET", one, self.get_list, auth="problem")
        router.add("PATCH", one, self.update_list, auth="problem")
        router.add("DELETE", one, self.delete_list, auth="problem")
        router.add("PATCH", ZONE + r"/configurations/(?P<id>[0-9]+)", self.update_configuration, auth="problem")

    def _zone(self, request):
        """``(zone id, plan)``; plan None for a zone the platform does not have."""
        zone_id = int(request.params["zone"])
        return zone_id, self.zone_plan(zone_id)

    def _custom(self, request):
        zone_id, plan = self._zone(request)
        custom = self.lists.get(int(request.params["id"]))
        return zone_id, plan, (custom if custom is not None and custom.zone_id == zone_id else None)

    def _over_limit(self, zone_id, plan, added_entries, new_list):
        """The 202 refusal of a write that passes the plan's limits, or None."""
        index = self.index(zone_id, plan)
        if new_list and index["customListCount"] >= index["customListLimit"]:
            return failure(
                202,
                202,
                "Custom Access List limit exceeded. You can have a maximum of %d custom lists. Please upgrade your "
                "Bunny Shield tier or contact support for assistance." % index["customListLimit"],
                "access_list.limit_exceeded",
            )
        if index["customEntryCount"] + added_entries > index["customEntryLimit"]:
            return failure(
                202,
                202,
                "Custom Access List entry limit exceeded. You can have a maximum of %d entries across your custom "
                "lists. Please upgrade your Bunny Shield tier or contact support for assistance."
                % index["customEntryLimit"],
                "access_list.entry_limit_exceeded",
            )
        return None

    @staticmethod
    def _checksum_refusal(content, given):
        if given is not None and given != checksum(content):
            return failure(
                400, 400, "The checksum does not match the content.", "access_list.checksum_mismatch", data=None
            )
        return None

    def get_index(self, request):
        zone_id, plan = self._zone(request)
        if plan is None:
            return _zone_missing(zone_id, managedLists=None, customLists=None)
        return shield_json(200, self.index(zone_id, plan))

    def get_enums(self, request):
        return shield_json(
            200,
            {
                "AccessListType": {
                    str(n): name for n, name in enumerate(("IP", "CIDR", "ASN", "Country", "Organization", "JA4"))
                },
                "AccessListAction": {str(n): name.capitalize() for n, name in enumerate(ACTIONS) if n},
            },
        )

    def create_list(self, request):
        zone_id, plan = self._zone(request)
        try:
            bound = _create_body(request.json_object())
        except BodyError as error:
            return problem(error)
        if plan is None:
            return _zone_missing(zone_id)
        refusal = self._checksum_refusal(bound["content"], bound["checksum"]) or self._over_limit(
            zone_id, plan, entry_count(bound["content"]), new_list=True
        )
        if refusal is not None:
            return refusal
        custom = self.add(
            zone_id, bound["name"], bound["description"], bound["type"], bound["content"], bound["checksum"]
        )
        return shield_json(200, {"data": custom.model(), "error": dict(SUCCESS)})

    def get_list(self, request):
        zone_id, plan, custom = self._custom(request)
        if plan is None:
            return _zone_missing(zone_id)
        if custom is None:
            return _list_missing("custom access list", int(request.params["id"]))
        return shield_json(200, {"data": custom.model(), "error": dict(SUCCESS)})

    def update_list(self, request):
        zone_id, plan, custom = self._custom(request)
        try:
            bound = _update_body(request.json_object())
        except BodyError as error:
            return problem(error)
        if plan is None:
            return _zone_missing(zone_id)
        if custom is None:
            return _list_missing("custom access list", int(request.params["id"]))
        if bound["content"] is not None:
            added = entry_count(bound["content"]) - custom.entry_count
            refusal = self._checksum_refusal(bound["content"], bound["checksum"]) or self._over_limit(
                zone_id, plan, max(added, 0), new_list=False
            )
            if refusal is not None:
                return refusal
            custom.set_content(bound["content"], bound["checksum"])
        if bound["name"] is not None:
            custom.name = bound["name"]
        return shield_json(200, {"data": custom.model(), "error": dict(SUCCESS)})

    def delete_list(self, request):
        zone_id, plan, custom = self._custom(request)
        if plan is None:
            return _zone_missing(zone_id)
        if custom is None:
            return _list_missing("custom access list", int(request.params["id"]))
        del self.lists[custom.id]
        return shield_json(200, dict(SUCCESS))

    def update_configuration(self, request):
        zone_id, plan = self._zone(request)
        try:
            bound = _configuration_body(request.json_object())
        except BodyError as error:
            return problem(error)
        if plan is None:
            return _zone_missing(zone_id)
        target = self.configuration(zone_id, int(request.params["id"]))
        if target is None:
            return _list_missing("access list configuration", int(request.params["id"]))
        required = getattr(target, "row", (0,) * 8)[5]
        if bound["isEnabled"] and required > plan:
            return failure(
                202,
                202,
                "This access list is not available on the shield zone's plan.",
                "not_available.access_list",
            )
        if bound["isEnabled"] is not None:
            target.enabled = bound["isEnabled"]
        if bound["action"] is not None:
            target.action = bound["action"]
        return shield_json(
            200, {"data": {"isEnabled": target.enabled, "action": target.action}, "error": dict(SUCCESS)}
        )


AREA = AccessListsArea
