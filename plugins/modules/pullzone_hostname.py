#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_hostname
short_description: Add or remove a custom hostname of a pull zone, force SSL on it and get it a free certificate
version_added: 1.1.0
description:
  - Adds a custom hostname (for example V(cdn.example.com)) to a pull zone or removes it, turns Force SSL on or off for
    it, and asks the platform for a free (Let's Encrypt) certificate for it.
  - The pull zone is chosen by O(pullzone_id), or by O(pullzone_name) at the cost of one search request (which also
    reads the zone); one of them is required.
  - Reads the pull zone once and writes only what differs, so a re-run changes nothing and sends a single read.
    Only the options given are managed; O(force_ssl) and O(free_certificate) left out leave the hostname as it is.
  - B(The free certificate needs DNS first.) The platform issues it only when the hostname's DNS already points at the
    pull zone (a CNAME record to the pull zone's CNAME target, returned as RV(cname_target), for example
    V(demo.b-cdn.net)). Otherwise it refuses with "The domain ... is not pointing to our servers"; the task then
    fails with a message naming the DNS record to create. The hostname stays on the pull zone (the task reports
    the change that was made), so the same task succeeds once DNS points at the pull zone.
  - A run that only adds a hostname (no O(free_certificate)) never depends on DNS and never fails because of it.
  - Custom (uploaded) certificates are managed by M(edge.platform.pullzone_certificate); this module only reports
    whether the hostname has a certificate.
  - After adding a hostname, or asking for its certificate, the module reads the pull zone again and reports the
    hostname as the platform holds it. A certificate request the platform answers with success while the hostname
    still has no certificate (for example when another zone's certificate covers the name) fails the task, reported
    as a change (an order was placed); it is never reported as issued, and the next run asks again, saying so.
  - When the platform answers that the hostname is already registered, the pull zone is read again, as the official
    CLI does; when it has the hostname, the task reports no change (with a warning).
  - Hostnames are found on the pull zone case-insensitively (a trailing dot ignored); a hostname the task adds is sent
    as given. How the platform itself treats the case of hostnames is not documented.
  - A write whose answer is lost (the connection dropped or timed out after it was sent) is never sent again. The pull
    zone is read once more and the task reports what is true.
options:
  hostname:
    description:
      - The hostname, a bare DNS name such as V(cdn.example.com) (no scheme, port or path).
    type: str
    required: true
  state:
    description:
      - V(present) adds the hostname when the pull zone does not have it.
      - V(absent) removes it when the pull zone has it. The pull zone's system hostname (the C(*.b-cdn.net) one) cannot
        be removed; the task fails before sending anything.
      - O(force_ssl) and O(free_certificate) are ignored with V(absent).
    type: str
    choices: [present, absent]
    default: present
  force_ssl:
    description:
      - Whether the hostname redirects plain HTTP requests to HTTPS.
      - Left out, Force SSL is left as it is (a new hostname starts as the platform sets it).
      - With O(free_certificate=true), Force SSL is set after the certificate is issued, and not at all when it is
        refused, so visitors are never sent to HTTPS without a valid certificate.
    type: bool
  free_certificate:
    description:
      - V(true) asks the platform for a free certificate when the hostname has no certificate yet; a hostname with any
        certificate (free or custom) is left as it is.
      - The hostname's DNS must point at the pull zone first (see the description); the platform checks it when the
        request is made. Issuing can take a while; raise O(timeout) when the request times out (a lost answer is
        settled by reading the hostname again, never by asking twice).
      - V(false) or left out, no certificate is requested. An existing certificate is never removed by this module
        (use M(edge.platform.pullzone_certificate) for custom certificates).
      - Let's Encrypt issues at most 50 certificates per registered domain in 7 days. When it refuses one, the task
        fails saying so and when the next one is allowed, on every run that asks again; see O(wildcard_certificate)
        for one certificate that covers every hostname of a domain.
    type: bool
  wildcard_certificate:
    description:
      - V(true) gets the hostname's free certificate as a wildcard certificate of its parent domain (V(*.example.com)
        for V(cdn.example.com)) when the hostname has no certificate yet. The platform issues it through the DNS zone
        of this account that holds that domain (the zone whose domain the parent domain is, or ends with; found with
        one listing of the DNS zones), so the domain's DNS must be hosted on the platform. One such certificate can
        serve every hostname one label under the domain, which keeps clear of Let's Encrypt's limit per registered
        domain.
      - Implies O(free_certificate). A hostname that already has any certificate is left as it is, and nothing is
        requested.
      - The platform documents the call (it answers with an empty success) but not whether it puts the wildcard
        certificate on the pull zone's hostname by itself. The module reads the hostname back and fails, with a change
        reported, when it still shows no certificate; the next run asks again and says so. An apex name such as
        V(example.com) has no parent domain a wildcard would cover; the task fails before any request.
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: partial
    details:
      - Sends no write and predicts every change. Whether the platform will issue a requested free certificate depends
        on the hostname's DNS at the time of the real run, so check mode predicts that it does.
      - A new hostname is predicted without Force SSL and without a certificate, unless the task sets them.
  diff_mode:
    support: full
    details:
      - The diff shows whether the hostname is on the pull zone, its Force SSL setting and whether it has a certificate.
seealso:
  - module: edge.platform.pullzone_certificate
    description: Install a custom certificate on a hostname this module added.
  - module: edge.platform.pullzone_info
    description: List the hostnames of pull zones.
  - name: Add custom hostname
    description: The platform endpoint that adds a hostname to a pull zone.
    link: https://docs.bunny.net/reference/pullzonepublic_addhostname
  - name: Load free certificate
    description: The platform endpoint that issues a free certificate for a hostname.
    link: https://docs.bunny.net/reference/pullzonepublic_loadfreecertificate
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Add cdn.example.com to pull zone demo
      edge.platform.pullzone_hostname:
        pullzone_name: demo
        hostname: cdn.example.com
      register: added

    - name: Show the DNS record to create
      ansible.builtin.debug:
        msg: "Create the DNS record: cdn.example.com CNAME {{ added.cname_target }}"

    - name: Once DNS points at the pull zone, get a free certificate and force HTTPS
      edge.platform.pullzone_hostname:
        pullzone_id: 2001
        hostname: www.example.com
        free_certificate: true
        force_ssl: true

    - name: Cover the hostname with a wildcard certificate of its domain, issued through the platform's DNS zone
      edge.platform.pullzone_hostname:
        pullzone_id: 2001
        hostname: shop.example.com
        wildcard_certificate: true

    - name: Remove a hostname that is no longer used
      edge.platform.pullzone_hostname:
        pullzone_id: 2001
        hostname: old.example.com
        state: absent
"""

RETURN = r"""
pull_zone:
  description:
    - The pull zone the task managed.
    - In check mode, when the pull zone named by O(pullzone_name) does not exist yet (an earlier task of the run only
      predicted creating it), its C(id) is null and a warning says so.
  returned: always
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
cname_target:
  description:
    - Where the hostname's DNS must point (as a CNAME record) for the pull zone to serve it and for a free
      certificate to be issued; the pull zone's CNAME domain, else its system hostname.
    - Null with a null RV(pull_zone).
  returned: always
  type: str
  sample: demo.b-cdn.net
hostname:
  description:
    - The hostname after the task, as the platform holds it (predicted in check mode); null when it is not on the pull
      zone.
    - Also returned when the task failed because the certificate was not issued, with what the platform holds.
  returned: always
  type: dict
  contains:
    id:
      description: The hostname's id; null for a hostname predicted in check mode.
      type: int
      sample: 200102
    name:
      description: The hostname as the platform spells it.
      type: str
      sample: cdn.example.com
    force_ssl:
      description: Whether plain HTTP requests are redirected to HTTPS.
      type: bool
      sample: true
    is_system:
      description: Whether this is the pull zone's system hostname.
      type: bool
      sample: false
    is_managed:
      description: Whether the platform manages the hostname (for example a C(bunny.run) name).
      type: bool
      sample: false
    has_certificate:
      description: Whether the hostname has a certificate of any kind.
      type: bool
      sample: true
    certificate_type:
      description:
        - V(none) without a certificate; V(custom) for an uploaded one (see M(edge.platform.pullzone_certificate));
          else how the platform issued it (V(http01), V(dns01), V(managed), V(unknown)); a number this collection does
          not name is returned as the number, with a warning.
      type: raw
      sample: http01
    certificate_key_type:
      description:
        - The key type of the platform's certificates for this hostname (V(ecdsa) or V(rsa)), when known; a number this
          collection does not name is returned as the number, with a warning.
      type: raw
      sample: ecdsa
# BEGIN edge.platform.api_error
# sample status: 400
# sample error_key: pullzone.certificate_request_failed
# sample message: The domain cdn.example.com is not pointing to our servers.
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
      sample: pullzone.certificate_request_failed
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The domain cdn.example.com is not pointing to our servers.
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import given_hostname
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.hostnames import Task, absent, present, resolve
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    hostname = given_hostname(ctx.params["hostname"])
    found = resolve(ctx, hostname)
    # a lookup by name read the zone, hostnames included: no second read unless that answer lacks them
    zone = pull_zones.with_hostnames(ctx.client, found.id, found.model, found.not_visible)
    task = Task(ctx, found, zone, hostname)
    try:
        (present if ctx.params["state"] == "present" else absent)(task)
    except ApiError as error:
        if not ctx.changed or ctx.check_mode:
            raise
        # a later step failed after an earlier one changed the hostname: the result says both
        ctx.fail_from(
            error,
            msg="%s This task had changed hostname %s before that; the result shows it as last read."
            % (error.describe(), task.name),
            changed=True,
            **task.result(),
        )
    task.finish()


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        hostname=dict(type="str", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        force_ssl=dict(type="bool"),
        free_certificate=dict(type="bool"),
        wildcard_certificate=dict(type="bool", default=False),
    ),
    run=run,
    **PULL_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
