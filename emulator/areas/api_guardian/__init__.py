"""API Guardian of shield zones: the state and its fixture in models.py, the routes in responses.py."""

from .responses import AREA

__all__ = ("AREA",)
