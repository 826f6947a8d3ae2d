"""Pull zone hostname routes (core API, PascalCase JSON), registered by the area's ``register()`` (responses.py):

- ``POST /pullzone/{id}/addHostname`` ``{"Hostname"}``: 204, no body. The new hostname has no Force SSL and no
  certificate, and keeps the spelling it was sent with. 400 ``pullzone.hostname_already_registered`` when any pull
  zone of the account has it (case-insensitive); 400 ``pullzone.hostname_invalid`` for a name that is no DNS name,
  ends in ``.invalid``, or is a ``*.b-cdn.net`` system name.
- ``DELETE /pullzone/{id}/removeHostname`` ``{"Hostname"}`` (a JSON body on a DELETE): 204. 400
  ``pullzone.hostname_not_found`` when the zone does not have it (the real answer is not documented), 400
  ``pullzone.hostname_internal`` for the system hostname. Managed hostnames may be removed.
- ``POST /pullzone/{id}/setForceSSL`` ``{"Hostname", "ForceSSL"}``: 204; works without a certificate.
- ``GET /pullzone/loadFreeCertificate?hostname=`` (no pull zone id: the hostname is looked up across the account):
  404 with an empty body for a hostname on no pull zone; when its DNS points here (dns.py) 200 with an empty body
  and the hostname has a platform-issued certificate (HTTP-01; DNS-01 for a wildcard), replacing any other; else 400
  ``pullzone.certificate_request_failed`` "The domain <host> is not pointing to our servers."; Let's Encrypt's limit
  reached for its domain (certificates.py): 400 with the message the platform passes on.

An unknown pull zone is 404 with an empty body, as everywhere in the area. Request bodies are validated as the
published document declares them (ASP.NET model validation: 400 naming the field).
"""

import re
import types

from ...messages import empty, json_response
from ...paging import query_value
from .certificates import acme_refusal
from .dns import points_here
from .models import HTTP01, Hostname

DNS01 = 2
DNS_NAME = re.compile(r"^(\*\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$")


def _error(key, field, message):
    return json_response(400, {"ErrorKey": key, "Field": field, "Message": message})


def register(area, router):
    """Add the hostname routes of ``area`` (models.PullZonesState with ``_body``) to ``router``; each handler is bound
    to the area, so the platform's per-area lock covers it."""
    for method, pattern, handler in (
        ("POST", r"/pullzone/(?P<id>[0-9]+)/addHostname", add_hostname),
        ("DELETE", r"/pullzone/(?P<id>[0-9]+)/removeHostname", remove_hostname),
        ("POST", r"/pullzone/(?P<id>[0-9]+)/setForceSSL", set_force_ssl),
        ("GET", r"/pullzone/loadFreeCertificate", load_free_certificate),
    ):
        router.add(method, pattern, types.MethodType(handler, area))


def valid_name(value):
    name = value.strip().rstrip(".").lower()
    return (
        len(name) <= 253
        and DNS_NAME.match(name) is not None
        and not name.endswith(".invalid")
        and not name.endswith(".b-cdn.net")
    )


def _registered(area, value):
    for zone in area.zones.values():
        found = zone.find(value.strip().rstrip("."))
        if found is not None:
            return found
    return None


def add_hostname(area, request):
    zone = area.zones.get(int(request.params["id"]))
    if zone is None:
        return empty(404)
    body, problem = area._body(request, ("Hostname",))
    if problem is not None:
        return problem
    value = body["Hostname"].strip()
    if not valid_name(value):
        return _error("pullzone.hostname_invalid", "Hostname", "The hostname is not valid.")
    if _registered(area, value) is not None:
        return _error("pullzone.hostname_already_registered", "Hostname", "The hostname is already registered.")
    next_id = max([h.id for z in area.zones.values() for h in z.hostnames] + [0]) + 1
    zone.hostnames.append(Hostname(next_id, {"value": value}, "addHostname"))
    return empty(204)


def _zone_hostname(area, request, fields):
    """``(zone, hostname, None)`` or ``(None, None, error response)``."""
    zone = area.zones.get(int(request.params["id"]))
    if zone is None:
        return None, None, empty(404)
    body, problem = fields(request)
    if problem is not None:
        return None, None, problem
    hostname = zone.find(body["Hostname"])
    if hostname is None:
        return (
            None,
            None,
            _error(
                "pullzone.hostname_not_found",
                "Hostname",
                "The hostname %s is not on pull zone %d." % (body["Hostname"], zone.id),
            ),
        )
    return zone, hostname, body


def remove_hostname(area, request):
    zone, hostname, problem = _zone_hostname(area, request, lambda r: area._body(r, ("Hostname",)))
    if zone is None:
        return problem
    if hostname.system:
        return _error("pullzone.hostname_internal", "Hostname", "The system hostname cannot be removed.")
    zone.hostnames.remove(hostname)
    return empty(204)


def _force_ssl_body(request):
    """ForceSSLRequestModel: ``Hostname`` (string, min length 1) and ``ForceSSL`` (boolean), both required."""
    body = request.json()
    if not isinstance(body, dict):
        return None, _error("validation.invalid_body", "model", "The request body must be a JSON object.")
    for name in body:
        if name not in ("Hostname", "ForceSSL"):
            return None, _error("validation.unknown_field", name, "The field %s is not part of the request." % name)
    if not isinstance(body.get("Hostname"), str) or not body["Hostname"]:
        return None, _error("validation.required", "Hostname", "The Hostname field is required.")
    if not isinstance(body.get("ForceSSL"), bool):
        return None, _error("validation.required", "ForceSSL", "The ForceSSL field is required and must be a boolean.")
    return body, None


def set_force_ssl(area, request):
    zone, hostname, body = _zone_hostname(area, request, _force_ssl_body)
    if zone is None:
        return body
    hostname.force_ssl = body["ForceSSL"]
    return empty(204)


def load_free_certificate(area, request):
    value = query_value(request, "hostname")
    if not value:
        return _error("validation.required", "hostname", "The hostname field is required.")
    hostname = _registered(area, value)
    if hostname is None:
        return empty(404)
    if not points_here(area, hostname):
        return json_response(
            400,
            {
                "ErrorKey": "pullzone.certificate_request_failed",
                "Field": None,
                "Message": "The domain %s is not pointing to our servers." % value,
            },
        )
    refused = acme_refusal(area, hostname.value)  # Let's Encrypt's limits (certificates.py)
    if refused is not None:
        return refused
    hostname.remove()  # a loaded certificate replaces whatever the hostname had
    hostname.has_certificate = True
    hostname.provision = DNS01 if hostname.value.startswith("*.") else HTTP01
    return empty(200)
