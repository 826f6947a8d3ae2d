#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: database_info
short_description: Read one or all edge databases
version_added: 1.1.0
description:
  - Reads the edge databases of the account through the database management API (C(/database) under O(base_url)),
    one by O(database_id), the ones named O(name), or all of them.
  - Each entry of RV(databases) uses the option names of M(edge.platform.database), so its C(name),
    C(primary_regions), C(replica_regions) and C(storage_region) written back to M(edge.platform.database) are no
    change. It carries the database's RV(databases[].url) for M(edge.platform.database_query); it never carries a
    token (M(edge.platform.database_token) makes those).
options:
  name:
    description:
      - Name of the databases to return (case-sensitive, as M(edge.platform.database) matches it); none when no
        database has the name, several when several have it.
      - Mutually exclusive with O(database_id).
    type: str
  database_id:
    description:
      - Id of one database (C(db_) followed by a ULID). A database the API key cannot see fails the task, and so
        does an id the platform finds malformed (it answers HTTP 400); a value that cannot be an id (a URL, spaces)
        fails before any request.
      - Mutually exclusive with O(name).
    type: str
    aliases: [db_id]
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
notes:
  - Without O(database_id), the databases are listed 100 to a request, every page followed.
seealso:
  - module: edge.platform.database
  - module: edge.platform.database_query
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
    group/edge.platform.database:
      auth_token: "{{ vault_database_token }}"
  block:
    - name: Read every database of the account
      edge.platform.database_info:
      register: all_databases

    - name: Show each database's name and URL
      ansible.builtin.debug:
        msg: "{{ all_databases.databases | items2dict(key_name='name', value_name='url') }}"

    - name: Read the database named demo
      edge.platform.database_info:
        name: demo
      register: demo_database

    - name: Count a table's rows over the URL the info module returned
      edge.platform.database_query:
        database_url: "{{ demo_database.databases[0].url }}"
        sql: SELECT count(*) AS n FROM sqlite_master
"""

RETURN = r"""
databases:
  description: The databases read, in the shape M(edge.platform.database) returns and takes.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DATABASE
    # root: databases[]
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
# sample status: 400
# sample message: Invalid database id
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached or no answer came.
      type: int
      sample: 400
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
      sample: Invalid database id
# END edge.platform.api_error.DATABASE
"""

from ansible_collections.edge.platform.plugins.module_utils._api import databases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.databases import readable


def run(ctx):
    name, database_id = ctx.params["name"], ctx.params["database_id"]
    if database_id is not None:
        found = [databases.get(ctx.client, databases.check_id(database_id))]
    else:
        if name is not None and not name.strip():
            raise InputError("name must not be empty: it names the databases to read.", option="name")
        found = databases.list_all(ctx.client)
        found = found if name is None else [db for db in found if db.get("name") == name]
    return {"changed": False, "databases": [readable(db) for db in found]}


MODULE = ModuleDef(
    argument_spec=dict(name=dict(type="str"), database_id=dict(type="str", aliases=["db_id"])),
    run=run,
    mutually_exclusive=[["name", "database_id"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
