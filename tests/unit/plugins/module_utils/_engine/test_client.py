"""The transport: auth headers, timeouts, retries, Retry-After, error funnel, secret scrubbing."""

from __future__ import annotations

import pytest
import requests
from urllib3.exceptions import MaxRetryError, NewConnectionError, ProtocolError

from ansible_collections.edge.platform.plugins.module_utils._engine import client as _client
from ansible_collections.edge.platform.plugins.module_utils._engine import errors as _errors
from ansible_collections.edge.platform.plugins.module_utils._engine import transport as _transport
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client, access_key_auth, bearer_auth
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    NO_ANSWER,
    REFUSED,
    UNREACHABLE,
    ApiError,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.transport import (
    BACKOFF_MAX,
    RETRY_AFTER_MAX,
    backoff_delay,
    retry_after_seconds,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import management_client
from ansible_collections.edge.platform.plugins.module_utils._hosts.database_connection import database_connection
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

KEY = "very-secret-api-key"


def make_client(responses, retries=3, secrets=(KEY,)):
    session = FakeSession(responses)
    sleeps = []
    session.sleeps = sleeps
    client = Client(
        "https://api.example.test/",
        access_key_auth(KEY),
        secrets=secrets,
        timeout=7.5,
        retries=retries,
        session=session,
        sleep=sleeps.append,
    )
    return client, session


def connection_refused():
    """What requests raises for a refused connection: the OSError is the cause of urllib3's error."""
    inner = NewConnectionError(None, "Failed to establish a new connection: [Errno 111] Connection refused")
    inner.__cause__ = ConnectionRefusedError(111, "Connection refused")
    return requests.exceptions.ConnectionError(MaxRetryError(None, "/x", inner))


def connection_dropped():
    return requests.exceptions.ConnectionError(ProtocolError("Connection aborted.", ConnectionResetError()))


def test_sends_auth_user_agent_timeout_and_joins_url():
    client, session = make_client([FakeResponse(200, {"Id": 1})])
    reply = client.request("GET", "/dnszone/1", "Reading")
    assert reply.status == 200 and reply.data == {"Id": 1}
    call = session.calls[0]
    assert call["url"] == "https://api.example.test/dnszone/1"
    assert call["timeout"] == 7.5
    assert call["headers"]["AccessKey"] == KEY
    assert call["headers"]["User-Agent"].startswith("edge.platform/")
    assert " ansible-core/" in call["headers"]["User-Agent"]


def test_bearer_and_access_key_strategies():
    assert access_key_auth("k") == {"AccessKey": "k"}
    assert bearer_auth("t") == {"Authorization": "Bearer t"}


def test_absolute_urls_are_used_as_given():
    client, session = make_client([FakeResponse(200, {})])
    client.request("POST", "http://127.0.0.1:9/db/x/v2/pipeline", "Query")
    assert session.calls[0]["url"] == "http://127.0.0.1:9/db/x/v2/pipeline"


@pytest.mark.parametrize("status", [429, 502, 503, 504])
def test_retries_retryable_statuses_then_succeeds(status):
    client, session = make_client([FakeResponse(status), FakeResponse(200, {"ok": True})])
    assert client.request("GET", "/x", "Reading").data == {"ok": True}
    assert len(session.calls) == 2 and len(session.sleeps) == 1


def test_honours_retry_after_and_caps_it():
    client, session = make_client(
        [
            FakeResponse(429, headers={"Retry-After": "2"}),
            FakeResponse(503, headers={"Retry-After": "86400"}),
            FakeResponse(200, {}),
        ]
    )
    client.request("GET", "/x", "Reading")
    assert session.sleeps == [2.0, RETRY_AFTER_MAX]


def test_gives_up_after_retries_with_clear_error():
    client, session = make_client([FakeResponse(503)] * 3, retries=2)
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading zone 1")
    assert len(session.calls) == 3 and len(session.sleeps) == 2
    assert caught.value.status == 503
    assert "gave up after 2 retries" in str(caught.value)


def test_does_not_retry_client_errors():
    client, session = make_client([FakeResponse(400, {"ErrorKey": "k", "Field": "F", "Message": "bad"})])
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Writing")
    assert len(session.calls) == 1
    assert caught.value.as_dict() == {"status": 400, "error_key": "k", "field": "F", "message": "bad"}


def test_retries_connection_failures_for_replay_safe_requests():
    client, session = make_client([connection_dropped(), FakeResponse(200, {})])
    client.request("GET", "/x", "Reading")
    assert len(session.calls) == 2


def test_never_replays_unsafe_write_after_it_may_have_arrived():
    client, session = make_client([connection_dropped(), FakeResponse(200, {})])
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Running SQL", replay_safe=False)
    assert len(session.calls) == 1
    assert caught.value.status is None
    assert "not sent again" in caught.value.describe()


def test_unsafe_write_is_retried_when_it_never_left():
    client, session = make_client([connection_refused(), FakeResponse(200, {})])
    client.request("POST", "/x", "Running SQL", replay_safe=False)
    assert len(session.calls) == 2


@pytest.mark.parametrize("status, retried", [(429, True), (503, False), (502, False)])
def test_unsafe_write_retries_only_statuses_that_prove_nothing_ran(status, retried):
    client, session = make_client([FakeResponse(status), FakeResponse(200, {})])
    if retried:
        client.request("POST", "/x", "Running SQL", replay_safe=False)
    else:
        with pytest.raises(ApiError):
            client.request("POST", "/x", "Running SQL", replay_safe=False)
    assert len(session.calls) == (2 if retried else 1)


def test_transport_failure_after_retries_is_an_api_error_without_status():
    client, session = make_client([connection_refused()] * 2, retries=1)
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert caught.value.status is None and len(session.calls) == 2
    assert caught.value.kind == UNREACHABLE
    assert caught.value.describe() == (
        "Reading failed: could not connect to https://api.example.test:443 (connection refused) (gave up after 1 "
        "retries). Check base_url and that the platform is reachable."
    )


@pytest.mark.parametrize(
    "exc, hint",
    [
        (requests.exceptions.SSLError("bad cert"), "validate_certs=false"),
        (requests.exceptions.ReadTimeout("slow"), "Raise the timeout option"),
    ],
)
def test_transport_hints(exc, hint):
    client, _session = make_client([exc], retries=0)
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert hint in caught.value.describe()


def test_404_is_an_error_unless_allowed():
    client, _session = make_client([FakeResponse(404), FakeResponse(404)])
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading zone 9", hints={404: "Check zone_id."})
    assert caught.value.describe() == "Reading zone 9 failed with HTTP 404 Not Found. Check zone_id."
    assert client.request("GET", "/x", "Reading", allow_404=True).status == 404


def test_2xx_envelope_with_success_false_is_an_error_with_its_status():
    body = {
        "error": {"statusCode": 400, "success": False, "message": "Invalid spec", "errorKey": "spec.invalid"},
        "data": None,
    }
    client, _session = make_client(
        [
            FakeResponse(200, body),
            FakeResponse(
                202, dict(body, error=dict(body["error"], statusCode=202, errorKey="invalid_plan_type.bot_detection"))
            ),
            FakeResponse(200, body),
        ]
    )
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Uploading")
    assert (caught.value.status, caught.value.error_key) == (400, "spec.invalid")
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert (caught.value.status, caught.value.error_key) == (202, "invalid_plan_type.bot_detection")
    assert client.request("POST", "/x", "Uploading", check_envelope=False).data == body


def test_a_failure_is_classified_once_by_the_request_and_counted_as_classified():
    refused = {"error": {"statusCode": 202, "success": False, "message": "later", "errorKey": None}, "data": None}
    client, _session = make_client([FakeResponse(202, refused), FakeResponse(400, {"Message": "bad"})])

    def accepted_is_unconfirmed(error):
        return _errors.unconfirmed(error.operation, error.status, "accepted") if error.status == 202 else error

    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Creating x", classify=accepted_is_unconfirmed)
    assert caught.value.kind == BAD_ANSWER and caught.value.message == "accepted"
    assert client.writes_maybe_applied == 1  # counted as what the classification says it is
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Creating x", classify=accepted_is_unconfirmed)
    assert caught.value.kind == REFUSED and caught.value.message == "bad" and client.writes_maybe_applied == 1


def test_json_body_parsed_by_content_not_content_type():
    client, _session = make_client([FakeResponse(200, text='{"a": 1}', headers={"Content-Type": "text/plain"})])
    assert client.request("GET", "/x", "Reading").data == {"a": 1}


def test_secrets_are_scrubbed_from_error_messages():
    echo = FakeResponse(400, {"Message": "key %s is not allowed" % KEY, "ErrorKey": "k"})
    client, _session = make_client([echo, requests.exceptions.ConnectionError("failed for %s" % KEY)], retries=0)
    for marker in ("********", "closed before an answer came"):  # transport failures never quote library text
        with pytest.raises(ApiError, match="Reading") as caught:
            client.request("GET", "/x", "Reading")
        assert KEY not in caught.value.describe()
        assert marker in caught.value.describe()


def test_retry_after_parsing():
    assert retry_after_seconds(None) is None
    assert retry_after_seconds("3") == 3.0
    assert retry_after_seconds("-5") == 0.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert retry_after_seconds("soon") is None


def test_backoff_is_jittered_exponential_and_capped():
    assert backoff_delay(0, rand=lambda: 0.0) == 0.25
    assert backoff_delay(0, rand=lambda: 1.0) == 0.5
    assert backoff_delay(3, rand=lambda: 1.0) == 4.0
    assert backoff_delay(30, rand=lambda: 1.0) == BACKOFF_MAX
    assert backoff_delay(30, retry_after=7) == 7


def test_large_retry_after_warns(monkeypatch):
    warnings = []
    session = FakeSession([FakeResponse(429, headers={"Retry-After": "600"}), FakeResponse(200, {})])
    client = Client("https://x.test", {}, session=session, sleep=lambda s: None, warn=warnings.append)
    client.request("GET", "/x", "Reading")
    assert warnings and "capped" in warnings[0]


def test_default_session_is_requests(monkeypatch):
    made = []
    monkeypatch.setattr(_client.requests, "Session", lambda: made.append(FakeSession()) or made[-1])
    client = Client("https://x.test", {"AccessKey": "k"}, validate_certs=False)
    assert client.session is made[0] and made[0].verify is False


def test_unbuildable_request_is_not_retried_and_never_quotes_the_header():
    error = requests.exceptions.InvalidHeader("Invalid leading whitespace in header value: %r" % (KEY + "\n"))
    client, session = make_client([error, FakeResponse(200, {})])
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert len(session.calls) == 1
    assert caught.value.message == "the request could not be built (InvalidHeader)"
    assert KEY not in caught.value.describe()


def test_reply_object_is_a_dict_whatever_the_body():
    client, _session = make_client([FakeResponse(200, [1]), FakeResponse(200, {"a": 1})])
    assert client.request("GET", "/x", "Reading", expect="any").object == {}
    assert client.request("GET", "/x", "Reading").object == {"a": 1}


def test_every_request_passes_verify_and_never_follows_redirects():
    for validate in (True, False):
        session = FakeSession([FakeResponse(200, {})])
        Client("https://x.test", {}, session=session, validate_certs=validate).request("GET", "/x", "Reading")
        # per request: requests lets REQUESTS_CA_BUNDLE replace a session-wide verify=False
        assert session.calls[0]["verify"] is validate and session.calls[0]["allow_redirects"] is False


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
@pytest.mark.parametrize("auth", [access_key_auth(KEY), bearer_auth(KEY)], ids=["access-key", "bearer"])
def test_redirect_fails_naming_status_and_target_origin_only(status, auth):
    location = "https://user:pw@evil.example:8443/steal?authToken=%s#x" % KEY
    session = FakeSession([FakeResponse(status, headers={"Location": location})])
    client = Client("https://api.example.test", auth, secrets=(KEY,), session=session, sleep=lambda s: None)
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/dnszone/1/dnssec", "Enabling DNSSEC")
    text = caught.value.describe()
    assert len(session.calls) == 1 and caught.value.status == status and caught.value.kind == REFUSED
    assert "redirect to https://evil.example:8443, which is not followed" in text
    for hidden in (KEY, "steal", "user", "pw@", "authToken"):
        assert hidden not in text


def test_relative_redirect_names_the_same_origin_and_database_option():
    session = FakeSession([FakeResponse(308, headers={"Location": "/other"})])
    client = Client("http://127.0.0.1:8/db/x", {}, session=session, url_option="database_url")
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/v2/pipeline", "Running SQL")
    assert "redirect to http://127.0.0.1:8 (the same origin, another path)" in caught.value.describe()
    assert "Set database_url" in caught.value.describe()


class Connecting(object):
    """What a connection reads of the engine's context: params, secrets, fail and warn."""

    def __init__(self, **params):
        self.params = dict(timeout=30.0, retries=0, validate_certs=True, **params)
        self.secrets = []

    def add_secret(self, secret):
        if secret:
            self.secrets.append(secret)

    def fail(self, msg):
        raise AssertionError(msg)

    def warn(self, text):
        raise AssertionError(text)


@pytest.mark.parametrize(
    "connect, params, option, root",
    [
        (
            management_client,
            dict(api_key=KEY, base_url="https://api.example.test"),
            "base_url",
            "https://api.bunny.net",
        ),
        (
            database_connection,
            dict(database_url="https://db.example.test", auth_token=KEY),
            "database_url",
            "libsql://my-db.lite.bunnydb.net",
        ),
    ],
    ids=["management", "database"],
)
def test_a_redirect_hint_shows_the_example_root_the_connection_hands_in(connect, params, option, root):
    client = connect(Connecting(**params))
    client.session = FakeSession([FakeResponse(301, headers={"Location": "https://elsewhere.test/"})])
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert caught.value.hint == "Set %s to the API's own address (for example %s); a redirect is never followed." % (
        option,
        root,
    )


def test_a_client_handed_no_example_root_invents_none():
    session = FakeSession([FakeResponse(301, headers={"Location": "https://elsewhere.test/"})])
    with pytest.raises(ApiError) as caught:
        Client("https://api.example.test", {}, session=session).request("GET", "/x", "Reading")
    assert caught.value.hint == "Set base_url to the API's own address; a redirect is never followed."


@pytest.mark.parametrize(
    "body, headers, expect",
    [
        ("<html><body>Sign in</body></html>", {"Content-Type": "text/html"}, "object"),
        ('{"Enabled": tr', {"Content-Type": "application/json"}, "object"),
        ("[1, 2]", {}, "object"),
        ("", {}, "object"),
        ("null", {}, "any"),
        ("<html>", {"Content-Type": "text/html"}, "empty"),
    ],
)
def test_unreadable_2xx_is_a_bad_answer_naming_operation_status_type_and_excerpt(body, headers, expect):
    client, _session = make_client([FakeResponse(200, text=body + KEY if body else body, headers=headers)])
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/dnszone/1", "Reading DNS zone 1", expect=expect)
    error = caught.value
    assert error.kind == BAD_ANSWER and error.status == 200
    text = error.describe()
    assert text.startswith(
        "Reading DNS zone 1 failed with HTTP 200 OK: the answer (%s)" % headers.get("Content-Type", "no content type")
    )
    if body.lstrip().lower().startswith("<html"):  # a page is summarised by its title, never pasted
        assert "an HTML page" in text and "<html" not in text.lower()
    else:
        assert (repr(body[:20]).strip("'")[:8] in text) if body else "an empty body" in text
    assert KEY not in text


@pytest.mark.parametrize(
    "status, body, expect",
    [
        (204, "", "empty"),
        (200, "", "empty"),
        (200, " \n", "empty"),
        (200, "[]", "any"),
        (200, '{"a": 1}', "object"),
        (200, '{"data": {}, "error": null}', "data"),
        (200, "", "text"),
        (200, "$ORIGIN example.com.", "text"),
    ],
)
def test_answers_the_operation_documents_are_accepted(status, body, expect):
    client, _session = make_client([FakeResponse(status, text=body)])
    assert client.request("POST", "/x", "Writing", expect=expect).text == body


def test_a_text_body_is_sent_as_plain_text_and_a_text_answer_is_read_as_it_is():
    zone_file = "www 300 IN A 192.0.2.1\n"
    client, session = make_client(
        [FakeResponse(200, text=zone_file, headers={"Content-Type": "application/octet-stream"})]
    )
    reply = client.request("POST", "/x", "Importing", text_body="é A", expect="text", check_envelope=False)
    assert reply.text == zone_file and reply.object == {}
    call = session.calls[0]
    assert call["data"] == "é A".encode("utf-8") and call["json"] is None
    # the credentials travel with each request too (never on the session, which keep-alive shares)
    assert call["request_headers"] == {"AccessKey": KEY, "Content-Type": "text/plain; charset=utf-8"}


@pytest.mark.parametrize(
    "body, expect",
    [
        # a body where the operation documents none (addCertificate answered 200 with [])
        ("[]", "empty"),
        ("{}", "empty"),
        ("null", "empty"),
        ("<html>Sign in</html>", "empty"),
        # a list for an object, HTML, nothing where data is expected
        ("[]", "object"),
        ("<html>", "object"),
        ("", "object"),
        # a shield envelope without its data object
        ("{}", "data"),
        ('{"data": null}', "data"),
        ('{"data": []}', "data"),
        ("[]", "data"),
        ("", "data"),
    ],
)
def test_a_write_answer_that_is_not_what_the_operation_returns_is_unconfirmed(body, expect):
    client, session = make_client([FakeResponse(200, text=body)])
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Adding the certificate", expect=expect, replay_safe=False)
    error = caught.value
    # BAD_ANSWER: the reconciler re-reads once instead of claiming anything (never "probably applied")
    assert error.kind == BAD_ANSWER and error.status == 200
    assert "whether the change was applied is unknown; it was not sent again" in error.describe()
    assert "probably" not in error.describe()
    assert len(session.calls) == 1


def test_a_bad_answer_to_a_read_points_at_base_url():
    client, _session = make_client([FakeResponse(200, text="[]")])
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading DNS zone 1", expect="data")
    assert (
        caught.value.kind == BAD_ANSWER and "Check that base_url points at the platform API" in caught.value.describe()
    )


def read_timeout():
    return requests.exceptions.ReadTimeout("HTTPConnectionPool(host='x', port=1): Read timed out.")


@pytest.mark.parametrize(
    "method, replay_safe, answers, kind, calls",
    [
        ("POST", False, [read_timeout()], MAY_HAVE_BEEN_SENT, 1),
        ("POST", False, [connection_dropped()], MAY_HAVE_BEEN_SENT, 1),
        ("POST", True, [read_timeout()] * 4, MAY_HAVE_BEEN_SENT, 4),
        ("DELETE", False, [FakeResponse(503)], MAY_HAVE_BEEN_SENT, 1),
        ("POST", True, [FakeResponse(500)], MAY_HAVE_BEEN_SENT, 1),
        ("PATCH", True, [FakeResponse(504)] * 4, MAY_HAVE_BEEN_SENT, 4),
        ("GET", True, [read_timeout()] * 4, NO_ANSWER, 4),
        ("GET", True, [FakeResponse(500)], REFUSED, 1),
        ("POST", False, [FakeResponse(429)] * 4, REFUSED, 4),
        ("POST", False, [connection_refused()] * 4, UNREACHABLE, 4),
        ("POST", False, [requests.exceptions.ConnectTimeout("x")] * 4, UNREACHABLE, 4),
        ("POST", False, [requests.exceptions.InvalidHeader("x")], UNREACHABLE, 1),
    ],
)
def test_kind_says_what_the_failure_proves(method, replay_safe, answers, kind, calls):
    client, session = make_client(list(answers))
    with pytest.raises(ApiError) as caught:
        client.request(method, "/x", "Writing", replay_safe=replay_safe)
    assert (caught.value.kind, len(session.calls)) == (kind, calls)
    if kind == MAY_HAVE_BEEN_SENT:
        text = caught.value.describe()
        assert "may have been applied" in text and "not sent again" in text and "timeout" not in text.lower()[-120:]
        assert "raise" not in text.lower()


def test_changes_state_overrides_the_method():
    client, _session = make_client([read_timeout(), read_timeout()], retries=0)
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/v2/pipeline", "Reading rows", changes_state=False)
    assert caught.value.kind == NO_ANSWER
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Odd write", changes_state=True)
    assert caught.value.kind == MAY_HAVE_BEEN_SENT


def test_unknown_expect_is_a_programming_error():
    client, _session = make_client([])
    with pytest.raises(ValueError):
        client.request("GET", "/x", "Reading", expect="list")


def test_origin_shows_scheme_host_and_port_only():
    assert _transport.origin("https://u:p@api.bunny.net/x?authToken=t") == "https://api.bunny.net:443"
    assert _transport.origin("http://[::1]:8080/db") == "http://[::1]:8080"
    assert _transport.origin("http://[::1") is None and _transport.origin("/relative") is None


def test_tls_failures_are_not_retried_and_prove_nothing_was_sent():
    client, session = make_client([requests.exceptions.SSLError("certificate verify failed")] * 4)
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Writing", replay_safe=False)
    assert len(session.calls) == 1 and caught.value.kind == UNREACHABLE


def test_a_5xx_to_a_write_keeps_the_may_have_been_applied_hint_over_module_hints():
    client, _session = make_client([FakeResponse(500)])
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Writing", replay_safe=False, hints={500: "Check zone_id."})
    assert "Check zone_id" not in caught.value.describe() and "may have been applied" in caught.value.describe()


# -- bounded answers: every body is streamed and read up to max_response_bytes --------------------------------


def capped_client(responses, limit, size_option=None):
    session = FakeSession(responses)
    client = Client(
        "https://api.example.test/",
        access_key_auth(KEY),
        secrets=(KEY,),
        retries=0,
        session=session,
        sleep=lambda seconds: None,
        max_response_bytes=limit,
        size_option=size_option,
    )
    return client, session


def test_every_answer_is_streamed_and_the_default_limit_is_generous():
    client, session = make_client([FakeResponse(200, {"Id": 1})])
    assert client.max_response_bytes == _client.DEFAULT_MAX_RESPONSE_BYTES == 64 * 1024 * 1024
    client.request("GET", "/x", "Reading")
    assert session.calls[0]["stream"] is True


def test_an_answer_within_the_limit_is_read_whole_and_the_response_closed():
    answer = FakeResponse(200, {"a": "x" * 500})
    client, _session = capped_client([answer], limit=len(answer.text))
    assert client.request("GET", "/x", "Reading").data == {"a": "x" * 500}
    assert answer.closed


def test_reading_stops_at_the_limit_and_the_failure_names_the_option():
    answer = FakeResponse(200, text="[" + "1," * (3 * _transport.CHUNK_BYTES) + "1]")
    client, _session = capped_client([answer], limit=_transport.CHUNK_BYTES, size_option="max_response_bytes")
    with pytest.raises(_client.AnswerTooLarge) as caught:
        client.request("POST", "/v2/pipeline", "Running SQL", replay_safe=True, changes_state=False)
    # the second chunk crossed the limit: nothing after it was read
    assert answer.chunks == 2 and answer.closed
    error = caught.value
    assert error.kind == BAD_ANSWER and error.status == 200 and error.limit == _transport.CHUNK_BYTES
    assert "more than the max_response_bytes limit of 64 KiB (65,536 bytes)" in error.message
    assert "raise max_response_bytes to read it" in error.message
    assert "Nothing was changed: the request only reads" in error.describe()


def test_an_announced_size_over_the_limit_fails_before_reading_anything():
    answer = FakeResponse(200, {"a": 1}, headers={"Content-Length": "5000000000"})
    client, _session = capped_client([answer], limit=1024)
    with pytest.raises(_client.AnswerTooLarge) as caught:
        client.request("GET", "/x", "Reading")
    assert answer.chunks == 0 and caught.value.size == 5000000000
    assert "announces 5,000,000,000 bytes" in caught.value.message
    assert "more than the limit of 1 KiB (1,024 bytes) for one answer" in caught.value.message


def test_an_answer_over_the_limit_to_a_write_is_unconfirmed():
    # a write answered 2xx whose answer was not read whole confirms nothing: the reconciler re-reads (BAD_ANSWER)
    client, _session = capped_client([FakeResponse(200, text="x" * 2048)], limit=1024)
    with pytest.raises(_client.AnswerTooLarge) as caught:
        client.request("POST", "/x", "Writing", replay_safe=False)
    assert caught.value.kind == BAD_ANSWER
    assert "whether the change was applied is unknown" in caught.value.describe()


def test_an_error_answer_over_the_limit_is_cut_not_failed_on_its_size():
    answer = FakeResponse(400, text="bad " * (_transport.CHUNK_BYTES // 2))
    client, _session = capped_client([answer], limit=_transport.CHUNK_BYTES)
    with pytest.raises(ApiError) as caught:
        client.request("GET", "/x", "Reading")
    assert not isinstance(caught.value, _client.AnswerTooLarge) and caught.value.status == 400
    assert answer.chunks == 2 and caught.value.message.startswith("bad bad")


def test_the_body_is_decoded_with_its_charset_else_utf8_never_guessed():
    client, _session = capped_client(
        [
            FakeResponse(200, text='{"a": "\u00e9"}', encoding="latin-1"),
            FakeResponse(200, text='{"a": "\u00e9\u4e2d"}'),
        ],
        limit=1024,
    )
    assert client.request("GET", "/x", "Reading").data == {"a": "\u00e9"}
    assert client.request("GET", "/x", "Reading").data == {"a": "\u00e9\u4e2d"}


def test_a_caller_decoder_replaces_json_decoding():
    client, _session = capped_client([FakeResponse(200, {"a": 1})], limit=1024)
    reply = client.request("GET", "/x", "Reading", expect="any", decode=lambda text: ["decoded", len(text)])
    assert reply.data == ["decoded", len('{"a": 1}')]


def test_a_connection_dropped_while_reading_the_body_is_a_transport_failure():
    class Dropping(FakeResponse):
        def iter_content(self, chunk_size=1):
            yield b"{"
            raise requests.exceptions.ChunkedEncodingError(ProtocolError("Connection broken", ConnectionResetError()))

    client, session = make_client([Dropping(200), FakeResponse(200, {"ok": True})])
    assert client.request("GET", "/x", "Reading").data == {"ok": True}
    assert len(session.calls) == 2
    client, session = make_client([Dropping(200), FakeResponse(200, {})])
    with pytest.raises(ApiError) as caught:
        client.request("POST", "/x", "Writing", replay_safe=False)
    assert caught.value.kind == MAY_HAVE_BEEN_SENT and len(session.calls) == 1


def test_human_bytes():
    assert _errors.human_bytes(64 * 1024 * 1024) == "64 MiB (67,108,864 bytes)"
    assert _errors.human_bytes(1536) == "1.5 KiB (1,536 bytes)"
    assert _errors.human_bytes(100) == "100 bytes"


def test_an_option_a_request_does_not_have_is_refused_before_anything_is_sent():
    client, session = make_client([FakeResponse(200, {})])
    with pytest.raises(TypeError, match="'allow404' is not an option of a request"):
        client.request("GET", "/x", "Reading", allow404=True)
    assert session.calls == [] and client.writes_sent == 0
