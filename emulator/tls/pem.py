"""PEM and DER reading for the emulated certificate endpoints (stdlib only).

The platform parses an uploaded certificate and checks that the key belongs to it; the emulator
does the same with this small ASN.1 walker so a client that sends a broken bundle or the wrong
key gets the 400 a real platform would give. It is written independently of the collection's
own parser on purpose: a shared bug would otherwise hide in both.
"""

import base64
import binascii
import hashlib
import re

MARKER = re.compile(rb"-----(BEGIN|END) ([A-Z0-9 ]{1,64})-----")
MAX_BLOCKS = 64
OID_RSA = "1.2.840.113549.1.1.1"
OID_EC = "1.2.840.10045.2.1"


class PemError(ValueError):
    """The data is not the certificate or key expected."""


class Node(object):
    """One DER element: tag byte, content bytes and (when constructed) child nodes."""

    def __init__(self, data, start=0):
        if len(data) - start < 2:
            raise PemError("truncated DER")
        self.tag = data[start]
        size = data[start + 1]
        head = start + 2
        if size > 0x80:
            count = size - 0x80
            if count > 4:
                raise PemError("DER length too large")
            size = int.from_bytes(data[head : head + count], "big")
            head += count
        elif size == 0x80:
            raise PemError("indefinite DER length")
        self.content = data[head : head + size]
        if len(self.content) != size:
            raise PemError("truncated DER")
        self.end = head + size

    @classmethod
    def whole(cls, data):
        node = cls(data)
        if node.end != len(data):
            raise PemError("trailing bytes after DER")
        return node

    def items(self):
        if not self.tag & 0x20:
            raise PemError("primitive DER element where a structure was expected")
        found, offset = [], 0
        while offset < len(self.content):
            child = Node(self.content, offset)
            found.append(child)
            offset = child.end
        return found

    def number(self):
        if self.tag != 0x02:
            raise PemError("INTEGER expected")
        return int.from_bytes(self.content, "big")

    def dotted(self):
        if self.tag != 0x06 or not self.content:
            raise PemError("OBJECT IDENTIFIER expected")
        arcs, value = [], 0
        for byte in self.content:
            value = value * 128 + (byte & 0x7F)
            if byte < 0x80:
                arcs.append(value)
                value = 0
        head = arcs[0] // 40 if arcs[0] < 80 else 2
        return ".".join(map(str, [head, arcs[0] - 40 * head] + arcs[1:]))


class Curve(object):
    def __init__(self, name, p, b, gx, gy, order):
        self.name, self.p, self.b, self.base, self.order = name, p, b, (gx, gy), order

    def times(self, k, point=None):
        """k * point with Jacobian coordinates (a = -3 on every supported curve)."""
        p = self.p
        x, y = point or self.base
        acc = None
        run = (x, y, 1)
        while k:
            if k & 1:
                acc = run if acc is None else self._add(acc, run)
            run = self._double(run)
            k >>= 1
        if acc is None or acc[2] % p == 0:
            return None
        inverse = pow(acc[2], p - 2, p)
        return (acc[0] * inverse * inverse % p, acc[1] * inverse * inverse * inverse % p)

    def _double(self, q):
        p = self.p
        x, y, z = q
        if y == 0:
            return (0, 1, 0)
        zz = z * z % p
        m = 3 * (x - zz) * (x + zz) % p
        s = 4 * x * y * y % p
        nx = (m * m - 2 * s) % p
        ny = (m * (s - nx) - 8 * pow(y, 4, p)) % p
        return (nx, ny, 2 * y * z % p)

    def _add(self, q, r):
        p = self.p
        if q[2] == 0:
            return r
        if r[2] == 0:
            return q
        z1z1, z2z2 = q[2] * q[2] % p, r[2] * r[2] % p
        u1, u2 = q[0] * z2z2 % p, r[0] * z1z1 % p
        s1, s2 = q[1] * r[2] * z2z2 % p, r[1] * q[2] * z1z1 % p
        if u1 == u2:
            return self._double(q) if s1 == s2 else (0, 1, 0)
        h, rr = (u2 - u1) % p, (s2 - s1) % p
        hh = h * h % p
        hhh = h * hh % p
        nx = (rr * rr - hhh - 2 * u1 * hh) % p
        ny = (rr * (u1 * hh - nx) - s1 * hhh) % p
        return (nx, ny, h * q[2] * r[2] % p)


