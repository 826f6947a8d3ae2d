"""The storage regions: codes, cities, hostnames, and which tier may use which code where.

Main regions of a Standard zone and the replication regions of each tier are the Terraform provider's validator
lists; an Edge (SSD) zone's main region is always DE (the platform rewrites another one to DE without saying so);
a Standard zone may not replicate to its own main region. Hostnames per main region are the official SDK's
(docs/platform-notes.md, "Storage zones and the Edge Storage API in the emulator").
"""

STANDARD, EDGE = 0, 1
CITIES = {
    "DE": "Falkenstein",
    "UK": "London",
    "SE": "Stockholm",
    "NY": "New York",
    "LA": "Los Angeles",
    "SG": "Singapore",
    "SYD": "Sydney",
    "BR": "Sao Paulo",
    "JH": "Johannesburg",
    "ES": "Madrid",
    "CZ": "Prague",
    "MI": "Miami",
    "WA": "Seattle",
    "HK": "Hong Kong",
    "JP": "Tokyo",
}
MAIN = ("BR", "DE", "JH", "LA", "NY", "SE", "SG", "SYD", "UK")
REPLICAS = {STANDARD: MAIN, EDGE: ("BR", "CZ", "ES", "HK", "JH", "JP", "LA", "MI", "NY", "SE", "SG", "SYD", "UK", "WA")}
STORAGE_DOMAIN = "storage.bunnycdn.com"


def hostname(region):
    """The Edge Storage hostname of a zone whose main region is ``region``."""
    return STORAGE_DOMAIN if region == "DE" else "%s.%s" % (region.lower(), STORAGE_DOMAIN)


def region_models():
    """``GET /storagezone/regions``: every code with its city and endpoint (``StorageRegionModel``)."""
    return [{"Id": code, "Name": CITIES[code], "Url": "https://%s" % hostname(code)} for code in MAIN]


def main_problem(region):
    """Why ``region`` cannot be a main region, or None (an Edge zone's is then rewritten to DE)."""
    if not isinstance(region, str) or region not in MAIN:
        return "The Region must be one of %s (upper case)." % ", ".join(MAIN)
    return None


def replica_problem(codes, region, tier):
    """Why ``codes`` cannot be the replication regions of a ``tier`` zone in ``region``, or None."""
    if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
        return "The replication regions must be a list of region codes."
    allowed = REPLICAS[tier]
    for code in codes:
        if code not in allowed:
            return "The replication region %s is not one of %s (upper case)." % (code, ", ".join(allowed))
        if code == region:
            return "The replication region %s is the zone's main region." % code
    return None
