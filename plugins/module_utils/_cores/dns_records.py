# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the ``dns_record`` module does beyond its declaration (pure Python: no Ansible imports).

- :func:`wanted_record`: the readable record the options give;
- :func:`resolve_links`: a PullZone record's pull zone and a Script record's script given by name, made ids;
- :class:`Records`: the zone's records of the wanted type, read and picked (again after a lost answer);
- :func:`change`: the views compared and the one write between them;
- :func:`script_filter` and :func:`running_script`: ``dns_record_info``'s filter by script.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import (
    link_pull_zone,
    link_script,
    script_in_plan,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name


def wanted_record(ctx):
    """The readable record the options give; bad input fails before any request."""
    for option in ("name", "pullzone_name", "script"):  # names sent to the platform or looked up
        problem = check_name(ctx.params[option], option)
        if problem:
            raise InputError(problem, option=option)
    return shapes.from_options(ctx.params)


class Records(object):
    """The zone's records of the wanted type: :meth:`read` reads them (one read of the zone) and picks the one the
    task names."""

    def __init__(self, ctx, found, wanted, in_zone):
        self.ctx, self.found, self.wanted, self.in_zone = ctx, found, wanted, in_zone

    def read(self):
        """``(model, readable)`` of the record the task names, or ``(None, None)``; ambiguity fails listing them. The
        first read makes the name relative to the zone, when the zone was chosen by id."""
        number = shapes.TYPE_NUMBERS[self.wanted["type"]]
        domain, models = dns_records.read_zone(self.ctx.client, self.found.id, number, self.found.not_visible)
        if not self.in_zone:
            self.in_zone = bool(shapes.in_zone(self.wanted, domain, warn=self.ctx.warn, deprecate=self.ctx.deprecate))
        readable = shapes.pick(shapes.from_models(models, self.found.id, self.ctx.warn), self.wanted)
        model = next((m for m in models if readable and m.get("Id") == readable["id"]), None)
        return model, readable

    def now(self):
        """The readable record the task names, read again after a lost answer (None when there is none)."""
        return self.read()[1]

    def compared(self, after, keys, readable):
        """What a re-read ``readable`` compares as: ``after`` when it holds what the task asked for, else its view."""
        if readable is None:
            return {}
        return after if after and shapes.same(self.wanted, readable) else shapes.view(readable, keys)


def resolve_links(ctx, wanted):
    """A PullZone record's pull zone given by name: its id (``selectors.link_pull_zone``); a Script record's DNS script
    the same (``selectors.link_script``). The wanted record."""
    return link_script(ctx, link_pull_zone(ctx, wanted))


def change(client, zone_id, wanted, model, current, absent):
    """``(before, after, apply)``: the views compared and the one write that goes from one to the other."""
    if absent:
        return (
            (shapes.view(current) if current else {}),
            {},
            partial(dns_records.delete, client, zone_id, model and model["Id"]),
        )
    if current is None:
        if shapes.link_value(wanted) is None:
            needed = shapes.LINK_NEEDED.get(wanted["type"], "value")
            raise InputError(
                "%s is required to create a %s record." % (needed, wanted["type"]), option=needed.split()[0]
            )
        return (
            {},
            shapes.view(wanted, shapes.given(wanted)),
            partial(dns_records.add, client, zone_id, shapes.to_body(wanted), wanted["type"]),
        )
    before, after = shapes.plan(wanted, current)
    body = shapes.to_body(wanted, model)
    return before, after, partial(dns_records.update_and_read, client, zone_id, model["Id"], body)


def script_filter(params):
    """Whether ``dns_record_info`` filters by script (``script`` or ``script_id``): then only Script records are read;
    another ``type`` fails before any request, naming ``type``."""
    given = next((option for option in ("script", "script_id") if params[option] is not None), None)
    if given is None:
        return False
    problem = check_name(params["script"], "script")
    if problem:
        raise InputError(problem, option="script")
    if params["type"] not in (None, "Script"):
        raise InputError(
            "%s filters Script records, but type is %s: leave type out or set it to Script." % (given, params["type"]),
            option="type",
        )
    return True


def running_script(ctx, records):
    """The readable ``records`` of type Script that run the DNS script ``script`` (its exact name, one listing of the
    scripts: ``selectors.script_in_plan``) or ``script_id`` names. Under --check a script only predicted by an
    earlier task runs no record yet (with its warning)."""
    script_id, name = ctx.params["script_id"], ctx.params["script"]
    if name is not None:
        script = script_in_plan(ctx, name, "dns", "script", "script_id", changed=False)  # a read changes nothing
        script_id = None if script is None else script["Id"]
    return [r for r in records if r["type"] == "Script" and script_id is not None and r["script_id"] == script_id]
