# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The options naming the script of edge_script_variables and edge_script_secrets.
    DOCUMENTATION = r"""
options:
  script:
    description:
      - The script's exact name (case and all). One of O(script) and O(script_id) is required.
      - Under C(--check), a script an earlier M(edge.platform.edge_script) task of the run only predicted stands in
        (every listed variable or secret would be added), with a warning.
    type: str
  script_id:
    description: The script's id, instead of O(script).
    type: int
"""

    # The "contains" of their return value "script". Each module carries a copy between
    # "# BEGIN edge.platform.edge_script_env.SCRIPT" and "# END ..." lines; edit the text here and run
    # tests/utils/doc_fragment_copies.py.
    SCRIPT = r"""
id:
  description: The script's id; null for a script only predicted in check mode.
  type: int
  sample: 7001
name:
  description: The script's name.
  type: str
  sample: demo-script
type:
  description:
    - V(standalone), V(middleware) or V(dns); a number the collection cannot name is returned as the number.
    - Null for a script only predicted in check mode.
  type: raw
  sample: standalone
"""
