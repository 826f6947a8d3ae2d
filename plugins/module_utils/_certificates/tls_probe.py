# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Read the leaf certificate a hostname serves, from one TLS handshake.

Used when the platform says a hostname has a certificate but does not return it (the Terraform
provider's docs say the API never does: BunnyWay/terraform-provider-bunnynet,
docs/resources/pullzone_hostname.md). Only the handshake happens: no HTTP request and no
credential is sent. Verification is off on purpose: the probe reads a fingerprint to compare,
it trusts nothing it receives. The whole probe, name resolution included, ends within ``timeout``.
"""

from __future__ import annotations

import socket
import ssl
import threading

DEFAULT_PORT = 443
DISABLED = ("off", "false", "no", "none")


class ProbeError(Exception):
    """The handshake did not give a certificate; the message says why, for a warning."""


def parse_address(value, hostname):
    """``(host, port)`` for a ``tls_probe`` value (``host``, ``host:port``, ``[v6]:port``); None when
    the probe is off; the hostname on 443 when ``value`` is None. Raises ValueError saying what is wrong."""
    if value is None:
        return hostname, DEFAULT_PORT
    text = value.strip()
    if text.lower() in DISABLED:
        return None
    if not text or any(c.isspace() or c in "/?#@" for c in text):
        raise ValueError("give host, host:port or [IPv6]:port (no scheme or path)")
    host, port = text, None
    if text.startswith("["):
        close = text.find("]")
        if close < 0 or (close + 1 < len(text) and text[close + 1] != ":"):
            raise ValueError("a bracketed IPv6 address needs its closing ']' (for example [2001:db8::1]:443)")
        host, port = text[1:close], text[close + 2 :] if close + 1 < len(text) else None
    elif text.count(":") == 1:
        host, port = text.split(":")
    if not host:
        raise ValueError("give host, host:port or [IPv6]:port (no scheme or path)")
    if port is None:
        return host, DEFAULT_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("the port must be a number from 1 to 65535")
    return host, int(port)


def served_leaf(host, port, server_name, timeout):
    """The DER of the leaf certificate ``host:port`` presents for SNI ``server_name``.

    Raises :class:`ProbeError` on every failure (resolution, refusal, timeout, handshake).
    """
    if not 0 < timeout < 86400:  # also refuses nan: a probe must end
        raise ProbeError("a timeout of %r seconds cannot bound a TLS probe" % timeout)
    outcome = {}

    def handshake():
        try:
            outcome["der"] = _handshake(host, port, server_name, timeout)
        except ProbeError as exc:
            outcome["error"] = exc

    # a thread bounds what socket timeouts cannot: name resolution
    worker = threading.Thread(target=handshake, name="edge-tls-probe", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise ProbeError("no TLS answer from %s within %gs" % (where(host, port), timeout))
    if "error" in outcome:
        raise outcome["error"]
    return outcome["der"]


def _handshake(host, port, server_name, timeout):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    place = where(host, port)
    try:
        with socket.create_connection((host, port), timeout=timeout) as raw:
            with context.wrap_socket(raw, server_hostname=server_name) as tls:
                der = tls.getpeercert(binary_form=True)
    except socket.gaierror as exc:
        raise ProbeError("%s does not resolve (%s)" % (host, exc.strerror or exc)) from None
    except socket.timeout:
        raise ProbeError("no TLS answer from %s within %gs" % (place, timeout)) from None
    except ssl.SSLError as exc:
        raise ProbeError(
            "the TLS handshake with %s for %s failed (%s)" % (place, server_name, exc.reason or exc.__class__.__name__)
        ) from None
    except (OSError, ValueError) as exc:
        raise ProbeError("cannot connect to %s (%s)" % (place, getattr(exc, "strerror", None) or exc)) from None
    if not der:
        raise ProbeError("%s presented no certificate for %s" % (place, server_name))
    return der


def where(host, port):
    return "[%s]:%d" % (host, port) if ":" in host else "%s:%d" % (host, port)
