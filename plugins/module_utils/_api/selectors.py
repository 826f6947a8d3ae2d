# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Zones by name instead of id: the selectors modules add, and what they resolve to (pure Python: no Ansible imports).

Selectors (:data:`DNS_ZONE`, :data:`PULL_ZONE`, :data:`SHIELD_ZONE`) declare the mutually exclusive
options a module adds (``zone_id``/``zone_domain``, ...), and resolve them over an engine context
(``selector.resolve(ctx) -> Found(id, model)``); bad input and a name that matches no single zone raise
``InputError`` (:class:`LookupFailed`), which ends the task with its text. Their documentation is the doc
fragment ``edge.platform.zone_selectors``.

The listings and finders behind the name options live with their resources (``dns_zones.find``,
``pull_zones.find``, ``shield_zones.find_by_pull_zone``); the names below re-export them for the modules that
import them from here. The bounds of a listing are ``listing.py``'s alone (a copy here would escape a test that
lowers them).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_records import set_script
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name

from . import dns_zones, edge_scripts, pull_zones, shield_zones
from .listing import LookupFailed, check_listing, named_exactly

find_dns_zone = dns_zones.find
find_pull_zone = pull_zones.find
find_shield_zone = shield_zones.find_by_pull_zone
list_dns_zones = dns_zones.list_all
list_pull_zones = pull_zones.list_all
list_shield_zones = shield_zones.list_all

__all__ = [
    "DNS_ZONE",
    "PULL_ZONE",
    "SHIELD_ZONE",
    "Found",
    "Selector",
    "LookupFailed",
    "merge_validation",
    "find_dns_zone",
    "find_pull_zone",
    "find_shield_zone",
    "list_dns_zones",
    "list_pull_zones",
    "list_shield_zones",
    "check_listing",
]


class Found(object):
    """A resolved object: its ``id`` and, when a lookup read it, its platform ``model`` (else None).

    ``what`` names the kind of object, ``option`` the option the user gave and ``given`` its value (the id itself,
    a name, or the pull zone a shield zone was found through), so a later 404 names what the user wrote.
    """

    def __init__(self, object_id, model=None, what=None, option=None, given=None):
        self.id = object_id
        self.model = model
        self.what = what
        self.option = option
        self.given = given

    @property
    def not_visible(self):
        """The hint of a 404 on this object: what was asked for, and the option to check (the one the user gave)."""
        what = self.what or "object"
        if self.option is None or self.given is None or self.given == self.id:
            return "No %s with id %d is visible to this API key: check %s." % (what, self.id, self.option or "the id")
        return "No %s with id %d (found through %s %s) is visible to this API key: check %s." % (
            what,
            self.id,
            self.option,
            self.given,
            self.option,
        )

    def __repr__(self):
        return "Found(%r)" % (self.id,)


