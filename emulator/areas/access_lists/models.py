"""Access lists state: the custom lists of each shield zone, read from the fixture, the managed (curated) lists every
zone has, their configurations and the plans' limits (no HTTP).

Fixture key ``access_lists`` (custom lists), each entry:

- ``id`` (required): the list's ``listId``; ``shield_zone_id`` (required): a zone of ``shield_zones``;
- ``name`` (required), ``description`` (optional);
- ``type``: ``ip``, ``cidr``, ``asn``, ``country``, ``organization``, ``ja4`` or its number 0..5 (default ``ip``);
- ``entries`` (a list of strings, joined with newlines) or ``content`` (the raw text, kept exactly as given);
- ``action``: ``allow``, ``block``, ``challenge``, ``log``, ``bypass`` or its number 0..5 (default ``block``);
- ``enabled`` (default true); ``configuration_id`` (default: allocated, above every fixture id).

Every shield zone has the managed lists of :data:`MANAGED` (the names the octorules client manages; their types,
categories, sizes and required plans are the emulator's choice), each with a configuration of its own whose id is
``shield zone id * 100 + listId``, disabled with the action Log until a request changes it.

Plan limits (``customListLimit``, ``customEntryLimit``, per plan Basic..Enterprise) are :data:`LIST_LIMITS` and
:data:`ENTRY_LIMITS`: one custom list on Basic is what the platform answers
(docs/platform-notes.md, "Custom access lists"); the other numbers are the emulator's choice. The zone's plan is the shield area's, read at each request.
"""

import hashlib

from ...fixtures import FixtureError, records

TYPES = ("ip", "cidr", "asn", "country", "organization", "ja4")  # AccessListType 0..5
ACTIONS = ("none", "allow", "block", "challenge", "log", "bypass")  # AccessListAction 0..5
LIST_LIMITS = (1, 5, 10, 50)
ENTRY_LIMITS = (1000, 5000, 10000, 50000)
FIXTURE_TIME = "2026-08-01T10:00:00Z"
# listId, name, description, type, category, requiredPlan, entryCount, updateFrequency
MANAGED = (
    (1, "VPN Providers", "Known VPN provider networks", 1, 1, 1, 18250, "01:00:00"),
    (2, "TOR Exit Nodes", "Current Tor exit nodes", 0, 8, 1, 1342, "00:30:00"),
    (3, "Common Datacenters", "Hosting and cloud provider networks", 2, 2, 1, 4210, "1.00:00:00"),
    (4, "AbuseIPDB", "Addresses reported for abuse", 0, 16, 2, 9876, "06:00:00"),
    (5, "FireHOL", "FireHOL level 1 block list", 1, 16, 2, 4521, "06:00:00"),
)
FIRST_CUSTOM_ID = 5001
FIRST_CONFIGURATION_ID = 7001


def checksum(content):
    """The lowercase hex SHA-256 of a list's content (what the platform computes when a client sends none)."""
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def entry_count(content):
    return sum(1 for line in content.split("\n") if line.strip())


def _enum(value, names, where, default):
    if value is None:
        return default
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value.strip().lower() in names:
        return names.index(value.strip().lower())
    raise FixtureError("%s must be one of %s (or 0..%d); got %r" % (where, ", ".join(names), len(names) - 1, value))


class CustomList(object):
    def __init__(self, list_id, zone_id, configuration_id, name, description, list_type, content, action, enabled):
        self.id, self.zone_id, self.configuration_id = list_id, zone_id, configuration_id
        self.name, self.description, self.type = name, description, list_type
        self.action, self.enabled = action, enabled
        self.set_content(content)

    def set_content(self, content, given_checksum=None):
        self.content = content
        self.checksum = given_checksum or checksum(content)
        self.entry_count = entry_count(content)
        self.modified = FIXTURE_TIME

    def model(self):
        """``CustomAccessList``."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "type": self.type,
            "content": self.content,
            "checksum": self.checksum,
            "entryCount": self.entry_count,
            "lastModified": self.modified,
        }

    def details(self):
        """``AccessListDetails`` of the index."""
        return {
            "listId": self.id,
            "configurationId": self.configuration_id,
            "name": self.name,
            "description": self.description,
            "isEnabled": self.enabled,
            "type": self.type,
            "category": 0,
            "action": self.action,
            "requiredPlan": 0,
            "entryCount": self.entry_count,
            "updateFrequency": None,
            "lastUpdated": self.modified,
        }


class ManagedConfiguration(object):
    """One managed list's configuration in one zone."""

    def __init__(self, zone_id, row):
        self.row = row
        self.configuration_id = zone_id * 100 + row[0]
        self.enabled, self.action = False, 4

    def details(self):
        list_id, name, description, list_type, category, plan, count, frequency = self.row
        return {
            "listId": list_id,
            "configurationId": self.configuration_id,
            "name": name,
            "description": description,
            "isEnabled": self.enabled,
            "type": list_type,
            "category": category,
            "action": self.action,
            "requiredPlan": plan,
            "entryCount": count,
            "updateFrequency": frequency,
            "lastUpdated": FIXTURE_TIME,
        }


