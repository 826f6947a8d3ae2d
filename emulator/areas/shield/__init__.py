"""Shield zones: their state (settings, bot detection, upload scanning) in models.py, the routes in responses.py."""

from .responses import AREA

__all__ = ("AREA",)
