#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: database
short_description: Create, update or delete an edge database
version_added: 1.1.0
description:
  - Manages one edge database through the database management API (C(/database) under O(base_url)), found by its
    exact O(name) (or by O(database_id)). A database is created when no database has the name, its regions are
    updated when a given region list differs, and it is left alone when everything given matches, so a re-run changes
    nothing and sends only reads.
  - Only the options given are managed; a region list left out keeps what the database has (a new database gets no
    replica regions).
  - Region lists are compared as sets (order and repeats do not count); codes are sent in upper case.
  - The result RV(database) uses the option names, as M(edge.platform.database_info) does, so a value read with the
    info module and written back here is no change. It carries the database's RV(database.url), which
    M(edge.platform.database_query) takes as its O(edge.platform.database_query#module:database_url); access tokens
    are made with M(edge.platform.database_token) and never appear here.
  - When the answer to a write (create, update or delete) is lost, the write is not sent again. The database is read
    once more and decides; the task reports changed with a warning when the change landed, or fails saying it was not
    applied. If the read after a lost create fails too, the database may exist, and M(edge.platform.database_info)
    with the same O(name) shows whether it does.
  - When several tasks create the same O(name) at once (a play over several hosts), the platform creates one database
    and refuses the other creates with HTTP 409. A task whose create is refused so lists the databases once more; when
    a database with exactly that name now exists, the task manages it (updating its regions only if they differ)
    and reports C(changed) only for what it did itself, with a warning that another task created it. Otherwise the
    409 fails the task as the platform gave it.
  - A database is deleted only with O(state=absent) on a task that names it.
options:
  name:
    description:
      - The database's name; it identifies the database and is compared exactly (case included).
      - The platform's document asks for fewer than 64 characters and says nothing else about names. This module
        refuses only an empty name and control characters, and reports the platform's refusal with its message.
      - The platform cannot rename a database (its update takes no name). With O(database_id), a different name fails
        the task.
      - Required unless O(database_id) is given; required to create a database.
    type: str
  database_id:
    description:
      - The database's id (C(db_) followed by a ULID, for example C(db_01KCHBG8C5KSFGG0VRNFQ7EK7X)), instead of or
        beside O(name). An id cannot be chosen for a new database, so with O(state=present) the database must exist.
      - A value that cannot be an id (a URL, spaces, other characters than letters, digits, C(_) and C(-)) fails before
        any request. The platform answers HTTP 400 for an id it finds malformed and 404 for an unknown one; with
        O(state=absent) both mean there is nothing to delete (after a 400 the listing confirms that no database has
        the id, and a warning says so), otherwise both fail the task.
    type: str
    aliases: [db_id]
  state:
    description:
      - V(present) creates the database when needed and sets the region lists given.
      - V(absent) deletes the database with its data and tokens when it exists. It takes no regions.
    type: str
    default: present
    choices: [present, absent]
  primary_regions:
    description:
      - The regions the database may run its primary in, as codes such as V(DE), V(UK) or V(NY) (a set; at least
        one). Required to create a database.
      - Codes are not checked against a list here, because the platform may add regions; an unknown code is sent and
        the platform's refusal reported. The document's list in version 0.0.122 is C(AMS ASB AT BE BO BR BU CA CO CZ
        DE DEN DK ES FR GA GR HK HR ID IL ISR IT JH JP LA MI MX MY NG NY PH PL SE SG SIL SYD TH TR TX UK WA).
    type: list
    elements: str
  replica_regions:
    description:
      - The regions that serve read replicas of the database (a set). V([]) keeps no replica.
      - When not given, a new database gets none and an existing one keeps its own.
    type: list
    elements: str
  storage_region:
    description:
      - Where the database's data is kept at rest, a storage region id such as V(eu-west-1) or V(us-east-1).
      - Used when the database is created; the platform cannot move a database afterwards, so a different value for
        an existing database fails the task.
      - When not given for a new database, it is chosen as the bunny CLI chooses it, from the regions on offer
        (C(GET /v1/config), one more request). That is the first storage region of the group (for example C(EU)) of
        the first region in O(primary_regions), else the first storage region offered. The choice is shown in the diff
        and in RV(database.storage_region).
    type: str
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - A database to be created is predicted from the options; its id, url and sizes are null in RV(database) until
        a real run creates it.
  diff_mode:
    support: full
    details:
      - The diff shows whether the database exists, its name and the options given, before and after.
notes:
  - Each run lists the account's databases (one request per 100) or reads the one of O(database_id), then sends at
    most one write. A create is answered with the new id only, so the database is read once more for its url.
  - An update sends both region lists, the given ones and the database's own for the other, as the platform's own
    clients do.
  - The management API's own address is C(https://api.bunny.net/database); O(base_url) is the API root
    (C(https://api.bunny.net)), as for M(edge.platform.database_token).
seealso:
  - module: edge.platform.database_info
  - module: edge.platform.database_token
  - module: edge.platform.database_query
  - name: Bunny Database
    description: Edge databases, their regions and replication.
    link: https://docs.bunny.net/database
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Create the database app, its primary in Frankfurt, replicas in London and New York
      edge.platform.database:
        name: app
        primary_regions: [DE]
        replica_regions: [UK, NY]
      register: app_db

    - name: Show the URL database_query takes
      ansible.builtin.debug:
        msg: "{{ app_db.database.url }}"

    - name: Add a replica in Singapore to the database demo, keeping its primary regions
      edge.platform.database:
        name: demo
        replica_regions: [UK, SG]

    - name: Delete the database retired, with its data and tokens
      edge.platform.database:
        name: retired
        state: absent
"""

RETURN = r"""
database:
  description:
    - The database after the task, in the shape of M(edge.platform.database_info) results; predicted in check mode.
    - Null when the database is absent.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DATABASE
    # root: database
    id:
      description: The database's id; null for a database only predicted in check mode.
      type: str
      sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
    name:
      description: The database's name.
      type: str
      sample: app
    url:
      description:
        - The database's URL, as the platform gives it, for O(edge.platform.database_query#module:database_url).
        - Null when only predicted (check mode). When the read after a create fails, M(edge.platform.database) fails
          saying the database was created (C(changed)); a re-run reads it.
      type: str
      sample: libsql://01kchbg8c5ksfgg0vrnfq7ek7x-app.lite.bunnydb.net/
    primary_regions:
      description: The regions the database may run its primary in.
      type: list
      elements: str
      sample: [DE]
    replica_regions:
      description: The regions of its read replicas.
      type: list
      elements: str
      sample: [UK, NY]
    storage_region:
      description: Where its data is kept at rest.
      type: str
      sample: eu-west-1
    size_max:
      description: Its size limit, as the platform words it.
      type: str
      sample: 1024.0 MB
    current_size:
      description: Its current size, as the platform words it.
      type: str
      sample: 0.1 MB
    block_reads:
      description: Whether the platform blocks reads of the database.
      type: bool
      sample: false
    block_writes:
      description: Whether the platform blocks writes to the database.
      type: bool
      sample: false
    # END edge.platform.resource_shapes.DATABASE
# BEGIN edge.platform.api_error.DATABASE
# sample status: 409
# sample message: A database with this name already exists
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached or no answer came.
      type: int
      sample: 409
    error_key:
      description: The platform's error key (the database API sends none).
      type: str
      sample: null
    field:
      description: The request field the platform objected to (the database API names none).
      type: str
      sample: null
    message:
      description: The platform's message (the C(error) of its answer, with its C(details)).
      type: str
      sample: A database with this name already exists
# END edge.platform.api_error.DATABASE
"""

from ansible_collections.edge.platform.plugins.module_utils._cores import databases as core
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    values = core.wanted(ctx.params)
    db = core.current(ctx)
    try:
        return core.settle(ctx, db, dict(values))
    except ApiError as error:
        found = core.created_meanwhile(ctx, db, error)
        if found is None:
            raise
    return core.settle(ctx, found, dict(values))


MODULE = ModuleDef(
    argument_spec=dict(
        name=dict(type="str"),
        database_id=dict(type="str", aliases=["db_id"]),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        primary_regions=dict(type="list", elements="str"),
        replica_regions=dict(type="list", elements="str"),
        storage_region=dict(type="str"),
    ),
    run=run,
    required_one_of=[["name", "database_id"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
