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

from ansible_collections.edge.platform.plugins.module_utils._api import hostnames, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import REFUSED, ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import (
    compared,
    hostname_enums,
    predicted,
    shape_hostname,
)

# a certificate request that timed out, re-read without a certificate: issuing takes a while, so this is no "not
# applied" (docs/platform-notes.md, "Pull zone hostnames: reads and writes that may have landed")
NOT_YET = "the hostname shows no certificate yet, and issuing may still be under way"


def wanted_hostname(value):
    """The hostname as given, without surrounding spaces; a URL or anything with a space fails before any request."""
    name = (value or "").strip()
    if not name or any(c.isspace() or c in "/:?#@" for c in name):
        raise InputError(
            "hostname must be a bare DNS name such as cdn.example.com (no scheme, port, path or spaces); got %r."
            % value,
            option="hostname",
        )
    return name


class Task(object):
    """One hostname of one pull zone: the zone as last read (``zone``), the hostname's entry (``entry``, None when it
    is not there) and the reads and writes on them."""

    def __init__(self, ctx, found, zone, hostname):
        self.ctx, self.found, self.zone, self.hostname = ctx, found, zone, hostname
        self.entry = hostnames.find(zone, hostname)
        self.before = compared(hostname, self.entry)

    @property
    def name(self):
        """The hostname as the platform spells it once it is there (sent in every later request)."""
        return (self.entry or {}).get("Value") or self.hostname

    def read(self):
        """Read the pull zone again (an answer without its hostnames is not understood); the hostname's entry as it
        is now (None when gone)."""
        self.zone = pull_zones.get(self.ctx.client, self.found.id, self.found.not_visible, hostnames=True)
        self.entry = hostnames.find(self.zone, self.hostname)
        return self.entry

    def read_after(self, done):
        """:meth:`read` after a write the platform confirmed (``done`` says which): when the read fails, the task ends
        saying the write was made (changed) and that the state after it was not read."""
        try:
            return self.read()
        except ApiError as error:
            self.ctx.fail_from(
                error,
                msg="%s, but reading the pull zone back afterwards failed, so the hostname's state after it is not "
                "shown; nothing more was sent: %s" % (done, error.describe()),
                changed=True,
                **self.result(),
            )

    def now(self, key):
        """``reread`` of a reconcile on one member of :func:`compared`."""
        return compared(self.hostname, self.read()).get(key)

    def step(self, key, wanted, apply, reached=None):
        """One write when the member ``key`` of the compared view differs from ``wanted``; its Outcome, whose
        ``answer`` is None when a re-read settled a lost answer (``apply`` returns True)."""
        current = compared(self.hostname, self.entry).get(key)
        return self.ctx.reconcile(
            {key: current},
            {key: wanted},
            lambda: apply() or True,
            reread=lambda: {key: self.now(key)},
            reached=None if reached is None else lambda now: reached(now[key]),
        )

    def result(self):
        unknown = []
        if self.entry is not None:
            hostname_enums(self.entry, unknown)
        for warning in unknown:
            self.ctx.warn(warning)
        return {
            "pull_zone": {"id": self.found.id, "name": self.zone.get("Name")},
            "cname_target": hostnames.cname_target(self.zone),
            "hostname": shape_hostname(self.entry),
        }

    def finish(self):
        """End the task with its result and one diff of the hostname (the steps' own diffs are replaced)."""
        self.ctx.exit(diff={"before": self.before, "after": compared(self.hostname, self.entry)}, **self.result())


def add(task):
    """Add the hostname; a real run reads it back (its id, and the platform's initial settings). A refusal because
    the name is registered already is checked against the pull zone read again, as the official CLI does: when this
    zone has it, it was there (docs/platform-notes.md, "Pull zone hostnames")."""
    ctx = task.ctx
    try:
        outcome = task.step("present", True, lambda: hostnames.add(ctx.client, task.found.id, task.hostname))
    except ApiError as error:
        if (error.error_key or "").lower() != hostnames.ALREADY_REGISTERED or task.read() is None:
            raise
        ctx.warn(
            "The platform answered that %s is already registered, and pull zone %d read again has it: it was there "
            "already, although the first read did not show it. Nothing was changed." % (task.hostname, task.found.id)
        )
        return
    if ctx.check_mode:
        task.entry = predicted(task.hostname)
        ctx.note_predicted(*hostnames.predicted_hostname(pull_zones.ledger_ref(task.found.id), task.hostname))
    elif (
        outcome.answer is not None
        and task.read_after("Hostname %s was added to pull zone %d" % (task.hostname, task.found.id)) is None
    ):
        ctx.fail(
            "Adding hostname %s to pull zone %d was answered with success, but the pull zone read back does not "
            "have it; nothing more was sent. Check the pull zone, then run the task again."
            % (task.hostname, task.found.id),
            changed=True,
            **task.result(),
        )


