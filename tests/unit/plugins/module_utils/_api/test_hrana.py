"""_api/hrana: the pipeline request of a plan, alone (a real Client over a fake session)."""

from __future__ import annotations

import json

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._api import hrana as pipeline
from ansible_collections.edge.platform.plugins.module_utils._database import hrana, sql_plan
from ansible_collections.edge.platform.plugins.module_utils._engine.client import AnswerTooLarge, Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

URL = "https://db.example.test"


def client(*responses, max_response_bytes=1 << 20):
    session = FakeSession(responses)
    return Client(
        URL,
        {"Authorization": "Bearer t"},
        session=session,
        retries=0,
        url_option="database_url",
        max_response_bytes=max_response_bytes,
    ), session


def plan(*sqls, check_mode=False):
    return sql_plan.read_plan(
        dict(statements=list(sqls), sql=None, args=None, named_args=None, transaction=True, max_rows=10), check_mode
    )


def ok(rows=()):
    return {
        "cols": [{"name": "x"}],
        "rows": [[{"type": "integer", "value": str(r)}] for r in rows],
        "affected_row_count": 0,
        "last_insert_rowid": None,
    }


def answer(steps, errors=None):
    result = {"step_results": steps, "step_errors": errors or [None] * len(steps)}
    return {
        "baton": None,
        "results": [
            {"type": "ok", "response": {"type": "batch", "result": result}},
            {"type": "ok", "response": {"type": "close"}},
        ],
    }


def test_run_batch_posts_the_plans_batch_and_close_without_a_baton():
    read = plan("SELECT 1")
    api, session = client(FakeResponse(body=answer([ok()] * len(read.steps))))
    got = pipeline.run_batch(api, read)
    assert got.refusal is None and len(got.outcomes) == len(read.steps) and got.status == 200
    assert got.operation == "Running SQL on the database at %s" % URL
    call = session.calls[0]
    assert (call["method"], call["url"]) == ("POST", URL + "/v2/pipeline")
    assert call["json"] == hrana.pipeline(read.requests()) and "baton" not in call["json"]


def test_a_batch_refused_as_a_whole_is_a_refusal_not_an_error():
    two = plan("VACUUM", "SELECT 1")
    refused = {
        "baton": None,
        "results": [
            {"type": "error", "error": {"message": "no", "code": "SQL_PARSE_ERROR"}},
            {"type": "ok", "response": {"type": "close"}},
        ],
    }
    api, _session = client(FakeResponse(body=refused))
    got = pipeline.run_batch(api, two)
    assert got.outcomes is None and got.refusal.code == "SQL_PARSE_ERROR"
    assert got.operation == "Running 2 SQL statements on the database at %s" % URL
    error = got.error(got.refusal, field="statements[0]")
    assert (error.status, error.error_key, error.field, error.message) == (
        200,
        "SQL_PARSE_ERROR",
        "statements[0]",
        "no",
    )


def test_a_lost_answer_to_a_write_carries_the_plans_hint_and_is_not_resent():
    write = plan("INSERT INTO t VALUES (1)")
    api, session = client(requests.exceptions.ReadTimeout("slow"), FakeResponse(body={}))
    with pytest.raises(ApiError) as caught:
        pipeline.run_batch(api, write)
    assert len(session.calls) == 1 and caught.value.hint == write.lost_hint
    assert caught.value.hint.startswith("The statement MAY HAVE BEEN APPLIED")
    assert caught.value.__cause__.hint != write.lost_hint  # the client's error is left as it was


def test_an_answer_too_large_for_a_read_says_nothing_was_applied():
    api, _session = client(FakeResponse(body=answer([ok(range(50))])), max_response_bytes=100)
    with pytest.raises(ApiError) as caught:
        pipeline.run_batch(api, plan("SELECT x FROM t"))
    assert isinstance(caught.value.__cause__, AnswerTooLarge)
    assert caught.value.hint == pipeline.TOO_LARGE_TO_READ_HINT and caught.value.kind == BAD_ANSWER


@pytest.mark.parametrize(
    "check_mode, hint_start", [(False, "The statement MAY HAVE BEEN APPLIED"), (True, pipeline.NOT_HRANA_HINT)]
)
def test_an_answer_that_is_not_hrana(check_mode, hint_start):
    api, _session = client(FakeResponse(body={"baton": None, "results": [{"type": "ok"}]}))
    with pytest.raises(ApiError) as caught:
        pipeline.run_batch(api, plan("INSERT INTO t VALUES (1)", check_mode=check_mode))
    assert caught.value.kind == BAD_ANSWER and caught.value.hint.startswith(hint_start)
    assert caught.value.hint.endswith(pipeline.NOT_HRANA_HINT)
    assert caught.value.message.startswith("the answer is not Hrana over HTTP v2 (")


def test_find_refused_answers_the_diagnosis_or_none():
    two = plan("VACUUM", "SELECT 1")
    requests_ = two.diagnosis_requests()
    responses = [{"type": "ok", "response": {"type": r["type"]}} for r in requests_]
    api, session = client(FakeResponse(body={"baton": None, "results": responses}), FakeResponse(status=500))
    assert pipeline.find_refused(api, requests_) == [r["response"] for r in responses]
    assert json.dumps(session.calls[0]["json"]) == json.dumps(hrana.pipeline(requests_))
    assert pipeline.find_refused(api, requests_) is None