class Selector(object):
    """One way to name an object: an id option and the name options that stand for it.

    ``options``: ``(name, argument spec)`` pairs, the id option first. ``finder(ctx)``
    returns a :class:`Found` for the name options (raising LookupFailed).
    """

    def __init__(self, what, options, finder):
        self.what = what
        self.options = options
        self.finder = finder

    @property
    def names(self):
        return [name for name, _spec in self.options]

    def argument_spec(self, aliases=None):
        """The options to add to a module's argument spec (each a fresh dict); ``aliases``: ``{option: [alias]}``, the
        names an info module also takes from its write twin (``pullzone_info`` takes ``pullzone``'s ``name``)."""
        spec = {name: dict(spec) for name, spec in self.options}
        for name, more in (aliases or {}).items():
            spec[name]["aliases"] = list(more)
        return spec

    def validation(self, required=True):
        """``mutually_exclusive`` (and ``required_one_of`` when ``required``) for ``ModuleDef``/``AnsibleModule``."""
        rules = {"mutually_exclusive": [self.names]}
        if required:
            rules["required_one_of"] = [self.names]
        return rules

    def given(self, params):
        """True when any of the options is set (an info module lists everything otherwise)."""
        return any(params.get(name) is not None for name in self.names)

    def resolve_in_plan(self, ctx, standin, gone=None):
        """:meth:`resolve` for a task that writes into the object (its parent), when a lookup finds no such object at
        all (several matches, or a malformed name, fail as :meth:`resolve` does):

        - ``state: present`` in check mode: an earlier task may only have been predicted creating the parent (check
          mode creates nothing); when the run's ledger shows it was (the lookup's ``needs``), or on the module path (no
          ledger), the task ends reporting the change a real run would make, with a warning
          (``ctx.predicted_dependency``) and ``standin()`` as its result (which may check what the task needs in the
          parent the same way). Otherwise, and in a real run, it fails as :meth:`resolve` does.
        - ``state: absent`` with ``gone`` (the result of a task that removed nothing): what lived in the parent is
          gone with it, so the task ends unchanged (a teardown run twice changes nothing the second time), with the
          lookup's words as a warning (a mistyped name is seen, with the candidates the platform's search found).
        """
        try:
            return self.resolve(ctx)
        except LookupFailed as error:
            if not error.missing:
                raise
            given = next((name for name in self.names if ctx.params.get(name) is not None), self.names[0])
            missing = "%s %s=%s" % (self.what, given, ctx.params.get(given))
            if ctx.params.get("state", "present") == "absent":
                if gone is not None:
                    ctx.warn("Nothing to remove: %s" % error)
                    ctx.exit(**gone)
            elif ctx.predicted_dependency(missing, needs=error.needs):
                ctx.exit(**standin())
            raise

    def chosen_or_all(self, ctx, get, list_all, reuse_model=True):
        """The platform models an info module reports: the one object the options choose, else every object.

        ``get(client, id, hint)`` reads the chosen one unless a lookup by name already read it (and
        ``reuse_model``); ``list_all(client)`` lists them all."""
        if not self.given(ctx.params):
            return list_all(ctx.client)
        found = self.resolve(ctx)
        if found.model is not None and reuse_model:
            return [found.model]
        return [get(ctx.client, found.id, found.not_visible)]

    def resolve(self, ctx):
        """A :class:`Found` from whichever option is set; raises InputError (LookupFailed for a name that matches no
        single object), which fails the task with its text."""
        id_option = self.names[0]
        object_id = ctx.params.get(id_option)  # ids are in range (_engine/bounds.py) before the core runs
        if object_id is not None:
            return Found(object_id, what=self.what, option=id_option, given=object_id)
        for name in self.names[1:]:  # names are sent to the platform as a search term
            problem = check_name(ctx.params.get(name), name)
            if problem:
                raise InputError(problem, option=name)
        found = self.finder(ctx)
        option = next(name for name in self.names[1:] if ctx.params.get(name) is not None)
        found.what, found.option, found.given = self.what, option, ctx.params[option]
        return found


def named_in_plan(ctx, found, note, option, not_named, changed=True):
    """``found``, the model a lookup by exact name found for the option ``option`` (None: no object has the name);
    under --check None also when an earlier task only predicted creating it: ``note`` is the ledger's ``(kind, name)``
    of that object (``edge_scripts.predicted_script``, ``storage_zones.predicted_zone``; ``ctx.predicted_dependency``
    warns, and reports ``changed``). Otherwise a name no object has raises InputError(``not_named(name, option)``),
    naming ``option``."""
    if found is None and not ctx.predicted_dependency("%s %r" % note, changed, needs=[note]):
        raise InputError(not_named(note[1], option), option=option)
    return found


def pull_zone_in_plan(ctx, name, option="pullzone_name", id_option="pullzone_id"):
    """The PullZoneModel named ``name`` (``pull_zones.find``), for a task that points at it (a PullZone record); under
    --check, one an earlier task only predicted stands in as ``{"Id": None, "Name": name}`` (``ctx.predicted_dependency``,
    with its warning)."""
    try:
        return pull_zones.find(ctx.client, name, option, id_option)
    except LookupFailed as error:
        if error.missing and ctx.predicted_dependency("pull zone %r" % name, needs=error.needs):
            return {"Id": None, "Name": name}
        raise


