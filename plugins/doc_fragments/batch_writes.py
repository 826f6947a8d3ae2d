# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The "writes" return value of a task whose writes go through plugins/module_utils/_engine/batch.py
    # (apply_phases): dns_records, storage_files, edge_script_variables, edge_script_secrets. ansible-core merges RETURN
    # fragments only from 2.21 on, so each module carries a copy between "# BEGIN edge.platform.batch_writes" and
    # "# END ..." lines, "# sample landed: [...]" giving its own labels; edit the text here and run
    # tests/utils/doc_fragment_copies.py.
    RETURN = r"""
writes:
  description:
    - When a write failed, what became of each planned write, by its label (as the message names it).
  returned: failure after a write
  type: dict
  contains:
    landed:
      description: The writes that landed (answered as done, or shown done by the state read back).
      type: list
      elements: str
      sample: []
    failed:
      description:
        - The writes the platform refused, or whose answer was lost or is no proof and the state read back does not
          show them (never sent again).
      type: list
      elements: str
    unknown:
      description:
        - The writes whose answer was lost and which the state read back could not settle (the read failed, or it
          cannot show the write, as a secret's value is never returned).
      type: list
      elements: str
    not_sent:
      description: The writes not sent because of the failure.
      type: list
      elements: str
"""
