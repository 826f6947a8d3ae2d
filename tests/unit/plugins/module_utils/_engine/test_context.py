"""The engine: the one reconciler (lost answers included) and the one failure funnel, with a fake client."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine import context as context_module
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_SENT,
    REDACTED,
    ApiError,
    InputError,
    unconfirmed,
)

SECRET = "s3cret-api-key"


def lost(operation="Enabling X", message="ReadTimeout: read timed out"):
    error = ApiError(operation, None, message)
    error.kind = MAY_HAVE_BEEN_SENT  # what the transport sets when a write may have landed unanswered
    return error


class Writes(object):
    """apply() and reread() doubles that count their calls (no network, no sleeping)."""

    def __init__(self, apply_error=None, reread_state=None, reread_error=None):
        self.apply_error = apply_error
        self.reread_state = reread_state
        self.reread_error = reread_error
        self.applied = 0
        self.reread_count = 0

    def apply(self):
        self.applied += 1
        if self.apply_error is not None:
            raise self.apply_error
        return {"value": "from-platform"}

    def reread(self):
        self.reread_count += 1
        if self.reread_error is not None:
            raise self.reread_error
        return self.reread_state


def reconcile(ctx, writes, before, after):
    def run(context):
        changed, state, _diff = context.reconcile(before, after, writes.apply, reread=writes.reread)
        return {"state": state, "changed_seen": changed}

    return execute(run, ctx)


def test_unchanged_never_applies_and_diff_is_recorded():
    writes = Writes()
    result = reconcile(Context({}, diff_mode=True), writes, {"value": 1}, {"value": 1})
    assert result == {
        "state": {"value": 1},
        "changed_seen": False,
        "changed": False,
        "diff": {"before": {"value": 1}, "after": {"value": 1}},
    }
    assert writes.applied == 0


def test_changed_applies_once_and_returns_the_platform_state():
    writes = Writes()
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result == {"state": {"value": "from-platform"}, "changed_seen": True, "changed": True}
    assert writes.applied == 1


def test_check_mode_predicts_without_applying():
    writes = Writes()
    result = reconcile(Context({}, check_mode=True, diff_mode=True), writes, {"value": 1}, {"value": 2})
    assert result["changed"] is True and result["state"] == {"value": 2}
    assert result["diff"] == {"before": {"value": 1}, "after": {"value": 2}}
    assert writes.applied == 0


def test_force_applies_an_equal_state_and_reports_a_change():
    writes = Writes()
    ctx = Context({}, diff_mode=True)

    def run(context):
        changed, state, _diff = context.reconcile({"value": 1}, {"value": 1}, writes.apply, changed=True)
        return {"state": state, "changed_seen": changed}

    result = execute(run, ctx)
    assert result["changed"] is True and result["changed_seen"] is True
    assert result["state"] == {"value": "from-platform"} and writes.applied == 1
    assert result["diff"] == {"before": {"value": 1}, "after": {"value": 1}}


def test_force_in_check_mode_predicts_without_applying():
    writes = Writes()
    result = execute(
        lambda context: {"changed_seen": context.reconcile(1, 1, writes.apply, changed=True)[0]},
        Context({}, check_mode=True),
    )
    assert result["changed"] is True and result["changed_seen"] is True and writes.applied == 0


def test_several_objects_give_a_diff_list():
    ctx = Context({}, diff_mode=True)

    def run(context):
        context.reconcile({"a": 1}, {"a": 1}, None)
        context.reconcile({"b": 1}, {"b": 2}, lambda: None)
        return {}

    result = execute(run, ctx)
    assert result["changed"] is True
    assert result["diff"] == [{"before": {"a": 1}, "after": {"a": 1}}, {"before": {"b": 1}, "after": {"b": 2}}]


def test_lost_answer_with_the_change_applied_is_a_change_with_a_warning():
    writes = Writes(apply_error=lost(), reread_state={"value": 2})
    ctx = Context({})
    result = reconcile(ctx, writes, {"value": 1}, {"value": 2})
    assert result["changed"] is True and result["state"] == {"value": 2}
    assert (writes.applied, writes.reread_count) == (1, 1)
    assert ctx.warnings == [
        "Enabling X got no answer (ReadTimeout: read timed out); the state read back afterwards "
        "shows the change was applied. It was not sent again."
    ]


def test_an_unconfirming_answer_is_named_by_its_status():
    error = ApiError("Creating rule X", 202, "the platform accepted it without applying it", kind=MAY_HAVE_BEEN_SENT)
    writes = Writes(apply_error=error, reread_state={"value": 2})
    ctx = Context({})
    reconcile(ctx, writes, {"value": 1}, {"value": 2})
    assert ctx.warnings[0].startswith(
        "Creating rule X was not confirmed (HTTP 202: the platform accepted it without "
        "applying it); the state read back afterwards shows the change was applied."
    )


def test_lost_answer_without_the_change_fails_saying_it_was_not_applied():
    writes = Writes(apply_error=lost(), reread_state={"value": 1})
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result["failed"] is True
    assert "Enabling X got no answer (ReadTimeout: read timed out)" in result["msg"]
    assert "NOT applied" in result["msg"] and "It was not sent again" in result["msg"]
    assert result["api_error"] == {
        "status": None,
        "error_key": None,
        "field": None,
        "message": "ReadTimeout: read timed out",
    }
    assert (writes.applied, writes.reread_count) == (1, 1)


def test_lost_answer_and_failed_reread_says_the_outcome_is_unknown():
    writes = Writes(apply_error=lost(), reread_error=ApiError("Reading X", 503))
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result["failed"] is True
    assert "whether the change was applied is unknown" in result["msg"]
    assert "Reading X failed with HTTP 503" in result["msg"]
    assert result["api_error"]["message"] == "ReadTimeout: read timed out"
    assert (writes.applied, writes.reread_count) == (1, 1)


@pytest.mark.parametrize("error", [ApiError("Enabling X", 400, "bad"), ApiError("Enabling X", None, "refused")])
def test_other_failures_are_not_reread(error):
    writes = Writes(apply_error=error, reread_state={"value": 2})
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result["failed"] is True and result["msg"] == error.describe()
    assert writes.reread_count == 0


def test_a_lost_answer_without_reread_is_a_plain_failure():
    ctx = Context({})

    def run(context):
        context.reconcile(1, 2, Writes(apply_error=lost()).apply)

    assert execute(run, ctx)["msg"] == lost().describe()


def test_every_way_out_is_scrubbed_of_secrets():
    def platform_error(context):
        raise ApiError("Reading X", 400, "key %s refused" % SECRET)

    def own_failure(context):
        context.warn("warned about %s" % SECRET)
        context.fail("failed with %s" % SECRET, extra=1)

    ctx = Context({}, secrets=[SECRET])
    result = execute(platform_error, ctx)
    assert SECRET not in repr(result) and result["api_error"]["message"] == "key ******** refused"
    ctx = Context({}, secrets=[SECRET])
    result = execute(own_failure, ctx)
    assert result == {"failed": True, "msg": "failed with ********", "extra": 1}
    assert ctx.warnings == ["warned about ********"]


def test_secrets_added_later_reach_the_client_and_the_host():
    seen = []
    ctx = Context({})
    ctx.on_secret = seen.append
    ctx.client = type("Client", (), {"secrets": ()})()
    ctx.add_secret("token-1234")
    ctx.add_secret("token-1234")
    assert ctx.client.secrets == ("token-1234",) and seen == ["token-1234"]


def test_exit_keeps_explicit_changed_and_diff():
    result = execute(
        lambda context: context.exit(changed=True, diff={"before": 1, "after": 2}, x=1), Context({}, diff_mode=True)
    )
    assert result == {"changed": True, "diff": {"before": 1, "after": 2}, "x": 1}


def test_changed_overrides_the_comparison_both_ways():
    """A forced write applies equal states; a core's "same" keeps unequal views (a leaf-only TLS read) unchanged."""
    forced, same = Writes(), Writes()

    def run(context):
        context.reconcile({"value": 1}, {"value": 1}, forced.apply, changed=True)
        context.reconcile({"value": 1}, {"value": 2}, same.apply, changed=False)
        return {}

    assert execute(run, Context({}))["changed"] is True
    assert (forced.applied, same.applied) == (1, 0)


