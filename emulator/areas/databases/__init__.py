"""Databases: the files, tokens and streams in models.py, the routes in responses.py."""

from .responses import AREA

__all__ = ("AREA",)
