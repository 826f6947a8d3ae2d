# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The expiry of a database token: an RFC 3339 date-time or a duration such as ``30d`` (pure Python).

The database management API takes ``expires_at`` as an RFC 3339 date-time for either token kind
(``database-api-bunnyway-cli.json``, schema GenerateTokenDatabaseV2Payload). The bunny CLI also
accepts durations and turns them into that date: ``h``, ``d``, ``w``, ``m`` (months) and ``y``
(BunnyWay/cli packages/cli/src/commands/db/tokens/create.ts, ``parseExpiry``); the same units here, and the
date is sent as the CLI sends it, in UTC with milliseconds (docs/platform-notes.md, "Database tokens: the expiry
sent").
Every function returns ``(value, problem)``: a problem is a sentence naming the option and the fix.
"""

from __future__ import annotations

import calendar
import datetime
import re

RFC3339_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
DURATION_RE = re.compile(r"^\s*(\d{1,6})\s*([hdwmyHDWMY])\s*$")
UTC = datetime.timezone.utc


def to_text(moment):
    """RFC 3339 in UTC with milliseconds and a ``Z`` (``2030-01-31T23:59:59.000Z``), as the bunny CLI sends it
    (JavaScript's ``toISOString``: packages/cli/src/commands/db/tokens/create.ts, ``parseExpiry``); a finer
    fraction is cut to the millisecond, as a JavaScript date holds it."""
    utc = moment.astimezone(UTC)
    return "%s.%03dZ" % (utc.strftime("%Y-%m-%dT%H:%M:%S"), utc.microsecond // 1000)


def parse_rfc3339(value, option="expires_at"):
    """``(aware datetime, None)`` or ``(None, problem)``; an offset is required, as RFC 3339 requires."""
    found = RFC3339_RE.match(value.strip()) if isinstance(value, str) else None
    problem = (
        "%s must be an RFC 3339 date-time with a time zone, such as 2030-01-31T23:59:59Z or "
        "2030-01-31T23:59:59+01:00; got %r." % (option, value)
    )
    if not found:
        return None, problem
    year, month, day, hour, minute, second = (int(part) for part in found.groups()[:6])
    fraction, zone = found.group(7), found.group(8).upper()
    micro = int((fraction[1:] + "000000")[:6]) if fraction else 0
    if zone == "Z":
        offset = datetime.timedelta(0)
    else:
        sign = -1 if zone[0] == "-" else 1
        offset = sign * datetime.timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
    try:
        return datetime.datetime(year, month, day, hour, minute, second, micro, datetime.timezone(offset)), None
    except ValueError as exc:
        return None, "%s is not a real date-time (%s); got %r." % (option, exc, value)


def add_months(moment, months):
    """``moment`` plus calendar months, the day clamped to the last day of the month reached."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, calendar.monthrange(year, month)[1]))


def parse_duration(value, now, option="expires_in"):
    """``(aware datetime now + value, None)`` or ``(None, problem)``."""
    found = DURATION_RE.match(value) if isinstance(value, str) else None
    if not found or int(found.group(1)) == 0:
        return None, (
            "%s must be a positive whole number followed by h (hours), d (days), w (weeks), m (months) "
            "or y (years), as the bunny CLI takes it: for example 12h, 30d or 1y; got %r." % (option, value)
        )
    amount, unit = int(found.group(1)), found.group(2).lower()
    try:
        if unit in "hdw":
            return now + datetime.timedelta(**{{"h": "hours", "d": "days", "w": "weeks"}[unit]: amount}), None
        return add_months(now, amount * (12 if unit == "y" else 1)), None
    except (OverflowError, ValueError):
        return None, "%s %r reaches beyond the year 9999; use a shorter duration." % (option, value)


def expiry(expires_at, expires_in, now):
    """``(RFC 3339 text or None, problem or None, in_the_past)`` of the two mutually exclusive options."""
    if expires_at is not None:
        moment, problem = parse_rfc3339(expires_at)
    elif expires_in is not None:
        moment, problem = parse_duration(expires_in, now)
    else:
        return None, None, False
    if problem:
        return None, problem, False
    moment = moment.replace(microsecond=moment.microsecond // 1000 * 1000)  # what is sent
    return to_text(moment), None, moment <= now