@pytest.mark.parametrize(
    "verdict, words",
    [
        (True, None),
        (False, "NOT applied"),
        ("tls_probe is off", "cannot show whether it was applied (tls_probe is off), so the outcome is unknown"),
        (None, "cannot show whether it was applied (no comparison possible)"),
    ],
)
def test_lost_answer_decided_by_reached(verdict, words):
    writes = Writes(apply_error=lost(), reread_state={"raw": "state"})
    seen = []

    def reached(now):
        seen.append(now)
        return verdict

    def run(context):
        context.reconcile({"value": 1}, {"value": 2}, writes.apply, reread=writes.reread, reached=reached)
        return {}

    ctx = Context({})
    result = execute(run, ctx)
    assert seen == [{"raw": "state"}] and (writes.applied, writes.reread_count) == (1, 1)
    if words is None:
        assert result["changed"] is True and "shows the change was applied" in ctx.warnings[0]
    else:
        assert result["failed"] is True and words in result["msg"] and "It was not sent again" in result["msg"]


# -- a task that needs what an earlier check-mode task only predicted -------------------------------------------


@pytest.mark.parametrize(
    "changed, wording", [(True, "reports the change a real run would make"), (False, "reports no change")]
)
def test_predicted_dependency_in_check_mode_reports_the_change_with_a_warning(changed, wording):
    ctx = Context({}, check_mode=True)
    assert ctx.predicted_dependency("the table redirects", changed=changed) is True
    assert ctx.changed is changed
    assert len(ctx.warnings) == 1
    warning = ctx.warnings[0]
    assert warning.startswith("Check mode: the table redirects does not exist") and wording in warning
    assert "earlier task may only have been predicted under --check" in warning


