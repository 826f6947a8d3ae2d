#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_optimizer_class_info
short_description: Read the optimizer classes of a pull zone
version_added: 1.3.0
description:
  - Reads the optimizer classes of one pull zone, in the order the platform holds them; O(name) keeps only the class
    of that name. The classes come with the pull zone, so this is one request (two when the zone is chosen by name).
  - Returns each class in the form M(edge.platform.pullzone_optimizer_class) takes, so a class given back to it is no
    change. Properties no option reads are returned as they are under C(other_properties), and kept as they are when
    given back.
options:
  name:
    description: Return only the class with exactly this name (none when the zone has no such class).
    type: str
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.pullzone_optimizer_class
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Keep a thumbnail class in pull zone demo
  edge.platform.pullzone_optimizer_class:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_name: demo
    name: thumbnail
    width: 320
    quality: 75

- name: Read the optimizer classes of pull zone demo
  edge.platform.pullzone_optimizer_class_info:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_name: demo
  register: demo_classes

- name: Copy every class of demo to pull zone 2002, as they are
  edge.platform.pullzone_optimizer_class:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_id: 2002
    name: "{{ item.name }}"
    width: "{{ item.width }}"
    height: "{{ item.height }}"
    aspect_ratio: "{{ item.aspect_ratio }}"
    quality: "{{ item.quality }}"
    sharpen: "{{ item.sharpen }}"
    blur: "{{ item.blur }}"
    crop: "{{ item.crop }}"
    crop_gravity: "{{ item.crop_gravity }}"
    flip: "{{ item.flip }}"
    flop: "{{ item.flop }}"
    brightness: "{{ item.brightness }}"
    saturation: "{{ item.saturation }}"
    hue: "{{ item.hue }}"
    contrast: "{{ item.contrast }}"
    auto_optimize: "{{ item.auto_optimize }}"
    sepia: "{{ item.sepia }}"
    other_properties: "{{ item.other_properties }}"
  loop: "{{ demo_classes.optimizer_classes }}"
  loop_control:
    label: "{{ item.name }}"
"""

RETURN = r"""
pull_zone:
  description: The pull zone read.
  returned: success
  type: dict
  contains:
    id:
      description: Pull zone id.
      type: int
      sample: 2001
    name:
      description: Pull zone name.
      type: str
      sample: demo
optimizer_classes:
  description: The classes of the pull zone (the one named O(name), when given), in the order the platform holds them.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.optimizer_classes.CLASS
    name:
      description: The class's name, by which M(edge.platform.pullzone_optimizer_class) finds it (C(?class=) in a URL).
      type: str
      sample: thumbnail
    width:
      description: The C(width) property in pixels; null when the class does not set it (or sets text this option cannot read).
      type: int
      sample: 320
    height:
      description: The C(height) property in pixels; null when not set.
      type: int
      sample: null
    aspect_ratio:
      description: The C(aspect_ratio) property, for example V(16:9); null when not set.
      type: str
      sample: "16:9"
    quality:
      description: The C(quality) property, 0 to 100; null when not set.
      type: int
      sample: 75
    sharpen:
      description: The C(sharpen) property; null when not set.
      type: bool
      sample: true
    blur:
      description: The C(blur) property, 0 to 100; null when not set.
      type: int
      sample: null
    crop:
      description: The C(crop) property; null when not set.
      type: str
      sample: null
    crop_gravity:
      description: The C(crop_gravity) property; null when not set.
      type: str
      sample: center
    flip:
      description: The C(flip) property; null when not set.
      type: bool
      sample: null
    flop:
      description: The C(flop) property; null when not set.
      type: bool
      sample: null
    brightness:
      description: The C(brightness) property, -100 to 100; null when not set.
      type: int
      sample: null
    saturation:
      description: The C(saturation) property, -100 to 100; null when not set.
      type: int
      sample: null
    hue:
      description: The C(hue) property, 0 to 100; null when not set.
      type: int
      sample: null
    contrast:
      description: The C(contrast) property, -100 to 100; null when not set.
      type: int
      sample: null
    auto_optimize:
      description: The C(auto_optimize) property, V(low), V(medium) or V(high); null when not set.
      type: str
      sample: medium
    sepia:
      description: The C(sepia) property, 0 to 100; null when not set.
      type: int
      sample: null
    other_properties:
      description:
        - Every other property of the class, by its key, as the platform holds it (text), for keys this collection has no
          option for and the text of a known key its option cannot read (for example V(075) for C(quality)), with a
          warning.
        - Given back to M(edge.platform.pullzone_optimizer_class), they are kept as they are.
      type: dict
      sample: {"format": "webp"}
    # END edge.platform.optimizer_classes.CLASS
# BEGIN edge.platform.api_error
# sample error_key: pullzone.not_found
# sample message: The requested Pull Zone was not found
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
      sample: pullzone.not_found
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The requested Pull Zone was not found
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api import optimizer_classes as api
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.optimizer_classes import shape_class


def run(ctx):
    found = PULL_ZONE.resolve(ctx)
    # the classes come with the pull zone: a zone found by name already carries them
    zone = found.model if api.has_classes(found.model) else api.read_zone(ctx.client, found.id, found.not_visible)
    name = ctx.params["name"]
    classes = api.classes_of(zone) if name is None else api.named(zone, name)
    return {
        "pull_zone": {"id": found.id, "name": zone.get("Name")},
        "optimizer_classes": [ctx.shaped(shape_class, entry) for entry in classes],
    }


MODULE = ModuleDef(
    argument_spec=dict(PULL_ZONE.argument_spec(), name=dict(type="str")),
    run=run,
    **PULL_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
