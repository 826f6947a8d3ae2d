# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The writes of a set module, planned as a whole, sent in phases (pure Python: no Ansible imports).

A set module (``dns_records``) plans every change, shows one diff, then calls :func:`apply_phases`: the writes of a
phase do not depend on each other (for DNS records see docs/platform-notes.md, "DNS records: writes in parallel on
one zone") and go with a bounded number in flight (:mod:`.parallel`); a phase starts only when
the one before it has landed whole (deletes before adds, so a name is free before a record of another type takes it).

A failure midway says exactly what happened to every write:

- landed: answered as done (or, after a lost answer, shown done by the re-read below);
- failed: refused by the platform, or lost and shown NOT done by the re-read (never sent again);
- unknown: lost, and the re-read failed too;
- not sent: after the first failure no write starts (the ones in flight finish).

A lost answer (``ApiError`` kinds in ``UNCONFIRMED_KINDS``) is never replayed: the state is read once after the batch
and each such write is settled by it, as :meth:`Context.reconcile` does for one object. When every write landed (some
settled by the re-read), the task succeeds with a warning naming them.

A write whose effect the state cannot show (``landed(now)`` answers a text saying why: a secret's value, never
returned) is unknown after a lost answer, whatever the re-read holds.

A write whose answer alone is no proof (``Write.unproven``: a storage upload answered 201 may have stored nothing) is
landed only once ``confirm()``, one read of the state after its phase, shows it; not shown, it failed; the read
failing, it is unknown. So a failure message never calls such a write landed before the state showed it.
"""

from __future__ import annotations

from .context import Finished
from .errors import BAD_ANSWER, UNCONFIRMED_KINDS, ApiError
from .parallel import DONE, FAILED, run_bounded

SHOWN = 10  # writes named per list in a message (the result lists them all)


class Write(object):
    """One planned write: ``label`` (what it does, for messages), ``send()`` (does it; returns the answer) and
    ``landed(now)`` (whether the state read back shows it done: True, False, or a text saying why the state cannot
    show it); ``unproven``: None when an answer of success proves the write landed, else why it does not (the hint of
    the failure when the state read back does not show it)."""

    def __init__(self, label, send, landed, unproven=None):
        self.label, self.send, self.landed, self.unproven = label, send, landed, unproven


def _listed(labels):
    shown = "; ".join(labels[:SHOWN])
    return shown + ("; and %d more" % (len(labels) - SHOWN) if len(labels) > SHOWN else "")


class _Tally(object):
    """What became of each write so far."""

    def __init__(self, planned):
        self.planned = planned
        self.answers, self.settled, self.refused, self.unknown = {}, [], [], []
        self.reread_error = None
        self.unreadable = {}  # write: why the state read back cannot show whether it landed

    def landed(self):
        return [w for w in self.planned if w in self.answers or w in self.settled]

    def not_sent(self):
        sent = set(self.answers) | set(self.settled) | {w for w, e in self.refused + self.unknown}
        return [w for w in self.planned if w not in sent]


def apply_phases(ctx, phases, limit, reread, confirm=None):
    """Send ``phases`` (lists of :class:`Write`); ``{write: answer}`` of the writes answered as done, when all landed.

    ``reread()`` reads the state once after a phase with lost answers (its result is handed to ``Write.landed``);
    ``confirm()`` (``reread`` when not given) once after a phase with answered writes that are ``unproven``.
    Fails the task (``ctx.fail``) when any write did not land, with ``writes``: the labels by outcome.
    """
    tally = _Tally([write for phase in phases for write in phase])
    for phase in phases:
        pending = list(phase)
        while pending and not (tally.refused or tally.unknown):
            lost, results = [], run_bounded([write.send for write in pending], limit, stop_on=(ApiError,))
            for write, result in zip(pending, results):
                if result.status == DONE:
                    tally.answers[write] = result.value
                elif result.status == FAILED and getattr(result.error, "kind", None) in UNCONFIRMED_KINDS:
                    lost.append((write, result.error))
                elif result.status == FAILED:
                    tally.refused.append((write, result.error))
            if lost:
                _settle(ctx, tally, lost, reread)
            # writes not started because of a lost answer the re-read showed landed: send them now
            pending = [write for write, result in zip(pending, results) if result.status not in (DONE, FAILED)]
        _confirm(tally, phase, confirm or reread)
    if tally.refused or tally.unknown or tally.not_sent():
        _fail(ctx, tally)
    if tally.settled:
        ctx.warn(
            "%d write(s) got no confirming answer; the state read back afterwards shows them applied, so they were "
            "not sent again: %s." % (len(tally.settled), _listed([w.label for w in tally.settled]))
        )
    return tally.answers


def _confirm(tally, phase, confirm):
    """Hold the ``unproven`` writes of ``phase`` answered as done against one ``confirm()``: not shown, they failed;
    the read failing, they are unknown."""
    doubtful = [write for write in phase if write.unproven and write in tally.answers]
    if not doubtful:
        return
    try:
        now = confirm()
    except ApiError as error:
        tally.reread_error = error
        now = None
    for write in doubtful:
        if now is None:
            tally.unknown.append((write, tally.reread_error))
        elif not write.landed(now):
            shown = "answered as done, but the state read back does not show it"
            tally.refused.append((write, ApiError(write.label, None, shown, hint=write.unproven, kind=BAD_ANSWER)))
        else:
            continue
        del tally.answers[write]


def _settle(ctx, tally, lost, reread):
    """Read the state once and settle each lost answer by it (never sending the write again)."""
    try:
        now = reread()
    except ApiError as again:
        tally.reread_error = again
        tally.unknown.extend(lost)
        return
    for write, error in lost:
        verdict = write.landed(now)
        if isinstance(verdict, str):
            tally.unreadable[write] = verdict
            tally.unknown.append((write, error))
        elif verdict:
            tally.settled.append(write)
        else:
            ctx.shown_not_applied()
            tally.refused.append((write, error))


def _fail(ctx, tally):
    landed, refused, unknown, not_sent = tally.landed(), tally.refused, tally.unknown, tally.not_sent()
    parts = ["%d of %d planned writes landed" % (len(landed), len(tally.planned))]
    if refused:
        parts.append(
            "%d failed (%s)"
            % (len(refused), _listed(["%s: %s" % (w.label, e.describe().rstrip(".")) for w, e in refused]))
        )
    read_failed = [w for w, e in unknown if w not in tally.unreadable]
    if read_failed:
        parts.append(
            "%d may or may not have landed: their answer was lost (or is no proof) and reading the state back failed "
            "too (%s) (%s)"
            % (len(read_failed), tally.reread_error.describe().rstrip("."), _listed([w.label for w in read_failed]))
        )
    if tally.unreadable:
        parts.append(
            "%d may or may not have landed: their answer was lost and the state read back cannot show it (%s)"
            % (len(tally.unreadable), _listed(["%s: %s" % (w.label, why) for w, why in tally.unreadable.items()]))
        )
    if not_sent:
        parts.append("%d not sent after the failure (%s)" % (len(not_sent), _listed([w.label for w in not_sent])))
    if landed:
        parts.append("landed: %s" % _listed([w.label for w in landed]))
    message = (
        "%s. Nothing was sent twice. Re-run the task to finish: it plans again from what the platform holds."
        % "; ".join(parts)
    )
    result = ctx.failure((refused or unknown)[0][1], msg=message)
    if landed:  # else no "changed": a failed task claims one only when something of its own landed (or may have)
        result["changed"] = True
    result["writes"] = {
        "landed": [w.label for w in landed],
        "failed": [w.label for w, e in refused],
        "unknown": [w.label for w, e in unknown],
        "not_sent": [w.label for w in not_sent],
    }
    raise Finished(result)
