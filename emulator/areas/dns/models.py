"""DNS zones and their records: state and fixture reading (no HTTP). Routes: zone_routes.py, record_routes.py.

Top-level switches: ``dns_records_listing`` (default true; false: ``GET /dnszone/{id}/records`` answers 404, as before
the platform published it on 2026-06-26) and ``dns_zone_records`` (default true; false: ``GET /dnszone/{id}`` answers
the zone without ``Records``).

Fixture entries (``dns_zones``): ``id`` (required), ``domain``, ``dnssec`` (true or false), and the zone's settings,
each optional, snake_case (:data:`SETTINGS`, the DnsZoneModel member beside it): ``custom_nameservers_enabled``,
``nameserver1``, ``nameserver2``, ``soa_email``, ``logging_enabled``, ``logging_ip_anonymization_enabled``,
``log_anonymization_type`` (0 OneDigit, 1 Drop), ``certificate_key_type`` (0 Ecdsa, 1 Rsa). A setting left out has
the value the platform gives a new zone (its recorded create answer).
"""

import base64
import hashlib
import struct
from datetime import datetime, timezone

from ...fixtures import records

ALGORITHM = 13  # ECDSAP256SHA256
FLAGS = 257  # zone key + secure entry point (KSK)
PROTOCOL = 3
DIGEST_TYPE = "SHA256 (2)"
TTL = 3600


# fixture key, DnsZoneModel member, the value of a new zone (the platform's recorded create answer)
SETTINGS = (
    ("custom_nameservers_enabled", "CustomNameserversEnabled", False),
    ("nameserver1", "Nameserver1", "kiki.bunny.net"),
    ("nameserver2", "Nameserver2", "coco.bunny.net"),
    ("soa_email", "SoaEmail", "hostmaster@bunny.net"),
    ("logging_enabled", "LoggingEnabled", False),
    ("logging_ip_anonymization_enabled", "LoggingIPAnonymizationEnabled", True),
    ("log_anonymization_type", "LogAnonymizationType", 0),
    ("certificate_key_type", "CertificateKeyType", 0),
)


def _now():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _wire_name(domain):
    labels = [label for label in domain.rstrip(".").split(".") if label]
    return b"".join(struct.pack("B", len(label)) + label.lower().encode("ascii") for label in labels) + b"\x00"


def key_tag(rdata):
    """RFC 4034 appendix B key tag of a DNSKEY RDATA."""
    total = 0
    for index, byte in enumerate(rdata):
        total += byte if index & 1 else byte << 8
    total += (total >> 16) & 0xFFFF
    return total & 0xFFFF


class DnsSecKey(object):
    """A KSK with its DS record, computed as a real signer would (RFC 4034 §5.1.4).

    The key bytes derive from the domain and how many keys the zone has had, so runs from the same
    fixture give the same keys (comparable results in users' CI) while a re-key gives a new one.
    """

    def __init__(self, domain, generation):
        # the shape of a P-256 public key (x || y)
        public_key = hashlib.sha512(("%s/%d" % (domain.rstrip(".").lower(), generation)).encode("utf-8")).digest()
        rdata = struct.pack("!HBB", FLAGS, PROTOCOL, ALGORITHM) + public_key
        self.public_key = base64.b64encode(public_key).decode("ascii")
        self.key_tag = key_tag(rdata)
        self.digest = hashlib.sha256(_wire_name(domain) + rdata).hexdigest().upper()
        self.ds_record = "%s. %d IN DS %d %d 2 %s" % (domain.rstrip("."), TTL, self.key_tag, ALGORITHM, self.digest)


class DnsZone(object):
    def __init__(self, spec):
        self.id = int(spec["id"])
        self.domain = str(spec.get("domain") or "zone%d.example" % self.id)
        self.created = _now()
        self.modified = self.created
        self.generation = 0
        self.key = self.new_key() if spec.get("dnssec") else None
        self.records = []  # DnsRecord objects (record_routes.py), in creation order
        self.settings = {member: spec.get(key, default) for key, member, default in SETTINGS}

    def new_key(self):
        self.generation += 1
        return DnsSecKey(self.domain, self.generation)

    def model(self, with_records=True):
        """The DnsZoneModel; ``with_records=False`` leaves ``Records`` out (the ``dns_zone_records: false`` switch)."""
        zone = {
            "Id": self.id,
            "Domain": self.domain,
            "Records": [record.model() for record in self.records],
            "DateModified": self.modified,
            "DateCreated": self.created,
            "NameserversDetected": True,
            "CustomNameserversEnabled": self.settings["CustomNameserversEnabled"],
            "Nameserver1": self.settings["Nameserver1"],
            "Nameserver2": self.settings["Nameserver2"],
            "SoaEmail": self.settings["SoaEmail"],
            "NameserversNextCheck": self.modified,
            "LoggingEnabled": self.settings["LoggingEnabled"],
            "LoggingIPAnonymizationEnabled": self.settings["LoggingIPAnonymizationEnabled"],
            "LogAnonymizationType": self.settings["LogAnonymizationType"],
            "DnsSecEnabled": self.key is not None,
            "CertificateKeyType": self.settings["CertificateKeyType"],
        }
        if not with_records:
            del zone["Records"]
        return zone

    def dnssec(self):
        """The DnsSecDsRecordModel: the key when enabled, empty fields and zeros when not."""
        key = self.key
        if key is None:
            return {
                "Enabled": False,
                "DsRecord": None,
                "Digest": None,
                "DigestType": None,
                "Algorithm": 0,
                "PublicKey": None,
                "KeyTag": 0,
                "Flags": 0,
                "DsConfigured": False,
            }
        return {
            "Enabled": True,
            "DsRecord": key.ds_record,
            "Digest": key.digest,
            "DigestType": DIGEST_TYPE,
            "Algorithm": ALGORITHM,
            "PublicKey": key.public_key,
            "KeyTag": key.key_tag,
            "Flags": FLAGS,
            "DsConfigured": False,
        }


class DnsState(object):
    """Every DNS zone, by id."""

    name = "dns"

    def __init__(self, fixture, platform):
        self.platform = platform
        # the switches (docs/emulator.md, "Fixtures"): the records listing served (published 2026-06-26), and the
        # zone's records in the answer of GET /dnszone/{id} (how every real client reads them)
        self.records_listing = fixture.get("dns_records_listing", True) is not False
        self.zone_records = fixture.get("dns_zone_records", True) is not False
        self.zones = {}
        for spec in records(fixture, "dns_zones"):
            zone = DnsZone(spec)
            self.zones[zone.id] = zone

    def dump(self):
        return {
            "dns_zones": [{"id": z.id, "domain": z.domain, "dnssec": z.key is not None} for z in self.zones.values()]
        }
