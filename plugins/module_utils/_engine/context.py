# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
r"""The engine every edge.platform module core runs on (pure Python: no Ansible imports).

One picture::

    AnsibleModule host (_hosts/module.py)             in-process host (plugin_utils/_inprocess/host.py)
    a fresh interpreter per task                the controller's worker, no new interpreter
    validates with AnsibleModule                validates with the same argument spec
              \                                         /
               +---> Context: params, check_mode, diff_mode, client,
                     warn(), fail(), exit(), reconcile(before, after, apply, reread), create(send, find)
                          |
                          v
                     run(ctx): the module's core -> dict of return values
                          |
                          v
              execute(): changed + diff from the reconciler, every failure through one funnel
               /                                         \
    exit_json / fail_json                       the same dict, formatted as AnsibleModule does

- ``run(ctx)`` is the whole module: it reads ``ctx.params``, talks to ``ctx.client``, calls
  ``ctx.reconcile`` for every write, and returns its return values (or calls ``ctx.exit``/``ctx.fail``).
- ``changed`` and ``diff`` are the reconciler's: a core never computes them by hand.
- Every failure leaves through one funnel (:func:`execute`): ``ctx.fail`` and any ``ApiError``
  become ``{failed, msg, api_error}`` scrubbed of every secret; so do warnings.
- Bad input a core finds itself raises :class:`InputError` (one type for every module); it fails the task
  with its text, scrubbed like every message.
- A write whose answer was lost (``ApiError.kind == "may_have_been_sent"``) or does not confirm it (kind
  "bad_answer": a 2xx body that is not what the operation returns) is never replayed: the reconciler
  re-reads once and reports what is true (see :meth:`Context.reconcile`); a create that more steps follow is settled
  the same way by finding the object by its identity (:meth:`Context.create`). Both settle through one path
  (``_reread``/``_settled``); no core settles a lost write, or changes an error's kind, itself.
The hosts only validate arguments, build the client and format the result dict this returns.
"""

from __future__ import annotations

from .errors import UNCONFIRMED_KINDS, ApiError, InputError, scrub

# ApiError.kind of a write that may have reached the platform although no answer came (read timeout,
# connection dropped after sending, 5xx not replayed) is MAY_HAVE_BEEN_SENT, set by the transport
# (transport.py); BAD_ANSWER is a write answered 2xx with something that does not confirm it (answers.py,
# or a module's check of the answer through errors.unconfirmed). Both (UNCONFIRMED_KINDS) are settled by one re-read.


class Outcome(tuple):
    """What :meth:`Context.reconcile` did: ``changed``, ``state`` (the state the object is now in, as far as this
    run knows), ``diff`` (or None), ``answer`` (what ``apply()`` returned: the write's answer; None when nothing
    was written, in check mode, or when a re-read settled a lost answer) and ``model`` (the answer, or the model a
    re-read by ``view`` settled on; None when neither). Unpacks as ``changed, state, diff``."""

    def __new__(cls, changed, state, diff, answer=None, model=None):
        outcome = super().__new__(cls, (changed, state, diff))
        outcome.answer = answer
        outcome.model = answer if answer is not None else model
        return outcome

    changed = property(lambda self: self[0])
    state = property(lambda self: self[1])
    diff = property(lambda self: self[2])


class Settling(object):
    """The sentences that settle one lost write by a re-read, formatted with ``what`` (:func:`lost_write`), ``again``
    (the re-read's failure) and ``shown`` (what the re-read found): ``failed_too`` (the re-read failed), ``applied``
    (the warning), ``not_applied``; ``detail``: whether ``what`` carries the platform's message after a status."""

    def __init__(self, failed_too, applied, not_applied, detail=True):
        self.failed_too, self.applied, self.not_applied, self.detail = failed_too, applied, not_applied, detail


# a write the reconciler drives: the re-read compares the whole state
RECONCILED = Settling(
    "%(what)s, and re-reading the state failed too (%(again)s), so whether the change was applied is unknown. It was "
    "not sent again; check the state before re-running.",
    "%(what)s; the state read back afterwards shows the change was applied. It was not sent again.",
    "%(what)s and the state read back afterwards shows it was NOT applied. It was not sent again; re-run the task to "
    "apply it.",
)


def created(listing, thing, unknown=None):
    """The sentences of a create settled by finding the object by its identity in ``listing`` (a create that more steps
    follow: :meth:`Context.create`); ``thing`` names the object. ``unknown``: what an unknown outcome means for this
    object (what it may be left as, how a re-run finds it), said after "is unknown"."""
    return Settling(
        "%%(what)s, and reading %s back failed too (%%(again)s), so whether the %s was created is unknown%s. It was not "
        "sent again; check before re-running." % (listing, thing, ": %s" % unknown if unknown else ""),
        "%%(what)s; %s read back afterwards show it was created (%%(shown)s). It was not sent again." % listing,
        "%%(what)s, and %s read back afterwards show it was NOT created. It was not sent again; re-run the task to "
        "create it." % listing,
        detail=False,
    )


