"""Free certificates beyond one hostname's: Let's Encrypt's limits and wildcard certificates issued through a DNS zone.

docs/platform-notes.md, "Free certificates and Let's Encrypt's limits" and "Wildcard certificates through a DNS zone":

- ``acme_rate_limited: [registered domains]`` (fixture, top level) stands for Let's Encrypt's limit of 50 certificates
  per registered domain in 7 days being reached: a free certificate (``loadFreeCertificate``) or a wildcard one for a
  name under such a domain is refused with 400 and the message the platform passes on (the Terraform provider's issue
  41 quotes it). A registered domain is the name's last two labels here (the emulator does not know the public suffix
  list).
- ``POST /dnszone/{zoneId}/certificate/issue`` ``{Domain}`` (the body and its member are optional: the zone's own
  domain then): 404 with an empty body for an unknown DNS zone; 400 ``dnszone.certificate_domain_invalid`` (the
  emulator's key) for a domain that is not the zone's or under it; else 200 with an empty body, and every hostname of
  the account's pull zones one label under the domain that has no certificate gets the wildcard (``HasCertificate``,
  provision type 2, Dns01). Registered by the pull zones area: the certificate lands on its hostnames, and the DNS area
  is only read (``platform.areas["dns"]``), so the DNS area's files stay as they are.
"""

import types

from ...messages import empty, json_response

DNS01 = 2
ACME_MESSAGE = (
    "The certificate could not be requested. Make sure the hostname DNS is set up to bunny.net. Fail to load resource "
    "from 'https://acme-v02.api.letsencrypt.org/acme/new-order'. urn:ietf:params:acme:error:rateLimited: too many "
    'certificates (50) already issued for "%s" in the last 168h0m0s, retry after 2026-12-31 00:00:00 UTC: see '
    "https://letsencrypt.org/docs/rate-limits/#new-certificates-per-registered-domain"
)


def normal(name):
    return str(name or "").strip().rstrip(".").lower()


def registered_domain(name):
    return ".".join(normal(name).split(".")[-2:])


def limited(fixture):
    """The set of registered domains the fixture says Let's Encrypt's limit is reached for."""
    return {normal(name) for name in fixture.get("acme_rate_limited") or []}


def acme_refusal(area, name):
    """The platform's 400 when Let's Encrypt's limit refuses a certificate for ``name``, else None."""
    domain = registered_domain(name)
    if domain not in area.acme_limited:
        return None
    return json_response(
        400, {"ErrorKey": "pullzone.certificate_request_failed", "Field": None, "Message": ACME_MESSAGE % domain}
    )


def register(area, router):
    """Add the wildcard route of ``area`` (the pull zones area) to ``router``, bound to it (its lock covers it)."""
    router.add("POST", r"/dnszone/(?P<id>[0-9]+)/certificate/issue", types.MethodType(issue_wildcard, area))


def _domain(request, zone_domain):
    body = request.json_object() if request.body else {}
    for key, value in body.items():
        if str(key).lower() == "domain" and value is not None:
            return value
    return zone_domain


def issue_wildcard(area, request):
    dns = area.platform.areas.get("dns")
    zone = getattr(dns, "zones", {}).get(int(request.params["id"]))
    if zone is None:
        return empty(404)
    domain = _domain(request, zone.domain)
    if not isinstance(domain, str):
        return json_response(
            400,
            {"ErrorKey": "validation.invalid_type", "Field": "Domain", "Message": "The field Domain must be a string."},
        )
    wanted, own = normal(domain), normal(zone.domain)
    if wanted != own and not wanted.endswith("." + own):
        return json_response(
            400,
            {
                "ErrorKey": "dnszone.certificate_domain_invalid",
                "Field": "Domain",
                "Message": "The domain %s is not part of the DNS zone %s." % (domain, zone.domain),
            },
        )
    refused = acme_refusal(area, wanted)
    if refused is not None:
        return refused
    area.wildcards.add(wanted)
    for pull_zone in area.zones.values():
        for hostname in pull_zone.hostnames:
            name = normal(hostname.value)
            if name.partition(".")[2] == wanted and not hostname.system and not hostname.has_certificate:
                hostname.has_certificate, hostname.provision = True, DNS01
    return empty(200)
