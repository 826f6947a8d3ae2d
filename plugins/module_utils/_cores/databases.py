# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the ``database`` module does beyond its declaration (pure Python: no Ansible imports).

- :func:`wanted`, :func:`current`: the options asked for and the database the task names;
- :func:`settle`: bring the database to them through the reconciler (create, update or delete; a lost answer
  settled by a re-read by id, else by name);
- :func:`created_meanwhile`: the database another task created with the name while this one was creating it.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import databases
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import (
    check_given_name,
    is_spaces,
    nothing_when_absent,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import databases as D

NO_RENAME = (
    "name %r differs from the name of database %s (%r), and the platform cannot rename a database (its update takes "
    "no name). Give the database's own name, or create a new database by name and delete the old one."
)
NO_MOVE = (
    "storage_region %r differs from the storage region of database %s (%r), and the platform cannot move a database "
    "(its update takes regions only). Leave storage_region out, or give %r."
)
CHECK = "edge.platform.database_info with name=%s shows whether the database exists."


def wanted(params):
    """The options the task asks for; bad input fails here, before any request."""
    check_given_name(params["name"], "name", "name must not be empty.", blank=is_spaces, blank_first=False)
    values = D.wanted(params)
    nothing_when_absent(params, values, "regions")
    return values


def current(ctx):
    """The database the task names (its Database2, or None when it does not exist)."""
    name, database_id = ctx.params["name"], ctx.params["database_id"]
    if database_id is None:
        return databases.find_named(ctx.client, name)
    database_id = databases.check_id(database_id)
    found = databases.get(ctx.client, database_id, allow_missing=ctx.params["state"] == "absent", warn=ctx.warn)
    if found is not None and name is not None and found.get("name") != name:
        raise InputError(NO_RENAME % (name, database_id, found.get("name")), option="name")
    return found


def plan(ctx, db, values, name):
    """``(values, apply, predicted)`` of state=present: the create or the update to send (None: nothing to send)."""
    if db is None:  # a database named by its id exists: current() fails on a 404 with state=present
        if "primary_regions" not in values:
            raise InputError("primary_regions is required to create database %s." % name, option="primary_regions")
        if "storage_region" not in values:
            values["storage_region"] = storage_region(ctx, values["primary_regions"][0])
        body = D.create_body(name, values)
        return values, partial(create, ctx, body), D.predicted(None, body, name)
    stored = D.readable(db)["storage_region"]
    if values.get("storage_region", stored) != stored:
        raise InputError(NO_MOVE % (values["storage_region"], db["id"], stored, stored), option="storage_region")
    body = D.update_body(db, values)
    return values, partial(databases.update, ctx.client, db["id"], body, name), D.predicted(db, body)


def storage_region(ctx, first_primary):
    """The storage region the bunny CLI would choose (see docs/platform-notes.md, "Databases: create, update,
    delete")."""
    chosen = D.choose_storage_region(databases.read_config(ctx.client), first_primary)
    if chosen is None:
        raise InputError(
            "The platform offered no storage region (GET /v1/config): give storage_region.", "storage_region"
        )
    return chosen


def create(ctx, body):
    """Create, then read the new database for its url. A read that fails (or is not understood) fails the task saying
    the database was created: what it holds is not known here, and a url of null would only fail a later task."""
    database_id = databases.create(ctx.client, body)
    try:
        return databases.get(ctx.client, database_id)
    except ApiError as error:
        ctx.fail_from(
            error,
            msg="Database %s was created with id %s, but reading it back failed (%s), so its url is unknown here. Run "
            "the task again: it finds the database by its name and reads it (it is not created twice)."
            % (body["name"], database_id, error.describe().rstrip(".")),
        )


def reread(ctx, db, name):
    """The database after a lost answer (by id when known, else by name); a failed read says how to check."""
    try:
        return databases.get(ctx.client, db["id"], allow_missing=True) if db else databases.find_named(ctx.client, name)
    except ApiError as error:
        raise ApiError(error.operation, error.status, error.message, hint=CHECK % name, kind=error.kind) from None


def not_taken(ctx, name, held, after):
    """Warn when the write's answer holds other values than were sent (the result shows the answer)."""
    if held != after:
        ctx.warn(
            "Database %s holds other values than were sent: %s; the result shows what the platform holds."
            % (name, ", ".join("%s %s (sent %s)" % (k, held.get(k), v) for k, v in after.items() if held.get(k) != v))
        )


def settle(ctx, db, values):
    """Bring the database ``db`` (None: none has the name) to ``values`` through the reconciler: the result."""
    name = db["name"] if db else ctx.params["name"]
    if ctx.params["state"] == "absent":
        values, apply, predicted = {}, partial(databases.delete, ctx.client, db["id"], name) if db else None, None
        after = D.view(None, (), name)
    else:
        values, apply, predicted = plan(ctx, db, values, name)
        after = D.wanted_view(values, name)
    state = partial(D.view, keys=values, name=name)
    outcome = ctx.reconcile(state(db), after, apply, reread=partial(reread, ctx, db, name), state_of=state)
    if ctx.params["state"] == "absent":
        return {"database": None}
    if db is None:  # under --check: a later database_token of the run may stand in for its id (_engine/ledger.py)
        ctx.note_predicted(*databases.predicted_database(name))
    if outcome.answer is not None:
        not_taken(ctx, name, state(outcome.answer), after)
    return {"database": D.readable(outcome.model or (predicted if outcome.changed else db))}


def created_meanwhile(ctx, db, error):
    """The database another task created with this name since this task listed the databases, when ``error`` is the
    409 refusing this task's create (docs/platform-notes.md, "Databases: parallel creates of one name"); else None."""
    if db is not None or not isinstance(error, databases.NameConflict) or ctx.params["state"] != "present":
        return None
    try:
        found = databases.find_named(ctx.client, ctx.params["name"])
    except (ApiError, InputError):
        return None  # the 409 is reported as it came: the listing cannot tell
    if found is not None:
        ctx.warn(
            "Creating database %s was refused with HTTP 409 and the listing now shows database %s (id %s): another "
            "task created it meanwhile, so this task did not create it; it managed the database that exists."
            % (found["name"], found["name"], found["id"])
        )
    return found
