# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""An edge database's shape: one field table drives every conversion between the ``database`` options and the
database management API's ``Database2`` (pure Python: no Ansible imports).

:data:`FIELDS` has one field of the kit (``fields.py``) per member of ``Database2``; its option is the readable name
(the option's name where the member is an option). Its walkers:

- option -> value (:func:`wanted`): the options given, checked and normalised (region codes stripped, in upper case,
  repeats dropped; bad input raises InputError naming the option and index);
- option -> body (:func:`create_body`, :func:`update_body`): ``CreateDatabaseV2Payload`` and
  ``UpdateDatabaseV2Payload``; an update always carries both region lists, as every client of the platform sends them
  (docs/platform-notes.md, "Databases: create, update, delete");
- body -> readable (:func:`readable`): the database in the option names, as ``database`` and ``database_info``
  return it, so a value read back and written again is no change;
- body -> compared (:func:`view`): the options given, region lists as sorted sets, which is also the diff.

Region codes are not checked against the document's ``PossibleRegion`` list: the platform may add regions, so an
unknown code is sent and the platform's refusal reported. :func:`choose_storage_region` picks a storage region from
``GET /v1/config`` as the bunny CLI does when none is given.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields as kit

# readable key (the option's name where it is one) and member of Database2; region lists are compared as sets
FIELDS = (
    kit.Text("id", "id"),
    kit.Text("name", "name"),
    kit.Text("url", "url"),
    kit.Strings("primary_regions", "primary_regions"),
    kit.Strings("replica_regions", "replicas_regions"),
    kit.Text("storage_region", "storage_region"),
    kit.Text("size_max", "size_max"),
    kit.Text("current_size", "current_size"),
    kit.Bool("block_reads", "block_reads"),
    kit.Bool("block_writes", "block_writes"),
)
BY_KEY = kit.by_option(FIELDS)
# the options that are members of the database, in the order the diff shows them
OPTIONS = ("primary_regions", "replica_regions", "storage_region")
REGION_HINT = "a region code such as DE, UK or NY (bunny db regions list shows them)"


def _regions(value, option, at_least_one):
    """A region list option, stripped, in upper case, repeats dropped (first order kept); InputError when bad."""
    codes = []
    for index, code in enumerate(value):
        text = code.strip().upper() if isinstance(code, str) else ""
        if not text or any(c.isspace() or not c.isprintable() for c in text):
            raise InputError(
                "%s[%d] must be %s; got %r." % (option, index, REGION_HINT, code), option="%s[%d]" % (option, index)
            )
        if text not in codes:
            codes.append(text)
    if at_least_one and not codes:
        raise InputError(
            "%s must name at least one region (%s): a database needs a primary region, and the platform's clients "
            "refuse an empty list." % (option, REGION_HINT),
            option=option,
        )
    return codes


def wanted(params):
    """``{option: value}`` of the options given (``primary_regions``, ``replica_regions``, ``storage_region``)."""
    found = {}
    if params.get("primary_regions") is not None:
        found["primary_regions"] = _regions(params["primary_regions"], "primary_regions", True)
    if params.get("replica_regions") is not None:
        found["replica_regions"] = _regions(params["replica_regions"], "replica_regions", False)
    storage = params.get("storage_region")
    if storage is not None:
        if not storage.strip() or any(c.isspace() or not c.isprintable() for c in storage.strip()):
            raise InputError(
                "storage_region must be a storage region id such as eu-west-1 (GET /v1/config of the database API "
                "lists them); got %r." % storage,
                option="storage_region",
            )
        found["storage_region"] = storage.strip()
    return found


def _member(model, key):
    field = BY_KEY[key]
    value = field.readable(field.read(model or {}))
    # a region list the platform sent none of is empty
    return [] if value is None and isinstance(field, kit.Strings) else value


def readable(model):
    """A ``Database2`` in the option names (``database`` / ``database_info`` entries); never holds a token."""
    return {field.option: _member(model, field.option) for field in FIELDS}


def _compared(key, value):
    return BY_KEY[key].compared(value)


def view(model, keys, name):
    """What is compared and shown in the diff: whether the database exists, its name and the options ``keys``."""
    if model is None:
        return {"present": False, "name": name}
    shown = {key: _compared(key, _member(model, key)) for key in OPTIONS if key in keys}
    return dict(shown, present=True, name=model.get("name"))


def wanted_view(values, name):
    """:func:`view` of the state the options ask for."""
    return dict({key: _compared(key, values[key]) for key in OPTIONS if key in values}, present=True, name=name)


def create_body(name, values):
    """``CreateDatabaseV2Payload``: all four members (the document requires them); no replicas when none given."""
    return {
        "name": name,
        "storage_region": values["storage_region"],
        "primary_regions": list(values["primary_regions"]),
        "replicas_regions": list(values.get("replica_regions", [])),
    }


def update_body(model, values):
    """``UpdateDatabaseV2Payload`` with both region lists: the given ones, the database's own for the other."""
    return {
        "primary_regions": list(values.get("primary_regions", _member(model, "primary_regions"))),
        "replicas_regions": list(values.get("replica_regions", _member(model, "replica_regions"))),
    }


def predicted(model, body, name=None):
    """The ``Database2`` a write of ``body`` would leave (``model`` None: a database to be created)."""
    base = dict(model) if model else {"id": None, "name": name, "url": None}
    base.update(body)
    return base


def choose_storage_region(config, first_primary):
    """The storage region id the bunny CLI would choose from a ``GET /v1/config`` answer ``config``: the first one
    of the group of the first primary region, else the first one offered; None when none is offered or the answer
    is not a configuration (docs/platform-notes.md, "Databases: create, update, delete")."""
    if not isinstance(config, dict):
        return None
    offered = [s for s in config.get("storage_region_available") or [] if isinstance(s, dict)]
    offered = [s for s in offered if isinstance(s.get("id"), str) and s["id"]]
    regions = [r for r in config.get("primary_regions") or [] if isinstance(r, dict)]
    group = next((r.get("group") for r in regions if r.get("id") == first_primary), None)
    same_group = [s for s in offered if group is not None and s.get("group") == group]
    chosen = (same_group or offered or [None])[0]
    return chosen["id"] if chosen else None
