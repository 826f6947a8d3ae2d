#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: database_token
short_description: Generate an access token for an edge database, or invalidate all of its tokens
version_added: 1.0.0
description:
  - Generates a new full-access or read-only token for an edge database, or invalidates every token of the
    database, through the database management API (C(/database) under O(base_url)), with the account's main API key
    (team member API keys are not supported).
  - The platform cannot list or read existing tokens, so neither operation can be compared with the current state.
    Generating always creates one more token and reports changed; older tokens stay valid. Invalidating always
    reports changed, because whether any token was valid before cannot be known.
  - A generated token is returned once, in RV(token), and cannot be read again. Set the task keyword C(no_log) to C(true)
    so the token is not shown in the task output or logs, and keep it with C(register) (for example, write it to a
    vault or a secret store in the next task). The module never puts the token in warnings, messages or the diff.
  - A task that generates a token without C(no_log) gets a warning that the token is shown (the collection's action
    plugin, on the controller, sees the task's C(no_log) on both the in-process and the module path).
  - When the answer to a token generation is lost (a timeout or a dropped connection after the request was sent,
    or an error from the platform's side), the request is not sent again, because a second one would create a
    second token. The task fails saying that a token may have been generated and is unknown; if that matters,
    invalidate all tokens with O(state=revoked) and generate new ones.
  - Invalidating is safe to repeat, so its request is retried like a read and a lost answer asks for a re-run.
options:
  database_id:
    description:
      - Id of the database, as the platform shows it (C(db_) followed by a ULID, for example
        C(db_01KCHBG8C5KSFGG0VRNFQ7EK7X); C(bunny db list) shows them).
      - This is not the database URL; the URL's host name does not necessarily contain the id.
      - Required. Under C(--check) it may be null or empty when it comes from M(edge.platform.database) creating the
        database in an earlier task of the run, which only predicts it (its id is null then); the task then predicts
        the change with a warning. On the in-process path (the task runs on the controller) it does so only when an
        earlier task of the run predicted creating a database, and otherwise fails as a real run does; on the module
        path, which cannot see earlier tasks, it always does.
    type: str
    aliases: [db_id]
  state:
    description:
      - V(generated) creates one new token on every run (older tokens stay valid).
      - V(revoked) invalidates every token of the database at once, including the ones the platform or the dashboard
        created; applications using them lose access until they get a new token.
      - These are events rather than a stored state, like V(restarted) of M(ansible.builtin.service); the platform
        cannot list tokens, so there is no V(present) or V(absent) to compare with.
    type: str
    choices: [generated, revoked]
    default: generated
  authorization:
    description:
      - The kind of token to generate. V(full_access) reads and writes; V(read_only) can only read.
      - Required when O(state=generated); not allowed with O(state=revoked).
    type: str
    choices: [full_access, read_only]
  expires_at:
    description:
      - When the generated token stops working, as an RFC 3339 date-time with a time zone, for example
        C(2030-01-31T23:59:59Z). It is sent in UTC with milliseconds (C(2030-01-31T23:59:59.000Z)), as the bunny
        CLI sends it; a finer fraction of a second is cut to the millisecond.
      - The platform takes an expiry for both token kinds (not only read-only ones). Without O(expires_at) or
        O(expires_in) the token never expires; only O(state=revoked) ends it.
      - A date in the past is sent as given, with a warning; the token would be refused at once.
      - Mutually exclusive with O(expires_in).
    type: str
  expires_in:
    description:
      - When the generated token stops working, counted from the time the task runs on the controller, as the bunny
        CLI's C(--expiry) takes it; a positive whole number and a unit, V(h) hours, V(d) days, V(w) weeks,
        V(m) months (not minutes) or V(y) years, for example V(12h), V(30d) or V(1y).
      - The resulting date is returned in RV(expires_at).
      - Mutually exclusive with O(expires_at).
    type: str
notes:
  - Requests go to O(base_url) followed by C(/database/v2/databases/<database_id>/auth/generate) (C(PUT)) and
    C(.../auth/revoke) (C(POST)), the paths of the published database API and of the bunny CLI. O(base_url) is the
    API root (C(https://api.bunny.net)), not the database API's own C(https://api.bunny.net/database).
  - Check mode sends no request; it predicts the change and returns no token. It does not check that the database
    exists.
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details: Predicts the change without sending anything; no token is returned.
  diff_mode:
    support: full
    details: The diff names the token kind and expiry, never the token.
seealso:
  - module: edge.platform.database_query
  - name: Database authorization
    description: Full-access and read-only tokens of an edge database.
    link: https://docs.bunny.net/database/connect/authorization
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Generate a read-only token for reporting that expires in 30 days
      edge.platform.database_token:
        database_id: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
        authorization: read_only
        expires_in: 30d
      register: reporting_token
      no_log: true  # the result holds the token: keep it out of the output and the logs

    - name: Query with the new token
      edge.platform.database_query:
        database_url: libsql://db-01kchbg8c5ksfgg0vrnfq7ek7x.lite.bunnydb.net
        auth_token: "{{ reporting_token.token }}"
        sql: SELECT count(*) AS n FROM sqlite_master

    - name: Rotate the application's tokens
      block:
        - name: Invalidate every token of the database
          edge.platform.database_token:
            database_id: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
            state: revoked

        - name: Generate the new full-access token, valid until the end of 2030
          edge.platform.database_token:
            database_id: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
            authorization: full_access
            expires_at: "2030-12-31T23:59:59Z"
          register: app_token
          no_log: true
"""

RETURN = r"""
database_id:
  description: The database the task worked on; null under C(--check) for a database only predicted (see O(database_id)).
  returned: always
  type: str
  sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
token:
  description:
    - The generated token (a JWT), sent as C(Bearer) token in the C(Authorization) header to the database's SQL endpoint
      (O(edge.platform.database_query#module:auth_token)).
    - Returned once; the platform cannot show it again. Set the task keyword C(no_log) to C(true).
  returned: when O(state=generated), not in check mode
  type: str
  sample: eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJhIjoicm8ifQ.c2lnbmF0dXJl
authorization:
  description: The kind of the generated token.
  returned: when O(state=generated)
  type: str
  sample: read_only
expires_at:
  description:
    - When the generated token stops working (RFC 3339, UTC), as the platform answered; null when it never expires.
    - In check mode, the expiry that would be requested.
  returned: when O(state=generated)
  type: str
  sample: "2030-01-31T23:59:59.000Z"
revoked:
  description: True when every token of the database was invalidated (or would be, in check mode).
  returned: when O(state=revoked)
  type: bool
  sample: true
# BEGIN edge.platform.api_error.DATABASE
# sample message: Database not found
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached or no answer came.
      type: int
      sample: 404
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
      sample: Database not found
# END edge.platform.api_error.DATABASE
"""

from ansible_collections.edge.platform.plugins.module_utils._cores.database_tokens import (
    generate,
    given_id,
    revoke,
    wanted_expiry,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    database_id = given_id(ctx)
    if ctx.params["state"] == "revoked":
        return revoke(ctx, database_id)
    return generate(ctx, database_id, wanted_expiry(ctx))


MODULE = ModuleDef(
    argument_spec=dict(
        database_id=dict(type="str", aliases=["db_id"]),  # required: given_id() (null under --check, see its doc)
        state=dict(type="str", default="generated", choices=["generated", "revoked"]),
        authorization=dict(type="str", choices=["full_access", "read_only"]),
        expires_at=dict(type="str"),
        expires_in=dict(type="str"),
    ),
    run=run,
    mutually_exclusive=[["expires_at", "expires_in"]],
    required_if=[["state", "generated", ["authorization"]]],
    returned_secret="token",
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