def test_predicted_dependency_in_a_real_run_changes_nothing_and_lets_the_caller_fail():
    ctx = Context({}, check_mode=False)
    assert ctx.predicted_dependency("the table redirects") is False
    assert ctx.changed is False and ctx.warnings == []


def test_predicted_dependency_warning_is_scrubbed():
    ctx = Context({}, check_mode=True, secrets=[SECRET])
    ctx.predicted_dependency("the table %s" % SECRET)
    assert SECRET not in ctx.warnings[0]


# A write answered 2xx with something that is not what the operation returns ([] where nothing is documented, HTML,
# an empty body where data is expected): unconfirmed, never a state to claim. One re-read decides, as after a lost
# answer; the write is never sent again.
def bad_answer(body="'[]'"):
    return unconfirmed(
        "Adding the certificate of www.example.com",
        200,
        "the answer (application/json) is not the empty answer this operation returns: %s" % body,
    )


def test_an_unconfirmed_answer_with_the_change_applied_is_a_change_with_a_warning():
    writes = Writes(apply_error=bad_answer(), reread_state={"value": 2})
    ctx = Context({})
    result = reconcile(ctx, writes, {"value": 1}, {"value": 2})
    assert result["changed"] is True and result["state"] == {"value": 2}
    assert (writes.applied, writes.reread_count) == (1, 1)
    assert ctx.warnings == [
        "Adding the certificate of www.example.com was not confirmed (HTTP 200: the answer "
        "(application/json) is not the empty answer this operation returns: '[]'); the state read "
        "back afterwards shows the change was applied. It was not sent again."
    ]


def test_an_unconfirmed_answer_without_the_change_fails_saying_it_was_not_applied():
    writes = Writes(apply_error=bad_answer(), reread_state={"value": 1})
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result["failed"] is True and "state" not in result
    assert result["msg"].startswith("Adding the certificate of www.example.com was not confirmed (HTTP 200:")
    assert "shows it was NOT applied. It was not sent again" in result["msg"]
    assert result["api_error"]["status"] == 200
    assert (writes.applied, writes.reread_count) == (1, 1)


def test_an_unconfirmed_answer_and_a_failed_reread_says_the_outcome_is_unknown():
    writes = Writes(apply_error=bad_answer(), reread_error=ApiError("Reading X", 503))
    result = reconcile(Context({}), writes, {"value": 1}, {"value": 2})
    assert result["failed"] is True and "state" not in result
    assert "whether the change was applied is unknown" in result["msg"]
    assert (writes.applied, writes.reread_count) == (1, 1)


def test_an_unconfirmed_answer_is_scrubbed():
    writes = Writes(apply_error=bad_answer("'%s'" % SECRET), reread_state={"value": 1})
    result = reconcile(Context({}, secrets=[SECRET]), writes, {"value": 1}, {"value": 2})
    assert SECRET not in repr(result)


def test_an_unconfirmed_answer_without_a_reread_fails_as_unknown():
    def run(context):
        context.reconcile({"value": 1}, {"value": 2}, Writes(apply_error=bad_answer()).apply)

    result = execute(run, Context({}))
    assert result["failed"] is True and result["api_error"]["status"] == 200
    assert "whether the change was applied is unknown; it was not sent again" in result["msg"]


