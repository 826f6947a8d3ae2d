"""Pull zones state: each zone's hostnames, their certificates, and the TLS listener serving them.

Fixture (docs/guide.md, "Fixtures"): ``pull_zones: [{id, name, omit_certificates, settings, hostnames: [{value, system,
managed, force_ssl, free_certificate, certificate, certificate_key, dns_points_here}]}]``; ``certificate``/
``certificate_key`` are PEM text and must belong together; ``free_certificate`` stands for a platform-issued (HTTP-01)
one. Whose DNS points at the platform (``dns_points_here`` on a hostname, or the top-level ``dns_points_here`` list of
names, for hostnames a test adds later) decides the free certificate requests of hostname_routes.py (see dns.py).

``settings`` (optional) is a mapping of the zone's settings in snake_case, each optional: every member of the core
document's ``PullZoneSettingsModel`` has one (settings.py's table: the keys the ``pullzone`` module's options had for the
first 35, such as ``origin_url``, ``origin_type`` (0..6), ``cache_expiration_time``, ``cors_enabled``, ``routing_filters``;
the member in snake_case for the others, such as ``enable_web_sockets``, ``optimizer_image_quality``,
``log_forwarding_token``, ``optimizer_classes: [{name, properties: {key: text}}]``). Left out: the table's defaults (a
fixture zone's origin is ``https://origin.example.invalid``, as older fixtures relied on). An enum setting of a fixture
may hold a number the platform's document does not name yet (``origin_type: 7``): the platform adds values
(docs/platform-notes.md, "Enums that grow"), and clients must cope; requests are still held to the named values. What
each origin type needs and what the platform rewrites: origins.py. ``edge_rules`` (optional): the zone's edge rules,
edge_rules.py. ``security_key`` (optional): the token authentication key (``ZoneSecurityKey``), else one made from the
zone's id (so is a new zone's: a run repeated on the same fixture meets the same keys).

A zone created by ``POST /pullzone`` starts from the same defaults (the platform's Terraform provider's defaults where
it has one; docs/platform-notes.md, "Pull zones: create, update, delete"), with no origin URL unless one is sent, and
its system hostname ``<name>.b-cdn.net``.

Two switches for what the real platform may do (docs/platform-notes.md, "Certificates read back from a pull zone": the
published document says the read returns the certificate, the Terraform provider's docs say it never does):

- ``omit_certificates: true`` (top level for every zone, or on one pull zone): ``Certificate`` and
  ``CertificateKey`` stay null even with ``includeCertificate=true``; ``HasCertificate`` and the
  provision type are still told.
- ``tls_listener: {host: 127.0.0.1, port: 0}`` (top level; ``true`` for these defaults): a TLS
  listener serving each hostname's installed custom certificate by SNI, as the edge would. Its
  address is ``areas.pullzones.tls_listener`` in ``GET /_emulator/state``; with port 0 a reset picks
  a new port.

No HTTP here: responses.py serves the routes over this state.
"""

import base64
import uuid

from ...fixtures import FixtureError, records
from ...tls import pem
from ...tls.listener import TlsListener
from .dns import dns_names
from .edge_rules import fixture_rules, rule_model
from .problems import BodyProblem
from .settings import (
    BY_KEY,
    MEMBERS,
    NOT_NULLABLE,
    SECRETS,
    SETTINGS,
    TEXT,
    WRITTEN_ONLY,
    copied,
    default_settings,
    setting_value,
    web_socket_tier,
)

PROVISION_TYPES = {0: "unknown", 1: "http01", 2: "dns01", 3: "custom", 4: "managed"}
CUSTOM, HTTP01, UNKNOWN = 3, 1, 0
FIXTURE_ORIGIN = "https://origin.example.invalid"
CDN_DOMAIN = "b-cdn.net"


