"""Pull zones: the zones, hostnames and TLS listener in models.py, the routes in responses.py."""

from .responses import AREA

__all__ = ("AREA",)