class AccessListsState(object):
    """The custom lists by id, the managed configurations by zone (made when a zone is first asked about)."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.fixture_zones = {}
        for zone in records(fixture, "shield_zones"):
            self.fixture_zones[int(zone["id"])] = zone.get("plan")
        self.lists = {}
        self.managed = {}
        specs = records(fixture, "access_lists", required=("id", "shield_zone_id", "name"))
        used = [s.get("configuration_id") for s in specs if isinstance(s.get("configuration_id"), int)]
        self.next_configuration = max(used + [FIRST_CONFIGURATION_ID - 1]) + 1
        for index, spec in enumerate(specs):
            self._fixture_list(spec, "access_lists[%d]" % index)

    def _fixture_list(self, spec, where):
        zone_id = spec["shield_zone_id"]
        if zone_id not in self.fixture_zones:
            raise FixtureError("%s.shield_zone_id %r is not a zone in shield_zones" % (where, zone_id))
        if spec["id"] in self.lists:
            raise FixtureError("%s.id %r is used twice" % (where, spec["id"]))
        if "entries" in spec and "content" in spec:
            raise FixtureError("%s takes entries or content, not both" % where)
        content = spec.get("content")
        if content is None:
            content = "\n".join(str(e) for e in spec.get("entries") or [])
        configuration_id = spec.get("configuration_id")
        if configuration_id is None:
            configuration_id = self.allocate_configuration()
        self.lists[spec["id"]] = CustomList(
            spec["id"],
            zone_id,
            configuration_id,
            spec["name"],
            spec.get("description"),
            _enum(spec.get("type"), TYPES, where + ".type", 0),
            content,
            _enum(spec.get("action"), ACTIONS, where + ".action", 2),
            spec.get("enabled", True) is not False,
        )

    def allocate_configuration(self):
        taken = {custom.configuration_id for custom in self.lists.values()}
        while self.next_configuration in taken:
            self.next_configuration += 1
        self.next_configuration += 1
        return self.next_configuration - 1

    def zone_plan(self, zone_id):
        """The zone's plan number (0 Basic .. 3 Enterprise), or None for a zone the platform does not have."""
        shield = self.platform.areas.get("shield")
        if shield is not None:
            zone = shield.zones.get(zone_id)
            return None if zone is None else zone.plan
        if zone_id not in self.fixture_zones:
            return None
        plan = self.fixture_zones[zone_id]
        return plan if isinstance(plan, int) else ("basic", "advanced", "business", "enterprise").index(plan or "basic")

    def zone_lists(self, zone_id):
        return sorted((c for c in self.lists.values() if c.zone_id == zone_id), key=lambda c: c.id)

    def managed_configurations(self, zone_id):
        if zone_id not in self.managed:
            self.managed[zone_id] = [ManagedConfiguration(zone_id, row) for row in MANAGED]
        return self.managed[zone_id]

    def index(self, zone_id, plan):
        """``AccessListsDetailsResponse`` (top level, not wrapped in ``data``)."""
        custom = self.zone_lists(zone_id)
        return {
            "managedLists": [m.details() for m in self.managed_configurations(zone_id)],
            "customLists": [c.details() for c in custom],
            "customEntryCount": sum(c.entry_count for c in custom),
            "customEntryLimit": ENTRY_LIMITS[plan],
            "customListCount": len(custom),
            "customListLimit": LIST_LIMITS[plan],
            "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
        }

    def add(self, zone_id, name, description, list_type, content, given_checksum=None):
        new_id = max(list(self.lists) + [FIRST_CUSTOM_ID - 1]) + 1
        custom = CustomList(new_id, zone_id, self.allocate_configuration(), name, description, list_type, "", 0, False)
        custom.set_content(content, given_checksum)
        self.lists[new_id] = custom
        return custom

    def configuration(self, zone_id, configuration_id):
        """The custom list or managed configuration with ``configuration_id`` in the zone, or None."""
        for custom in self.zone_lists(zone_id):
            if custom.configuration_id == configuration_id:
                return custom
        return next((m for m in self.managed_configurations(zone_id) if m.configuration_id == configuration_id), None)

    def dump(self):
        return {
            "access_lists": [
                {
                    "id": c.id,
                    "shield_zone_id": c.zone_id,
                    "name": c.name,
                    "type": TYPES[c.type],
                    "entries": c.entry_count,
                }
                for c in sorted(self.lists.values(), key=lambda c: c.id)
            ]
        }
