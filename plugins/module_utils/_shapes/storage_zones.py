# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A storage zone's settings as options and back (pure Python: no Ansible imports): one field table
(:data:`FIELDS`) drives the checks, the create and update bodies, the compared view and the readable one.

- ``region``, ``tier`` and ``zone_type`` are create-only (``updatable=False``): a task asking another value of an
  existing zone fails before any write (:func:`unchangeable`), as does one dropping a replication region (the
  platform adds replication regions, never removes them).
- ``replication_regions`` is ``ReplicationRegions`` on create and read but ``ReplicationZones`` on update.
- ``origin_url`` is write-only: the platform never returns it, so it is never compared (a comparison would claim a
  change on every run): it is sent on create and with any other change of the zone (:data:`WRITE_ONLY`).
- The passwords are never a field: never returned, never compared (docs/platform-notes.md, "Storage zones: what the
  modules do").
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields as F

TIERS = {0: "standard", 1: "edge"}
ZONE_TYPES = {0: "standard", 1: "s3"}
REGION = re.compile(r"^[A-Z]{2,4}$")  # the platform's codes (DE, NY, SYD): new ones may come, so no fixed list
WRITE_ONLY = ("origin_url",)
CREATE_MEMBER, UPDATE_MEMBER = "ReplicationRegions", "ReplicationZones"


def region_code(option, value):
    """A region code as the platform takes it (upper case: "The create API expects uppercase codes")."""
    code = value.strip().upper()
    if not REGION.match(code):
        raise InputError("%s must be a region code such as DE, NY or SYD; got %r." % (option, value), option=option)
    return code


def _upper(value):
    return value.upper()


def _region_entry(text):
    return None if REGION.match(text.upper()) else "a region code such as DE, NY or SYD"


def _path_or_none(value):
    return value or None  # "" clears the path and reads back as null: the same


FIELDS = (
    F.Text("region", "Region", check=region_code, normal=_upper, updatable=False),
    F.Strings("replication_regions", CREATE_MEMBER, entry=_region_entry, send=_upper, normal=_upper),
    F.Numbered("tier", "ZoneTier", TIERS, updatable=False),
    F.Numbered("zone_type", "StorageZoneType", ZONE_TYPES, updatable=False),
    F.Text("custom_404_file_path", "Custom404FilePath", normal=_path_or_none),
    F.Bool("rewrite_404_to_200", "Rewrite404To200"),
    F.Text("origin_url", "OriginUrl", read=lambda model: None),
)
COMPARED = tuple(field for field in FIELDS if field.option not in WRITE_ONLY)
UNCHANGEABLE = tuple(field.option for field in FIELDS if not field.updatable)
ARGUMENT_SPEC = F.argument_spec(FIELDS)


def wanted_values(params):
    """option -> value asked for, for every option given (bad input: InputError naming the option)."""
    return F.wanted_values(FIELDS, params)


def managed_view(zone, settings):
    """The compared form of the settings given, as ``zone`` holds them (write-only ones left out)."""
    return F.managed_view(COMPARED, zone, _compared_only(settings))


def wanted_view(settings):
    return F.wanted_view(COMPARED, _compared_only(settings))


def _compared_only(settings):
    return {option: value for option, value in settings.items() if option not in WRITE_ONLY}


def unchangeable(zone, settings):
    """Raise InputError naming the first option the task asks to change that the platform cannot change on the
    existing ``zone``: a create-only one, or a replication region it holds left out."""
    now, asked = managed_view(zone, settings), wanted_view(settings)
    for option in UNCHANGEABLE:
        if option in asked and now[option] != asked[option]:
            raise InputError(
                "%s is %r on storage zone %s and cannot change after creation (asked: %r). Create a new zone for "
                "another %s." % (option, now[option], zone.get("Name"), settings[option], option),
                option=option,
            )
    held, given = now.get("replication_regions") or [], asked.get("replication_regions")
    dropped = [code for code in held if given is not None and code not in given]
    if dropped:
        raise InputError(
            "replication_regions leaves out %s, which storage zone %s replicates to: the platform adds replication "
            "regions but never removes them. Keep %s in the list."
            % (", ".join(dropped), zone.get("Name"), ", ".join(dropped)),
            option="replication_regions",
        )


def create_body(name, settings):
    """The ``StorageZoneModelAdd`` of a new zone (``Name`` and the create-time members), and the
    ``StorageZoneSettingsModel`` members to send right after it (the other settings), as the Terraform provider creates
    in two passes."""
    members = F.request_members(FIELDS, settings)
    first = {
        key: members.pop(key) for key in ("Region", CREATE_MEMBER, "ZoneTier", "StorageZoneType") if key in members
    }
    return dict(first, Name=name), members


def update_body(zone, settings):
    """The ``StorageZoneSettingsModel`` members that change ``zone`` to ``settings`` ({} when nothing differs); a
    write-only setting given rides along with any other change."""
    differing = F.differing(COMPARED, zone, _compared_only(settings))
    if not differing:
        return {}
    members = F.request_members(FIELDS, dict(differing, **{o: settings[o] for o in WRITE_ONLY if o in settings}))
    if CREATE_MEMBER in members:
        members[UPDATE_MEMBER] = members.pop(CREATE_MEMBER)
    return members


def _pull_zone(entry):
    return {"id": entry.get("Id"), "name": entry.get("Name")}


def linked_pull_zones(zone):
    """``[{id, name}]`` of the pull zones linked to ``zone`` (``PullZones`` may be null)."""
    entries = (zone or {}).get("PullZones")
    return [_pull_zone(entry) for entry in entries or [] if isinstance(entry, dict)]


SHOWN = (
    F.Shown("id", "Id"),
    F.Shown("name", "Name"),
    F.Shown("hostname", "StorageHostname"),
    F.Shown("s3_hostname", "S3Hostname"),
    F.Shown("storage_used", "StorageUsed"),
    F.Shown("files_stored", "FilesStored"),
    F.Shown("date_modified", "DateModified"),
    F.Shown("replication_change_in_progress", "ReplicationChangeInProgress"),
    F.Shown("pull_zones", "PullZones", read=linked_pull_zones),
)


def shape_storage_zone(zone, unknown=None):
    """The zone as returned: its settings as the options take them (given back: no change) and what the platform
    adds, never its passwords; ``origin_url`` is null (the platform does not return it). None for no zone."""
    if zone is None:
        return None
    shown = F.readable(SHOWN, zone)
    shown.update(F.readable(COMPARED, zone, unknown))
    return shown
