# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The core of api_guardian_spec: the document a task gives, measured against the plan's limits, and one upload of
it through the engine's reconciler (exact check mode, diff, lost answers). The measuring, comparing and predicting are
``_shapes/api_guardian_spec``'s; the reads and the upload ``_api/api_guardian``'s. No Ansible imports: the module
hands in its context (the module checks that PyYAML is there).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import api_guardian as guardian
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, not_read_here
from ansible_collections.edge.platform.plugins.module_utils._openapi.cache import SpecCache
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_spec import (
    Upload,
    refusal,
    shape_state,
)


def read_document(ctx):
    """The document text and the option it came from. ``src`` is read on the controller by the action plugin,
    which passes its text as ``content`` and names ``src`` in messages about it."""
    if ctx.params["content"] is not None:
        return ctx.params["content"], "content"
    if ctx.params["src"] is not None:
        ctx.fail(not_read_here("src", "content"))
    ctx.fail("content or src is required: give the OpenAPI document as text (content) or a file (src).")


def manage(ctx):
    """The task of api_guardian_spec: the zone's OpenAPI document made the one given (measured against the plan's
    limits first); its result."""
    text, option = read_document(ctx)
    cache = SpecCache(ctx.params["cache_dir"], enabled=ctx.params["cache"])
    upload = Upload(text, option, ctx.params["enforce_authorization_validation"], cache)
    zone = SHIELD_ZONE.resolve(ctx)  # after the document is known good: bad input sends nothing
    current = guardian.get_or_absent(ctx.client, zone.id, zone.not_visible)
    metrics, problems = upload.measure(current.limits, ctx.params["plan_limits"])
    if problems and ctx.params["plan_limits"] == "check":
        ctx.fail(upload.over_limits(zone.id, problems), metrics=metrics)
    try:
        try:
            comparison, state = reconcile(ctx, zone, upload, current, problems)
        except guardian.FirstUploadRefused as refused:
            # another task (a parallel host) may have uploaded first: read again, update only if needed
            current = guardian.get_or_absent(ctx.client, zone.id, zone.not_visible)
            if not current.present:
                raise refused.error
            comparison, state = reconcile(ctx, zone, upload, current, ())
    except ApiError as error:
        ctx.fail_from(error, msg=refusal(error, problems), metrics=metrics)
    if ctx.check_mode and ctx.changed:  # later tasks of the run may stand in for the endpoints (_engine/ledger.py)
        for endpoint in state.endpoints:
            ctx.note_predicted(
                *guardian.predicted_endpoint(zone.id, endpoint.get("requestMethod"), endpoint.get("requestPath"))
            )
    changes = dict(comparison.changes, forced=bool(ctx.params["force"] and not comparison.differs))
    endpoints = ctx.changed or ctx.params["return_endpoints"] == "always"
    return dict(shape_state(state, endpoints=endpoints), changes=changes, metrics=metrics)


def reconcile(ctx, zone, upload, current, problems):
    """One upload through the engine's reconciler (exact check mode, diff, lost answers): ``(comparison, state)``,
    the state being the zone's after the task (predicted in check mode).

    The compared states are the comparison's ``before``/``after`` views (parsed schemas, parameter and auth-scheme
    sets). When the upload's answer is lost, the zone is re-read once and compared the same way; the upload is never
    sent again.
    """
    # the views are the diff, and a forced upload's expectation: without either, a cached verdict may stand for them
    comparison = upload.compare(current, views=ctx.diff_mode or ctx.params["force"])
    if problems and (ctx.params["force"] or comparison.differs):
        ctx.warn(upload.uploading_anyway(zone.id, problems))
    outcome = ctx.reconcile(
        comparison.before,
        comparison.after,
        lambda: guardian.upload_spec(
            ctx.client, zone.id, upload.text, upload.enforce, not current.present, zone.not_visible
        ),
        reread=lambda: guardian.get_or_absent(ctx.client, zone.id, zone.not_visible),
        reached=upload.reached(comparison),
        # no document yet is a change even if the views agree (a document with nothing in it)
        changed=True if ctx.params["force"] or not current.present else None,
    )
    if not outcome.changed:
        return comparison, current
    return comparison, upload.predict(current, comparison, zone.id) if ctx.check_mode else outcome.state
