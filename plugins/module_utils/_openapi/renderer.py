# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The platform's YAML renderings of schemas: read them back as data, and render derived schemas alike."""

from __future__ import annotations

from .loader import DocumentError, _compose_yaml, yaml


def parse_rendered(text):
    """The data of a schema the platform rendered as YAML; the text itself when it is not YAML
    (so it compares unequal to any derived schema rather than failing the task)."""
    if text is None:
        return None
    try:
        data = _compose_yaml(text)[0]
    except DocumentError:
        return text
    return data


def render(data):
    """A schema as YAML for display (key order kept, no anchors)."""
    if data is None:
        return None
    return yaml.dump(data, Dumper=_yaml_dumper(), sort_keys=False, default_flow_style=False, allow_unicode=True)


def _yaml_dumper():
    global _DUMPER
    if _DUMPER is None:

        class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # pylint: disable=too-many-ancestors
            def ignore_aliases(self, data):
                return True

        _DUMPER = Dumper
    return _DUMPER


_DUMPER = None
