# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Hostnames of a pull zone: their paths, the writes on them, finding one in a pull zone and the hints of their
errors (pure Python: no Ansible imports). The pull zone itself is read through ``pull_zones.get``.

- :func:`add`: ``POST /pullzone/{id}/addHostname`` (204).
- :func:`remove`: ``DELETE /pullzone/{id}/removeHostname`` with a JSON body (204; 404 means already gone).
- :func:`set_force_ssl`: ``POST /pullzone/{id}/setForceSSL`` (204).
- :func:`load_free_certificate`: ``GET /pullzone/loadFreeCertificate?hostname=`` (200 with an empty body). The call
  names no pull zone: the platform looks the hostname up across the account.
- :func:`wildcard_domain`, :func:`owning_dns_zone`, :func:`issue_wildcard`: a wildcard certificate of a hostname's
  parent domain through the platform's DNS zone that holds it (``dns_zones.issue_wildcard_certificate``).
- A refusal by Let's Encrypt's limits gets a hint saying so and what to do (:func:`acme_limited`).
- The hostname a task names, checked before any request (:func:`given_hostname`, :func:`certificate_hostname`), and
  found on a pull zone as :func:`key` compares (:func:`find`).

Every write is sent once and never again once it may have reached the platform: after a lost answer the reconciler
re-reads the pull zone instead (see docs/platform-notes.md, "Pull zone hostnames").
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError

from . import dns_zones
from .listing import LookupFailed

ADD_HOSTNAME = "/pullzone/%d/addHostname"
REMOVE_HOSTNAME = "/pullzone/%d/removeHostname"
SET_FORCE_SSL = "/pullzone/%d/setForceSSL"
LOAD_FREE_CERTIFICATE = "/pullzone/loadFreeCertificate"

ALREADY_REGISTERED = "pullzone.hostname_already_registered"
INVALID = "pullzone.hostname_invalid"
# The platform's message when the hostname's DNS does not lead to it (docs/platform-notes.md, "Pull zone hostnames").
NOT_POINTING = "is not pointing to our servers"
# What the platform passes on from Let's Encrypt when its limits refuse a certificate (docs/platform-notes.md, "Free
# certificates and Let's Encrypt's limits"): the ACME error type, and the words of the limit.
ACME_LIMITED = ("urn:ietf:params:acme:error:ratelimited", "too many certificates")
TIMED_OUT = "no answer from "  # how the client words a request that got no answer in time (_engine/transport.py)

ADD_HINTS = {
    ALREADY_REGISTERED: (
        "Another pull zone of this account (or of another account) already holds this hostname: remove it there "
        "first (edge.platform.pullzone_info lists the hostnames of every pull zone), or fix hostname."
    ),
    INVALID: "The platform does not accept this name as a hostname: give a DNS name such as cdn.example.com.",
}


def key(value):
    """How hostnames are compared: case-insensitively, a trailing dot ignored. The platform's own case handling is
    not known (docs/platform-notes.md, "Pull zone hostnames"), so a name is found whatever its case, and sent as the
    user gave it."""
    return str(value or "").strip().rstrip(".").lower()


# a name a certificate can cover, as :func:`certificate_hostname` leaves it: lower case, IDNA, ``*`` for a wildcard
CERTIFICATE_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9_*]([a-z0-9_.-]*[a-z0-9])?$")
NOT_BARE = "hostname must be a bare DNS name such as %s (no %s); got %r."


def given_hostname(value):
    """The hostname as given, without surrounding spaces; a URL or anything with a space fails before any request."""
    name = (value or "").strip()
    if not name or any(c.isspace() or c in "/:?#@" for c in name):
        raise InputError(NOT_BARE % ("cdn.example.com", "scheme, port, path or spaces", value), option="hostname")
    return name


def certificate_hostname(value):
    """The hostname as :func:`key` compares it, in IDNA form: the name a certificate must cover; a URL, or a name no
    certificate can cover, fails before any request."""
    host = key(value)
    try:
        host = host.encode("idna").decode("ascii") if any(ord(c) > 127 for c in host) else host
    except UnicodeError:
        host = ""
    if not CERTIFICATE_NAME.match(host):
        raise InputError(NOT_BARE % ("www.example.com", "scheme, port or path", value), option="hostname")
    return host


