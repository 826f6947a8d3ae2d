# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Enums that grow: a number the collection cannot name, in any answer (pure Python: no Ansible imports).

The platform adds enum values without a new document version (docs/platform-notes.md, "Enums that grow"). Such a
number is shown as the number itself, never a crash and never None, and the module says so in a warning; a value it
cannot name is compared as the number and never written back in another form, so it is no false change either.
"""

from __future__ import annotations

# The core API's enums that more than one resource has, named as the modules take them: a pull zone's and a DNS
# zone's log anonymisation, a hostname's and a DNS zone's certificate key type.
LOG_ANONYMIZATION_TYPES = {0: "one_digit", 1: "drop"}  # LogAnonymizationType: OneDigit, Drop
CERTIFICATE_KEY_TYPES = {0: "ecdsa", 1: "rsa"}  # PrivateKeyType: Ecdsa, Rsa

UNKNOWN_WARNING = (
    "The platform answered %s = %s, a value this collection does not name (the platform may have added it since): it "
    "is returned as the number and left as it is."
)


def is_number(value):
    return isinstance(value, int) and not isinstance(value, bool)


def readable(table, value, field=None, unknown=None):
    """The name of ``value`` in ``table`` (``{number: name}``); a number the table does not hold is returned as the
    number, and with ``unknown`` (a list) the warning naming ``field`` is appended to it. Anything else (None, text) is
    returned as it came."""
    if is_number(value) and value not in table:
        if unknown is not None:
            warning = UNKNOWN_WARNING % (field or "a setting", value)
            if warning not in unknown:
                unknown.append(warning)
        return value
    return table.get(value, value) if is_number(value) else value
