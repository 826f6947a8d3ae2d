# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A pull zone hostname as the modules return and compare it, and its certificate (pure Python: no Ansible imports).

One field table (:data:`FIELDS`) drives the view ``pullzone_hostname`` returns; :func:`compared` is what the diff
shows and the reconciler compares (presence, Force SSL, whether a certificate is there); :func:`predicted` is the
HostnameModel a hostname the task adds is expected to have until the platform is read again. :func:`listed_hostname`
is a hostname as ``pullzone_info`` lists it; :func:`certificate_view` and :func:`certificate_facts` say what a
hostname's certificate is, as ``pullzone_certificate`` and ``pullzone_info`` return it. A hostname's
``CertificateKey`` (private key) never leaves, and its ``Certificate`` leaves only as parsed facts.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._certificates.x509 import (
    CertificateError,
    decode_platform_certificate,
    iso,
    utc_now,
)

from .enums import CERTIFICATE_KEY_TYPES, readable
from .fields import Shown
from .fields import readable as shown
from .tables import named

PROVISION_TYPES = {0: "unknown", 1: "http01", 2: "dns01", 3: "custom", 4: "managed"}
CUSTOM_PROVISION = 3  # PROVISION_TYPES: a certificate a user uploaded

# The state a new hostname is predicted to have in check mode: no Force SSL, no certificate. No live test shows the
# platform's initial values; a sanitised recorded answer shows both false
# (docs/platform-notes.md, "Pull zone hostnames"). A real run reads the hostname back after adding it instead.
NEW_HOSTNAME = {
    "Id": None,
    "ForceSSL": False,
    "IsSystemHostname": False,
    "IsManagedHostname": False,
    "HasCertificate": False,
    "CertificateKeyType": None,
    "CertificateProvisionType": None,
}

FIELDS = (
    Shown("id", "Id"),
    Shown("name", "Value"),
    Shown("force_ssl", "ForceSSL", bool),
    Shown("is_system", "IsSystemHostname", bool),
    Shown("is_managed", "IsManagedHostname", bool),
    Shown("has_certificate", "HasCertificate", bool),
    Shown("certificate_key_type", "CertificateKeyType", named(CERTIFICATE_KEY_TYPES)),
)
# a HostnameModel's enums: member -> names of its numbers
ENUMS = {"CertificateKeyType": CERTIFICATE_KEY_TYPES, "CertificateProvisionType": PROVISION_TYPES}


def hostname_enums(entry, unknown):
    """Append to the list ``unknown`` the warning of each enum number of the HostnameModel ``entry`` this collection
    cannot name (such a number is returned as it is: _shapes/enums.py)."""
    for member, names in ENUMS.items():
        readable(names, entry.get(member), "%s of hostname %s" % (member, entry.get("Value")), unknown)


def shape_hostname(entry):
    """The ``hostname`` return value of a HostnameModel (None when there is none). ``certificate_type`` is ``none``
    without a certificate, ``custom`` for an uploaded one, else how the platform issued it."""
    if entry is None:
        return None
    return dict(shown(FIELDS, entry), certificate_type=certificate_type_of(entry)[0])


def predicted(hostname, **members):
    """The HostnameModel ``hostname`` is expected to have once added, with ``members`` changed."""
    return dict(NEW_HOSTNAME, Value=hostname, **members)


def compared(hostname, entry):
    """What the diff shows of ``hostname`` (``entry`` is its HostnameModel, None when it is not on the pull zone)."""
    if entry is None:
        return {"hostname": hostname, "present": False}
    return {
        "hostname": hostname,
        "present": True,
        "force_ssl": bool(entry.get("ForceSSL")),
        "has_certificate": bool(entry.get("HasCertificate")),
    }


# --- a hostname as pullzone_info lists it, and its certificate ------------------------------------------------------

LISTED_FIELDS = (
    Shown("id", "Id"),
    Shown("name", "Value"),
    Shown("force_ssl", "ForceSSL"),
    Shown("is_system", "IsSystemHostname"),
    Shown("is_managed", "IsManagedHostname"),
    Shown("has_certificate", "HasCertificate"),
    Shown("certificate_type", "CertificateProvisionType", named(PROVISION_TYPES)),
    Shown("certificate_key_type", "CertificateKeyType", named(CERTIFICATE_KEY_TYPES)),
)


def listed_hostname(model, certificate=None):
    """A HostnameModel as ``pullzone_info`` lists it; ``certificate`` is the parsed facts of its certificate when they
    were read."""
    return dict(shown(LISTED_FIELDS, model), certificate=certificate)


def certificate_type_of(hostname):
    """``(certificate_type, custom)`` of a HostnameModel as ``pullzone_certificate`` compares it: the type is
    ``none`` without a certificate; ``custom`` is True for a certificate a user uploaded (or an unlabelled one the
    platform returned), False for one the platform issued."""
    provision = hostname.get("CertificateProvisionType")
    has = bool(hostname.get("HasCertificate"))
    custom = has and (provision == CUSTOM_PROVISION or (provision is None and bool(hostname.get("Certificate"))))
    if not has:
        return "none", custom
    if custom:
        return "custom", custom
    return (readable(PROVISION_TYPES, provision) if provision is not None else "unknown"), custom


def certificate_view(bundle, certificate_type):
    """What ``pullzone_certificate`` returns and compares of a hostname's certificate bundle (leaf first)."""
    leaf = bundle[0] if bundle else None
    return {
        "has_certificate": certificate_type != "none",
        "certificate_type": certificate_type,
        "fingerprints": [cert.fingerprint for cert in bundle],
        "subject": leaf.subject if leaf else None,
        "issuer": leaf.issuer if leaf else None,
        "sans": list(leaf.sans) if leaf else [],
        "not_before": iso(leaf.not_before) if leaf else None,
        "not_after": iso(leaf.not_after) if leaf else None,
    }


CERTIFICATE_COMPARED = ("certificate_type", "fingerprints", "not_after")


def certificate_compared(view, hostname):
    """What the diff shows and the reconciler compares of a :func:`certificate_view`: never key material."""
    return dict({key: view[key] for key in CERTIFICATE_COMPARED}, hostname=hostname)


def certificate_facts(value, now=None):
    """``(facts, problem)``: the leaf certificate of a hostname as the platform returned it, or why not.

    ``value`` is the hostname's ``Certificate`` (read with ``includeCertificate=true``); its encoding
    is not documented (docs/platform-notes.md, "Certificates read back from a pull zone"), so every form
    ``decode_platform_certificate`` knows is tried.
    """
    try:
        chain = decode_platform_certificate(value)
    except CertificateError as exc:
        return None, str(exc)
    leaf = chain[0]
    moment = now or utc_now()
    days = (leaf.not_after - moment).days if leaf.not_after else None
    return {
        "subject": leaf.subject,
        "issuer": leaf.issuer,
        "names": list(leaf.sans),
        "not_before": iso(leaf.not_before),
        "not_after": iso(leaf.not_after),
        "expires_in_days": days,
        "fingerprint_sha256": leaf.fingerprint,
        "chain_length": len(chain),
    }, None