CURVES = {
    "1.2.840.10045.3.1.7": Curve(
        "P-256",
        int("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16),
        int("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b", 16),
        int("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", 16),
        int("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5", 16),
        int("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16),
    ),
    "1.3.132.0.34": Curve(
        "P-384",
        2**384 - 2**128 - 2**96 + 2**32 - 1,
        int("b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef", 16),
        int("aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7", 16),
        int("3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f", 16),
        int("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", 16),
    ),
    "1.3.132.0.35": Curve(
        "P-521",
        2**521 - 1,
        int(
            "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef1"
            "09e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b50"
            "3f00",
            16,
        ),
        int(
            "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d"
            "3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5"
            "bd66",
            16,
        ),
        int(
            "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e"
            "662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd1"
            "6650",
            16,
        ),
        2**521 - int("5ae79787c40d069948033feb708f65a2fc44a36477663b851449048e16ec79bf7", 16),
    ),
}


def blocks(data):
    """``[(label, der), ...]`` of the PEM blocks in ``data``, found in one pass over the markers
    (a regular expression spanning whole blocks costs quadratic time on unterminated BEGIN lines)."""
    found, opened = [], None
    for marker in MARKER.finditer(data):
        kind, label = marker.group(1), marker.group(2).decode("ascii")
        if kind == b"BEGIN":
            if opened is not None:
                raise PemError("PEM block %s is not terminated" % opened[0])
            if len(found) >= MAX_BLOCKS:
                raise PemError("more than %d PEM blocks" % MAX_BLOCKS)
            opened = (label, marker.end())
            continue
        if opened is None:
            raise PemError("END %s without BEGIN" % label)
        if label != opened[0]:
            raise PemError("PEM block BEGIN %s closed by END %s" % (opened[0], label))
        body = data[opened[1] : marker.start()]
        opened = None
        if b"Proc-Type:" in body:
            raise PemError("encrypted private keys are not supported")
        try:
            found.append((label, base64.b64decode(b"".join(body.split()), validate=True)))
        except (binascii.Error, ValueError):
            raise PemError("PEM block %s is not valid Base64" % label) from None
    if opened is not None:
        raise PemError("PEM block %s is not terminated" % opened[0])
    return found


def certificates(data):
    """``[(sha256_hex, public_key, subject_cn), ...]`` for a PEM bundle or one DER certificate."""
    if b"-----BEGIN" in data:
        ders = [der for label, der in blocks(data) if label == "CERTIFICATE"]
    elif data[:1] == b"\x30":
        ders = [data]
    else:
        ders = []
    if not ders:
        raise PemError("no certificate found")
    return [_certificate(der) for der in ders]


def _certificate(der):
    try:
        outer = Node.whole(der).items()
        fields = outer[0].items()
        if fields[0].tag == 0xA0:
            fields = fields[1:]
        fields[0].number()  # serial
        validity = fields[3].items()
        if len(outer) != 3 or len(validity) != 2 or any(t.tag not in (0x17, 0x18) for t in validity):
            raise PemError("not an X.509 certificate")
        return hashlib.sha256(der).hexdigest(), _spki(fields[5]), _common_name(fields[4])
    except IndexError:
        raise PemError("not an X.509 certificate") from None


def _common_name(subject):
    for rdn in subject.items():
        for attribute in rdn.items():
            kind, value = attribute.items()
            if kind.dotted() == "2.5.4.3":
                return value.content.decode("utf-8", "replace")
    return None


def _spki(node):
    algorithm, bits = node.items()
    parts = algorithm.items()
    kind = parts[0].dotted()
    key = bits.content[1:]
    if kind == OID_RSA:
        modulus, exponent = Node.whole(key).items()[:2]
        return ("rsa", modulus.number(), exponent.number())
    if kind == OID_EC:
        curve = _curve(parts[1])
        size = (curve.p.bit_length() + 7) // 8
        if key[:1] == b"\x04":
            return ("ec", curve.name, int.from_bytes(key[1 : 1 + size], "big"), int.from_bytes(key[1 + size :], "big"))
        raise PemError("compressed EC points are not accepted")
    return ("other", hashlib.sha256(node.content).hexdigest())


def _curve(node):
    curve = CURVES.get(node.dotted())
    if curve is None:
        raise PemError("unsupported EC curve")
    return curve


def private_key(data):
    """The public key belonging to the one private key in ``data`` (PEM or DER)."""
    if b"-----BEGIN" in data:
        keys = [(label, der) for label, der in blocks(data) if label.endswith("PRIVATE KEY")]
        if len(keys) != 1:
            raise PemError("exactly one private key is expected")
        label, der = keys[0]
        if label == "ENCRYPTED PRIVATE KEY":
            raise PemError("encrypted private keys are not supported")
    else:
        label, der = None, data
    try:
        return _key(Node.whole(der).items(), label)
    except IndexError:
        raise PemError("not a private key") from None


def _key(parts, label):
    if label in (None, "PRIVATE KEY") and len(parts) >= 3 and parts[1].tag == 0x30:  # PKCS#8
        algorithm = parts[1].items()
        kind = algorithm[0].dotted()
        if kind not in (OID_RSA, OID_EC):
            raise PemError("unsupported private key algorithm")
        inner = Node.whole(parts[2].content).items()
        if kind == OID_RSA:
            return _rsa(inner)
        return _ec(inner, algorithm[1] if len(algorithm) > 1 else None)
    if label in (None, "RSA PRIVATE KEY") and len(parts) >= 9:
        return _rsa(parts)
    if label in (None, "EC PRIVATE KEY") and len(parts) >= 2 and parts[1].tag == 0x04:
        return _ec(parts, None)
    raise PemError("not a private key")


def _rsa(parts):
    n, e, p, q = parts[1].number(), parts[2].number(), parts[4].number(), parts[5].number()
    if p * q != n:
        raise PemError("inconsistent RSA private key")
    return ("rsa", n, e)


def _ec(parts, curve_node):
    for extra in parts[2:]:
        if extra.tag == 0xA0:
            curve_node = Node.whole(extra.content)
    if curve_node is None:
        raise PemError("EC private key without a curve")
    curve = _curve(curve_node)
    point = curve.times(int.from_bytes(parts[1].content, "big"))
    if point is None:
        raise PemError("invalid EC private key")
    return ("ec", curve.name) + point


def to_pem(label, der):
    body = base64.b64encode(der).decode("ascii")
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (
        label,
        "\n".join(body[i : i + 64] for i in range(0, len(body), 64)),
        label,
    )


def server_files(cert_data, key_data):
    """``(certificate_chain_pem, key_pem)`` text a TLS server can load, from stored PEM or DER bytes."""
    if b"-----BEGIN" in cert_data:
        chain = "".join(to_pem("CERTIFICATE", der) for label, der in blocks(cert_data) if label == "CERTIFICATE")
    else:
        chain = to_pem("CERTIFICATE", cert_data)
    if b"-----BEGIN" in key_data:
        label, der = [(label, der) for label, der in blocks(key_data) if label.endswith("PRIVATE KEY")][0]
    else:
        der = key_data
        parts = Node.whole(der).items()
        if len(parts) >= 3 and parts[1].tag == 0x30:
            label = "PRIVATE KEY"
        elif len(parts) >= 9:
            label = "RSA PRIVATE KEY"
        else:
            label = "EC PRIVATE KEY"
    return chain, to_pem(label, der)
