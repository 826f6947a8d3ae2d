# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The core of the API Guardian settings modules: the zone-wide configuration (``api_guardian``) and one endpoint's
settings (``api_guardian_endpoint``), each a ``_shapes/api_guardian_settings.Settings`` patched with only the
settings that differ, through the engine's reconciler (exact check mode, diff, a lost answer re-read once).
No Ansible imports: the modules hand in their context.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import api_guardian as guardian
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_settings import (
    CONFIGURATION,
    ENDPOINT,
    configuration_result,
    endpoint_result,
    predicted_endpoint,
)


def settle(ctx, settings, current, wanted, send, read_again):
    """The model after patching ``current`` with what of ``wanted`` differs (``send(body)``: the write, sent only when
    something differs; ``read_again()``: the model read anew after a lost answer): the write's answer, else the model
    predicted."""
    body = settings.changes(current, wanted)
    desired = dict(current, **body)
    outcome = ctx.reconcile(
        settings.view(current),
        settings.view(desired),
        lambda: send(body),
        reread=lambda: settings.view(read_again()),
    )
    return desired if outcome.answer is None else outcome.answer


def configure(ctx):
    """The task of api_guardian: the zone-wide settings given; its result."""
    zone = SHIELD_ZONE.resolve(ctx)
    wanted = CONFIGURATION.wanted(ctx.params)

    def read():
        return guardian.get(ctx.client, zone.id, zone.option).configuration

    current = read()
    configuration = settle(
        ctx,
        CONFIGURATION,
        current,
        wanted,
        lambda body: guardian.update_configuration(ctx.client, zone.id, current, body),
        read,
    )
    return {"api_guardian": configuration_result(zone.id, configuration)}


def configure_endpoint(ctx):
    """The task of api_guardian_endpoint: the settings given of the endpoint ``method path``; its result."""
    zone = SHIELD_ZONE.resolve(ctx)
    method, path = ctx.params["method"], ctx.params["path"]

    def read():
        return guardian.get_endpoint(ctx.client, zone.id, method, path, zone.option)

    try:
        endpoint = read()
    except InputError:
        # check mode: the endpoint of a document an earlier task only predicted uploading is not there
        missing = "the API Guardian endpoint %s %s of shield zone %d" % (method.upper(), path, zone.id)
        if ctx.predicted_dependency(missing, needs=[guardian.predicted_endpoint(zone.id, method, path)]):
            return {"endpoint": predicted_endpoint(ctx.params, method, path)}
        raise
    settings = settle(
        ctx,
        ENDPOINT,
        endpoint,
        ENDPOINT.wanted(ctx.params, endpoint),
        lambda body: guardian.update_endpoint(ctx.client, zone.id, endpoint, body),
        read,
    )
    return {"endpoint": endpoint_result(settings)}