def predicted_hostname(pull_zone_ref, hostname):
    """The check-mode ledger's note of ``hostname`` on a pull zone (``pull_zones.ledger_ref``), as :func:`key`
    compares (``_engine/ledger.py``)."""
    return ("hostname", "%s: %s" % (pull_zone_ref, key(hostname)))


def predicted_owner(domain):
    """The check-mode ledger's need of a DNS zone that would hold ``domain``: the zone of the domain or of any parent
    domain, as :func:`owning_dns_zone` looks (any one of them will do)."""
    labels = key(domain).split(".")
    return (dns_zones.WHAT, tuple(dns_zones.predicted_zone(".".join(labels[i:]))[1] for i in range(len(labels))))


def entries(zone):
    """The HostnameModel entries of a PullZoneModel (untrusted: only mappings)."""
    hostnames = zone.get("Hostnames") if isinstance(zone, dict) else None
    return [entry for entry in hostnames or [] if isinstance(entry, dict)]


def find(zone, hostname):
    """The HostnameModel of ``hostname`` on the pull zone ``zone``, or None."""
    wanted = key(hostname)
    for entry in entries(zone):
        if key(entry.get("Value")) == wanted:
            return entry
    return None


def cname_target(zone):
    """Where a custom hostname's DNS (CNAME) must point: the zone's ``CnameDomain``, else its system hostname."""
    target = zone.get("CnameDomain") if isinstance(zone, dict) else None
    if isinstance(target, str) and target.strip():
        return target.strip()
    for entry in entries(zone):
        if entry.get("IsSystemHostname") and isinstance(entry.get("Value"), str):
            return entry["Value"]
    return None


def add(client, zone_id, hostname):
    """Add ``hostname`` to pull zone ``zone_id`` (sent as given). The answer carries no data: None."""
    try:
        client.request(
            "POST",
            ADD_HOSTNAME % zone_id,
            "Adding hostname %s to pull zone %d" % (hostname, zone_id),
            json_body={"Hostname": hostname},
            replay_safe=False,
            expect="empty",
        )
    except ApiError as error:
        if error.status == 400 and error.error_key in ADD_HINTS:
            raise error.with_hint(ADD_HINTS[error.error_key]) from None
        raise


def remove(client, zone_id, hostname):
    """Remove ``hostname`` from pull zone ``zone_id``. True when removed, False when the platform answered 404: the
    hostname is gone already (the caller read the zone just before, so the zone itself exists)."""
    reply = client.request(
        "DELETE",
        REMOVE_HOSTNAME % zone_id,
        "Removing hostname %s from pull zone %d" % (hostname, zone_id),
        json_body={"Hostname": hostname},
        replay_safe=False,
        allow_404=True,
        expect="empty",
    )
    return reply.status != 404


def set_force_ssl(client, zone_id, hostname, force_ssl):
    """Turn Force SSL on or off for ``hostname`` of pull zone ``zone_id``. The answer carries no data: None."""
    client.request(
        "POST",
        SET_FORCE_SSL % zone_id,
        "%s Force SSL on hostname %s of pull zone %d" % ("Enabling" if force_ssl else "Disabling", hostname, zone_id),
        json_body={"Hostname": hostname, "ForceSSL": bool(force_ssl)},
        replay_safe=False,
        expect="empty",
    )


def not_pointing_hint(hostname, target):
    """The advice when the platform refuses a free certificate because the hostname's DNS does not lead to it."""
    return (
        "The platform issues a free certificate only once the hostname's DNS points at the pull zone: create a CNAME "
        "record %s -> %s (or a PullZone record when the platform hosts the DNS zone), wait until it resolves, then run "
        "the task again. The hostname stays on the pull zone meanwhile."
        % (hostname, target or "the pull zone's system hostname")
    )


def timed_out(error):
    """Whether a request got no answer within the timeout (the platform was still serving it: a certificate may still
    be issued), as opposed to a connection dropped or a gateway's error."""
    return error.status is None and (error.message or "").startswith(TIMED_OUT)


def acme_limited(error):
    """Whether a refused certificate request was refused by Let's Encrypt's rate limits (its message passed on)."""
    message = (error.message or "").lower()
    return error.status in (400, 429) and any(words in message for words in ACME_LIMITED)