def link_pull_zone(ctx, wanted, seen=None):
    """A record that names its pull zone by ``pullzone_name`` (and no ``pullzone_id``) gets its id, found once per name
    in ``seen`` (:func:`pull_zone_in_plan`: one search; under --check a predicted one stands in, its id null). The
    record."""
    name = wanted.get("pullzone_name")
    if name is not None and wanted.get("pullzone_id") is None:
        seen = {} if seen is None else seen
        if name not in seen:
            seen[name] = pull_zone_in_plan(ctx, name)
        wanted["pullzone_id"], wanted["pullzone_name"] = seen[name]["Id"], seen[name].get("Name") or name
    return wanted


def script_in_plan(ctx, name, kind, option, id_option, changed=True):
    """The EdgeScriptModel named exactly ``name`` of the type ``kind`` (``edge_scripts.TYPES``: a record's DNS script,
    a pull zone's standalone or middleware script), for the task option ``option`` (``id_option`` takes its id
    instead); under --check, None when an earlier task only predicted creating it (``ctx.predicted_dependency``, with
    its warning; ``changed``: whether the task then reports a change). A name no script has, or only a script of
    another type, raises InputError naming ``option``."""
    scripts = [edge_scripts.masked(ctx, script) for script in edge_scripts.named(ctx.client, name)]
    try:
        found = named_exactly(edge_scripts.of_types(scripts, [kind]), name, "edge script", noun="script")
    except InputError as error:  # several scripts of the name: the id chooses (listing.named_exactly's advice)
        raise InputError(str(error).replace("give id", "give %s" % id_option), option=option) from None
    if found is not None:
        return found
    others = sorted({edge_scripts.type_name(script) for script in scripts})
    if others:
        raise InputError(
            "%s names a %s script, but the edge script named %r is of type %s: give a %s script's name."
            % (option, kind, name, " and ".join(others), kind),
            option=option,
        )
    return named_in_plan(ctx, None, edge_scripts.predicted_script(name), option, edge_scripts.not_named, changed)


def link_script(ctx, wanted, seen=None, where=""):
    """A Script record that names its DNS script by ``script`` (and no ``script_id``) gets its id, found once per name
    in ``seen`` (:func:`script_in_plan`; under --check a predicted one stands in, its id null). The record."""
    name = wanted.get("script")
    if name is not None and wanted.get("script_id") is None:
        seen = {} if seen is None else seen
        if name not in seen:
            seen[name] = script_in_plan(ctx, name, "dns", where + "script", where + "script_id")
        set_script(wanted, (seen[name] or {}).get("Id"))
    return wanted


def _dns_zone(ctx):
    model = dns_zones.find(ctx.client, ctx.params["zone_domain"])
    return Found(model["Id"], model)


def _pull_zone(ctx):
    model = pull_zones.find(ctx.client, ctx.params["pullzone_name"])
    return Found(model["Id"], model)


def _shield_zone(ctx):
    pull_zone_id = ctx.params.get("pullzone_id")
    label = None
    if pull_zone_id is None:
        try:
            pull_zone = pull_zones.find(ctx.client, ctx.params["pullzone_name"])
        except LookupFailed as error:  # a pull zone only predicted: its shield zone must have been predicted too
            ref = pull_zones.ledger_ref(name=ctx.params["pullzone_name"])
            error.needs.append(shield_zones.predicted_zone(ref))
            raise
        pull_zone_id = pull_zone["Id"]
        label = "pull zone %s (id %d)" % (pull_zone.get("Name"), pull_zone_id)
    model = shield_zones.find_by_pull_zone(ctx.client, pull_zone_id, label)
    return Found(model["shieldZoneId"], model)


DNS_ZONE = Selector("DNS zone", (("zone_id", {"type": "int"}), ("zone_domain", {"type": "str"})), _dns_zone)
PULL_ZONE = Selector("pull zone", (("pullzone_id", {"type": "int"}), ("pullzone_name", {"type": "str"})), _pull_zone)
SHIELD_ZONE = Selector(
    "shield zone",
    (("shield_zone_id", {"type": "int"}), ("pullzone_id", {"type": "int"}), ("pullzone_name", {"type": "str"})),
    _shield_zone,
)


def merge_validation(*rule_sets):
    """One ``**validation`` from several (each a dict of lists of option groups)."""
    merged = {}
    for rules in rule_sets:
        for key, groups in rules.items():
            merged.setdefault(key, []).extend(groups)
    return merged
