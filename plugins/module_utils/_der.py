# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A small DER reader for X.509 certificates and private keys.

This is the fallback of ``_certificates`` when the ``cryptography`` library is not installed. It
reads the structure a certificate task needs (validity, subject, issuer, subject alternative
names, the public key) and derives the public key of a private key, so a key that does not match
its certificate is still caught before upload. It does not verify signatures. Supported keys:
RSA (PKCS#1 and PKCS#8) and EC on P-256, P-384 and P-521 (SEC1 and PKCS#8).
"""

from __future__ import annotations

import ipaddress
from datetime import datetime, timezone

INTEGER, BIT_STRING, OCTET_STRING, NULL, OID = 0x02, 0x03, 0x04, 0x05, 0x06
SEQUENCE, SET = 0x30, 0x31
UTC_TIME, GENERALIZED_TIME = 0x17, 0x18
STRING_CODECS = {
    0x0C: "utf-8", 0x12: "ascii", 0x13: "ascii", 0x14: "latin-1", 0x16: "ascii",
    0x1A: "ascii", 0x1C: "utf-32-be", 0x1E: "utf-16-be",
}
RSA_OID = "1.2.840.113549.1.1.1"
EC_OID = "1.2.840.10045.2.1"
SAN_OID = "2.5.29.17"


class DerError(ValueError):
    """The bytes are not the DER structure expected; the message says what is wrong."""


class Curve(object):
    def __init__(self, name, p, a, b, gx, gy, n):
        self.name, self.p, self.a, self.b, self.g, self.n = name, p, a, b, (gx, gy), n
        self.size = (p.bit_length() + 7) // 8


CURVES = {
    "1.2.840.10045.3.1.7": Curve(
        "P-256", 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1, -3,
        0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
        0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
        0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
        0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551),
    "1.3.132.0.34": Curve(
        "P-384", 2 ** 384 - 2 ** 128 - 2 ** 96 + 2 ** 32 - 1, -3,
        int("B3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875A"
            "C656398D8A2ED19D2A85C8EDD3EC2AEF", 16),
        int("AA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A38"
            "5502F25DBF55296C3A545E3872760AB7", 16),
        int("3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C0"
            "0A60B1CE1D7E819D7A431D7C90EA0E5F", 16),
        int("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF"
            "581A0DB248B0A77AECEC196ACCC52973", 16)),
    "1.3.132.0.35": Curve(
        "P-521", 2 ** 521 - 1, -3,
        int("0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF1"
            "09E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B50"
            "3F00", 16),
        int("00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D"
            "3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5"
            "BD66", 16),
        int("011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E"
            "662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD1"
            "6650", 16),
        int("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
            "FFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E9138"
            "6409", 16)),
}


# --- reading TLVs --------------------------------------------------------------------------

def read(data, offset=0):
    """``(tag, value, next_offset)`` of the element at ``offset``."""
    if offset + 2 > len(data):
        raise DerError("truncated DER element")
    tag = data[offset]
    if tag & 0x1F == 0x1F:
        raise DerError("high tag numbers are not used in certificates or keys")
    length = data[offset + 1]
    start = offset + 2
    if length & 0x80:
        count = length & 0x7F
        if count == 0 or count > 4:
            raise DerError("indefinite or oversized DER length")
        if start + count > len(data):
            raise DerError("truncated DER length")
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    end = start + length
    if end > len(data):
        raise DerError("DER element runs past the end of the data")
    return tag, data[start:end], end


def parse(data, tag):
    """The value of the one element making up all of ``data``, checking its tag."""
    found, value, end = read(data)
    if end != len(data):
        raise DerError("unexpected bytes after the DER structure")
    expect(found, tag)
    return value


def children(value):
    """The ``(tag, value)`` elements inside a constructed value."""
    items = []
    offset = 0
    while offset < len(value):
        tag, inner, offset = read(value, offset)
        items.append((tag, inner))
    return items


def expect(tag, wanted):
    if tag != wanted:
        raise DerError("expected DER tag 0x%02x, found 0x%02x" % (wanted, tag))


def integer(tag, value):
    expect(tag, INTEGER)
    if not value:
        raise DerError("empty INTEGER")
    return int.from_bytes(value, "big", signed=True)


def oid(tag, value):
    expect(tag, OID)
    if not value:
        raise DerError("empty OBJECT IDENTIFIER")
    parts = []
    number = 0
    for byte in bytearray(value):
        number = (number << 7) | (byte & 0x7F)
        if not byte & 0x80:
            parts.append(number)
            number = 0
    first = min(parts[0] // 40, 2)
    return ".".join(str(n) for n in [first, parts[0] - 40 * first] + parts[1:])


def bit_string(tag, value):
    expect(tag, BIT_STRING)
    if not value or value[0] != 0:
        raise DerError("BIT STRING with unused bits")
    return value[1:]


def text(tag, value):
    codec = STRING_CODECS.get(tag)
    if codec is None:
        return value  # not a string type: shown as #hex, as RFC 4514 says
    try:
        return value.decode(codec)
    except UnicodeDecodeError as exc:
        raise DerError("badly encoded string in a name") from exc


def time_value(tag, value):
    if tag not in (UTC_TIME, GENERALIZED_TIME):
        raise DerError("a validity time must be UTCTime or GeneralizedTime")
    raw = value.decode("ascii", "replace")
    try:
        if tag == UTC_TIME:
            moment = datetime.strptime(raw, "%y%m%d%H%M%SZ")
        else:
            moment = datetime.strptime(raw.split(".")[0].rstrip("Z"), "%Y%m%d%H%M%S")
    except ValueError as exc:
        raise DerError("unreadable validity time %r" % raw) from exc
    return moment.replace(tzinfo=timezone.utc)


# --- certificates ---------------------------------------------------------------------------

def name(value):
    """A Name as RDNs of ``(dotted_oid, value)`` pairs, in certificate order."""
    rdns = []
    for tag, rdn in children(value):
        expect(tag, SET)
        attributes = []
        for attr_tag, attribute in children(rdn):
            expect(attr_tag, SEQUENCE)
            parts = children(attribute)
            if len(parts) != 2:
                raise DerError("a name attribute must be a type and a value")
            attributes.append((oid(*parts[0]), text(*parts[1])))
        rdns.append(attributes)
    return rdns


def public_key(spki):
    """The comparable public key of a SubjectPublicKeyInfo: ``("rsa", n, e)``, ``("ec", curve, x, y)``
    or ``("spki", der)`` for algorithms this reader does not take apart."""
    parts = children(spki)
    if len(parts) != 2:
        raise DerError("SubjectPublicKeyInfo must be an algorithm and a key")
    algorithm = children(parts[0][1])
    kind = oid(*algorithm[0])
    key = bit_string(*parts[1])
    if kind == RSA_OID:
        numbers = children(parse(key, SEQUENCE))
        return ("rsa", integer(*numbers[0]), integer(*numbers[1]))
    if kind == EC_OID:
        curve = _curve(algorithm[1] if len(algorithm) > 1 else None)
        return ("ec", curve.name) + _point(curve, key)
    return ("spki", bytes([SEQUENCE]) + _length(len(spki)) + spki)


def _length(size):
    if size < 0x80:
        return bytes([size])
    raw = size.to_bytes((size.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(raw)]) + raw


def _curve(parameters):
    if parameters is None or parameters[0] != OID:
        raise DerError("EC keys must name their curve")
    dotted = oid(*parameters)
    if dotted not in CURVES:
        raise DerError("EC curve %s is not supported without the cryptography library" % dotted)
    return CURVES[dotted]


def _point(curve, raw):
    """``(x, y)`` of an uncompressed or compressed point on ``curve``."""
    size = curve.size
    if len(raw) == 1 + 2 * size and raw[0] == 4:
        x, y = int.from_bytes(raw[1:1 + size], "big"), int.from_bytes(raw[1 + size:], "big")
    elif len(raw) == 1 + size and raw[0] in (2, 3):
        x = int.from_bytes(raw[1:], "big")
        # every supported prime is 3 mod 4, so the square root is one exponentiation
        y = pow((x ** 3 + curve.a * x + curve.b) % curve.p, (curve.p + 1) // 4, curve.p)
        if y & 1 != raw[0] & 1:
            y = curve.p - y
    else:
        raise DerError("unreadable EC point")
    if (y * y - (x ** 3 + curve.a * x + curve.b)) % curve.p:
        raise DerError("the EC point is not on curve %s" % curve.name)
    return (x, y)


def certificate(der):
    """The parts of an X.509 certificate a certificate task needs, as a dict."""
    parts = children(parse(der, SEQUENCE))
    if len(parts) != 3:
        raise DerError("a certificate is a TBSCertificate, an algorithm and a signature")
    expect(parts[0][0], SEQUENCE)
    tbs = children(parts[0][1])
    if tbs and tbs[0][0] == 0xA0:  # explicit version
        tbs = tbs[1:]
    if len(tbs) < 6:
        raise DerError("a TBSCertificate needs serial, algorithm, issuer, validity, subject and key")
    integer(*tbs[0])
    expect(tbs[3][0], SEQUENCE)
    validity = children(tbs[3][1])
    if len(validity) != 2:
        raise DerError("validity must be notBefore and notAfter")
    expect(tbs[2][0], SEQUENCE)
    expect(tbs[4][0], SEQUENCE)
    expect(tbs[5][0], SEQUENCE)
    sans = []
    for tag, value in tbs[6:]:
        if tag == 0xA3:
            sans = _sans(value)
    return {
        "issuer": name(tbs[2][1]),
        "subject": name(tbs[4][1]),
        "not_before": time_value(*validity[0]),
        "not_after": time_value(*validity[1]),
        "public_key": public_key(tbs[5][1]),
        "sans": sans,
    }


def _sans(extensions_value):
    extensions = children(parse(extensions_value, SEQUENCE))
    for tag, extension in extensions:
        expect(tag, SEQUENCE)
        parts = children(extension)
        if oid(*parts[0]) != SAN_OID:
            continue
        names = []
        for name_tag, value in children(parse(parts[-1][1], SEQUENCE)):
            if name_tag == 0x82:  # dNSName
                names.append(value.decode("ascii", "replace"))
            elif name_tag == 0x87 and len(value) in (4, 16):  # iPAddress
                names.append(str(ipaddress.ip_address(value)))
        return names
    return []


# --- private keys ---------------------------------------------------------------------------

def private_key(der, label=None):
    """The comparable public key of a private key in PKCS#8, PKCS#1 or SEC1 DER."""
    readers = {"PRIVATE KEY": (_pkcs8,), "RSA PRIVATE KEY": (_pkcs1,), "EC PRIVATE KEY": (_sec1,)}
    errors = []
    for reader in readers.get(label, (_pkcs8, _pkcs1, _sec1)):
        try:
            return reader(der)
        except (DerError, IndexError) as exc:
            errors.append(str(exc))
    raise DerError(errors[0] if len(errors) == 1 else "not a PKCS#8, PKCS#1 or SEC1 private key")


def _pkcs8(der):
    parts = children(parse(der, SEQUENCE))
    integer(*parts[0])
    expect(parts[1][0], SEQUENCE)
    algorithm = children(parts[1][1])
    kind = oid(*algorithm[0])
    expect(parts[2][0], OCTET_STRING)
    if kind == RSA_OID:
        return _pkcs1(parts[2][1])
    if kind == EC_OID:
        return _sec1(parts[2][1], algorithm[1] if len(algorithm) > 1 else None)
    raise DerError("private keys of algorithm %s can only be checked with the cryptography library" % kind)


def _pkcs1(der):
    numbers = [integer(*part) for part in children(parse(der, SEQUENCE))]
    if len(numbers) < 6 or numbers[0] != 0:
        raise DerError("not a two-prime RSA private key")
    n, e, p, q = numbers[1], numbers[2], numbers[4], numbers[5]
    if p * q != n:
        raise DerError("the RSA private key is inconsistent (p * q is not the modulus)")
    return ("rsa", n, e)


def _sec1(der, parameters=None):
    parts = children(parse(der, SEQUENCE))
    if integer(*parts[0]) != 1:
        raise DerError("not an EC private key (version 1)")
    expect(parts[1][0], OCTET_STRING)
    secret = int.from_bytes(parts[1][1], "big")
    for tag, value in parts[2:]:
        if tag == 0xA0:
            parameters = read(value)[:2]
    curve = _curve(parameters)
    if not 0 < secret < curve.n:
        raise DerError("the EC private key is out of range for %s" % curve.name)
    return ("ec", curve.name) + multiply(curve, secret)


def multiply(curve, k):
    """``k * G`` on ``curve`` (affine double-and-add; fast enough for one key per task)."""
    result = None
    addend = curve.g
    while k:
        if k & 1:
            result = _add(curve, result, addend)
        addend = _add(curve, addend, addend)
        k >>= 1
    return result


def _add(curve, one, two):
    if one is None:
        return two
    if two is None:
        return one
    p = curve.p
    (x1, y1), (x2, y2) = one, two
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        slope = (3 * x1 * x1 + curve.a) * pow(2 * y1, -1, p) % p
    else:
        slope = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (slope * slope - x1 - x2) % p
    return (x3, (slope * (x1 - x3) - y1) % p)