def test_the_outcome_carries_the_answer_and_the_state_made_from_it():
    ctx = Context({})
    outcome = ctx.reconcile(
        {"v": 1}, {"v": 2}, lambda: {"Value": 2, "Id": 7}, state_of=lambda answer: {"v": answer["Value"]}
    )
    assert outcome.changed is True and outcome.state == {"v": 2} and outcome.answer == {"Value": 2, "Id": 7}
    changed, state, diff = outcome  # still unpacks as before
    assert (changed, state, diff) == (True, {"v": 2}, None)


def test_the_outcome_has_no_answer_when_nothing_was_written():
    unchanged = Context({}).reconcile({"v": 1}, {"v": 1}, lambda: pytest.fail("must not write"))
    assert unchanged.answer is None and unchanged.state == {"v": 1} and unchanged.changed is False
    predicted = Context({}, check_mode=True).reconcile({"v": 1}, {"v": 2}, lambda: pytest.fail("must not write"))
    assert predicted.answer is None and predicted.state == {"v": 2} and predicted.changed is True


def test_a_reread_that_settles_a_lost_answer_leaves_no_answer():
    ctx = Context({})

    def apply():
        raise ApiError("Updating x", None, "read timed out", kind=MAY_HAVE_BEEN_SENT)

    outcome = ctx.reconcile({"v": 1}, {"v": 2}, apply, reread=lambda: {"v": 2})
    assert outcome.answer is None and outcome.state == {"v": 2} and ctx.warnings


def test_a_reread_that_settles_a_lost_answer_is_the_state():
    """What was read back is what the run knows: a richer re-read (decided by ``reached``) is the outcome's state."""

    def apply():
        raise ApiError("Updating x", None, "read timed out", kind=MAY_HAVE_BEEN_SENT)

    read_back = {"Value": 2, "UpdatedAt": "now"}
    outcome = Context({}).reconcile(
        {"v": 1}, {"v": 2}, apply, reread=lambda: read_back, reached=lambda now: {"v": now["Value"]} == {"v": 2}
    )
    assert outcome.answer is None and outcome.state is read_back and outcome.changed is True


@pytest.mark.parametrize("keyword", ["view", "state_of"])
def test_a_reread_by_view_gives_the_model_it_settled_on(keyword):
    """With ``view``, the re-read returns the model: the state compared is its view, the outcome carries both. A core
    whose answer and re-read are the same model passes ``state_of`` alone: without ``view`` it views both."""

    def apply():
        raise ApiError("Updating x", None, "read timed out", kind=MAY_HAVE_BEEN_SENT)

    model = {"Value": 2, "Id": 7}
    outcome = Context({}).reconcile(
        {"v": 1}, {"v": 2}, apply, reread=lambda: model, **{keyword: lambda read: {"v": read["Value"]}}
    )
    assert outcome.state == {"v": 2} and outcome.model is model and outcome.answer is None


def test_the_outcome_model_is_the_answer_when_the_write_was_answered():
    outcome = Context({}).reconcile({"v": 1}, {"v": 2}, lambda: {"Value": 2}, view=lambda read: {"v": read["Value"]})
    assert outcome.model == outcome.answer == {"Value": 2}


CREATED = context_module.created("the things", "thing")


def create(ctx, send, find):
    return ctx.create(send, find, CREATED, lambda model: "id %s" % model["Id"])


def test_an_answered_create_is_its_answer_and_nothing_is_read():
    ctx = Context({})
    assert create(ctx, lambda: {"Id": 1}, lambda: pytest.fail("must not read")) == {"Id": 1} and not ctx.warnings


def test_a_lost_create_found_by_its_identity_goes_on_with_a_warning():
    writes = Writes(apply_error=lost("Creating thing a"))
    ctx = Context({})
    assert create(ctx, writes.apply, lambda: {"Id": 9}) == {"Id": 9} and writes.applied == 1
    assert ctx.warnings == [
        "Creating thing a got no answer (ReadTimeout: read timed out); the things read back afterwards show it was "
        "created (id 9). It was not sent again."
    ]


def test_a_lost_create_not_found_fails_saying_it_was_not_created():
    writes = Writes(apply_error=unconfirmed("Creating thing a", 503, "no details"))
    result = execute(lambda ctx: create(ctx, writes.apply, lambda: None), Context({}))
    assert (
        result["failed"] is True
        and writes.applied == 1
        and result["msg"]
        == (
            "Creating thing a was not confirmed (HTTP 503), and the things read back afterwards show it was NOT created. "
            "It was not sent again; re-run the task to create it."
        )
    )


