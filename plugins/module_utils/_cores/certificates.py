# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A custom certificate on one hostname of a pull zone, as ``pullzone_certificate`` installs or removes it (pure
Python: no Ansible imports).

:func:`load_wanted` parses and checks the wanted bundle and key before any request (every form of the key is
registered as a secret); :func:`read_state` reads what the hostname has now (from the platform's answer, else through
one TLS handshake); :func:`upload` and :func:`removal` give the one write a task may send (a :class:`Change`);
:func:`predicted_result`, :func:`on_predicted_zone` and :func:`not_on_zone` give the result when there is nothing to
read (check mode's predictions, a hostname that is gone).
"""

from __future__ import annotations

import base64
import re

from ansible_collections.edge.platform.plugins.module_utils._api import hostnames, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._certificates import tls_probe as probe
from ansible_collections.edge.platform.plugins.module_utils._certificates import x509 as certs
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    NO_ANSWER,
    ApiError,
    InputError,
    not_read_here,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import (
    CUSTOM_PROVISION,
    certificate_type_of,
    certificate_view,
)

LIMIT = "%d KiB" % (certs.MAX_INPUT_BYTES // 1024)


def probe_address(params):
    """``(host, port)`` of the TLS probe, or None when it is off."""
    try:
        return probe.parse_address(params["tls_probe"], params["hostname"])
    except ValueError as exc:
        raise InputError(
            "tls_probe must be host, host:port, [IPv6]:port or off: %s; got %r." % (exc, params["tls_probe"]),
            option="tls_probe",
        ) from None


class Source(object):
    """A certificate or key: the text of its option. A ``*_src`` file is read on the controller by the action
    plugin, which passes its text in the text option and names the file option in messages about it."""

    def __init__(self, ctx, option):
        self.text_option = option
        self.label = option
        if ctx.params[option + "_src"] is not None:
            ctx.fail(not_read_here(option + "_src", option))
        # surrogatepass: text the controller could not decode fails as "not PEM", never as a traceback
        self.data = ctx.params[option].encode("utf-8", "surrogatepass")
        if len(self.data) > certs.MAX_TEXT_BYTES:
            ctx.fail("%s: the text is larger than %s; a certificate bundle or key is a few KiB." % (option, LIMIT))

    def fail(self, ctx, problem, fix=""):
        hint = ""
        if (
            b"-----BEGIN" not in self.data
            and len(self.data) < 4096
            and re.match(rb"^\s*[~/.]|.*\.(pem|crt|cer|key)\s*$", self.data)
        ):
            hint = " It looks like a file name: use %s_src for a file." % self.text_option
        ctx.fail("%s: %s.%s%s" % (self.label, problem, " " + fix if fix else "", hint))


def protect(ctx, *values):
    """Register every form the key takes, so no output can carry it, even by accident."""
    for value in values:
        if isinstance(value, bytes):
            value = value.decode("latin-1")
        forms = [value, base64.b64encode(value.encode("latin-1")).decode("ascii")]
        forms += [line.strip() for line in value.splitlines() if "-----" not in line]
        # short values are not key material, and masking them would garble unrelated output
        for form in forms:
            if len(form) >= 16:
                ctx.add_secret(form)  # the host masks it in its own output too


def load_wanted(ctx):
    """Parse and check the wanted certificate and key before any request."""
    sources = {"certificate": Source(ctx, "certificate"), "certificate_key": Source(ctx, "certificate_key")}
    protect(ctx, sources["certificate_key"].data)
    try:
        bundle = certs.load_certificates(sources["certificate"].data)
        others = certs.other_blocks(sources["certificate"].data)
    except certs.CertificateError as exc:
        sources["certificate"].fail(ctx, str(exc), "Give the certificate as PEM (leaf first, then the chain) or DER.")
    try:
        key = certs.load_private_key(sources["certificate_key"].data)
    except certs.CertificateError as exc:
        sources["certificate_key"].fail(
            ctx, str(exc), "Give the unencrypted private key of the certificate (PEM or DER)."
        )
    protect(ctx, key.pem())
    problems, warnings = certs.check_pair(bundle, key, ctx.params["hostname"], others)
    for finding in problems:
        sources[finding.subject].fail(ctx, finding.text, finding.fix)
    for finding in warnings:
        ctx.warn("%s: %s." % (sources[finding.subject].label, finding.text))
    return bundle, key


class HostnameNotOnZone(LookupFailed):
    """The hostname is not on the pull zone: ``where`` says so, with the zone's hostnames, and ``zone_name`` is the
    zone's name as read; ``needs``: the check-mode ledger's note that would show an earlier task predicted adding it."""

    def __init__(self, where, fix, zone_name, needs=()):
        super().__init__("%s. %s" % (where, fix), option="hostname", missing=True, needs=needs)
        self.where = where
        self.zone_name = zone_name


def find_hostname(zone, wanted, found):
    """The HostnameModel of ``wanted`` on ``zone``; HostnameNotOnZone, naming the zone's hostnames, when it is not
    there."""
    entry = hostnames.find(zone, wanted)
    if entry is not None:
        return entry
    known = ", ".join(sorted(str(h.get("Value") or "?") for h in hostnames.entries(zone))) or "none"
    raise HostnameNotOnZone(
        "hostname %s is not on pull zone %d (its hostnames: %s)" % (wanted, found.id, known),
        "Add it to the pull zone first, or fix hostname or %s." % found.option,
        zone.get("Name"),
        needs=[hostnames.predicted_hostname(pull_zones.ledger_ref(found.id), wanted)],
    )


class State(object):
    """What a hostname has now: the compared ``view`` (see ``certificate_view``), whether it is a custom
    certificate (None when unknown), and how that was learnt: ``source`` is ``api`` (the platform's
    answer), ``tls`` (the leaf the hostname serves) or ``unknown`` (``reason`` says why)."""

    def __init__(self, zone_name, hostname, view, custom, source, reason=None, notes=()):
        self.zone_name = zone_name
        self.hostname = hostname
        self.view = view
        self.custom = custom
        self.source = source
        self.reason = reason
        self.notes = list(notes)


def read_state(ctx, found, probe_at=None):
    """Read the hostname's certificate: the module's one read, safe to call again after a write.

    The platform's published document says ``includeCertificate=true`` returns the certificate
    (Base64Url); the Terraform provider's docs say the API never returns it
    (BunnyWay/terraform-provider-bunnynet, docs/resources/pullzone_hostname.md). When it is
    missing and ``probe_at`` is given, the leaf certificate the hostname serves there is read
    instead (one TLS handshake, no credential sent).
    """
    zone = pull_zones.get(ctx.client, found.id, found.not_visible, include_certificate=True, hostnames=True)
    entry = find_hostname(zone, ctx.params["hostname"], found)
    hostname = entry.get("Value") or ctx.params["hostname"]
    if entry.get("IsSystemHostname") or entry.get("IsManagedHostname"):
        kind = "a system" if entry.get("IsSystemHostname") else "a managed"
        raise InputError(
            "hostname %s is %s hostname of pull zone %d; the platform manages its certificate, so it "
            "cannot be changed. Use a hostname you added to the pull zone." % (hostname, kind, found.id),
            option="hostname",
        )
    protect(ctx, entry.get("CertificateKey") or "")  # the platform's copy of the key: never decoded, never shown
    certificate_type, custom = certificate_type_of(entry)

    def state(bundle, source, reason=None, notes=()):
        return State(
            zone.get("Name"), hostname, certificate_view(bundle, certificate_type), custom, source, reason, notes
        )

    if certificate_type != "none" and entry.get("Certificate"):
        try:
            return state(certs.decode_platform_certificate(entry["Certificate"]), "api")
        except certs.CertificateError as exc:
            return state([], "unknown", "the certificate the platform returned could not be read (%s)" % exc)
    if certificate_type == "none" or entry.get("CertificateProvisionType") not in (CUSTOM_PROVISION, None):
        # no certificate, or one the platform issued: the answer says all a comparison needs
        return state([], "api")
    # a custom (or unlabelled) certificate the platform did not return
    if probe_at is None or "*" in hostname:
        return state(
            [],
            "unknown",
            "the platform did not return the certificate and %s"
            % ("tls_probe is off" if probe_at is None else "a wildcard hostname has no one name to probe over TLS"),
        )
    host, port = probe_at
    try:
        der = probe.served_leaf(host, port, hostname, ctx.params["timeout"])
    except probe.ProbeError as exc:
        return state([], "unknown", "the platform did not return the certificate and the TLS probe failed: %s" % exc)
    try:
        served = certs.describe_der(der)
    except certs.CertificateError:
        served = certs.Certificate(der)
    return state([served], "tls", notes=["served by %s" % probe.where(host, port)])


def installed(state, wanted):
    """Whether the bundle with fingerprints ``wanted`` is what ``state`` shows: True, False, or None
    when no comparison is possible. Through TLS only the leaf can be compared."""
    fingerprints = state.view["fingerprints"]
    if state.source == "api":
        return bool(state.custom) and fingerprints == wanted
    if state.source == "tls":
        return fingerprints[:1] == wanted[:1]
    return None


def differs(ctx, state, wanted):
    """Whether ``wanted`` must be uploaded over ``state``; warns when the answer is not exact."""
    same = installed(state, wanted)
    if same is not None:
        if not same and state.source == "tls":
            ctx.warn(
                "%s serves the certificate %s (%s), not the wanted one, so it is uploaded. If this repeats on every "
                "run, the probe does not reach the platform's edge (DNS may point elsewhere): set tls_probe to an edge "
                "address (host:port) that serves %s."
                % (state.hostname, state.view["fingerprints"][0], state.notes[0], state.hostname)
            )
        return not same
    ctx.warn(
        "%s has a certificate the module could not compare: %s. It is uploaded again, and will be on every run until a "
        "comparison is possible: set tls_probe to an address (host:port) that serves %s over TLS."
        % (state.hostname, state.reason, state.hostname)
    )
    return True


class Change(object):
    """The one write a task may send: the certificate view it leads to (``target``), whether it is needed
    (``changed``), how to send it (``apply``), how a re-read after a lost answer tells whether it landed
    (``reached``), and where that re-read probes over TLS (``probe_at``)."""

    def __init__(self, target, changed, apply, reached, probe_at=None):
        self.target = target
        self.changed = changed
        self.apply = apply
        self.reached = reached
        self.probe_at = probe_at


def upload(ctx, found, state, wanted, address):
    """Install the wanted bundle and key unless ``state`` shows them already (or ``force``)."""
    bundle, key = wanted
    target = certificate_view(bundle, "custom")
    fingerprints = target["fingerprints"]

    def reached(now):
        # the same comparison as before the write; the probe (when not off) also confirms a forced upload
        same = installed(now, fingerprints)
        return now.reason if same is None else same

    def apply():
        return pull_zones.add_certificate(
            ctx.client, found.id, state.hostname, "".join(c.pem() for c in bundle), key.pem()
        )

    return Change(target, ctx.params["force"] or differs(ctx, state, fingerprints), apply, reached, address)


def removal(ctx, found, state):
    """Remove the custom certificate when the hostname has one; a certificate the platform issues is left alone."""

    def apply():
        return pull_zones.remove_certificate(ctx.client, found.id, state.hostname)

    def reached(now):
        # no custom certificate left: HasCertificate false, or one the platform issues itself
        return not now.custom

    return Change(certificate_view([], "none"), bool(state.custom), apply, reached)


def reread_state(ctx, found, probe_at):
    """:func:`read_state` after a write whose answer was lost: a hostname no longer on the zone (or no longer one a
    certificate can be put on) is a read that cannot tell, so the outcome is reported unknown, never a plain
    input error that would hide the write."""
    try:
        return read_state(ctx, found, probe_at)
    except InputError as problem:
        raise ApiError("Reading pull zone %d again" % found.id, None, str(problem), kind=NO_ANSWER) from None


def predicted_result(ctx, pull_zone_id, pull_zone_name, wanted):
    """The result when the hostname, or its pull zone, is only predicted by an earlier task (check mode): the wanted
    certificate installed (none for state=absent); nothing was read to compare (``certificate_source``: unknown, and
    the warning says why)."""
    target = certificate_view(wanted[0], "custom") if wanted else certificate_view([], "none")
    return dict(
        target,
        pull_zone={"id": pull_zone_id, "name": pull_zone_name},
        hostname=ctx.params["hostname"],
        certificate_source="unknown",
    )


def on_predicted_zone(ctx, wanted):
    """The result on a pull zone an earlier task only predicted creating (check mode), when an earlier task predicted
    adding the hostname to it too; else the task fails as the real run would, the hostname not being on the zone."""
    name, hostname = ctx.params["pullzone_name"], ctx.params["hostname"]
    need = hostnames.predicted_hostname(pull_zones.ledger_ref(name=name), hostname)
    if not ctx.predicted_dependency("hostname %s of pull zone %s" % (hostname, name), needs=[need]):
        raise InputError(
            "hostname %s is not on pull zone %s, which an earlier task of this run only predicted creating (check mode "
            "creates nothing), and no earlier task predicted adding the hostname to it. Add it to the pull zone first "
            "(edge.platform.pullzone_hostname), or fix hostname or pullzone_name." % (hostname, name),
            option="hostname",
        )
    return predicted_result(ctx, None, name, wanted)


def not_on_zone(ctx, found, missing, wanted):
    """The result when the hostname is not on the pull zone (``missing``, a HostnameNotOnZone): under --check, one an
    earlier task only predicted adding is stood in for; with nothing to install there is nothing to remove; else the
    task fails with ``missing``."""
    hostname = ctx.params["hostname"]
    if wanted:
        if not ctx.predicted_dependency("hostname %s of pull zone %d" % (hostname, found.id), needs=missing.needs):
            raise missing
        return predicted_result(ctx, found.id, missing.zone_name, wanted)
    # the certificate lives on the hostname: with the hostname gone (a teardown after a build that failed
    # before adding it, or run twice) there is nothing to remove, as with a pull zone that is gone
    ctx.warn("Nothing to remove: %s, so it has no certificate there." % missing.where)
    return ctx.exit(
        **dict(
            certificate_view([], "none"),
            pull_zone={"id": found.id, "name": missing.zone_name},
            hostname=hostname,
            certificate_source="api",
        )
    )
