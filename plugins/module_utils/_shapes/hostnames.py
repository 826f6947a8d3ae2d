# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A pull zone hostname as ``pullzone_hostname`` returns and compares it (pure Python: no Ansible imports).

One field table (:data:`FIELDS`) drives the returned view; :func:`compared` is what the diff shows and the reconciler
compares (presence, Force SSL, whether a certificate is there); :func:`predicted` is the HostnameModel a hostname the
task adds is expected to have until the platform is read again.
"""

from __future__ import annotations

from .enums import readable
from .zones import KEY_TYPES, PROVISION_TYPES, certificate_type_of, shape

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
    ("id", "Id"),
    ("name", "Value"),
    ("force_ssl", "ForceSSL", bool),
    ("is_system", "IsSystemHostname", bool),
    ("is_managed", "IsManagedHostname", bool),
    ("has_certificate", "HasCertificate", bool),
    ("certificate_key_type", "CertificateKeyType", lambda value: readable(KEY_TYPES, value)),
)
# a HostnameModel's enums: member -> names of its numbers
ENUMS = {"CertificateKeyType": KEY_TYPES, "CertificateProvisionType": PROVISION_TYPES}


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
    return dict(shape(entry, FIELDS), certificate_type=certificate_type_of(entry)[0])


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
