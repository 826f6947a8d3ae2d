# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One hostname of one pull zone brought to the state a ``pullzone_hostname`` task asks for (pure Python: no
Ansible imports): added or removed, a free or wildcard certificate issued, Force SSL set, each step one reconcile.

:class:`Task` holds the zone and the hostname's entry as last read; :func:`present` and :func:`absent` run the steps;
:func:`resolve` finds the pull zone, standing in (check mode) for one an earlier task only predicted creating.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import hostnames, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import REFUSED, ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import (
    compared,
    hostname_enums,
    predicted,
    shape_hostname,
)

# a certificate request that timed out, re-read without a certificate: issuing takes a while, so this is no "not
# applied" (docs/platform-notes.md, "Pull zone hostnames: reads and writes that may have landed")
NOT_YET = "the hostname shows no certificate yet, and issuing may still be under way"


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
        self.ctx.warn_all(unknown)
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
    except LookupFailed as missing:
        # under --check, an earlier task may only have predicted the DNS zone: the change a real run would make
        if not ctx.predicted_dependency("a DNS zone holding %s" % domain, needs=missing.needs):
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
