"""Pull zones routes: hostnames and their custom certificates (core API, PascalCase JSON).

- ``GET /pullzone/{id}``: a ``PullZoneModel``; each hostname's ``Certificate``/``CertificateKey``
  is filled only with ``includeCertificate=true``, as Base64Url (unpadded) of the uploaded file
  bytes, which is how the published document describes them.
- ``GET /pullzone``: every zone (page 0, the default) or one page of them; ``search`` filters by name.
- ``POST /pullzone``: 201 and the new ``PullZoneModel`` (only ``Name`` required; defaults in models.py); 400
  ``pullzone.name_taken`` for a name a zone has already. ``POST /pullzone/{id}``: the members given merged in, 200 and
  the ``PullZoneModel``. ``DELETE /pullzone/{id}``: 204, and the areas that keep something of the zone are told
  (``pull_zone_deleted(zone_id)``, when they have one). 400 bodies are ``{ErrorKey, Field, Message}``; an unknown
  zone is 404 with an empty body.
- ``POST /pullzone/{id}/resetSecurityKey`` (optional ``{SecurityKey}``, 8 to 36 characters): 204, the zone's
  ``ZoneSecurityKey`` (the token authentication key, read-only in the settings) set to it, or to a new one (made from
  the one before, so that a rerun meets the same keys).
- ``POST /pullzone/{id}/addCertificate`` and ``DELETE /pullzone/{id}/removeCertificate``: 204 on
  success; 400 ``{ErrorKey, Field, Message}`` naming the offending field; 404 with an empty body
  for an unknown zone. Adding replaces whatever certificate the hostname had.

Every setting, its bounds and what the platform rewrites (web socket tiers, background updates): settings.py. Edge
rules: edge_rules.py and edge_rule_routes.py. Optimizer classes are the ``OptimizerClasses`` setting (the whole list
replaced by a write that sends it). Hostnames (add, remove, Force SSL, free certificates): hostname_routes.py. Origin types: origins.py. Let's Encrypt's
limits and wildcard certificates through a DNS zone: certificates.py.

The zones, their fixture and the switches (``omit_certificates``, ``tls_listener``): models.py.
"""

import base64
import binascii

from ...messages import empty, json_response
from ...paging import BadQuery, core_page, query_int, search
from ...tls import pem
from . import certificates, edge_rule_routes, hostname_routes, origins
from .models import PullZonesState, derived_key, settings_body
from .problems import BodyProblem
from .settings import background_update, default_settings

ADD_FIELDS = ("Hostname", "Certificate", "CertificateKey")
REMOVE_FIELDS = ("Hostname",)


def _error(key, field, message):
    return json_response(400, {"ErrorKey": key, "Field": field, "Message": message})


