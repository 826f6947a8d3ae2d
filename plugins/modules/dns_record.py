#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dns_record
short_description: Create, update or delete one record of a DNS zone
version_added: 1.1.0
description:
  - Manages one record of a DNS zone, found by its O(type) and O(name), and by its O(value) where a name holds several
    records of one type. Every record type the platform writes is supported, with the members each type takes.
  - The zone's records are read on each run with one request, C(GET /dnszone/{id}), as the platform's Terraform provider
    and CLI read them (only when that answer carries no records, from the records listing, one request per 1000
    records). A record is created when
    none matches, updated when it differs, and left alone when it matches, so a re-run changes nothing and only reads.
  - Only the options given are managed; an option left out keeps the record's value.
  - 'Values are compared in the form the platform stores them, so a value in another spelling is no change: names in
    any case, host names without a trailing dot and in any case, V(@) for the apex, an IPv6 address expanded or compressed, a
    TXT value given as quoted chunks (V("v=spf1 " "-all")) or joined. The rules are listed in the notes.'
  - A record read with M(edge.platform.dns_record_info) and given back (its C(type), C(name), C(value) and managed
    members) is no change.
  - 'Writes: a new record is added with one request and the platform''s answer is the result. An update is one
    request, which the platform answers without the record, so the zone''s records are read once more and the
    result is what the platform holds. When the answer to a write is lost, the write is not sent again: the records are
    read once more and decide.'
  - The zone is chosen by O(zone_id), or by O(zone_domain) at the cost of one search request; one of them is required.
