# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Zones by name instead of id, and the listings behind them (pure Python: no Ansible imports).

Finders (take a ``Client``; raise :class:`LookupFailed` with a message for the user, ``ApiError``
for the platform's failures):

- :func:`find_dns_zone`: ``GET /dnszone?search=<domain>`` (every page), exact domain match,
  case-insensitive, trailing dot ignored.
- :func:`find_pull_zone`: ``GET /pullzone?search=<name>&page=N`` (every page), exact name match,
  case-insensitive.
- :func:`find_shield_zone`: ``GET /shield/shield-zone/get-by-pullzone/{pullZoneId}``.

The platform's ``search`` matches part of a name, so it can return several zones: only an exact
match counts, and when none (or several) match, the error lists a few candidates with their ids.
The Terraform provider finds a DNS zone by domain with one unfiltered ``GET /dnszone`` and an exact,
case-sensitive scan of ``Items`` (BunnyWay/terraform-provider-bunnynet internal/api/dnszone.go,
``GetDnsZoneByDomain``): it reads only the first page, so past 1000 zones it misses; the search term
and the page loop here do not.

Selectors (:data:`DNS_ZONE`, :data:`PULL_ZONE`, :data:`SHIELD_ZONE`) declare the mutually exclusive
options a module adds (``zone_id``/``zone_domain``, ...), and resolve them over an engine context
(``selector.resolve(ctx) -> Found(id, model)``), failing through ``ctx.fail``. Their documentation
is the doc fragment ``edge.platform.zone_selectors``.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.plugins.module_utils._hosts.names import check_name

MAX_CANDIDATES = 5
CORE_PAGE_SIZE = 1000  # the documented maximum of perPage on /dnszone and /pullzone
# Bounds on one listing: a platform that never says "no more items" must neither keep the task running nor
# fill the host's memory. No account holds this many zones; past either bound the listing fails (a partial
# listing could miss the zone asked for) instead of deciding anything from part of it.
MAX_PAGES = 10000
MAX_ITEMS = 100000
LISTING_HINT = ("Nothing was decided from a partial listing. Give the id instead of a name, or check that the API "
                "answers with pages that end.")


class LookupFailed(Exception):
    """No single object matches: ``str(error)`` says what was searched and what was found."""


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
            what, self.id, self.option, self.given, self.option)

    def __repr__(self):
        return "Found(%r)" % (self.id,)


def _normal(name):
    return (name or "").strip().rstrip(".").lower()


def _core_items(reply_data, operation):
    """``(items, has_more)`` of a core list answer: the paged object, or a plain array (all items)."""
    if isinstance(reply_data, list):
        return reply_data, False
    if isinstance(reply_data, dict) and "Items" in reply_data and isinstance(reply_data["Items"], (list, type(None))):
        return reply_data.get("Items") or [], bool(reply_data.get("HasMoreItems"))
    raise ApiError(operation, 200, "the platform answered with neither a list nor a page of items", kind=BAD_ANSWER)


def check_listing(operation, what, items, pages):
    """Fail when a listing that announces more has passed :data:`MAX_ITEMS` items or read :data:`MAX_PAGES` pages."""
    if len(items) > MAX_ITEMS or pages >= MAX_PAGES:
        raise ApiError(operation, None, "the listing of %s passed %s (%s %s in %s pages so far) and was stopped"
                       % (what, "%s items" % format(MAX_ITEMS, ",") if len(items) > MAX_ITEMS
                          else "%s pages" % format(MAX_PAGES, ","), format(len(items), ","), what,
                          format(pages, ",")), hint=LISTING_HINT, kind=BAD_ANSWER)


