# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Names of the numbers the shield API sends for custom WAF rules and bot detection.

The tables follow the published shield OpenAPI document (its ``x-enum-varnames``). The order of
``WAF_VARIABLES`` is the platform's own numbering: it sometimes sends ``variableTypes`` keys as
numeric strings ("0" for REQUEST_URI ... "26" for VERIFIED_BOT_CATEGORY) instead of names.
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.choices import Choices


def snake(varname):
    """The collection's name of a platform enum name (the guide's "Option values"): ``LogOnly`` -> ``log_only``,
    ``RateLimit`` -> ``rate_limit``, ``IP_JA4`` -> ``ip_ja4``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", varname).lower()


def named(varnames):
    """``{number: collection name}`` of the platform's ``{number: x-enum-varname}``."""
    return {number: snake(name) for number, name in varnames.items()}


def renamed(varnames, table, fold_case=False):
    """``{platform name: collection name}`` of the spellings earlier releases took (``varnames``) that ``table`` names
    otherwise; with ``fold_case``, a name that differs only in case is no rename (it is taken as it is)."""
    return {
        varnames[n]: table[n]
        for n in table
        if n in varnames and (varnames[n].lower() != table[n] if fold_case else varnames[n] != table[n])
    }


WAF_VARIABLES = (
    "REQUEST_URI",
    "REQUEST_URI_RAW",
    "ARGS",
    "ARGS_COMBINED_SIZE",
    "ARGS_GET",
    "ARGS_GET_NAMES",
    "ARGS_POST",
    "ARGS_POST_NAMES",
    "FILES_NAMES",
    "GEO",
    "REMOTE_ADDR",
    "QUERY_STRING",
    "REQUEST_BASENAME",
    "REQUEST_BODY",
    "REQUEST_COOKIES_NAMES",
    "REQUEST_COOKIES",
    "REQUEST_FILENAME",
    "REQUEST_HEADERS_NAMES",
    "REQUEST_HEADERS",
    "REQUEST_LINE",
    "REQUEST_METHOD",
    "REQUEST_PROTOCOL",
    "RESPONSE_BODY",
    "RESPONSE_HEADERS",
    "RESPONSE_STATUS",
    "FINGERPRINT",
    "VERIFIED_BOT_CATEGORY",
)

# The platform's names (x-enum-varnames) of the custom WAF rule actions; the collection's are in lower case.
WAF_ACTION_VARNAMES = {1: "Block", 2: "Log", 3: "Challenge", 4: "Allow", 5: "Bypass"}
WAF_ACTIONS = named(WAF_ACTION_VARNAMES)

WAF_OPERATORS = {
    0: "BEGINSWITH",
    1: "ENDSWITH",
    2: "CONTAINS",
    3: "CONTAINSWORD",
    4: "STRMATCH",
    5: "EQ",
    6: "GE",
    7: "GT",
    8: "LE",
    9: "LT",
    12: "WITHIN",
    14: "RX",
    15: "STREQ",
    17: "DETECTSQLI",
    18: "DETECTXSS",
}

WAF_SEVERITIES = {0: "NOTICE", 1: "WARNING", 2: "CRITICAL"}

WAF_TRANSFORMATIONS = {
    1: "CMDLINE",
    2: "COMPRESSWHITESPACE",
    3: "CSSDECODE",
    4: "HEXENCODE",
    5: "HTMLENTITYDECODE",
    6: "JSDECODE",
    7: "LENGTH",
    8: "LOWERCASE",
    9: "MD5",
    10: "NORMALIZEPATH",
    11: "NORMALISEPATH",
    12: "NORMALIZEPATHWIN",
    13: "NORMALISEPATHWIN",
    14: "REMOVECOMMENTS",
    15: "REMOVENULLS",
    16: "REMOVEWHITESPACE",
    17: "REPLACECOMMENTS",
    18: "SHA1",
    19: "URLDECODE",
    20: "URLDECODEUNI",
    21: "UTF8TOUNICODE",
}

BOT_EXECUTION_MODE_VARNAMES = {0: "LogOnly", 1: "Challenge"}
BOT_EXECUTION_MODES = named(BOT_EXECUTION_MODE_VARNAMES)

