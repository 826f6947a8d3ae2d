# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Cache purge (``pullzone_purge``): the input checked, the pull zone found, the purge sent (pure Python: no Ansible
imports). A purge is an action, not a state: it always reports a change, and check mode sends nothing and returns
what a real run would purge.

- :func:`checked_input`: the tag and the URLs checked before any request (``_shapes/purge.py``), the URLs without
  repeats; an empty list is refused, never read as "the whole zone".
- :func:`pull_zone`: the pull zone the options name (the selector's lookup, then one read by id for its hostnames,
  unless the lookup read them), whose hostnames every URL must be on.
- :func:`purge_urls`: each URL one ``POST /purge`` over the client's one kept-alive pool, :data:`IN_FLIGHT` at a
  time, paced to the platform's rate buckets (``purge_pacing.py``). After the first failure no new purge starts; the
  result (and the failure) lists the URLs purged, those that failed and those not sent. A URL purged is never sent
  again (a retry after a lost answer is the client's own, and safe: a purge is idempotent).
"""

from __future__ import annotations

import threading

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones, purge
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import DONE, FAILED, run_bounded
from ansible_collections.edge.platform.plugins.module_utils._shapes.purge import (
    foreign_urls,
    purge_kind,
    unique,
    url_problem,
)

from .purge_pacing import Pacer

# purges in flight at once: the buckets, not the round trip, set the pace; four keep it so up to a round trip of
# 0.8 s (four purges per 0.2 s refill of the exact bucket)
IN_FLIGHT = 4
MAX_LISTED_HOSTNAMES = 5
MIDWAY = (
    " Of %d URLs, %d were purged, %d failed and %d were not sent (see purged, failed_urls and not_sent); a purge is "
    "idempotent, so re-running the task is safe."
)


def checked_input(params):
    """``(scope, tag, urls)``: ``zone``, ``tag`` or ``urls``; raises InputError naming the option."""
    tag, urls = params.get("tag"), params.get("urls")
    if tag is not None and not tag.strip():
        raise InputError("tag is empty: give the cache tag (the CDN-Tag the origin sent), or leave tag out.", "tag")
    if urls is None:
        return ("tag" if tag is not None else "zone"), tag, []
    if not urls:
        raise InputError(
            "urls is empty: list the URLs to purge (an empty list never purges the whole zone: leave urls out and "
            "name the pull zone for that).",
            "urls",
        )
    for index, url in enumerate(urls):
        problem = url_problem(url, "urls[%d] (%s)" % (index, url) if url else "urls[%d]" % index)
        if problem:
            raise InputError(problem, "urls")
    return "urls", None, unique(urls)


def pull_zone(ctx, standin):
    """The PullZoneModel (with its hostnames) the options name, or None when they name none (URLs only)."""
    if not PULL_ZONE.given(ctx.params):
        return None
    found = PULL_ZONE.resolve_in_plan(ctx, standin)
    return pull_zones.with_hostnames(ctx.client, found.id, found.model, found.not_visible)


def identity(zone):
    return {"id": zone["Id"], "name": zone.get("Name")} if zone is not None else None


def check_hosts(zone, urls):
    """Every URL on a hostname of ``zone`` (a URL purge goes to whichever zone serves its host); InputError else."""
    hostnames = [entry.get("Value") for entry in zone.get("Hostnames") or [] if isinstance(entry, dict)]
    foreign = foreign_urls(urls, hostnames)
    if foreign:
        shown = ", ".join(hostnames[:MAX_LISTED_HOSTNAMES]) + (", ..." if len(hostnames) > MAX_LISTED_HOSTNAMES else "")
        raise InputError(
            "urls: %s %s not on pull zone %s (id %d), whose hostnames are %s. A URL purge reaches whichever pull zone "
            "serves its host: fix the URL, or leave pullzone_id and pullzone_name out. Nothing was purged."
            % (
                ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else ""),
                "is" if len(foreign) == 1 else "are",
                zone.get("Name"),
                zone["Id"],
                shown,
            ),
            "urls",
        )


def warn_exact_path(ctx, zone):
    if ctx.params.get("exact_path") and zone is not None and zone.get("IgnoreQueryStrings") is True:
        ctx.warn(
            "exact_path applies only when the pull zone ignores no query strings (IgnoreQueryStrings off); pull zone "
            "%s has it on, so a URL ending in / may still purge everything under it." % zone.get("Name")
        )


def purge_zone(ctx, zone, tag):
    """One whole-zone or tag purge (none in check mode)."""
    if not ctx.check_mode:
        purge.purge_zone(ctx.client, zone["Id"], tag)


def purge_urls(ctx, urls, pacer=None):
    """Purge ``urls`` (none in check mode): ``{purged, failed_urls, not_sent, paced_seconds}``; the first failure ends the
    task with those lists."""
    outcome = {"purged": list(urls), "failed_urls": [], "not_sent": [], "paced_seconds": 0.0}
    if ctx.check_mode:
        return outcome
    pacer = pacer or Pacer()
    client, exact_path, stopped = ctx.client, bool(ctx.params.get("exact_path")), threading.Event()
    client.pause_listeners.append(pacer.hold)  # a retry's wait (a 429's Retry-After) holds every purge

    def job(url):
        def send():
            pacer.take(purge_kind(url))
            if stopped.is_set():  # a failure came while this purge waited for its token
                return False
            purge.purge_url(client, url, exact_path)
            return True

        return send

    results = run_bounded([job(url) for url in urls], IN_FLIGHT, stop_on=(ApiError,), stopped=stopped)
    outcome["purged"] = [url for url, r in zip(urls, results) if r.status == DONE and r.value]
    outcome["failed_urls"] = [url for url, r in zip(urls, results) if r.status == FAILED]
    outcome["not_sent"] = [
        url for url, r in zip(urls, results) if r.status != FAILED and not (r.status == DONE and r.value)
    ]
    outcome["paced_seconds"] = round(pacer.waited, 3)
    errors = [r.error for r in results if r.status == FAILED]
    if errors:
        counts = (len(urls), len(outcome["purged"]), len(outcome["failed_urls"]), len(outcome["not_sent"]))
        ctx.fail_from(errors[0], msg=errors[0].describe() + (MIDWAY % counts if len(urls) > 1 else ""), **outcome)
    return outcome
