# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # Generic descriptions; each module states its own support level.
    DOCUMENTATION = r"""
options: {}
attributes:
  check_mode:
    description: Can run in check mode and return changed status prediction without modifying target.
  diff_mode:
    description: Will return details on what has changed (or possibly needs changing in check mode), when in diff mode.
"""

    # Management API modules: api_key/base_url go to group/edge.platform.management.
    ACTION_GROUP = r"""
options: {}
attributes:
  action_group:
    description:
      - Use C(group/edge.platform.management) in C(module_defaults) to set the management API options
        (O(api_key), O(base_url)) once; C(group/edge.platform.all) reaches every module of the collection and
        suits the options they share (C(validate_certs), C(timeout), C(retries)).
    support: full
    membership:
      - edge.platform.all
      - edge.platform.management
"""

    # Database modules: database_url/auth_token go to group/edge.platform.database.
    ACTION_GROUP_DATABASE = r"""
options: {}
attributes:
  action_group:
    description:
      - Use C(group/edge.platform.database) in C(module_defaults) to set the database options
        (O(database_url), O(auth_token)) once; C(group/edge.platform.all) reaches every module of the collection
        and suits the options they share (C(validate_certs), C(timeout), C(retries)).
    support: full
    membership:
      - edge.platform.all
      - edge.platform.database
"""

    INFO_MODULE = r"""
options: {}
attributes:
  check_mode:
    support: full
    details:
      - This action does not modify state.
  diff_mode:
    support: N/A
    details:
      - This action does not modify state.
"""