def derived_key(seed):
    """A token authentication key made from ``seed`` (a UUID's text, as the platform's keys look)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, seed))


def _base64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class Hostname(object):
    def __init__(self, hostname_id, spec, where):
        self.id = hostname_id
        self.value = str(spec["value"])
        self.system = bool(spec.get("system"))
        self.managed = bool(spec.get("managed"))
        self.force_ssl = bool(spec.get("force_ssl"))
        self.dns_points_here = bool(spec.get("dns_points_here"))  # hostname_routes.py: loadFreeCertificate succeeds
        self.certificate = self.key = None
        self.served = None  # (certificate, key) in one attribute: the TLS listener reads it without a lock
        self.fingerprints = []
        # bunny serves its own certificate on system hostnames
        self.provision = UNKNOWN
        self.has_certificate = self.system or self.managed
        if spec.get("free_certificate"):
            self.has_certificate, self.provision = True, HTTP01
        if spec.get("certificate") or spec.get("certificate_key"):
            cert, key = spec.get("certificate"), spec.get("certificate_key")
            if not (cert and key):
                raise FixtureError("%s: certificate and certificate_key go together" % where)
            try:
                self.install(cert.encode("utf-8"), key.encode("utf-8"))
            except pem.PemError as exc:
                raise FixtureError("%s: %s" % (where, exc)) from exc

    def install(self, cert_bytes, key_bytes):
        """Check and store a certificate; raises PemError saying what is wrong."""
        chain = pem.certificates(cert_bytes)
        if chain[0][1] != pem.private_key(key_bytes):
            raise pem.PemError("the certificate key does not match the certificate")
        self.certificate, self.key = cert_bytes, key_bytes
        self.served = (cert_bytes, key_bytes)
        self.fingerprints = [entry[0] for entry in chain]
        self.has_certificate, self.provision = True, CUSTOM

    def remove(self):
        self.certificate = self.key = self.served = None
        self.fingerprints = []
        self.has_certificate, self.provision = False, UNKNOWN

    def model(self, include_certificate):
        show = include_certificate and self.certificate is not None
        return {
            "Id": self.id,
            "Value": self.value,
            "ForceSSL": self.force_ssl,
            "IsSystemHostname": self.system,
            "IsManagedHostname": self.managed,
            "HasCertificate": self.has_certificate,
            "Certificate": _base64url(self.certificate) if show else None,
            "CertificateKey": _base64url(self.key) if show else None,
            "CertificateKeyType": 0,
            "CertificateProvisionType": self.provision,
        }

    def dump(self):
        return {
            "id": self.id,
            "value": self.value,
            "system": self.system,
            "managed": self.managed,
            "has_certificate": self.has_certificate,
            "certificate_type": PROVISION_TYPES[self.provision],
            "force_ssl": self.force_ssl,
            "fingerprints": list(self.fingerprints),
        }


class PullZone(object):
    def __init__(self, spec, index, omit_certificates=False):
        self.id = int(spec["id"])
        self.name = str(spec.get("name") or "zone%d" % self.id)
        self.omit_certificates = bool(spec.get("omit_certificates", omit_certificates))
        self.settings = default_settings()
        self.settings["OriginUrl"] = FIXTURE_ORIGIN
        self.security_key = str(spec.get("security_key") or derived_key("pullzone:%d" % self.id))
        for key, value in (spec.get("settings") or {}).items():
            member, kind = BY_KEY[key]
            stored, problem = setting_value(kind, value, fixture=True) if value is not None else (None, None)
            if problem is not None:
                raise FixtureError("pull_zones[%d].settings.%s %s" % (index, key, problem))
            self.settings[member] = stored
        self.hostnames = []
        entries = spec.get("hostnames")
        if entries is None:
            entries = [{"value": "%s.%s" % (self.name, CDN_DOMAIN), "system": True}]
        where = "pull_zones[%d].hostnames" % index
        for position, entry in enumerate(records({"hostnames": entries}, "hostnames", ("value",))):
            self.hostnames.append(Hostname(self.id * 100 + position + 1, entry, "%s[%d]" % (where, position)))
        self.edge_rules = fixture_rules(self.id, spec.get("edge_rules"), "pull_zones[%d].edge_rules" % index)
        self.rules_made = len(self.edge_rules)  # edge_rules.rule_guid numbers the rules made on the zone

    @classmethod
    def created(cls, zone_id, name, settings):
        """A zone made by ``POST /pullzone``: the defaults, ``settings`` (``{member: value}``) over them, no origin
        unless one is given, and its system hostname."""
        zone = cls({"id": zone_id, "name": name}, 0)
        zone.settings["OriginUrl"] = None
        zone.settings.update(settings)
        return zone

    def find(self, value):
        wanted = value.lower()
        for hostname in self.hostnames:
            if hostname.value.lower() == wanted:
                return hostname
        return None

    def model(self, include_certificate):
        model = {
            "Id": self.id,
            "Name": self.name,
            "Enabled": True,
            "Suspended": False,
            "Hostnames": [h.model(include_certificate and not self.omit_certificates) for h in self.hostnames],
            "CnameDomain": "%s.%s" % (self.name, CDN_DOMAIN),
            "ZoneSecurityKey": self.security_key,
            "EdgeRules": [rule_model(rule) for rule in self.edge_rules],
        }
        model.update({member: copied(value) for member, value in self.settings.items()})
        return model

    def dump_settings(self):
        """The settings by fixture key, secrets shown only as set or not."""
        shown = {}
        for key, member, _kind, _default in SETTINGS:
            value = self.settings[member]
            shown[key] = ("<set>" if value else value) if member in SECRETS else copied(value)
        return shown


def _member_value(member, kind, value):
    """A request value as stored, or BodyProblem naming the member (the core document's type and bounds)."""
    stored, problem = setting_value(kind, value)
    if problem is not None:
        key = "validation.out_of_range" if problem.startswith("must be between") else "validation.invalid_type"
        raise BodyProblem(key, member, "The field %s %s." % (member, problem))
    if member == "MaxWebSocketConnections":
        tier = web_socket_tier(stored)  # the document: rounded up to the next tier, refused above the last
        if tier is None:
            raise BodyProblem(
                "validation.out_of_range",
                member,
                "The field MaxWebSocketConnections must be at most 25000; please contact sales for more.",
            )
        return tier
    return stored


def settings_body(body, create=False):
    """``(name, {member: value}, {write-only member: value})`` of a ``PullZoneAddModel`` (``create``) or
    ``PullZoneSettingsModel``; raises BodyProblem. Keys are matched without case and unknown or read-only members are
    ignored, as the platform does (``EdgeRules``, ``ZoneSecurityKey``, ``Hostnames``); a null member is left as it is
    (the one member the document makes non-nullable refuses null); enum members take numbers or names."""
    if not isinstance(body, dict):
        raise BodyProblem("validation.invalid_body", "model", "The request body must be a JSON object.")
    name, members, dns = None, {}, {}
    for key, value in body.items():
        lower = str(key).lower()
        if lower == "name" and create:
            name = value
        elif lower in WRITTEN_ONLY and value is not None:
            member, kind = WRITTEN_ONLY[lower]
            stored = _member_value(member, kind, value)
            dns[member] = stored.lower() if kind == TEXT else stored
        elif lower in MEMBERS and (value is not None or MEMBERS[lower][0] in NOT_NULLABLE):
            member, kind = MEMBERS[lower]
            members[member] = _member_value(member, kind, value)
    if create:
        if name is None:
            raise BodyProblem("validation.required", "Name", "The Name field is required.")
        if not isinstance(name, str):
            raise BodyProblem("validation.invalid_type", "Name", "The field Name must be a string.")
        if len(name) < 1:
            raise BodyProblem(
                "validation.min_length", "Name", "The field Name must be a string with a minimum length of '1'."
            )
    return name, members, dns


class PullZonesState(object):
    """The fixture's pull zones by id, and the TLS listener when the fixture asks for one."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.zones = {}
        omit = bool(fixture.get("omit_certificates"))
        self.dns_points_here = dns_names(fixture)  # hostname_routes.py: names whose DNS points at the platform
        for index, spec in enumerate(records(fixture, "pull_zones")):
            zone = PullZone(spec, index, omit)
            self.zones[zone.id] = zone
        self.listener = None
        listener = fixture.get("tls_listener")
        if listener:
            listener = {} if listener is True else listener
            if not isinstance(listener, dict):
                raise FixtureError("tls_listener must be true or a mapping {host, port}")
            try:
                self.listener = TlsListener(
                    self.served, str(listener.get("host", "127.0.0.1")), int(listener.get("port", 0))
                )
            except (OSError, ValueError, TypeError) as exc:
                raise FixtureError(
                    "tls_listener: cannot listen on %s:%s (%s)"
                    % (listener.get("host", "127.0.0.1"), listener.get("port", 0), exc)
                ) from exc

    def add_zone(self, name, members):
        """The new zone ``name`` with ``members``, or None when a zone has that name already (compared without case:
        the platform's rule is not published)."""
        if any(zone.name.lower() == name.lower() for zone in self.zones.values()):
            return None
        zone = PullZone.created(max(list(self.zones) + [2000]) + 1, name, members)
        self.zones[zone.id] = zone
        return zone

    def drop(self, zone_id):
        """Delete zone ``zone_id`` (False when there is none) and tell the areas that keep something of it
        (``pull_zone_deleted(zone_id)``, when they have one). The caller holds this area's lock."""
        if self.zones.pop(zone_id, None) is None:
            return False
        for area in self.platform.areas.values():
            deleted = getattr(area, "pull_zone_deleted", None)
            if deleted is not None:
                deleted(zone_id)
        return True

    def served(self, server_name):
        """``(certificate, key)`` bytes installed on ``server_name``, or None (the TLS listener asks).

        Lock-free on purpose: zones and hostnames are fixed once loaded, and each hostname swaps its
        pair in one assignment, so a handshake never sees a certificate with another one's key.
        """
        for zone in self.zones.values():
            hostname = zone.find(server_name)
            if hostname is not None and hostname.served is not None:
                return hostname.served
        return None

    def close(self):
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    def dump(self):
        return {
            "pull_zones": [
                {
                    "id": z.id,
                    "name": z.name,
                    "omit_certificates": z.omit_certificates,
                    "settings": z.dump_settings(),
                    "edge_rules": [rule_model(rule) for rule in z.edge_rules],
                    "hostnames": [h.dump() for h in z.hostnames],
                }
                for z in self.zones.values()
            ],
            "tls_listener": self.listener.address if self.listener is not None else None,
            "wildcard_certificates": sorted(getattr(self, "wildcards", ())),
        }
