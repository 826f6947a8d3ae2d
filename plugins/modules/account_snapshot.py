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
  - Reads the storage zones, the edge scripts (their code, variables and secret names), the pull zones (their
    settings, custom hostnames, certificates, optimizer classes and edge rules), the shield zones (their settings,
    custom WAF rules, rate limit rules, access lists, bot detection and API Guardian), the DNS zones (their settings,
    DNSSEC and records) and the databases of the account, or those chosen by O(kinds), O(include) and O(exclude), and returns each as the content
    of one file of a snapshot tree (RV(account)). The playbook C(edge.platform.snapshot) writes that tree.
  - Each value is in the form its write module takes (M(edge.platform.pullzone), M(edge.platform.pullzone_hostname),
    M(edge.platform.pullzone_certificate), M(edge.platform.pullzone_optimizer_class),
    M(edge.platform.pullzone_edge_rules), M(edge.platform.dnszone), M(edge.platform.dnszone_dnssec),
    M(edge.platform.dns_records)), converted as the
    info modules convert it, so a value read here and written back is no change. Ids and states the platform keeps,
    and settings the platform holds no value of, are left out.
  - Stable output. Hostnames are sorted by name, edge rules are in the order the platform runs them, records are
    sorted by name, type and value, and zones by file name, so two snapshots of an unchanged account are equal.
  - Never returns a secret. A secret a pull zone holds (the token authentication key, the S3 signing key and secret,
    the log forwarding token, an origin URL carrying a password) is returned as a reference to an Ansible Vault
    variable for the user to fill, such as C({{ vault_pullzone_demo_log_forwarding_token }}), and that zone's
    settings then hold C(update_secret=on_create). Only the secrets of sections that are enabled are referenced.
  - "Storage zones (M(edge.platform.storage_zone)), edge scripts (M(edge.platform.edge_script) with their variables
    and secrets) and databases (M(edge.platform.database)) are read too. A storage zone never brings its passwords,
    not even as a vault reference, since the platform generates them (a rebuilt zone has new ones, which
    O(edge.platform.storage_zone#module:rotate_password) returns once), nor its files, which
    M(edge.platform.storage_files) syncs. A database never brings a token (tokens are made with
    M(edge.platform.database_token)), nor its data."
  - "An edge script's saved code, the code M(edge.platform.edge_script) compares, is returned as an attachment
    (RV(attachments), C(edge_scripts/<name>.js)) that its item names as C(code_file), so applying it writes no code.
    Its C(publish) is V(true) when the live release holds that code (no publish on the same account), else V(false).
    A release serving other code than the saved code is listed in RV(left_out). Its variables keep their values; its
    secrets are named only, each value a vault reference such as C({{ vault_edge_script_hello_edge_secret_api_token }}),
    with C(update_secret=on_create). A standalone script names its linked pull zone (C(linked_pullzone_name)), or
    has C(linked_pullzone=false). The deployment key is never returned."
  - A hostname's custom certificate is returned as the SHA-256 fingerprint of its leaf
    (O(edge.platform.pullzone_certificate#module:fingerprint)) and the paths, relative to the snapshot directory,
    where the user puts its files (C(certificates/<hostname>.pem) and C(.key)); never key material. A zone holding
    one is read with its certificates, and the private keys in that answer are masked at once. A free certificate
    the platform issued over HTTP-01 is the hostname's C(free_certificate=true). DNSSEC is the zone's C(state); the
    DS record is the platform's and is not returned.
  - What cannot be written back is left out and listed in RV(left_out) with the reason. That includes records of a
    type M(edge.platform.dns_records) cannot write, the edge rules (optimizer classes) of a zone whose rules (classes)
    cannot each be named by a description (a name) of their own, a custom certificate the platform did not return,
    and a certificate the platform issued other than over HTTP-01.
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
    zone's API Guardian is listed in RV(left_out), and so are rules whose name is empty or repeated (the modules find a
    rule by its name), enabled managed access lists (the platform's; M(edge.platform.access_list) manages custom lists
    only), and API Guardian on a zone that answers HTTP 403 for it.
  - Reads only. The listings are read once, then the zones a listing does not fully describe, each DNS zone's
    records and each edge script's code, live release and secret names are read with at most O(concurrency)
    requests in flight over one kept-alive connection pool.
  - Complete or failed. A read that fails fails the task, because a partial snapshot would make the playbook remove
    the files of resources that still exist.
  - 'Leaving Terraform: with O(terraform_state), the snapshot holds only the resources a Terraform state of the
    platform''s provider holds (format version 4): which resources comes from the state, their values from the
    account, so applying the tree to the account is no change. A zone is in it when the state holds the zone or one
    of its hostnames, edge rules or records; of its hostnames, edge rules and records, only those the state holds.
    What the state holds that the snapshot does not read, or that the account no longer holds, is listed in
    RV(left_out) by its Terraform address. Only the types, names, ids and the ids that tie a resource to its zone are
    read from the state, never another value (a state holds secrets in clear).'
options:
  kinds:
    description:
      - The kinds of resources to read.
    type: list
    elements: str
    choices: [storage_zones, edge_scripts, pull_zones, shield_zones, dns_zones, databases]
    default: [storage_zones, edge_scripts, pull_zones, shield_zones, dns_zones, databases]
  include:
    description:
      - Only the resources whose name (a pull zone's, storage zone's, edge script's or database's) or domain (a DNS
        zone's) matches one of these shell patterns
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
  terraform_state:
    description:
      - Path of a Terraform state file (C(terraform.tfstate), or what C(terraform state pull) writes) on the
        controller, found as M(ansible.builtin.copy) finds C(src) (a Vault encrypted file is decrypted), read there
        (at most 64 MiB) and passed to the module as O(terraform_state_content).
      - The snapshot then holds only the resources of the state (see the description); O(kinds), O(include) and
        O(exclude) still apply.
      - A file that is not a state of format version 4 fails the task, naming the file and the fix, before any read.
    type: path
  terraform_state_content:
    description:
      - The text of a Terraform state, as O(terraform_state) passes it. Never logged or returned.
    type: str
  dest:
    description:
      - A directory to write the snapshot to, on the host the task runs on (the controller, for a play on localhost),
        in one task, C(<kind>/<name>.yml) for each item, rendered as C(to_nice_yaml(sort_keys=True, indent=2,
        width=120)) renders it, and each attachment beside it. A file is written only when its text differs,
        whole (a temporary file renamed over it), with mode C(0644); a kind's folder is made with C(0755).
      - The files of resources the account no longer holds (C(*.yml) and the kind's attachment suffixes, in the
        folders of the kinds read, never another file) are removed, so the directory is the account's. The task is
        changed when it wrote or removed a file (in check mode, when it would), and returns RV(written) and
        RV(removed).
      - The playbook C(edge.platform.snapshot) gives it C(snapshot_dir).
    type: path
  tree:
    description:
      - An account tree to compare with the account, the variables of the role C(edge.platform.account) (kind to a
        list of items, as the snapshot's files hold them). The role reads first with it, and sends to the modules only
        the items this finds pending.
      - The tree is checked first. An entry of O(kinds) that does not name its resource, or holds a value where the
        tree format has a mapping or a list, fails the task before any request, naming the entry by its place and
        name and showing its keys only.
      - Then only the tree's resources of O(kinds) are read (by name, so O(include), O(exclude) and
        O(terraform_state) are left out), and the task returns RV(pending) instead of the items. An item is pending
        unless it equals what is read, compared as the files give it back (a text the snapshot wraps in a Jinja raw
        block unwrapped; an attachment by the content of the file the item names, relative to O(tree_dir)). A secret
        is never read back, so an item holding one equals only where it says C(update_secret=on_create), as the
        snapshot writes it.
      - The action keeps the tree on the controller. It is never passed to the module, so never shown, logged, or
        part of the task's invocation.
    type: dict
  tree_dir:
    description:
      - The directory a relative attachment path of O(tree) is taken from (the snapshot directory). Only with O(tree).
    type: path
  compare:
    description:
      - With O(tree), whether to read and compare. V(false) checks the tree only, sends nothing, and returns every
        item as pending.
    type: bool
    default: true
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Sends reads only. With O(dest), says which files it would write and remove, and writes none.
  diff_mode:
    support: none
    details:
      - With O(dest), RV(written) and RV(removed) list the files; their texts are the items returned without O(dest).
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.dnszone_info
  - module: edge.platform.dns_record_info
  - module: edge.platform.pullzone_edge_rule_info
  - module: edge.platform.storage_zone_info
  - module: edge.platform.edge_script_info
  - module: edge.platform.database_info
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

- name: Read only what a Terraform state manages, to leave Terraform
  edge.platform.account_snapshot:
    api_key: "{{ vault_edge_api_key }}"
    terraform_state: terraform.tfstate
  register: terraform_snapshot

- name: Say what the snapshot holds and what it could not represent
  ansible.builtin.debug:
    msg: >-
      {{ snapshot.files.pull_zones | length }} pull zone(s), {{ snapshot.files.dns_zones | length }} DNS zone(s);
      left out: {{ snapshot.left_out | map(attribute='what') | join(', ') or 'nothing' }}
"""

RETURN = r"""
written:
  description:
    - With O(dest), the files (relative to it) written because their text differed or they did not exist; in check
      mode, those that would be.
  returned: when O(dest) is given
  type: list
  elements: str
  sample: [pull_zones/demo.yml, edge_scripts/hello-edge.js]
removed:
  description:
    - With O(dest), the files (relative to it) removed because the account no longer holds their resource; in check
      mode, those that would be.
  returned: when O(dest) is given
  type: list
  elements: str
  sample: [dns_zones/old.example.yml]
pending:
  description:
    - With O(tree), the places (indexes from 0) of the tree's items that differ from what the account holds, or that it
      does not hold, per kind of O(kinds), in the tree's order. Returned instead of the items (RV(account) and the
      others are not).
  returned: when O(tree) is given
  type: dict
  sample: {pull_zones: [3], dns_zones: [], shield_zones: [0, 1]}
account:
  description:
    - The resources read, by kind (only the kinds of O(kinds)), each item the content of its file.
  returned: success, without O(tree)
  type: dict
  contains:
    pull_zones:
      description:
        - "Each pull zone as C({name, settings, hostnames, certificates, optimizer_classes, edge_rules}): C(settings)
          in the options of M(edge.platform.pullzone), C(hostnames) in those of M(edge.platform.pullzone_hostname)
          (without the system hostname), C(certificates) in those of M(edge.platform.pullzone_certificate)
          (C(hostname), C(fingerprint), C(certificate_src), C(certificate_key_src)), C(optimizer_classes) in those of
          M(edge.platform.pullzone_optimizer_class) sorted by name, C(edge_rules) the
          O(edge.platform.pullzone_edge_rules#module:rules) of the zone."
      type: list
      elements: dict
      sample:
        - name: demo
          settings: {origin_url: "https://origin.example.com", cache_expiration_time: -1}
          hostnames: [{hostname: cdn.example.com, force_ssl: true}]
          certificates:
            - hostname: cdn.example.com
              fingerprint: "3A:9F:5E:41:0C:77:B2:61:9E:58:2F:44:10:0D:AF:92:6B:15:8E:23:B7:0E:4F:35:81:D1:7A:58:8C:21:0F:6E"
              certificate_src: certificates/cdn.example.com.pem
              certificate_key_src: certificates/cdn.example.com.key
          optimizer_classes: [{name: thumbnail, width: 320, quality: 80}]
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
        - "Each DNS zone as C({domain, settings, dnssec, records}): C(settings) in the options of
          M(edge.platform.dnszone), C(dnssec) the C(state) of M(edge.platform.dnszone_dnssec), C(records) the
          O(edge.platform.dns_records#module:records) of the zone."
      type: list
      elements: dict
      sample:
        - domain: example.com
          settings: {logging_enabled: false}
          dnssec: {state: enabled}
          records: [{name: www, type: A, value: 192.0.2.10, ttl: 300}]
    storage_zones:
      description:
        - "Each storage zone as C({name, settings}): C(settings) in the options of M(edge.platform.storage_zone),
          never a password."
      type: list
      elements: dict
      sample:
        - name: demo-files
          settings: {region: DE, replication_regions: [NY], tier: standard, zone_type: standard, rewrite_404_to_200: false}
    edge_scripts:
      description:
        - "Each edge script as C({name, settings, code_file, variables, secrets, update_secret}): C(settings) in the
          options of M(edge.platform.edge_script), C(code_file) the path of its code's attachment (none when it has
          no code), C(variables) the O(edge.platform.edge_script_variables#module:variables), C(secrets) the
          O(edge.platform.edge_script_secrets#module:secrets), each value a vault reference, and C(update_secret)
          V(on_create) when it has secrets."
      type: list
      elements: dict
      sample:
        - name: hello-edge
          settings: {type: standalone, publish: true, linked_pullzone: false}
          code_file: edge_scripts/hello-edge.js
          variables: [{name: GREETING, value: Hello, required: false}]
          secrets: [{name: API_TOKEN, value: "{{ vault_edge_script_hello_edge_secret_api_token }}"}]
          update_secret: on_create
    databases:
      description:
        - "Each database as C({name, settings}): C(settings) in the options of M(edge.platform.database), region
          lists sorted; never a token."
      type: list
      elements: dict
      sample:
        - name: demo
          settings: {primary_regions: [DE], replica_regions: [], storage_region: eu-west-1}
files:
  description:
    - The file name of each item of RV(account), by kind, in the same order (the name or domain in lower case, each
      character outside C([a-z0-9._-]) as C(_), then C(.yml)).
  returned: success, without O(tree)
  type: dict
  sample: {pull_zones: [demo.yml], shield_zones: [demo.yml], dns_zones: [example.com.yml]}
present:
  description:
    - The file names of every resource of each kind read that exists in the account, chosen or not, with the names
      of its attachments. A file of the kind's folder not listed here belongs to a resource that is gone.
  returned: success, without O(tree)
  type: dict
  sample: {pull_zones: [demo.yml, other.yml], dns_zones: [example.com.yml]}
attachments:
  description:
    - The files written beside the items of each kind (such as a script's code), each as C({path, content}), the path
      relative to the snapshot directory (C(<kind>/<file name>)) and named so by the item that uses it. An empty list
      for a kind that has none.
  returned: success, without O(tree)
  type: dict
  sample: {pull_zones: [], shield_zones: [{path: shield_zones/petstore.openapi.json, content: "{...}"}], dns_zones: []}
attachment_suffixes:
  description:
    - The suffixes the attachments of each kind take (C(js) for C(edge_scripts/<name>.js)), whether or not a resource
      has one now. The playbook removes a stale attachment of a kind's folder by them, and leaves other files alone.
  returned: success, without O(tree)
  type: dict
  sample: {pull_zones: [], shield_zones: [openapi.json], dns_zones: []}
left_out:
  description:
    - What the snapshot could not represent, each with why. (Not C(skipped), which Ansible reads as the task's own
      state, so a result holding a list there would show the task as skipped.)
  returned: success
  type: list
  elements: dict
  contains:
    kind:
      description:
        - The kind, one of O(kinds); V(terraform) for a resource of O(terraform_state) the collection does not manage.
      type: str
    name:
      description: The resource's name or domain; a shield zone's pull zone name; its Terraform address for a
        resource of O(terraform_state).
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
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_files import write_snapshot
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_selection import of_params
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    params = ctx.params
    kinds = [kind for kind in KINDS if kind in params["kinds"]]
    selection, left_out = of_params(params, kinds, KINDS)  # a Terraform state's resources; None: all
    read = snapshot(ctx, kinds, params["include"], params["exclude"], params["concurrency"], selection)
    read = dict(read, left_out=left_out + read["left_out"])
    if not params["dest"]:
        return dict(read, changed=False)
    written, removed = write_snapshot(params["dest"], read, ctx.check_mode)
    return dict(read, changed=bool(written or removed), written=written, removed=removed)


MODULE = ModuleDef(
    argument_spec=dict(
        kinds=dict(type="list", elements="str", choices=list(KINDS), default=list(KINDS)),
        include=dict(type="list", elements="str", default=[]),
        exclude=dict(type="list", elements="str", default=[]),
        concurrency=dict(type="int", default=10),
        terraform_state=dict(type="path"),
        terraform_state_content=dict(type="str", no_log=True),
        dest=dict(type="path"),
        # taken by the action on the controller (plugins/action/account_snapshot.py), never passed to the module
        tree=dict(type="dict"),
        tree_dir=dict(type="path"),
        compare=dict(type="bool", default=True),
    ),
    run=run,
    # concurrency sizes the connection pool and the worker's threads: at most 50 (the engine's ceiling)
    bounds=dict(concurrency=(1, 50)),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
