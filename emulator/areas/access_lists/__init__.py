"""Access lists of shield zones: the lists, their fixture key and the plans' limits in models.py, the routes in
responses.py."""

from .responses import AREA

__all__ = ("AREA",)
