# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # Connection options of the database modules.
    DOCUMENTATION = r"""
options:
  database_url:
    description:
      - The database URL as the platform shows it, for example V(libsql://my-db.lite.bunnydb.net).
      - C(libsql://) is rewritten to C(https://); C(https://) is used as given, and C(http://) is accepted
        for the local emulator. A trailing C(/) is ignored; the module posts to C(<database_url>/v2/pipeline).
      - A C(?authToken=...) query parameter is accepted. The token is moved into the C(Authorization)
        header and never sent or shown in a URL. Other query parameters are refused.
      - Prefer O(auth_token) all the same. Ansible logs a module's arguments to the syslog of the host that runs it
        before the module starts, and only O(auth_token) is masked there.
      - Falls back to the E(SERVICE_DATABASE_URL) environment variable, then E(BUNNY_DATABASE_URL) (what the platform's
        CLI and Edge Scripting set). A token in either is masked from the start.
      - Required; a missing URL fails naming this option and both environment variables, an empty
        E(SERVICE_DATABASE_URL) or E(BUNNY_DATABASE_URL) (an AWX credential field left empty) naming that variable.
    type: str
  auth_token:
    description:
      - The database access token, sent in the C(Authorization) header as C(Bearer <token>).
      - Full-access tokens read and write; read-only tokens only read.
      - Generating a new token leaves older ones valid. Invalidating the tokens of a database
        (O(edge.platform.database_token#module:state=revoked), or the bunny CLI) ends every token of that database,
        and regenerating tokens in the dashboard may end the tokens of every database; a token that ended, or whose
        expiry passed, fails with HTTP 401.
      - Falls back to the E(SERVICE_DATABASE_AUTH_TOKEN) environment variable, then E(BUNNY_DATABASE_AUTH_TOKEN).
        Never logged, returned or shown in errors, and sent to the origin of O(database_url) only.
      - An empty value, or one with spaces, control characters or characters outside ASCII, is refused before any
        request; so is a value that is not a string (a list, a number), without showing it. An empty
        E(SERVICE_DATABASE_AUTH_TOKEN) or E(BUNNY_DATABASE_AUTH_TOKEN) is refused naming the variable.
      - Required, unless O(database_url) carries the token as C(?authToken=); a missing token fails naming this option
        and both environment variables.
    type: str
"""
