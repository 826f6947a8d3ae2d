"""Whose DNS points at the platform, as the fixture tells it (no real DNS is ever asked).

The real platform issues a free certificate only for a hostname whose DNS leads to it, and otherwise answers
"The domain <host> is not pointing to our servers." (docs/platform-notes.md, "Pull zone hostnames"). The emulator
cannot look, so the fixture says it:

- ``dns_points_here: true`` on a hostname of a pull zone (``pull_zones[].hostnames[]``);
- ``dns_points_here: [names]`` at the top level: names that point here whenever they are on a pull zone, for
  hostnames a test adds while it runs.

Names compare case-insensitively, a trailing dot ignored.
"""

from ...fixtures import FixtureError


def normal(name):
    return str(name).strip().rstrip(".").lower()


def dns_names(fixture):
    """The set of names of the top-level ``dns_points_here`` list."""
    names = fixture.get("dns_points_here") or []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise FixtureError("dns_points_here must be a list of hostnames")
    return {normal(n) for n in names}


def points_here(state, hostname):
    """Whether ``hostname`` (a models.Hostname) resolves to the platform."""
    return hostname.dns_points_here or normal(hostname.value) in state.dns_points_here