def _core_list(client, path, what, search=None, params=None):
    """Every item of a paged core list (``page`` from 1, ``perPage`` 1000), following ``HasMoreItems``;
    bounded by :data:`MAX_PAGES` and :data:`MAX_ITEMS`."""
    items = []
    page = 1
    while True:
        query = dict(params or {}, page=page, perPage=CORE_PAGE_SIZE)
        if search:
            query["search"] = search
        operation = "Listing %s (page %d)" % (what, page) if page > 1 else "Listing %s" % what
        # the page object, or (GET /pullzone, page 0 semantics) a plain array: _core_items checks which
        reply = client.request("GET", path, operation, params=query, expect="any")
        batch, has_more = _core_items(reply.data, operation)
        items.extend(item for item in batch if isinstance(item, dict))
        if not has_more or not batch:
            break
        check_listing(operation, what, items, page)
        page += 1
    return items


def list_dns_zones(client, search=None):
    """Every DnsZoneModel visible to the key (``search``: the platform's partial-match filter)."""
    return _core_list(client, "/dnszone", "DNS zones", search)


def list_pull_zones(client, search=None, include_certificate=False):
    """Every PullZoneModel visible to the key; certificates (and their keys!) only with ``include_certificate``."""
    params = {"includeCertificate": "true"} if include_certificate else None
    return _core_list(client, "/pullzone", "pull zones", search, params)


def list_shield_zones(client):
    """Every ShieldZoneResponse, following ``page.nextPage`` at the platform's default page size; bounded by
    :data:`MAX_PAGES` and :data:`MAX_ITEMS`."""
    zones = []
    page, reads = 1, 0
    while True:
        reads += 1
        operation = "Listing shield zones (page %d)" % page if page > 1 else "Listing shield zones"
        body = client.request("GET", "/shield/shield-zones", operation, params={"page": page}).object
        batch = [zone for zone in body.get("data") or [] if isinstance(zone, dict)]
        zones.extend(batch)
        paging = body.get("page") if isinstance(body.get("page"), dict) else {}
        following = paging.get("nextPage")
        if not batch or not isinstance(following, int) or isinstance(following, bool) or following <= page:
            break
        check_listing(operation, "shield zones", zones, reads)
        page = following
    return zones


def _describe(models, id_key, name_key):
    shown = ["%s (id %s)" % (model.get(name_key), model.get(id_key)) for model in models[:MAX_CANDIDATES]]
    more = len(models) - MAX_CANDIDATES
    return ", ".join(shown) + (" and %d more" % more if more > 0 else "")


def _pick(models, wanted, what, option, id_option, id_key, name_key):
    """The one model whose ``name_key`` equals ``wanted`` (normalised), else LookupFailed."""
    exact = [model for model in models if _normal(model.get(name_key)) == _normal(wanted)]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        raise LookupFailed("%d %ss match %s=%r: %s. Give %s to choose one."
                           % (len(exact), what, option, wanted, _describe(exact, id_key, name_key), id_option))
    if models:
        raise LookupFailed("No %s matches %s=%r exactly; the platform's search found %s. Set %s to one of "
                           "them exactly, or give %s." % (what, option, wanted, _describe(models, id_key, name_key),
                                                          option, id_option))
    raise LookupFailed("No %s matches %s=%r among those this API key can see: check %s, or give %s."
                       % (what, option, wanted, option, id_option))


def find_dns_zone(client, domain, option="zone_domain", id_option="zone_id"):
    """The DnsZoneModel whose Domain is ``domain``: one search request (one more per 1000 matches)."""
    wanted = _normal(domain)
    if not wanted:
        raise LookupFailed("%s must be a domain such as example.com; got %r." % (option, domain))
    return _pick(list_dns_zones(client, wanted), domain, "DNS zone", option, id_option, "Id", "Domain")


def find_pull_zone(client, name, option="pullzone_name", id_option="pullzone_id"):
    """The PullZoneModel named ``name``: one search request (one more per 1000 matches)."""
    wanted = (name or "").strip()
    if not wanted:
        raise LookupFailed("%s must be a pull zone name; got %r." % (option, name))
    return _pick(list_pull_zones(client, wanted), wanted, "pull zone", option, id_option, "Id", "Name")


