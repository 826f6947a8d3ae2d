"""_token_expiry: RFC 3339 dates and CLI-style durations for database token expiry."""

from __future__ import annotations

import datetime

import pytest

from ansible_collections.edge.platform.plugins.module_utils._database.token_expiry import (
    add_months,
    expiry,
    parse_duration,
    parse_rfc3339,
)

NOW = datetime.datetime(2026, 1, 31, 12, 0, 0, tzinfo=datetime.timezone.utc)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2030-01-31T23:59:59Z", "2030-01-31T23:59:59.000Z"),
        ("2030-01-31t23:59:59z", "2030-01-31T23:59:59.000Z"),
        ("2030-01-31 23:59:59+01:00", "2030-01-31T22:59:59.000Z"),
        ("2030-01-31T23:59:59.5-02:30", "2030-02-01T02:29:59.500Z"),
        ("2030-01-31T23:59:59.123456789Z", "2030-01-31T23:59:59.123Z"),
        ("2030-01-31T23:59:59.0009Z", "2030-01-31T23:59:59.000Z"),
    ],
)
def test_rfc3339_is_read_and_sent_in_utc_with_milliseconds_as_the_cli_sends_it(value, expected):
    assert expiry(value, None, NOW) == (expected, None, False)


@pytest.mark.parametrize("value", ["2030-01-31", "2030-01-31T23:59:59", "tomorrow", "", "2030-1-31T23:59:59Z"])
def test_rfc3339_without_a_zone_or_malformed_is_refused_by_name(value):
    moment, problem = parse_rfc3339(value)
    assert moment is None and problem.startswith("expires_at must be an RFC 3339 date-time with a time zone")


def test_an_impossible_date_is_refused():
    moment, problem = parse_rfc3339("2030-02-30T00:00:00Z")
    assert moment is None and "is not a real date-time" in problem


@pytest.mark.parametrize(
    "value, expected",
    [
        ("12h", "2026-02-01T00:00:00.000Z"),
        ("30d", "2026-03-02T12:00:00.000Z"),
        ("1w", "2026-02-07T12:00:00.000Z"),
        ("1m", "2026-02-28T12:00:00.000Z"),
        ("13m", "2027-02-28T12:00:00.000Z"),
        ("1y", "2027-01-31T12:00:00.000Z"),
        (" 2D ", "2026-02-02T12:00:00.000Z"),
    ],
)
def test_durations_use_the_cli_units(value, expected):
    assert expiry(None, value, NOW) == (expected, None, False)


@pytest.mark.parametrize("value", ["0d", "30", "30 minutes", "1.5d", "-1d", "d", "30s"])
def test_bad_durations_are_refused_by_name(value):
    moment, problem = parse_duration(value, NOW)
    assert moment is None and problem.startswith("expires_in must be a positive whole number")


def test_a_duration_beyond_year_9999_is_refused():
    moment, problem = parse_duration("999999y", NOW)
    assert moment is None and "beyond the year 9999" in problem


def test_past_and_absent_expiry():
    assert expiry("2001-01-01T00:00:00Z", None, NOW) == ("2001-01-01T00:00:00.000Z", None, True)
    assert expiry(None, None, NOW) == (None, None, False)


def test_add_months_clamps_to_the_month_end():
    leap = datetime.datetime(2028, 1, 31, tzinfo=datetime.timezone.utc)
    assert add_months(leap, 1).day == 29 and add_months(leap, 12).year == 2029


def test_a_duration_from_a_moment_with_microseconds_is_cut_to_the_millisecond():
    now = NOW.replace(microsecond=987654)
    assert expiry(None, "1d", now) == ("2026-02-01T12:00:00.987Z", None, False)


def test_the_past_is_judged_on_what_is_sent():
    now = NOW.replace(microsecond=999900)
    # .9995 is sent as .999, which is before now: the warning is about the date sent
    assert expiry("2026-01-31T12:00:00.9995Z", None, now) == ("2026-01-31T12:00:00.999Z", None, True)
