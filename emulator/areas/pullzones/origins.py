"""What a pull zone's origin type needs, checked on create and update, and what the platform rewrites.

docs/platform-notes.md, "Pull zone origins: what each type needs" (with the public sources):

- ``OriginType`` 4 (EdgeScript) needs an ``EdgeScriptId`` of a script the account has (emulator/areas/edge_scripts), else 400
  "Edge Script ID not found."; the zone then keeps ``OriginUrl`` ``https://bunnycdn.com`` and ``RoutingFilters``
  ``["scripting"]`` whatever was sent (the platform's rewrite the provider met).
- ``OriginType`` 5 (MagicContainers) needs a ``MagicContainersAppId`` of the fixture's ``magic_containers_apps`` (else
  400 "The Magic Containers App ID is not valid.") and one of its ``endpoints``; ``OriginUrl`` becomes
  ``https://bunny.net``.
- ``OriginType`` 1 (DnsAccelerate) needs ``DnsOriginPort`` (1..65535) and ``DnsOriginScheme`` (http, https): written
  only, never returned; they are kept in ``OriginUrl`` (``scheme://host[:port]``), which is where clients read them.
- A ``MiddlewareScriptId`` above 0 must be a script the account has; it adds ``scripting`` to ``RoutingFilters``.

Error keys are the emulator's (the platform's are not recorded); the messages are the platform's where one was seen.
"""

from urllib.parse import urlsplit

from .problems import BodyProblem

SCRIPT_URL = "https://bunnycdn.com"
CONTAINER_URL = "https://bunny.net"
DNS_HOST = "origin.example.invalid"  # the host of a DNS-accelerated origin without one (its record's target)
DEFAULT_PORTS = {"http": 80, "https": 443}


class Known(object):
    """The scripts of the account (the edge scripts area's, asked at request time) and its container apps (the
    fixture's)."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.apps = {
            str(app["id"]): {str(e) for e in app.get("endpoints") or []}
            for app in fixture.get("magic_containers_apps") or []
        }

    def script(self, script_id):
        """Whether the account has script ``script_id`` (read without the scripts area's lock: one lookup)."""
        scripts = self.platform.areas.get("edge_scripts")
        return scripts is not None and scripts.known(script_id)


def _refuse(key, field, message):
    raise BodyProblem(key, field, message)


def _dns_url(settings, port, scheme):
    """The origin URL of a DNS-accelerated zone for ``port`` and ``scheme`` (the port left out when default)."""
    try:
        host = urlsplit(settings.get("OriginUrl") or "").hostname
    except ValueError:
        host = None
    netloc = host or DNS_HOST
    return "%s://%s%s" % (scheme, netloc, "" if DEFAULT_PORTS.get(scheme) == port else ":%d" % port)


def _current_dns(settings):
    try:
        parts = urlsplit(settings.get("OriginUrl") or "")
        return parts.port or DEFAULT_PORTS.get(parts.scheme), parts.scheme or None
    except ValueError:
        return None, None


def apply(settings, members, dns, known):
    """``settings`` (``{member: value}``, changed in place) with ``members`` and the write-only ``dns`` members
    (``{DnsOriginPort, DnsOriginScheme}`` as sent) applied, as the platform stores them; raises BodyProblem."""
    was_dns = settings.get("OriginType") == 1
    settings.update(members)
    origin_type = settings.get("OriginType")
    if origin_type == 4:
        if not known.script(settings.get("EdgeScriptId")):
            _refuse("pullzone.edge_script_not_found", "EdgeScriptId", "Edge Script ID not found.")
        settings["OriginUrl"], settings["RoutingFilters"] = SCRIPT_URL, ["scripting"]
    elif origin_type == 5:
        endpoints = known.apps.get(settings.get("MagicContainersAppId"))
        if endpoints is None:
            _refuse(
                "pullzone.magic_containers_app_invalid",
                "MagicContainersAppId",
                "The Magic Containers App ID is not valid.",
            )
        if settings.get("MagicContainersEndpointId") not in endpoints:
            _refuse(
                "pullzone.magic_containers_endpoint_invalid",
                "MagicContainersEndpointId",
                "The Magic Containers Endpoint ID is not valid.",
            )
        settings["OriginUrl"] = CONTAINER_URL
    elif origin_type == 1:
        port, scheme = _current_dns(settings) if was_dns else (None, None)
        port, scheme = dns.get("DnsOriginPort", port), dns.get("DnsOriginScheme", scheme)
        if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
            _refuse("validation.invalid", "DnsOriginPort", "A DNS accelerated origin needs DnsOriginPort (1 to 65535).")
        if scheme not in DEFAULT_PORTS:
            _refuse(
                "validation.invalid",
                "DnsOriginScheme",
                "A DNS accelerated origin needs DnsOriginScheme (http or https).",
            )
        settings["OriginUrl"] = _dns_url(settings, port, scheme)
    middleware = settings.get("MiddlewareScriptId") or 0
    if middleware > 0:
        if not known.script(middleware):
            _refuse("pullzone.edge_script_not_found", "MiddlewareScriptId", "Edge Script ID not found.")
        if "scripting" not in (settings.get("RoutingFilters") or []):
            settings["RoutingFilters"] = list(settings.get("RoutingFilters") or []) + ["scripting"]
    return settings