# Shield zone settings (shield document: ShieldPlanType, DDoSShieldSensitivity, WAFExecutionMode and
# DDoSExecutionMode, WAFPayloadLimitAction, UploadScanningScannerMode), named in lower case as the modules take them.
SHIELD_PLANS = {0: "basic", 1: "advanced", 2: "business", 3: "enterprise"}
DDOS_SENSITIVITIES = {0: "off", 1: "low", 2: "medium", 3: "high", 4: "challenge"}
EXECUTION_MODES = {0: "log", 1: "block"}
BODY_LIMIT_ACTIONS = {0: "block", 1: "log", 2: "ignore"}
UPLOAD_SCANNING_MODES = {0: "disabled", 1: "log", 2: "block"}

BOT_SENSITIVITY_VARNAMES = {0: "Off", 1: "Low", 2: "Medium", 3: "High"}
BOT_SENSITIVITIES = named(BOT_SENSITIVITY_VARNAMES)

BOT_FINGERPRINT_AGGRESSION_VARNAMES = {0: "Unknown", 1: "Low", 2: "Medium", 3: "High", 4: "Custom"}
BOT_FINGERPRINT_AGGRESSIONS = named(BOT_FINGERPRINT_AGGRESSION_VARNAMES)

# API Guardian (shield document: WAFExecutionMode, WAFPayloadLimitAction, UnmatchedPathAction,
# RateLimitTimeframe; ApiGuardianRateLimitType is a string enum "Global" / "IP").
API_GUARDIAN_EXECUTION_MODES = EXECUTION_MODES
API_GUARDIAN_ACTIONS = BODY_LIMIT_ACTIONS
API_GUARDIAN_RATE_LIMIT_TYPES = ("Global", "IP")
# seconds -> readable name; the x-enum-varnames (PerSecond ... PerOneHour) are accepted too
RATE_LIMIT_TIMEFRAMES = {1: "1s", 10: "10s", 60: "1m", 300: "5m", 900: "15m", 3600: "1h"}
RATE_LIMIT_TIMEFRAME_VARNAMES = {
    1: "PerSecond",
    10: "PerTenSeconds",
    60: "PerOneMinute",
    300: "PerFiveMinutes",
    900: "PerFifteenMinutes",
    3600: "PerOneHour",
}


def enum_names(table):
    """The names of an enum in the platform's order."""
    return [table[n] for n in sorted(table)]


def enum_choices(table, varnames=None, fold_case=False):
    """The ``choices`` of an option naming a platform enum (``_shapes/choices.py``): the names of ``table`` in the
    platform's order, listed; any of the platform's numbers taken (one it added since is sent as it is); the names of
    ``varnames`` that earlier releases took, taken with a deprecation; with ``fold_case``, names in any case."""
    return Choices(
        enum_names(table),
        numbers=True,
        renamed=renamed(varnames or {}, table, fold_case),
        fold_case=fold_case,
    )


def as_number(value):
    """``value`` as an int when it is one (or a string of digits), else None; booleans are not numbers."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def number_of(table, value):
    """The platform's number for a name of ``table`` (any case) or for a number (one the platform added since is
    passed on as it is: "Enums that grow", docs/platform-notes.md); None when ``value`` is neither."""
    number = as_number(value)
    if number is not None:
        return number
    if isinstance(value, str):
        wanted = value.strip().lower()
        for key, name in table.items():
            if name.lower() == wanted:
                return key
    return None


def number_for(option, table, value):
    """:func:`number_of`, or InputError naming ``option`` and the names of ``table`` for a value that is neither a name
    nor a number."""
    number = number_of(table, value)
    if number is None:
        raise InputError(
            "%s must be one of %s, or the platform's number; got %r." % (option, ", ".join(enum_names(table)), value),
            option=option,
        )
    return number


def enum_name(table, value):
    """The name of ``value`` in ``table``, or None when the number is unknown (a newer platform value)."""
    number = as_number(value)
    return None if number is None else table.get(number)


def variable_name(key):
    """A ``variableTypes`` key as a name: numeric strings 0..26 are mapped, anything else is kept."""
    number = as_number(key)
    if number is not None and 0 <= number < len(WAF_VARIABLES):
        return WAF_VARIABLES[number]
    return str(key)


def normalise_variable_types(mapping):
    """``variableTypes`` keyed by names, whichever form the platform sent; null becomes ``{}``.

    When a name and its number both occur (never seen, but cheap to settle), the named key wins.
    """
    if not isinstance(mapping, dict):
        return {}
    named = {}
    for key, value in mapping.items():
        name = variable_name(key)
        if name in named and str(key) != name:
            continue
        named[name] = value
    return named
