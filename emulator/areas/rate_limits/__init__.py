"""Rate limit rules of shield zones: the rules and their fixture in models.py, the routes in responses.py."""

from .responses import AREA

__all__ = ("AREA",)