def acme_hint(hostname):
    """The advice when Let's Encrypt's limits refuse a certificate for ``hostname``."""
    return (
        "Let's Encrypt refused a new certificate for %s: it issues at most 50 certificates per registered domain in 7 "
        "days (the message above says when the next one is allowed), so this task fails the same way on every run "
        "until then, asking again each time. Instead, one wildcard certificate of the parent domain covers every "
        "hostname under it: set wildcard_certificate=true when the platform hosts the domain's DNS zone, or install a "
        "certificate of your own with edge.platform.pullzone_certificate." % hostname
    )


def _certificate_request(send, hostname, target=None):
    """Send one certificate request; a refusal gets the advice of its cause (DNS, Let's Encrypt's limits)."""
    try:
        send()
    except ApiError as error:
        if acme_limited(error):
            raise error.with_hint(acme_hint(hostname)) from None
        if error.status == 400 and NOT_POINTING in (error.message or ""):
            raise error.with_hint(not_pointing_hint(hostname, target)) from None
        raise


def load_free_certificate(client, hostname, target=None):
    """Ask the platform to issue a free certificate for ``hostname`` (the platform finds the hostname across the
    account). The answer is an empty 200, which does not prove a certificate was issued: the caller re-reads the
    hostname's ``HasCertificate`` (docs/platform-notes.md, "Pull zone hostnames").

    Sent once: issuing takes time and counts against the certificate authority's limits, so a request whose answer
    was lost is settled by a re-read, never repeated. A refusal because DNS does not point at the platform gets a hint
    naming ``target`` (the pull zone's CNAME target); one by Let's Encrypt's limits says so."""
    operation = "Requesting a free certificate for hostname %s" % hostname

    def send():
        client.request(
            "GET",
            LOAD_FREE_CERTIFICATE,
            operation,
            params={"hostname": hostname},
            replay_safe=False,
            changes_state=True,
            expect="empty",
            hints={404: "The platform found no hostname %s in this account." % hostname},
        )

    _certificate_request(send, hostname, target)


# --- a wildcard certificate through the platform's DNS zone of the domain -----------------------------------------


def wildcard_domain(hostname):
    """The domain whose wildcard certificate covers ``hostname``: its parent (``example.com`` for
    ``cdn.example.com``; a wildcard covers one label). InputError for a name without a parent domain."""
    labels = key(hostname).split(".")
    if len(labels) < 3 or labels[0] == "*":
        raise InputError(
            "wildcard_certificate: %s has no parent domain a wildcard certificate of its own would cover (a wildcard "
            "*.example.com covers cdn.example.com, not example.com itself): use free_certificate alone." % hostname,
            option="wildcard_certificate",
        )
    return ".".join(labels[1:])


def owning_dns_zone(client, domain):
    """The DnsZoneModel of this account that holds ``domain`` (the longest zone domain it is or ends with), as the
    official CLI finds the DNS zone of a hostname (docs/platform-notes.md, "Wildcard certificates through a DNS
    zone"); LookupFailed when none does, with the check-mode ledger's note that would show an earlier task predicted
    creating one (:func:`predicted_owner`)."""
    best = None
    for zone in dns_zones.list_all(client):
        name = key(zone.get("Domain"))
        if (
            name
            and (domain == name or domain.endswith("." + name))
            and (best is None or len(name) > len(key(best["Domain"])))
        ):
            best = zone
    if best is None:
        raise LookupFailed(
            "wildcard_certificate: no DNS zone of this account holds %s, and the platform issues a wildcard "
            "certificate only through the DNS zone of the domain (create it with edge.platform.dnszone and delegate "
            "the domain to it), or use free_certificate alone." % domain,
            option="wildcard_certificate",
            missing=True,
            needs=[predicted_owner(domain)],
        )
    return best


def issue_wildcard(client, zone_id, domain, hostname):
    """Ask DNS zone ``zone_id`` for a wildcard certificate of ``domain`` (the one ``hostname`` needs). Sent once, as
    :func:`load_free_certificate`; a refusal by Let's Encrypt's limits says so."""
    _certificate_request(lambda: dns_zones.issue_wildcard_certificate(client, zone_id, domain), hostname)
