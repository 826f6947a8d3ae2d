# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What a pull zone option's value may be, checked before any request (pure Python: no Ansible imports).

Each check refuses only what no reading of the platform could accept, naming the option and the entry
(docs/platform-notes.md, "Pull zone settings checked before sending"): an IP entry that is no address, network or
``*`` pattern (``300.1.1.1``), a referrer that is a URL, a country that is not two letters, a query string parameter
the platform documents it ignores, an origin URL that is no http(s) URL with a valid host.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

DEFAULT_PORTS = {"http": 80, "https": 443}
_COUNTRY = re.compile(r"^[A-Za-z]{2}$")
_HOST = re.compile(r"^(?:[A-Za-z0-9_*-]+\.)*[A-Za-z0-9_*-]+$")  # labels of a host name, "*" allowed in any
_PARAMETER = re.compile(r"^[A-Za-z0-9_-]+$")
_NUMERIC_HOST = re.compile(r"^[0-9.]+$")


def is_ip_entry(text):
    """An IPv4 or IPv6 address, a CIDR network, or an IPv4 address with ``*`` for whole octets (``192.0.2.*``)."""
    try:
        ipaddress.ip_network(text, strict=False)
        return True
    except ValueError:
        pass
    octets = text.split(".")
    return (
        len(octets) == 4
        and "*" in octets
        and all(o == "*" or (o.isdigit() and len(o) <= 3 and int(o) <= 255) for o in octets)
    )


def _country(text):
    return (
        None
        if _COUNTRY.match(text)
        else ("a two-letter ISO 3166-1 alpha-2 country code (for example DE), as the platform documents")
    )


def _ip(text):
    return None if is_ip_entry(text) else "an IP address, a CIDR network (192.0.2.0/24) or an address with * octets"


def _host(text):
    if _HOST.match(text):
        return None
    return "a host name such as example.com or *.example.com (no scheme, port or path)"


def _parameter(text):
    if _PARAMETER.match(text):
        return None
    return "letters, digits, dashes and underscores only (the platform documents that it ignores other values)"


# list kind -> the check of one entry (None: any text without control characters)
ENTRY_CHECKS = {"countries": _country, "ips": _ip, "hosts": _host, "parameters": _parameter}


def origin_url(option, value):
    """An origin URL as sent: an absolute http or https URL with a valid host (an IPv4 address of four numbers up to
    255, an IPv6 address in brackets, or a host name) and port; InputError naming ``option`` otherwise."""
    text = value.strip()
    problem = None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  raises ValueError on a port that is not a number in range
    except ValueError as error:
        problem = str(error)
    else:
        host = parts.hostname or ""
        if parts.scheme.lower() not in DEFAULT_PORTS or not host or any(c.isspace() for c in text):
            problem = "not an absolute http:// or https:// URL with a host"
        elif _NUMERIC_HOST.match(host) and not _is_ipv4(host):
            problem = "%s is not an IPv4 address" % host
        elif ":" not in host and not _HOST.match(host):
            problem = "%s is not a host name" % host
    if problem:
        raise InputError(
            "%s must be the origin's URL, for example https://origin.example.com (%s)." % (option, problem),
            option=option,
        )
    return text


def _is_ipv4(text):
    try:
        ipaddress.IPv4Address(text)
        return True
    except ValueError:
        return False
