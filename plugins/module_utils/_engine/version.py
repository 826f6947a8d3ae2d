# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The collection version, reported in the User-Agent.

galaxy.yml is the source of truth; tests/unit/plugins/module_utils/_engine/test_version.py fails when
this copy and galaxy.yml disagree, so a release cannot ship a stale user agent.
"""

from __future__ import annotations

COLLECTION_VERSION = "1.2.0"
