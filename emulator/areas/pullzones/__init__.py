"""Pull zones: the zones, hostnames and TLS listener in models.py, every setting in settings.py, edge rules in
edge_rules.py, the routes in responses.py.

``AREA`` is imported when first asked for, so that emulator/fixtures.py can read settings.py's table (the fixture
schema of a zone's settings) without importing the area, which reads fixtures itself.
"""


def __getattr__(name):
    if name == "AREA":
        from .responses import AREA

        return AREA
    raise AttributeError(name)