def lost_write(lost, detail=True):
    """What happened to a write whose answer was lost (no status) or did not confirm it, in a few words; ``detail``
    adds the platform's message after the status."""
    if lost.status is None:
        return "%s got no answer (%s)" % (lost.operation, (lost.message or "no details").rstrip("."))
    # an answer that does not confirm the write: a 5xx, a 202 that may not have applied it, or a 2xx whose body is
    # not what the operation returns
    said = ": %s" % lost.message.rstrip(".") if detail and lost.message else ""
    return "%s was not confirmed (HTTP %d%s)" % (lost.operation, lost.status, said)


class Finished(Exception):
    """Raised by ``ctx.exit``/``ctx.fail`` to end the core; carries the result."""

    def __init__(self, result):
        super(Finished, self).__init__(result.get("msg", "finished"))
        self.result = result


class Context(object):
    """What a module core sees: parameters, modes, the client, and the ways to end.

    ``secrets``: values no message, warning or result may show (the host registers the no_log
    options' values; a core adds others with :meth:`add_secret`).
    """

    def __init__(self, params, check_mode=False, diff_mode=False, secrets=(), ledger=None):
        self.params = params
        self.ledger = ledger  # the run's check-mode ledger (_engine/ledger.py): the in-process host's, else None
        self.check_mode = bool(check_mode)
        self.diff_mode = bool(diff_mode)
        self.client = None
        self.secrets = []
        self.warnings = []
        self.deprecations = []  # (message, version): what the task used that a later release removes
        self.changed = False
        self.diffs = []
        self.on_secret = None  # host hook: also mask a new secret in its own output
        for value in secrets:
            self.add_secret(value)

    def add_secret(self, value):
        """Register another value that no message, result or log line may ever show."""
        if value and isinstance(value, str) and value not in self.secrets:
            self.secrets.append(value)
            if self.client is not None:
                self.client.secrets = tuple(self.secrets)
            if self.on_secret is not None:
                self.on_secret(value)

    def scrub(self, text):
        return scrub(text, self.secrets)

    def warn(self, message):
        """A warning shown with the task result (scrubbed); the same text in both hosts."""
        message = self.scrub(message)
        if message not in self.warnings:
            self.warnings.append(message)

    def warn_all(self, warnings):
        """Each of ``warnings`` as a warning of the task, in order (the values a shape could not name)."""
        for message in warnings:
            self.warn(message)

    def shaped(self, shape, *args, **kwargs):
        """``shape(*args, **kwargs)`` given an ``unknown`` list to fill (a readable view: ``_shapes``); its value,
        with a warning for each value it could not name."""
        unknown = []
        value = shape(*args, unknown=unknown, **kwargs)
        self.warn_all(unknown)
        return value

    def deprecate(self, message, version):
        """A deprecation shown with the task result (scrubbed), as Ansible shows one; removed in ``version``."""
        entry = (self.scrub(message), version)
        if entry not in self.deprecations:
            self.deprecations.append(entry)

    def note_predicted(self, kind, key):
        """In check mode, note in the run's ledger that this task predicted creating the object ``key`` of ``kind``
        (keyed as the lookups that will look for it compare: ``_api/<resource>.py``), so a later task that needs it
        stands in for it (:meth:`predicted_dependency`). Nothing happens in a real run or without a ledger (the
        module path)."""
        if not self.check_mode or self.ledger is None:
            return
        try:
            self.ledger.note(self.client_identity(), kind, key)
        except OSError as exc:
            self.warn(
                "Check mode: this task's prediction (%s %s) could not be noted for later tasks (%s), so a later task "
                "that needs it fails under --check." % (kind, key, exc.strerror or exc)
            )

    def client_identity(self):
        """What a ledger note is scoped by: the platform and account the client talks to (``Client.identity``)."""
        return getattr(self.client, "identity", "") or ""

    def predicted_dependency(self, missing, changed=True, needs=()):
        """In check mode, stand in for ``missing``, which an earlier task may only have predicted; True if it does.

        Under ``--check`` a task that creates something (a table, the endpoints of an OpenAPI document) only predicts
        it, so a later task that needs it finds nothing. ``needs`` are the ledger's ``(kind, key)`` notes that would
        show an earlier task of this run predicted it (a key may be a tuple of keys, any of which will do):

        - with a ledger (the in-process host sees every task of the run, ``_engine/ledger.py``): only when it holds
          every one of ``needs`` does the task end reporting the change a real run would make (``changed``), with a
          warning; otherwise this returns False and the caller fails exactly as a real run would (a misspelled name
          fails under ``--check`` too);
        - without one (the module path): the task stands in with a warning naming what is missing, as nothing can
          tell a prediction from a typo there;
        - in a real run this returns False and the caller fails as usual: a missing object is never papered over.
        """
        if not self.check_mode:
            return False
        held = self._ledger_holds(needs)
        if held is False:
            return False
        self.changed = self.changed or bool(changed)
        reported = "the change a real run would make" if changed else "no change"
        if held:
            self.warn(
                "Check mode: %s does not exist yet; an earlier task of this run predicted creating it (check mode "
                "creates nothing), so this task reports %s without checking against it." % (missing, reported)
            )
            return True
        self.warn(
            "Check mode: %s does not exist, so this task was not checked against it and reports %s. An "
            "earlier task may only have been predicted under --check (check mode creates nothing); a real "
            "run fails if it is still missing." % (missing, reported)
        )
        return True

    def _ledger_holds(self, needs):
        """True when the ledger holds every need, False when it does not, None without a ledger (or when it cannot
        be read: then nothing can tell a prediction from a typo, as on the module path)."""
        if self.ledger is None:
            return None
        scope = self.client_identity()
        try:
            for kind, keys in needs:
                keys = keys if isinstance(keys, tuple) else (keys,)
                if not any(self.ledger.holds(scope, kind, key) for key in keys):
                    return False
        except OSError:
            return None
        return bool(needs)

    def fail(self, msg, **result):
        """End the task as failed; ``msg`` is scrubbed of every secret."""
        raise Finished(dict(result, failed=True, msg=self.scrub(msg)))

    def failure(self, error, msg=None):
        """The ``{failed, msg, api_error}`` of an ``ApiError`` (``msg`` replaces its sentence)."""
        return {
            "failed": True,
            "msg": self.scrub(msg if msg is not None else error.describe()),
            "api_error": {key: self.scrub(value) for key, value in error.as_dict().items()},
        }

    def _not_applied(self, lost, msg):
        """End the task as failed: the write whose answer was ``lost`` is known, from a re-read, NOT to have been
        applied, so it no longer counts as a change this task may have made (a failed task reports ``changed`` while
        one stands: :func:`execute`). Every settlement of a lost write that finds it not applied ends here."""
        self.shown_not_applied()
        raise Finished(self.failure(lost, msg=msg))

    def shown_not_applied(self):
        """A write whose answer was lost is shown NOT applied by a re-read: it no longer counts as one the task may
        have made (a failed task reports ``changed`` while one stands: :func:`execute`)."""
        client = self.client
        if client is not None and getattr(client, "writes_maybe_applied", 0) > 0:
            client.writes_maybe_applied -= 1

    def _unknown_failure(self, error, msg):
        """The failure of a write whose outcome is unknown: ``changed`` (the platform may hold the change)."""
        return dict(self.failure(error, msg=msg), changed=True)

    def fail_from(self, error, msg=None, **result):
        """The one funnel from a platform failure to a task failure: ``msg`` (scrubbed) replaces the error's own
        sentence; ``api_error`` always carries what the platform said."""
        raise Finished(dict(result, **self.failure(error, msg=msg)))

    def exit(self, changed=None, diff=None, **result):
        """End the task successfully. ``changed``/``diff`` default to the reconciler's."""
        if changed is not None:
            self.changed = self.changed or bool(changed)
        if diff is not None:
            self.diffs = [diff]
        raise Finished(result)

    def reconcile(self, before, after, apply, reread=None, changed=None, reached=None, state_of=None, view=None):
        """Drive one managed object from ``before`` to ``after``; returns an :class:`Outcome`.

        ``before``/``after`` are the shaped, comparable states; they are also the diff. ``apply()``
        does the write and returns its answer; it is never called when nothing differs or in check mode.
        The outcome's ``state`` is ``state_of(answer)`` (without ``state_of``: the answer itself); when a re-read
        settled a lost answer as applied, the state it read; else ``after``. ``changed`` and the diff are
        recorded for the result.

        ``reread()`` returns the current state in the shape of ``after`` or, with ``view``, the current model, whose
        state is ``view(model)`` (the outcome's ``model`` is then that model); ``view`` defaults to ``state_of``, so
        a core whose answer and re-read are the same model passes ``state_of`` alone. When ``apply()`` raised an
        ``ApiError`` of kind "may_have_been_sent" (no answer, but the write may have landed) or
        "bad_answer" (an answer that does not confirm the write: never a state to claim), the
        write is not sent again: ``reread()`` runs once and decides. Desired state reached: changed,
        with a warning naming the lost answer. Not reached: failure saying it was NOT applied.
        Re-read failing too: failure saying the outcome is unknown.

        For states that cannot be compared exactly (a certificate the platform does not return):
        ``changed`` overrides ``before != after`` (a forced write, a comparison that was not possible),
        and ``reached(now)`` replaces ``now == after`` after a lost answer: True, False, or a text
        saying why the re-read state cannot tell (the outcome is then reported unknown).
        """
        changed = before != after if changed is None else bool(changed)
        view = state_of if view is None else view
        state, answer, model = before, None, None
        diff = {"before": before, "after": after} if self.diff_mode else None
        if changed:
            state = after
            if not self.check_mode:
                answer, model = self._apply(after, apply, reread, reached, view)
                if answer is not None:
                    state = answer if state_of is None else state_of(answer)
                elif model is not None:
                    state = model if view is None else view(model)
                    model = None if view is None else model
            self.changed = True
        if diff is not None:
            self.diffs.append(diff)
        return Outcome(changed, state, diff, answer, model)

    def _apply(self, after, apply, reread, reached=None, view=None):
        """``(answer, None)``; ``(None, read)`` when a lost answer's re-read shows the change applied."""
        try:
            return apply(), None
        except ApiError as error:
            if getattr(error, "kind", None) not in UNCONFIRMED_KINDS or reread is None:
                raise
            lost = error
        read = self._reread(lost, reread, RECONCILED)
        now = read if view is None else view(read)
        verdict = now == after if reached is None else reached(now)
        if verdict is not True and verdict is not False:
            raise Finished(
                self._unknown_failure(
                    lost,
                    msg=(
                        "%s, and the state read back afterwards cannot show whether it was applied (%s), so the outcome is "
                        "unknown. It was not sent again; check the state before re-running."
                        % (lost_write(lost), str(verdict or "no comparison possible").rstrip("."))
                    ),
                )
            )
        self._settled(lost, verdict, RECONCILED)
        return None, read

    def create(self, send, find, settling, shown):
        """Create an object whose task goes on with it (more steps follow: a zone file to import); its model.

        ``send()`` sends the create once and returns the new object's model. When its answer is lost or does not
        confirm it (``UNCONFIRMED_KINDS``), it is never sent again: ``find()`` re-reads by the object's identity (its
        model, or None when there is none) and settles it, in the sentences of ``settling`` (:func:`created`); the
        warning names the object found with ``shown(model)``. Not found: failure saying it was NOT created; the
        re-read failing too: failure saying the outcome is unknown.
        """
        try:
            return send()
        except ApiError as error:
            if getattr(error, "kind", None) not in UNCONFIRMED_KINDS:
                raise
            lost = error
        model = self._reread(lost, find, settling)
        self._settled(lost, model is not None, settling, shown(model) if model is not None else None)
        return model

    def _reread(self, lost, reread, settling):
        """What ``reread()`` returns after the ``lost`` answer; its failure ends the task: the outcome is unknown."""
        try:
            return reread()
        except ApiError as again:
            words = dict(what=lost_write(lost, settling.detail), again=again.describe().rstrip("."))
            raise Finished(self._unknown_failure(lost, msg=settling.failed_too % words)) from None

    def _settled(self, lost, applied, settling, shown=None):
        """Settle the ``lost`` write by the re-read's verdict: a warning when it was ``applied``, else the failure
        saying it was not (it was never sent again)."""
        words = dict(what=lost_write(lost, settling.detail), shown=shown)
        if applied:
            self.warn(settling.applied % words)
            return
        self._not_applied(lost, settling.not_applied % words)

    def diff(self):
        """The ``diff`` return value: one dict, a list for several objects, or None."""
        if not self.diff_mode or not self.diffs:
            return None
        return self.diffs[0] if len(self.diffs) == 1 else list(self.diffs)


def execute(run, ctx):
    """Run a core over ``ctx``: the result dict (``failed`` set on failure), warnings apart in ``ctx.warnings``.

    Success carries ``changed`` (and ``diff`` in diff mode) from the reconciler unless the core
    gave them; a failure carries ``msg`` and, from the platform, ``api_error``.
    """
    try:
        returned = run(ctx)
    except Finished as finished:
        result = finished.result
    except ApiError as error:
        result = ctx.failure(error)
    except InputError as error:
        result = {"failed": True, "msg": ctx.scrub(str(error))}
    else:
        result = dict(returned or {})
    if result.get("failed"):
        # a task that fails after a write of its own landed, or may have, says so: the platform holds (or may hold) a
        # change this task made (a create before a refused settings write, a write whose answer was lost)
        if ctx.client is not None and getattr(ctx.client, "writes_maybe_applied", 0) > 0:
            result.setdefault("changed", True)
        return result
    result.setdefault("changed", ctx.changed)
    diff = ctx.diff()
    if diff is not None:
        result.setdefault("diff", diff)
    return result