def certificate_request(task):
    """``(what, send)``: the certificate the task asks for, in words, and how to ask for it: a certificate of the
    hostname itself, or a wildcard one of its parent domain through the DNS zone that holds it."""
    ctx = task.ctx
    if not ctx.params["wildcard_certificate"]:
        target = hostnames.cname_target(task.zone)
        return "a free certificate", lambda: hostnames.load_free_certificate(ctx.client, task.name, target)
    domain = hostnames.wildcard_domain(task.name)
    try:
        zone = hostnames.owning_dns_zone(ctx.client, domain)
    except InputError:
        # under --check, an earlier task may only have predicted the DNS zone: the change a real run would make
        if not ctx.predicted_dependency("a DNS zone holding %s" % domain, needs=[hostnames.predicted_owner(domain)]):
            raise
        return "a wildcard certificate for *.%s" % domain, None
    what = "a wildcard certificate for *.%s (through DNS zone %s, id %d)" % (domain, zone.get("Domain"), zone["Id"])
    return what, lambda: hostnames.issue_wildcard(ctx.client, zone["Id"], domain, task.name)


def issue(task):
    """Ask for a free certificate; only a hostname read back with a certificate counts as issued. A refusal ends the
    task saying why, on every run that asks again."""
    ctx = task.ctx
    what, send = certificate_request(task)
    lost = []

    def request():
        try:
            send()
        except ApiError as error:
            lost.append(error)
            raise

    def reached(now):
        # no certificate read back: still under way after a timeout (the request was being served), else not applied
        return True if now else (NOT_YET if hostnames.timed_out(lost[-1]) else False)

    try:
        outcome = task.step("has_certificate", True, request, reached=reached)
    except ApiError as error:
        if error.kind != REFUSED:
            raise
        ctx.fail_from(
            error,
            msg="Hostname %s is on pull zone %d, but the platform did not issue it %s%s: %s"
            % (
                task.name,
                task.found.id,
                what,
                "; Force SSL was left as it is" if ctx.params["force_ssl"] else "",
                error.describe(),
            ),
            **dict(task.result(), **({"changed": True} if ctx.changed else {})),
        )
    if ctx.check_mode:
        task.entry = dict(task.entry, HasCertificate=True)
        return
    done = "The platform accepted the request for %s for hostname %s" % (what, task.name)
    if outcome.answer is not None and not (task.read_after(done) or {}).get("HasCertificate"):
        ctx.fail(
            "%s, but the hostname read back afterwards still has no certificate (%s). It was not sent again; the next "
            "run asks again while the hostname shows none. Check the hostname's certificates in the dashboard."
            % (
                done,
                "whether the platform puts a zone's wildcard certificate on the hostname itself is not documented"
                if ctx.params["wildcard_certificate"]
                else "a certificate of another pull zone may cover the name",
            ),
            changed=True,
            **task.result(),
        )


def present(task):
    params, ctx = task.ctx.params, task.ctx
    if task.entry is None:
        add(task)
    if (params["free_certificate"] or params["wildcard_certificate"]) and not task.entry.get("HasCertificate"):
        issue(task)
    wanted = params["force_ssl"]
    if (
        wanted is not None
        and task.step(
            "force_ssl", wanted, lambda: hostnames.set_force_ssl(ctx.client, task.found.id, task.name, wanted)
        ).changed
    ):
        task.entry = dict(task.entry, ForceSSL=wanted)  # the 204 confirms it; a lost answer was settled by a read


def absent(task):
    ctx = task.ctx
    if task.entry is None:
        return
    if task.entry.get("IsSystemHostname"):
        raise InputError(
            "hostname %s is the system hostname of pull zone %d, which the platform does not let anyone remove. "
            "Remove a custom hostname, or delete the pull zone." % (task.name, task.found.id),
            option="hostname",
        )
    gone = []
    task.step("present", False, lambda: gone.append(hostnames.remove(ctx.client, task.found.id, task.name)))
    if gone == [False]:
        ctx.warn("The platform answered 404 to removing hostname %s: it was gone already." % task.name)
    task.entry = None


def resolve(ctx, hostname):
    """The pull zone; in check mode, one an earlier task only predicted creating (by name) is stood in for."""
    return PULL_ZONE.resolve_in_plan(
        ctx, lambda: standin(ctx, hostname), dict(hostname=None, pull_zone=None, cname_target=None)
    )


def standin(ctx, hostname):
    """The result for a pull zone an earlier task only predicted (check mode): the hostname added with what the task
    sets, noted in the run's ledger for the tasks after it (a certificate for it)."""
    params = ctx.params
    members = {"HasCertificate": True} if params["free_certificate"] or params["wildcard_certificate"] else {}
    if params["force_ssl"] is not None:
        members["ForceSSL"] = params["force_ssl"]
    ctx.note_predicted(*hostnames.predicted_hostname(pull_zones.ledger_ref(name=params["pullzone_name"]), hostname))
    return dict(
        hostname=shape_hostname(predicted(hostname, **members)),
        pull_zone={"id": None, "name": params["pullzone_name"]},
        cname_target=None,
    )


def run(ctx):
    hostname = wanted_hostname(ctx.params["hostname"])
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