def find_shield_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``: one request.

    A pull zone without a shield zone answers in a way the published document does not describe
    (docs/platform-notes.md, "Finding the shield zone of a pull zone"); a 404 and an answer without ``data``
    both say "no shield zone".
    """
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    operation = "Finding the shield zone of %s" % label
    reply = client.request("GET", "/shield/shield-zone/get-by-pullzone/%d" % pull_zone_id, operation,
                           allow_404=True)
    zone = reply.object.get("data")
    if reply.status == 404 or not isinstance(zone, dict) or not isinstance(zone.get("shieldZoneId"), int):
        answer = "HTTP 404" if reply.status == 404 else "HTTP %d without a shield zone" % reply.status
        raise LookupFailed("No shield zone of %s is visible to this API key (the platform answered %s): enable "
                           "Shield on that pull zone, or give shield_zone_id." % (label, answer))
    return zone


def _positive_id(ctx, option, what):
    value = ctx.params.get(option)
    if value is not None and value <= 0:
        ctx.fail("%s must be a positive %s id; got %d." % (option, what, value))
    return value


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

    def argument_spec(self):
        """The options to add to a module's argument spec (each a fresh dict)."""
        return {name: dict(spec) for name, spec in self.options}

    def validation(self, required=True):
        """``mutually_exclusive`` (and ``required_one_of`` when ``required``) for ``ModuleDef``/``AnsibleModule``."""
        rules = {"mutually_exclusive": [self.names]}
        if required:
            rules["required_one_of"] = [self.names]
        return rules

    def given(self, params):
        """True when any of the options is set (an info module lists everything otherwise)."""
        return any(params.get(name) is not None for name in self.names)

    def resolve(self, ctx):
        """A :class:`Found` from whichever option is set; fails the task through ``ctx.fail``."""
        id_option = self.names[0]
        object_id = _positive_id(ctx, id_option, self.what)
        if object_id is not None:
            return Found(object_id, what=self.what, option=id_option, given=object_id)
        for name in self.names[1:]:  # names are sent to the platform as a search term
            problem = check_name(ctx.params.get(name), name)
            if problem:
                ctx.fail(problem)
        try:
            found = self.finder(ctx)
        except LookupFailed as failed:
            ctx.fail(str(failed))
        option = next(name for name in self.names[1:] if ctx.params.get(name) is not None)
        found.what, found.option, found.given = self.what, option, ctx.params[option]
        return found


def _dns_zone(ctx):
    model = find_dns_zone(ctx.client, ctx.params["zone_domain"])
    return Found(model["Id"], model)


def _pull_zone(ctx):
    model = find_pull_zone(ctx.client, ctx.params["pullzone_name"])
    return Found(model["Id"], model)


def _shield_zone(ctx):
    pull_zone_id = _positive_id(ctx, "pullzone_id", "pull zone")
    label = None
    if pull_zone_id is None:
        pull_zone = find_pull_zone(ctx.client, ctx.params["pullzone_name"])
        pull_zone_id = pull_zone["Id"]
        label = "pull zone %s (id %d)" % (pull_zone.get("Name"), pull_zone_id)
    model = find_shield_zone(ctx.client, pull_zone_id, label)
    return Found(model["shieldZoneId"], model)


DNS_ZONE = Selector("DNS zone", (("zone_id", {"type": "int"}), ("zone_domain", {"type": "str"})), _dns_zone)
PULL_ZONE = Selector("pull zone", (("pullzone_id", {"type": "int"}), ("pullzone_name", {"type": "str"})),
                     _pull_zone)
SHIELD_ZONE = Selector("shield zone", (("shield_zone_id", {"type": "int"}), ("pullzone_id", {"type": "int"}),
                                       ("pullzone_name", {"type": "str"})), _shield_zone)


def merge_validation(*rule_sets):
    """One ``**validation`` from several (each a dict of lists of option groups)."""
    merged = {}
    for rules in rule_sets:
        for key, groups in rules.items():
            merged.setdefault(key, []).extend(groups)
    return merged