options:
  type:
    description:
      - The record type.
      - V(PullZone) points the name at a pull zone (O(pullzone_id) or O(pullzone_name)), V(Script) at a DNS
        script (O(script) by name, or O(script_id)), V(Redirect) redirects to the URL in O(value), V(Flatten) answers the addresses of the
        host name in O(value) (CNAME flattening).
      - SVCB, HTTPS and TLSA records are not written by this module. The platform's document lists the types but no
        members for their data; M(edge.platform.dns_record_info) reads them.
    type: str
    required: true
    choices: [A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, Redirect, Flatten, PullZone, Script]
  name:
    description:
      - The record's name relative to the zone, for example V(www); V("") or V(@) is the zone apex.
      - A name ending in a dot is absolute, as in a zone file; V(cdn.example.org.) in the zone example.org is
        V(cdn). Release 1.2.0 made it so; earlier releases ignored the dot.
      - An absolute name outside the zone (V(www.) in example.org) keeps the meaning earlier releases gave it (the
        record V(www)) with a deprecation warning; from release 2.0.0 it fails.
      - A name without a final dot that ends with the zone's domain (V(cdn.example.org) in example.org) is relative
        like any other, so it names C(cdn.example.org.example.org); the task warns naming that record.
      - Compared without regard to case. A name with a control character is refused before any request.
    type: str
    required: true
  value:
    description:
      - 'What the record holds: an IPv4 address (A), an IPv6 address (AAAA), a host name (CNAME, MX, NS, PTR, SRV
        target, Flatten), text (TXT), a URL (Redirect), the CAA value (for example V(letsencrypt.org)).'
      - Required to create a record, except PullZone and Script records (which take O(pullzone_name) or O(script)).
      - Part of the record's identity for the types a name can hold several records of (A, AAAA, TXT, MX, SRV, CAA,
        PTR, NS). A value no record of the name holds creates a new record beside the others; to replace one, delete
        the old value (O(state=absent)) or manage the whole zone with the set module.
      - For the single-value types (CNAME, Redirect, Flatten, PullZone, Script) a different value updates the record.
      - When a name holds several records of the type and O(value) is not given, the task fails listing them.
      - For a PullZone record, the pull zone's name (as M(edge.platform.dns_record_info) returns it) or id, used only
        when O(pullzone_id) and O(pullzone_name) are not given. For a Script record, the script id.
      - A TXT value is sent as one text; given as quoted chunks (V("part one" "part two")), the chunks are joined.
    type: str
  state:
    description:
      - V(present) creates or updates the record; V(absent) deletes it when it exists.
    type: str
    default: present
    choices: [present, absent]
  ttl:
    description:
      - Time to live in seconds, from 0 to 2147483647 (the platform's 32-bit integer). When not given, a new record
        gets the platform's default.
    type: int
  priority:
    description:
      - Priority of an MX or SRV record, from 0 to 2147483647 (the platform's 32-bit integer).
    type: int
  weight:
    description:
      - Weight of an A, AAAA or SRV record (the platform balances A and AAAA records of a name by weight), from 0 to
        65535; an A or AAAA record's weight is from 0 to 100 (the ranges the platform's Terraform provider enforces).
    type: int
  port:
    description:
      - Port of an SRV record, from 0 to 65535.
    type: int
  flags:
    description:
      - Flags of a CAA record, from 0 to 255 (a byte; 0, or 128 for a critical tag).
    type: int
  tag:
    description:
      - Tag of a CAA record, for example V(issue), V(issuewild) or V(iodef); compared without regard to case.
    type: str
  pullzone_id:
    description:
      - The pull zone a PullZone record points at.
    type: int
  pullzone_name:
    description:
      - The pull zone a PullZone record points at, by name (one search request); ignored when O(pullzone_id) is
        given.
      - In check mode, a pull zone an earlier task of the run only predicted creating is taken as it will be, with a
        warning (its id is null in the result); on the in-process path any other name that matches no pull zone fails
        as in a real run (see the guide's "Check mode across tasks").
    type: str
  script:
    description:
      - The DNS script a Script record points at, by its exact name (as M(edge.platform.edge_script) names it), instead
        of O(script_id). It is looked up (one listing of the scripts) and sent as its id. A name no DNS script has fails
        the task before any write, as does the name of an edge script of another type (naming the type found).
      - In check mode, a script an earlier task of the run only predicted creating stands in, with a warning (its id
        is null in the result).
      - The platform does not return a record's script, so it is compared with the id the record's value shows (where
        this module and the Terraform provider write it); a record whose value shows no id is not compared and
        RV(not_compared) says so. The platform never returns the name either, so the result's C(script) is null,
        except in a check-mode prediction.
      - A Script record to create needs O(script) or O(script_id).
    type: str
    version_added: 1.3.0
  script_id:
    description:
      - The DNS script a Script record points at, by id; compared as O(script) is.
    type: int
  accelerated:
    description:
      - Whether the record is accelerated through the CDN (A, AAAA and CNAME records). The platform creates a pull
        zone for it, returned in RV(dns_record.accelerated_pullzone_id).
    type: bool
  monitor_type:
    description:
      - How the platform monitors the address of an A or AAAA record, V(none), V(ping), V(http) or V(monitor).
      - Null is accepted for every type (as M(edge.platform.dns_record_info) returns it for other types) and means
        not managed.
      - A number is a value the platform added that this collection cannot name, as M(edge.platform.dns_record_info)
        returns it; it is compared and sent as that number.
    type: str
    choices: [none, ping, http, monitor]
  smart_routing_type:
    description:
      - Smart routing of an A or AAAA record, by latency (O(latency_zone)) or by geolocation
        (O(geolocation_latitude), O(geolocation_longitude)); V(none), V(latency) or V(geolocation).
      - Null is accepted for every type and means not managed. A number is a value this collection cannot name, as
        for O(monitor_type).
    type: str
    choices: [none, latency, geolocation]
  latency_zone:
    description:
      - The region of an A or AAAA record routed by latency, as the platform names it.
    type: str
  geolocation_latitude:
    description:
      - Latitude of an A or AAAA record routed by geolocation, from -180 to 180 (the range the platform's Terraform
        provider allows; a latitude beyond -90 and 90 is left to the platform to refuse).
    type: float
  geolocation_longitude:
    description:
      - Longitude of an A or AAAA record routed by geolocation, from -180 to 180.
    type: float
  disabled:
    description:
      - Whether the record is disabled (kept, but not served).
    type: bool
  comment:
    description:
      - A comment on the record.
    type: str
extends_documentation_fragment:
  - edge.platform.zone_selectors.dns_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
    details:
      - The diff shows the record's type, name and value and the members the task gives, in the form compared.
notes:
  - An option a type does not take (O(priority) on an A record, O(weight) on a CNAME) fails the task before any
    request, naming the types it applies to.
  - 'Comparison rules (see the collection''s docs/platform-notes.md, "DNS records: identity and normalisation"): names
    (relative to the zone) in lower case, host-name values (CNAME, MX, NS, PTR, SRV, Flatten) in lower case without a
    trailing dot (a Null MX V(.) stays);
    A and AAAA values as IP addresses; TXT values verbatim, quoted chunks joined; a CAA value without surrounding
    quotes and its tag in lower case; numbers and texts the platform leaves empty count as 0 and V("").'
  - 'A PullZone record reads back with the pull zone''s name as its value and its id as C(link_name); one client reads
    the value as the id instead. Both readings are accepted, so either is no change.'
  - A Script record's script id is not returned by the platform (C(ScriptId) is written only); it is read from the
    record's value, which this module sets to the id as the Terraform provider does (it sends C(ScriptId) and the
    same id as C(Value)). A record whose value shows no id is left as it is (RV(not_compared)). The platform answers a
    weight of 100 for Script records; weight is compared for A, AAAA and SRV records only.
  - The platform refuses a CNAME beside other records of the same name; the task then fails with the platform's
    message and nothing is changed.
seealso:
  - module: edge.platform.dns_record_info
  - module: edge.platform.dnszone_dnssec
  - name: DNS records in the platform API
    description: The add, update and delete record endpoints.
    link: https://docs.bunny.net/reference/dnszonepublic_addrecord
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Point www at two addresses, balanced by weight
      edge.platform.dns_record:
        zone_domain: example.com
        type: A
        name: www
        value: "{{ item }}"
        ttl: 300
        weight: 50
      loop: [192.0.2.10, 192.0.2.11]

    - name: Set the mail exchanger of the apex (the trailing dot and the case are no change)
      edge.platform.dns_record:
        zone_id: 1001
        type: MX
        name: "@"
        value: Mail.Example.com.
        priority: 10

    - name: Publish an SPF record written as two quoted chunks (stored joined)
      edge.platform.dns_record:
        zone_id: 1001
        type: TXT
        name: ""
        value: '"v=spf1 include:_spf.example.com " "-all"'

    - name: Serve cdn.example.com from pull zone demo
      edge.platform.dns_record:
        zone_id: 1001
        type: PullZone
        name: cdn
        pullzone_name: demo

    - name: Answer queries for geo.example.com with a DNS script, by its name
      edge.platform.dns_record:
        zone_id: 1001
        type: Script
        name: geo
        script: resolver

    - name: Change only the TTL of the one CNAME at blog, and give it a comment
      edge.platform.dns_record:
        zone_id: 1001
        type: CNAME
        name: blog
        ttl: 3600
        comment: Hosted blog

    - name: Remove an old address
      edge.platform.dns_record:
        zone_id: 1001
        type: A
        name: old
        value: 192.0.2.99
        state: absent
"""

RETURN = r"""
dns_record:
  description:
    - The record after the task, in the shape of M(edge.platform.dns_record_info) results; predicted in check mode.
    - Null when the record is absent.
    - A key the record's type does not take is null.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DNS_RECORD
    # root: dns_record
    id:
      description: Record id; null for a record only predicted in check mode.
      type: int
      sample: 300001
    zone_id:
      description: Id of the DNS zone.
      type: int
      sample: 1001
    type:
      description:
        - The record type; a type the platform added that this collection cannot name is returned as the platform's
          number, with a warning (as is any such number in C(monitor_type), C(smart_routing_type), C(monitor_status)
          and C(acceleration_status)).
      type: str
      sample: A
    name:
      description: The record's name; V("") is the apex.
      type: str
      sample: www
    value:
      description: The value as the platform stores it (a PullZone record's pull zone name).
      type: str
      sample: 192.0.2.10
    ttl:
      description: Time to live in seconds.
      type: int
      sample: 300
    priority:
      description: Priority (MX, SRV).
      type: int
      sample: null
    weight:
      description: Weight (A, AAAA, SRV).
      type: int
      sample: 50
    port:
      description: Port (SRV).
      type: int
      sample: null
    flags:
      description: Flags (CAA).
      type: int
      sample: null
    tag:
      description: Tag (CAA).
      type: str
      sample: null
    pullzone_id:
      description: The pull zone a PullZone record points at; null in check mode for a pull zone only predicted.
      type: int
      sample: null
    pullzone_name:
      description: The pull zone's name, when the platform returns it as the record's value.
      type: str
      sample: null
    script:
      description:
        - The name of the DNS script a Script record points at, in a check-mode prediction only; null otherwise, as the
          platform never returns it.
      type: str
      sample: null
    script_id:
      description:
        - The DNS script a Script record points at, as the record's value shows it (the platform does not return the
          record's C(ScriptId)); null when the value shows no id.
      type: int
      sample: null
    accelerated:
      description: Whether the record is accelerated (A, AAAA, CNAME).
      type: bool
      sample: false
    monitor_type:
      description: Monitoring (A, AAAA).
      type: str
      sample: none
    smart_routing_type:
      description: Smart routing (A, AAAA).
      type: str
      sample: none
    latency_zone:
      description: Latency zone (A, AAAA).
      type: str
      sample: ""
    geolocation_latitude:
      description: Latitude (A, AAAA).
      type: float
      sample: 0.0
    geolocation_longitude:
      description: Longitude (A, AAAA).
      type: float
      sample: 0.0
    disabled:
      description: Whether the record is disabled.
      type: bool
      sample: false
    comment:
      description: The comment.
      type: str
      sample: ""
    link_name:
      description: The platform's link of the record (a PullZone record's pull zone id, as text).
      type: str
      sample: ""
    accelerated_pullzone_id:
      description: The pull zone the platform created for an accelerated record, or null.
      type: int
      sample: null
    acceleration_status:
      description: State of the acceleration (V(none), V(pending), V(processing), V(completed), V(failed)).
      type: str
      sample: none
    monitor_status:
      description: What monitoring found (V(unknown), V(online), V(offline)).
      type: str
      sample: unknown
    auto_ssl_issuance:
      description: Whether the platform issues certificates for the name automatically.
      type: bool
      sample: true
    environmental_variables:
      description: The record's environment variables (Script records), each with C(name) and C(value).
      type: list
      elements: dict
      sample: []
    # END edge.platform.resource_shapes.DNS_RECORD
not_compared:
  description:
    - The options given that cannot be compared with the record, because the platform does not return them (the script
      of a Script record whose value shows no script id); the record is not changed for them.
  returned: when such an option is given
  type: list
  elements: str
  sample: [script]
# BEGIN edge.platform.api_error
# sample status: 400
# sample error_key: dnsrecord.validation
# sample field: Value
# sample message: The value is not a valid IPv4 address.
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 400
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: dnsrecord.validation
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: Value
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The value is not a valid IPv4 address.
# END edge.platform.api_error
"""

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores import dns_records as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes


def run(ctx):
    wanted, absent = core.wanted_record(ctx), ctx.params["state"] == "absent"
    by_domain = ctx.params["zone_domain"] is not None  # then the name is made relative before any request
    if by_domain:
        shapes.in_zone(wanted, ctx.params["zone_domain"], warn=ctx.warn, deprecate=ctx.deprecate)
    found = DNS_ZONE.resolve_in_plan(  # a zone only predicted: its pull zone is looked up still, as a real run would
        ctx, lambda: {"dns_record": shapes.merged(core.resolve_links(ctx, wanted), {})}, {"dns_record": None}
    )
    core.resolve_links(ctx, wanted)
    records = core.Records(ctx, found, wanted, by_domain)
    model, current = records.read()
    unread = shapes.not_compared(wanted, current)  # the platform does not show them: reported, never a change
    unread = {"not_compared": unread} if unread else {}
    before, after, apply = core.change(ctx.client, found.id, wanted, model, current, absent)
    keys = shapes.given(wanted) if current or absent else None
    outcome = ctx.reconcile(before, after, apply, reread=records.now, view=partial(records.compared, after, keys))
    if absent:
        return {"dns_record": None}
    if outcome.answer is not None:
        return dict(unread, dns_record=shapes.from_models([outcome.answer], found.id, ctx.warn)[0])
    if outcome.changed:  # predicted in check mode; after a lost answer, what the re-read found
        return dict(unread, dns_record=outcome.model or shapes.merged(wanted, current or {"zone_id": found.id}))
    return dict(unread, dns_record=current)


MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(),
        **shapes.ARGUMENT_SPEC,
        state=dict(type="str", default="present", choices=["present", "absent"]),
    ),
    run=run,
    bounds=shapes.BOUNDS,
    **DNS_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