class PullZonesArea(PullZonesState):
    """The pull zone routes over their state (models.PullZonesState)."""

    name = "pullzones"

    def __init__(self, fixture, platform):
        super().__init__(fixture, platform)
        self.known = origins.Known(fixture, platform)  # the scripts and container apps origins may name
        self.acme_limited = certificates.limited(fixture)
        self.wildcards = set()  # domains a wildcard certificate was issued for (state dump)
        self.edge_rule_race_window = edge_rule_routes.race_window(fixture)

    def register(self, router):
        router.add("GET", r"/pullzone", self.list_zones)
        router.add("GET", r"/pullzone/(?P<id>[0-9]+)", self.get_zone)
        router.add("POST", r"/pullzone/(?P<id>[0-9]+)/addCertificate", self.add_certificate)
        router.add("DELETE", r"/pullzone/(?P<id>[0-9]+)/removeCertificate", self.remove_certificate)
        hostname_routes.register(self, router)  # addHostname, removeHostname, setForceSSL, loadFreeCertificate
        certificates.register(self, router)  # POST /dnszone/{id}/certificate/issue
        edge_rule_routes.register(self, router)  # addOrUpdate, delete, setEdgeRuleEnabled
        router.add("POST", r"/pullzone/(?P<id>[0-9]+)/resetSecurityKey", self.reset_security_key)
        router.add("POST", r"/pullzone", self.create_zone)
        router.add("POST", r"/pullzone/(?P<id>[0-9]+)", self.update_zone)
        router.add("DELETE", r"/pullzone/(?P<id>[0-9]+)", self.delete_zone)

    def get_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        return json_response(200, zone.model(request.flag("includeCertificate")))

    def list_zones(self, request):
        """``GET /pullzone``: page 0 (the default) a plain array of every match, page>=1 the paged object.

        ``search`` matches part of the name (the platform may match more; clients filter exactly).
        """
        try:
            page = query_int(request, "page", 0, 0)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
        except BadQuery as bad:
            return _error("validation.out_of_range", bad.name, bad.message)
        zones = search(sorted(self.zones.values(), key=lambda z: z.id), request, lambda z: z.name)
        models = [z.model(request.flag("includeCertificate")) for z in zones]
        return json_response(200, models if page == 0 else core_page(models, page, per_page))

    def create_zone(self, request):
        try:
            name, members, dns = settings_body(request.json_object(), create=True)
            settings = dict(default_settings(), OriginUrl=None)
            members = background_update(origins.apply(settings, members, dns, self.known))
        except BodyProblem as problem:
            return _error(problem.key, problem.field, problem.message)
        zone = self.add_zone(name, members)
        if zone is None:
            return _error("pullzone.name_taken", "Name", "The pull zone name %s is already taken." % name)
        return json_response(201, zone.model(False))

    def update_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        try:
            _name, members, dns = settings_body(request.json_object())
            settings = background_update(origins.apply(dict(zone.settings), members, dns, self.known))
        except BodyProblem as problem:
            return _error(problem.key, problem.field, problem.message)
        zone.settings = settings
        return json_response(200, zone.model(False))

    def reset_security_key(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        fields = {str(k).lower(): v for k, v in request.json_object().items()} if request.body else {}
        key = fields.get("securitykey")
        if key is not None and not (isinstance(key, str) and 8 <= len(key) <= 36):
            return _error(
                "validation.invalid_length",
                "SecurityKey",
                "The field SecurityKey must be a string with a minimum length of '8' and a maximum length of '36'.",
            )
        zone.security_key = key if key is not None else derived_key(zone.security_key)  # new, and the same on a rerun
        return empty(204)

    def delete_zone(self, request):
        return empty(204) if self.drop(int(request.params["id"])) else empty(404)

    def add_certificate(self, request):
        body, problem = self._body(request, ADD_FIELDS)
        if problem is not None:
            return problem
        hostname, problem = self._hostname(request, body)
        if problem is not None:
            return problem
        cert_bytes = self._decode(body["Certificate"])
        if cert_bytes is None:
            return _error("pullzone.certificate_invalid", "Certificate", "The certificate is not valid Base64.")
        key_bytes = self._decode(body["CertificateKey"])
        if key_bytes is None:
            return _error(
                "pullzone.certificate_key_invalid", "CertificateKey", "The certificate key is not valid Base64."
            )
        try:
            pem.certificates(cert_bytes)
        except pem.PemError as exc:
            return _error(
                "pullzone.certificate_invalid", "Certificate", "The certificate could not be parsed: %s." % exc
            )
        try:
            pem.private_key(key_bytes)
        except pem.PemError as exc:
            return _error(
                "pullzone.certificate_key_invalid",
                "CertificateKey",
                "The certificate key could not be parsed: %s." % exc,
            )
        try:
            hostname.install(cert_bytes, key_bytes)
        except pem.PemError:
            return _error(
                "pullzone.certificate_key_mismatch",
                "CertificateKey",
                "The certificate key does not match the certificate.",
            )
        return empty(204)

    def remove_certificate(self, request):
        body, problem = self._body(request, REMOVE_FIELDS)
        if problem is not None:
            return problem
        hostname, problem = self._hostname(request, body)
        if problem is not None:
            return problem
        if not hostname.has_certificate:
            return _error(
                "pullzone.certificate_not_found", "Hostname", "The hostname %s has no certificate." % hostname.value
            )
        hostname.remove()
        return empty(204)

    @staticmethod
    def _body(request, fields):
        """The validated request model, or a 400 naming the field (ASP.NET model validation)."""
        body = request.json()
        if not isinstance(body, dict):
            return None, _error("validation.invalid_body", "requestModel", "The request body must be a JSON object.")
        for name in body:
            if name not in fields:
                return None, _error("validation.unknown_field", name, "The field %s is not part of the request." % name)
        for name in fields:
            value = body.get(name)
            if value is None:
                return None, _error("validation.required", name, "The %s field is required." % name)
            if not isinstance(value, str):
                return None, _error("validation.invalid_type", name, "The field %s must be a string." % name)
            if len(value) < 1:
                return None, _error(
                    "validation.min_length", name, "The field %s must be a string with a minimum length of '1'." % name
                )
        return body, None

    def _hostname(self, request, body):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return None, empty(404)
        hostname = zone.find(body["Hostname"])
        if hostname is None:
            return None, _error(
                "pullzone.hostname_not_found",
                "Hostname",
                "The hostname %s is not on pull zone %d." % (body["Hostname"], zone.id),
            )
        if hostname.system or hostname.managed:
            return None, _error(
                "pullzone.hostname_internal",
                "Hostname",
                "The certificate of %s is managed by the platform." % hostname.value,
            )
        return hostname, None

    @staticmethod
    def _decode(value):
        """Bytes of standard Base64 (whitespace ignored, as .NET's decoder does), or None."""
        try:
            return base64.b64decode("".join(value.split()), validate=True) or None
        except (binascii.Error, ValueError):
            return None


AREA = PullZonesArea
