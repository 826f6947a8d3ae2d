# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Checks of the names a user gives that are sent to the platform (zone names, rule names)."""

from __future__ import annotations

import unicodedata


def check_name(value, option):
    """An error message when a name sent to the platform holds a control character, else None.

    Names are one line of visible text; a newline, tab, escape or other control character is a typo or an
    injection attempt, refused before any request.
    """
    if not isinstance(value, str):
        return None
    for position, char in enumerate(value):
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return (
                "%s contains a control character (U+%04X at position %d): names are one line of visible text; "
                "remove it." % (option, ord(char), position + 1)
            )
    return None
