"""Database URL rules: schemes, authToken moved out of the URL, trailing slash, clear errors."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._database.connection import (
    DatabaseUrlError,
    hidden_tokens,
    split_database_url,
    url_tokens,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import transport_argument_spec
from ansible_collections.edge.platform.plugins.module_utils._hosts.database_connection import database_argument_spec


@pytest.mark.parametrize(
    "url, endpoint, token",
    [
        ("libsql://my-db.lite.bunnydb.net", "https://my-db.lite.bunnydb.net", None),
        ("LIBSQL://my-db.lite.bunnydb.net/", "https://my-db.lite.bunnydb.net", None),
        ("https://my-db.lite.bunnydb.net", "https://my-db.lite.bunnydb.net", None),
        ("http://127.0.0.1:8080/db/demo", "http://127.0.0.1:8080/db/demo", None),
        ("http://127.0.0.1:8080/db/demo/", "http://127.0.0.1:8080/db/demo", None),
        ("  http://127.0.0.1:8080/db/demo//  ", "http://127.0.0.1:8080/db/demo", None),
        ("libsql://db.example.net?authToken=abc.def-ghi", "https://db.example.net", "abc.def-ghi"),
        ("http://127.0.0.1:1/db/x/?authToken=a%2Bb", "http://127.0.0.1:1/db/x", "a+b"),
        ("https://db.example.net?authToken=t1&authToken=t1", "https://db.example.net", "t1"),
        ("https://db.example.net#frag", "https://db.example.net", None),
    ],
)
def test_split_database_url(url, endpoint, token):
    assert split_database_url(url) == (endpoint, token)


@pytest.mark.parametrize(
    "url, fragment",
    [
        ("", "database_url must be a libsql://, https:// or (for a local emulator) http:// URL"),
        (None, "got ''"),
        ("ws://db.example.net", "got 'ws://db.example.net'"),
        ("file:local.db", "database_url must be a libsql://"),
        ("my-db.lite.bunnydb.net", "for example libsql://my-db.lite.bunnydb.net"),
        ("http://[::1", "database_url is not a valid URL"),
        ("https://db.example.net:99999", "database_url is not a valid URL"),
        ("https://db.example.net?tls=0", "query parameter 'tls'"),
        ("https://db.example.net?authToken=", "empty authToken"),
        ("https://db.example.net?authToken=a&authToken=b", "two different authToken query parameters"),
        ("https://user:pw@db.example.net", "must not carry credentials"),
    ],
)
def test_bad_urls_name_the_option(url, fragment):
    with pytest.raises(DatabaseUrlError) as info:
        split_database_url(url)
    assert fragment in str(info.value)


def test_errors_never_show_the_token():
    for url in (
        "ws://db.example.net?authToken=sekrit-1",
        "https://db.example.net?authToken=sekrit-1&x=1",
        "https://u:sekrit-1@db.example.net/?authToken=sekrit-1",
    ):
        with pytest.raises(DatabaseUrlError) as info:
            split_database_url(url)
        assert "sekrit-1" not in str(info.value)


def test_url_tokens_found_even_in_broken_urls():
    assert url_tokens("http://[::1?authToken=abc") == {"abc"}
    assert url_tokens("x://h/?a=1&authToken=a%2Bb#f") == {"a%2Bb", "a+b"}
    assert url_tokens("https://h") == set()
    assert url_tokens(None) == set()


def test_argument_spec():
    spec = database_argument_spec()
    assert spec["auth_token"]["no_log"] is True
    # the seed's pair first, then what the platform's CLI and Edge Scripting set
    assert spec["database_url"]["fallback"][1] == ["SERVICE_DATABASE_URL", "BUNNY_DATABASE_URL"]
    assert spec["auth_token"]["fallback"][1] == ["SERVICE_DATABASE_AUTH_TOKEN", "BUNNY_DATABASE_AUTH_TOKEN"]
    # checked by the connection, so a missing one names every environment variable
    assert "required" not in spec["auth_token"] and "required" not in spec["database_url"]
    assert {k: spec[k] for k in ("validate_certs", "timeout", "retries")} == transport_argument_spec()


def test_hidden_tokens_come_from_every_url_variable(monkeypatch):
    monkeypatch.setenv("SERVICE_DATABASE_URL", "http://h/?authToken=first-token")
    monkeypatch.setenv("BUNNY_DATABASE_URL", "http://[::1?authToken=second-token")
    assert hidden_tokens({"database_url": None}) == {"first-token", "second-token"}
