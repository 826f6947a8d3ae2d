"""Pull zones state: each zone's hostnames, their certificates, and the TLS listener serving them.

Fixture (docs/guide.md, "Fixtures"): ``pull_zones: [{id, name, omit_certificates, hostnames: [{value, system, managed,
force_ssl, free_certificate, certificate, certificate_key, dns_points_here}]}]``; ``certificate``/``certificate_key``
are PEM text and must belong together; ``free_certificate`` stands for a platform-issued (HTTP-01) one. Whose DNS
points at the platform (``dns_points_here`` on a hostname, or the top-level ``dns_points_here`` list of names, for
hostnames a test adds later) decides the free certificate requests of hostname_routes.py (see dns.py).

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

from ...fixtures import FixtureError, records
from ...tls import pem
from ...tls.listener import TlsListener
from .dns import dns_names

PROVISION_TYPES = {0: "unknown", 1: "http01", 2: "dns01", 3: "custom", 4: "managed"}
CUSTOM, HTTP01, UNKNOWN = 3, 1, 0


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
        self.hostnames = []
        entries = spec.get("hostnames")
        if entries is None:
            entries = [{"value": "%s.b-cdn.net" % self.name, "system": True}]
        where = "pull_zones[%d].hostnames" % index
        for position, entry in enumerate(records({"hostnames": entries}, "hostnames", ("value",))):
            self.hostnames.append(Hostname(self.id * 100 + position + 1, entry, "%s[%d]" % (where, position)))

    def find(self, value):
        wanted = value.lower()
        for hostname in self.hostnames:
            if hostname.value.lower() == wanted:
                return hostname
        return None

    def model(self, include_certificate):
        return {
            "Id": self.id,
            "Name": self.name,
            "OriginUrl": "https://origin.example.invalid",
            "Enabled": True,
            "Suspended": False,
            "Hostnames": [h.model(include_certificate and not self.omit_certificates) for h in self.hostnames],
            "StorageZoneId": 0,
            "EdgeScriptId": 0,
            "Type": 0,
            "EnableAutoSSL": False,
            "DisableLetsEncrypt": False,
            "CnameDomain": "%s.b-cdn.net" % self.name,
        }


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
                    "hostnames": [h.dump() for h in z.hostnames],
                }
                for z in self.zones.values()
            ],
            "tls_listener": self.listener.address if self.listener is not None else None,
        }
