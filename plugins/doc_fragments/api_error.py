# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The api_error return value every module that talks to the platform returns on failure (the engine's one funnel:
    # plugins/module_utils/_engine/context.py). ansible-core merges RETURN fragments only from 2.21 on, so each module
    # carries a copy between "# BEGIN edge.platform.api_error" and "# END ..." lines, with samples of its own; edit
    # the text here and run tests/utils/doc_fragment_copies.py (tests/unit/test_doc_fragments_copies.py checks the
    # copies).
    RETURN = r"""
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
"""

    # The database API's errors: a status and an error text, no key and no field.
    DATABASE = r"""
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
      sample: null
"""