def test_a_lost_create_whose_reread_fails_is_unknown_and_changed():
    writes = Writes(apply_error=lost("Creating thing a"), reread_error=ApiError("Listing things", 500, "oops"))
    result = execute(lambda ctx: create(ctx, writes.apply, writes.reread), Context({}))
    assert result["failed"] is True and result["changed"] is True and writes.applied == 1
    assert result["msg"].startswith(
        "Creating thing a got no answer (ReadTimeout: read timed out), and reading the "
        "things back failed too (Listing things failed with HTTP 500"
    )
    assert result["msg"].endswith(
        "so whether the thing was created is unknown. It was not sent again; check before re-running."
    )


def test_a_lost_create_whose_reread_fails_says_what_the_unknown_outcome_means():
    writes = Writes(apply_error=lost("Creating thing a"), reread_error=ApiError("Listing things", 500, "oops"))
    settling = context_module.created("the things", "thing", unknown="it may exist half made")
    result = execute(lambda ctx: ctx.create(writes.apply, writes.reread, settling, str), Context({}))
    assert result["msg"].endswith(
        "so whether the thing was created is unknown: it may exist half made. It was not sent again; check before "
        "re-running."
    )


def test_a_refused_create_is_not_reread():
    writes = Writes(apply_error=ApiError("Creating thing a", 400, "bad"))
    result = execute(lambda ctx: create(ctx, writes.apply, writes.reread), Context({}))
    assert result["failed"] is True and writes.reread_count == 0 and "HTTP 400" in result["msg"]


def test_fail_from_replaces_the_sentence_and_keeps_the_platform_error():
    ctx = Context({}, secrets=["s3cret"])

    def run(ctx):
        ctx.fail_from(ApiError("Reading x", 403, "no s3cret"), msg="Reading x is not on this plan (s3cret)", extra=1)

    result = execute(run, ctx)
    assert result["msg"] == "Reading x is not on this plan (********)"
    assert result["api_error"]["status"] == 403 and result["api_error"]["message"] == "no ********"
    assert result["extra"] == 1 and result["failed"] is True


def test_an_input_error_fails_the_task_with_its_text_scrubbed():
    ctx = Context({}, secrets=["s3cret"])

    def run(ctx):
        raise InputError("rule_name must not contain s3cret; give another name.", option="rule_name")

    assert execute(run, ctx) == {"failed": True, "msg": "rule_name must not contain ********; give another name."}
    assert InputError("x", option="o").option == "o"


class CountingClient(object):
    """What the engine reads of the client: how many writes the platform may have applied."""

    def __init__(self, maybe_applied):
        self.writes_maybe_applied = maybe_applied


@pytest.mark.parametrize(
    "maybe_applied, error, changed",
    [
        (1, ApiError("Writing the settings", 400, "refused"), True),  # a create landed, then a refusal
        (0, ApiError("Creating X", 400, "refused"), None),  # nothing landed: no change claimed
        (1, lost(), True),  # the last write's answer was lost: it may hold
    ],
    ids=["landed-then-refused", "refused", "lost"],
)
def test_a_failed_task_reports_changed_while_a_write_of_its_own_may_have_landed(maybe_applied, error, changed):
    ctx = Context({})
    ctx.client = CountingClient(maybe_applied)

    def run(context):
        raise error

    result = execute(run, ctx)
    assert result["failed"] is True and result.get("changed") is changed


def test_a_lost_write_read_back_as_not_applied_is_no_change_and_an_unknown_one_is():
    for state, error, changed in (({"value": 1}, None, None), (None, lost("Reading X"), True)):
        ctx = Context({})
        ctx.client = CountingClient(1)  # the lost write, counted by the client as maybe applied
        writes = Writes(apply_error=lost(), reread_state=state, reread_error=error)
        result = reconcile(ctx, writes, {"value": 1}, {"value": 2})
        assert result["failed"] is True and result.get("changed") is changed, result


def test_a_shaped_value_warns_about_each_value_it_could_not_name():
    def shape(model, unknown=None):
        unknown.extend("%s has no name" % value for value in model)
        return {"shown": list(model)}

    ctx = Context({}, secrets=[SECRET])
    assert ctx.shaped(shape, [7, SECRET, 7]) == {"shown": [7, SECRET, 7]}
    assert ctx.warnings == ["7 has no name", "%s has no name" % REDACTED]
