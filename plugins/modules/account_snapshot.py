#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: account_snapshot
short_description: Read the account as variables in the form the write modules take, one item per resource
version_added: 1.3.0
description:
  - Reads the pull zones (their settings, custom hostnames and edge rules), the shield zones (their settings,
    custom WAF rules, rate limit rules, access lists, bot detection and API Guardian) and the DNS zones (their settings
    and records) of the account, or those chosen by O(kinds), O(include) and O(exclude), and returns each as the content
    of one file of a snapshot tree (RV(account)). The playbook C(edge.platform.snapshot) writes that tree.
  - Each value is in the form its write module takes (M(edge.platform.pullzone), M(edge.platform.pullzone_hostname),
    M(edge.platform.pullzone_edge_rules), M(edge.platform.dnszone), M(edge.platform.dns_records)), converted as the
    info modules convert it, so a value read here and written back is no change. Ids and states the platform keeps,
    and settings the platform holds no value of, are left out.
  - Stable output. Hostnames are sorted by name, edge rules are in the order the platform runs them, records are
    sorted by name, type and value, and zones by file name, so two snapshots of an unchanged account are equal.
  - Never returns a secret. A secret a pull zone holds (the token authentication key, the S3 signing key and secret,
    the log forwarding token, an origin URL carrying a password) is returned as a reference to an Ansible Vault
    variable for the user to fill, such as C({{ vault_pullzone_demo_log_forwarding_token }}), and that zone's
    settings then hold C(update_secret=on_create). Only the secrets of sections that are enabled are referenced.
  - What cannot be written back is left out and listed in RV(skipped) with the reason. That includes records of a
    type M(edge.platform.dns_records) cannot write, and the edge rules of a zone whose rules cannot each be named by
    a description of their own.
  - "A shield zone is named by its pull zone (the file C(shield_zones/<pull zone name>.yml), matched by O(include)
    and O(exclude)). Its parts are in the forms of M(edge.platform.shield_zone) (upload scanning included),
    M(edge.platform.waf_rule) and M(edge.platform.rate_limit_rule) (found by name; custom WAF rules in the order the
    zone runs them, rate limit rules and access lists by name), M(edge.platform.access_list),
    M(edge.platform.bot_detection) (left out on a plan without it), M(edge.platform.api_guardian) and
    M(edge.platform.api_guardian_endpoint)."
  - The platform never returns an uploaded OpenAPI document, only what it derived from it. The snapshot rebuilds a
    document (OpenAPI 3.0, JSON) from that derived state and returns it as an attachment
    (C(shield_zones/<pull zone name>.openapi.json)) for M(edge.platform.api_guardian_spec). It is kept only when the
    collection's own derivation of it gives back exactly the state read, so uploading it is no change. Otherwise the
    zone's API Guardian is listed in RV(skipped), and so are rules whose name is empty or repeated (the modules find a
    rule by its name), enabled managed access lists (the platform's; M(edge.platform.access_list) manages custom lists
    only), and API Guardian on a zone that answers HTTP 403 for it.
  - Reads only. The listings are read once, then the zones a listing does not fully describe and each DNS zone's
    records are read with at most O(concurrency) requests in flight over one kept-alive connection pool.
  - Complete or failed. A read that fails fails the task, because a partial snapshot would make the playbook remove
    the files of resources that still exist.
options:
  kinds:
    description:
      - The kinds of resources to read.
    type: list
    elements: str
    choices: [pull_zones, shield_zones, dns_zones]
    default: [pull_zones, shield_zones, dns_zones]
  include:
    description:
      - Only the resources whose name (a pull zone's) or domain (a DNS zone's) matches one of these shell patterns
        (C(fnmatch), compared without case). Every resource when empty.
    type: list
    elements: str
    default: []
  exclude:
    description:
      - Leave out the resources whose name or domain matches one of these shell patterns (compared without case).
    type: list
    elements: str
    default: []
  concurrency:
    description:
      - The most reads in flight at once (1 to 50), over the client's one kept-alive connection pool.
    type: int
    default: 10
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.dnszone_info
  - module: edge.platform.dns_record_info
  - module: edge.platform.pullzone_edge_rule_info
  - module: edge.platform.shield_zone_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Read the whole account into a tree (the playbook edge.platform.snapshot writes it to files)
  edge.platform.account_snapshot:
    api_key: "{{ vault_edge_api_key }}"
  register: snapshot

- name: Read only the DNS zones of example.com and its subdomains
  edge.platform.account_snapshot:
    api_key: "{{ vault_edge_api_key }}"
    kinds: [dns_zones]
    include: ["example.com", "*.example.com"]
  register: dns_snapshot

- name: Say what the snapshot holds and what it could not represent
  ansible.builtin.debug:
    msg: >-
      {{ snapshot.files.pull_zones | length }} pull zone(s), {{ snapshot.files.dns_zones | length }} DNS zone(s);
      left out: {{ snapshot.skipped | map(attribute='what') | join(', ') or 'nothing' }}
