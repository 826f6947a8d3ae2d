# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The core of the bot detection modules: a shield zone's bot detection set as the options say (``bot_detection``)
or read (``bot_detection_info``). The settings are merged and viewed by ``_shapes/bot_detection``, read and written by
``_api/bot_detection``. No Ansible imports: the modules hand in their context.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import bot_detection as bots
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._shapes.bot_detection import (
    bot_view,
    merged_state,
    shape_bot_detection,
)


def shaped(ctx, zone_id, state):
    """The readable bot detection of ``state``; a number without a name is shown as the number, with a warning."""
    return ctx.shaped(shape_bot_detection, zone_id, state)


def configure(ctx):
    """The task of bot_detection: the settings given, the others kept; its result."""
    merged_state(None, ctx.params)  # a setting that is none of its names or numbers fails before any request
    found = SHIELD_ZONE.resolve(ctx)
    view = partial(bot_view, found.id)
    read_state = partial(bots.read, ctx.client, found.id, found.not_visible)
    current = read_state()
    wanted = merged_state(current, ctx.params)
    outcome = ctx.reconcile(
        view(current),
        view(wanted),
        partial(bots.update, ctx.client, found.id, wanted, found.not_visible),
        reread=read_state,
        state_of=view,
    )
    shaped(ctx, found.id, wanted)  # a number without a name is kept as read (merged_state): its warning
    return {"bot_detection": outcome.state}


def read(ctx):
    """The task of bot_detection_info: the zone's bot detection, or why its plan has none; its result."""
    found = SHIELD_ZONE.resolve(ctx)
    try:
        state = bots.read(ctx.client, found.id, found.not_visible)
    except bots.NotInPlan as refused:  # a report over many zones goes on past a Basic one
        return {"bot_detection": bots.unavailable(found.id, refused.message)}
    return {"bot_detection": shaped(ctx, found.id, state)}
