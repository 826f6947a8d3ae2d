#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_purge
short_description: Purge the cache of a pull zone, by cache tag, or a list of URLs
version_added: 1.3.0
description:
  - Purges the whole cache of a pull zone, the objects cached with one cache tag, or a list of URLs.
  - A purge is an action, not a state, so this module B(always reports a change) (as the action modules of
    community.general do), and a re-run purges again. In check mode it sends no purge and returns what a real run
    would purge.
  - The pull zone is chosen by O(pullzone_id), or by O(pullzone_name) at the cost of one search request; it is read
    once (its name and hostnames). It is required unless O(urls) is given, since a URL names its pull zone by its
    host.
  - With neither O(tag) nor O(urls), the whole cache of the pull zone is purged.
  - Every input is checked before any request, and the task fails naming the option and the fix with nothing
    purged. Each URL must be an absolute C(http) or C(https) URL on the host it names (no user information before
    an C(@), no backslash, no fragment), and, when the pull zone is given too, on one of its hostnames.
  - The platform limits URL purges per account with token buckets (exact URLs 120 at once, then 5 a second;
    prefixes 20 at once, then one every 2 seconds; past that it answers HTTP 429). The module paces the URLs to
    those buckets, a few in flight over one kept-alive connection pool, so a long list never meets a 429 and takes
    about the least time the buckets allow (1,000 exact URLs about three minutes). A 429 all the same (another
    tool of the account emptied a bucket) waits as its C(Retry-After) says and holds every other purge as long.
  - After a failure midway no new purge starts; the failure (and the result) lists the URLs purged, those whose
    purge failed, and those not sent. A purge is idempotent, so a purge whose answer was lost is sent again by the
    client's retries, and re-running the task is safe.
options:
  tag:
    description:
      - Purge only the objects cached with this cache tag, the value of the C(CDN-Tag) header the origin sent with
        them (edge rules cannot set C(CDN-*) headers).
      - Needs the pull zone. Mutually exclusive with O(urls).
    type: str
  urls:
    description:
      - The URLs to purge, each absolute C(http) or C(https), for example V(https://www.example.com/app.js). A URL
        given twice is purged once.
      - A URL with a C(*) (V(https://www.example.com/assets/*)) or whose path ends in C(/) purges everything under
        it (a prefix purge, the platform's slower bucket); any other URL purges that URL only.
      - The host of each URL names the pull zone; with O(pullzone_id) or O(pullzone_name) every URL must be on one of
        that zone's hostnames.
      - An empty list is refused (it never stands for the whole zone).
      - Mutually exclusive with O(tag).
    type: list
    elements: str
  exact_path:
    description:
      - With O(urls), a URL whose path ends in C(/) purges that path only instead of everything under it.
      - The platform applies it only when the pull zone does not ignore query strings; with the pull zone given, the
        module warns when it does.
      - Requires O(urls).
    type: bool
    default: false
notes:
  - Whole-zone and tag purges are one request, C(POST /pullzone/{id}/purgeCache); each URL is one request,
    C(POST /purge) with C(async=true), as the platform's Terraform provider sends it.
  - The platform documents HTTP 204 for a zone or tag purge and is seen answering 200; both count as done.
  - A purge reaches every edge server a moment after the platform answers; a request in that moment may still be
    served from the cache.
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Sends no purge (a lookup by name and the read of the pull zone are sent) and returns what a real run would
        purge, reporting a change.
  diff_mode:
    support: none
seealso:
  - name: Purge cache
    description: The platform's page on purging, with its rate limits.
    link: https://docs.bunny.net/cdn/purge-cache
  - name: Purge URL
    description: The platform endpoint that purges one URL.
    link: https://docs.bunny.net/reference/purgepublic_indexpost
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Purge the whole cache of a pull zone after a deploy
      edge.platform.pullzone_purge:
        pullzone_name: demo

    - name: Purge what the origin tagged with CDN-Tag release-42
      edge.platform.pullzone_purge:
        pullzone_id: 2001
        tag: release-42

    - name: Purge two files and everything under /assets/ (the URLs name their zone by host)
      edge.platform.pullzone_purge:
        urls:
          - https://www.example.com/index.html
          - https://www.example.com/app.js
          - https://www.example.com/assets/*
      register: purged

    - name: Show what was purged
      ansible.builtin.debug:
        msg: "{{ purged.purged | length }} URLs purged"
"""

RETURN = r"""
pull_zone:
  description:
    - The pull zone purged or named by the task; null when only O(urls) named the zones (by their hosts).
    - In check mode, a pull zone chosen by name that an earlier task only predicted has a null id.
  returned: success
  type: dict
  contains:
    id:
      description: Pull zone id.
      type: int
      sample: 2001
    name:
      description: Pull zone name.
      type: str
      sample: demo
scope:
  description: What was purged (in check mode, what would be) - the whole V(zone), one V(tag), or V(urls).
  returned: success
  type: str
  sample: urls
tag:
  description: The cache tag purged, with RV(scope=tag); else null.
  returned: success
  type: str
  sample: release-42
purged:
  description:
    - The URLs purged, in the order given (in check mode, those a real run would purge); empty unless RV(scope=urls).
  returned: success, and when URL purges failed
  type: list
  elements: str
  sample: [https://www.example.com/index.html, https://www.example.com/assets/*]
failed_urls:
  description: The URLs whose purge failed (after the client's retries); not empty only when the task failed.
  returned: success, and when URL purges failed
  type: list
  elements: str
  sample: []
not_sent:
  description: The URLs not sent, because a purge before them failed; not empty only when the task failed.
  returned: success, and when URL purges failed
  type: list
  elements: str
  sample: []
paced_seconds:
  description: Seconds the URL purges waited in all for the platform's rate buckets (0 in check mode).
  returned: success, and when URL purges failed
  type: float
  sample: 0.0
# BEGIN edge.platform.api_error
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE, merge_validation
from ansible_collections.edge.platform.plugins.module_utils._cores import purge as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    scope, tag, urls = core.checked_input(ctx.params)  # before any request
    result = {"pull_zone": None, "scope": scope, "tag": tag, "purged": [], "failed_urls": [], "not_sent": []}
    result["paced_seconds"] = 0.0
    # under --check, a pull zone an earlier task only predicted: what a real run would purge in it
    zone = core.pull_zone(
        ctx, lambda: dict(result, pull_zone={"id": None, "name": ctx.params["pullzone_name"]}, purged=urls)
    )
    result["pull_zone"] = core.identity(zone)
    if scope == "urls":
        if zone is not None:
            core.check_hosts(zone, urls)
            core.warn_exact_path(ctx, zone)
        result.update(core.purge_urls(ctx, urls))
    else:
        core.purge_zone(ctx, zone, tag)
    ctx.changed = True  # a purge is an action, never a state: always a change (DESIGN 5.7)
    return result


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        tag=dict(type="str"),
        urls=dict(type="list", elements="str"),
        exact_path=dict(type="bool", default=False),
    ),
    run=run,
    **merge_validation(
        PULL_ZONE.validation(required=False),
        dict(
            mutually_exclusive=[("tag", "urls")],
            required_one_of=[("pullzone_id", "pullzone_name", "urls")],
            required_if=[("exact_path", True, ("urls",))],
        ),
    ),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