"""

RETURN = r"""
account:
  description:
    - The resources read, by kind (only the kinds of O(kinds)), each item the content of its file.
  returned: success
  type: dict
  contains:
    pull_zones:
      description:
        - "Each pull zone as C({name, settings, hostnames, edge_rules}): C(settings) in the options of
          M(edge.platform.pullzone), C(hostnames) in those of M(edge.platform.pullzone_hostname) (without the system
          hostname), C(edge_rules) the O(edge.platform.pullzone_edge_rules#module:rules) of the zone."
      type: list
      elements: dict
      sample:
        - name: demo
          settings: {origin_url: "https://origin.example.com", cache_expiration_time: -1}
          hostnames: [{hostname: cdn.example.com, force_ssl: true}]
          edge_rules: []
    shield_zones:
      description:
        - "Each shield zone as C({pullzone_name, settings, waf_rules, rate_limit_rules, access_lists, bot_detection,
          api_guardian}): C(settings) in the options of M(edge.platform.shield_zone), each entry of C(waf_rules),
          C(rate_limit_rules) and C(access_lists) in those of M(edge.platform.waf_rule),
          M(edge.platform.rate_limit_rule) and M(edge.platform.access_list), C(bot_detection) in those of
          M(edge.platform.bot_detection) (absent on a plan without it), C(api_guardian) as C({settings, spec_file,
          endpoints}) (absent when no document was uploaded): the options of M(edge.platform.api_guardian), the path
          of the rebuilt OpenAPI document (an attachment, relative to the snapshot directory) and each endpoint's
          options of M(edge.platform.api_guardian_endpoint)."
      type: list
      elements: dict
      sample:
        - pullzone_name: petstore
          settings: {plan: advanced, waf_enabled: true}
          waf_rules: []
          rate_limit_rules: []
          access_lists: [{name: office, type: cidr, entries: [203.0.113.0/24], action: allow, enabled: true}]
          api_guardian:
            settings: {enabled: true, execution_mode: block}
            spec_file: shield_zones/petstore.openapi.json
            endpoints: [{method: GET, path: /pets, enabled: true}]
    dns_zones:
      description:
        - "Each DNS zone as C({domain, settings, records}): C(settings) in the options of M(edge.platform.dnszone),
          C(records) the O(edge.platform.dns_records#module:records) of the zone."
      type: list
      elements: dict
      sample:
        - domain: example.com
          settings: {logging_enabled: false}
          records: [{name: www, type: A, value: 192.0.2.10, ttl: 300}]
files:
  description:
    - The file name of each item of RV(account), by kind, in the same order (the name or domain in lower case, each
      character outside C([a-z0-9._-]) as C(_), then C(.yml)).
  returned: success
  type: dict
  sample: {pull_zones: [demo.yml], shield_zones: [demo.yml], dns_zones: [example.com.yml]}
present:
  description:
    - The file names of every resource of each kind read that exists in the account, chosen or not, with the names
      of its attachments. A file of the kind's folder not listed here belongs to a resource that is gone.
  returned: success
  type: dict
  sample: {pull_zones: [demo.yml, other.yml], dns_zones: [example.com.yml]}
attachments:
  description:
    - The files written beside the items of each kind (such as a script's code), each as C({path, content}), the path
      relative to the snapshot directory (C(<kind>/<file name>)) and named so by the item that uses it. An empty list
      for a kind that has none.
  returned: success
  type: dict
  sample: {pull_zones: [], shield_zones: [{path: shield_zones/petstore.openapi.json, content: "{...}"}], dns_zones: []}
attachment_suffixes:
  description:
    - The suffixes the attachments of each kind take (C(js) for C(edge_scripts/<name>.js)), whether or not a resource
      has one now. The playbook removes a stale attachment of a kind's folder by them, and leaves other files alone.
  returned: success
  type: dict
  sample: {pull_zones: [], shield_zones: [openapi.json], dns_zones: []}
skipped:
  description:
    - What the snapshot could not represent, each with why.
  returned: success
  type: list
  elements: dict
  contains:
    kind:
      description: V(pull_zones), V(shield_zones) or V(dns_zones).
      type: str
    name:
      description: The resource's name or domain (a shield zone's pull zone name).
      type: str
    what:
      description: What was left out.
      type: str
    why:
      description: Why.
      type: str
  sample: [{kind: dns_zones, name: example.com, what: "record _svc SVCB 1 .", why: "dns_records cannot write records of type SVCB"}]
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

from ansible_collections.edge.platform.plugins.module_utils._cores.account_snapshot import KINDS, snapshot
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    params = ctx.params
    kinds = [kind for kind in KINDS if kind in params["kinds"]]
    read = snapshot(ctx, kinds, params["include"], params["exclude"], params["concurrency"])
    return dict(changed=False, **read)


MODULE = ModuleDef(
    argument_spec=dict(
        kinds=dict(type="list", elements="str", choices=list(KINDS), default=list(KINDS)),
        include=dict(type="list", elements="str", default=[]),
        exclude=dict(type="list", elements="str", default=[]),
        concurrency=dict(type="int", default=10),
    ),
    run=run,
    # concurrency sizes the connection pool and the worker's threads: at most 50 (the engine's ceiling)
    bounds=dict(concurrency=(1, 50)),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
