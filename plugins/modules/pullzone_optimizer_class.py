#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_optimizer_class
short_description: Manage one image class of a pull zone's optimizer
version_added: 1.3.0
description:
  - Creates, updates or deletes one optimizer class of a pull zone, a named set of image settings (size, quality,
    crop, filters) that a URL asks for with C(?class=<name>).
  - The class is found within its pull zone by its exact O(name). When the zone holds several classes of that name,
    the task fails and changes nothing.
  - B(Only the properties given change); every other property of the class is kept as the platform holds it, those
    this collection has no option for too. O(other_properties) sets any property by its key, and removes one given
    as null.
  - Values are sent as text (V("75"), V("true")), as the platform stores them, and compared as it holds them.
  - Classes have no endpoint of their own. A write reads the pull zone and sends only its whole list of classes
    (C(OptimizerClasses)), this class changed and every other class as read, as the platform's Terraform provider
    does. Writes to one pull zone's classes and edge rules are serialised on this machine; tasks on other machines
    need the task keyword C(throttle) set to 1.
  - A write whose answer is lost is settled by reading the pull zone again; it is never sent twice. When the platform
    answers holding the class otherwise than sent, a warning says so.
  - The classes apply when the pull zone's optimizer is enabled (M(edge.platform.pullzone)); this module does not
    enable it.
options:
  name:
    description: The class's name, which identifies it within its pull zone and is used in URLs (C(?class=<name>)).
    type: str
    required: true
  state:
    description: Whether the class should exist.
    type: str
    choices: [present, absent]
    default: present
  width:
    description: Width in pixels, from 0 to 2147483647 (the C(width) property).
    type: int
  height:
    description: Height in pixels, from 0 to 2147483647 (the C(height) property).
    type: int
  aspect_ratio:
    description: Aspect ratio to crop to, for example V(16:9) (the C(aspect_ratio) property).
    type: str
  quality:
    description: Compression quality, from 0 to 100 (the C(quality) property).
    type: int
  sharpen:
    description: Whether to sharpen the image (the C(sharpen) property).
    type: bool
  blur:
    description: Blur, from 0 to 100 (the C(blur) property).
    type: int
  crop:
    description: The part of the image to keep, as the optimizer takes it, for example V(300,200) (the C(crop) property).
    type: str
  crop_gravity:
    description: Where a crop is anchored (the C(crop_gravity) property).
    type: str
    choices: [center, forget, east, north, south, west, northeast, northwest, southeast, southwest]
  flip:
    description: Whether to flip the image vertically (the C(flip) property).
    type: bool
  flop:
    description: Whether to flip the image horizontally (the C(flop) property).
    type: bool
  brightness:
    description: Brightness change, from -100 to 100 (the C(brightness) property).
    type: int
  saturation:
    description: Saturation change, from -100 to 100 (the C(saturation) property).
    type: int
  hue:
    description: Hue change, from 0 to 100 (the C(hue) property).
    type: int
  contrast:
    description: Contrast change, from -100 to 100 (the C(contrast) property).
    type: int
  auto_optimize:
    description: Automatic optimisation level (the C(auto_optimize) property).
    type: str
    choices: [low, medium, high]
  sepia:
    description: Sepia, from 0 to 100 (the C(sepia) property).
    type: int
  other_properties:
    description:
      - Properties by their key, each set to the text given (a number or a boolean is sent as its text), for the
        platform's keys this collection has no option for, or a value an option cannot express; a key given as null
        is removed from the class.
      - A key must not also be given as its option (O(quality) and C(other_properties.quality)).
      - Keys not given here are kept as they are.
    type: dict
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Reads the pull zone, sends no write and predicts the class exactly.
  diff_mode:
    support: full
    details:
      - The diff shows the class before and after in the form of RV(optimizer_class).
seealso:
  - module: edge.platform.pullzone_optimizer_class_info
    description: Read the optimizer classes of a pull zone in the form this module takes.
  - module: edge.platform.pullzone
    description: Enable the pull zone's optimizer (O(edge.platform.pullzone#module:optimizer.enabled)).
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Thumbnails, 320 pixels wide, square, medium quality
      edge.platform.pullzone_optimizer_class:
        pullzone_name: demo
        name: thumbnail
        width: 320
        aspect_ratio: "1:1"
        crop_gravity: center
        quality: 75

    - name: A grey banner, with a property this collection has no option for
      edge.platform.pullzone_optimizer_class:
        pullzone_id: 2001
        name: banner
        width: 1200
        saturation: -100
        sharpen: true
        other_properties:
          format: webp

    - name: Sharpen the thumbnails too, leaving their other properties as they are
      edge.platform.pullzone_optimizer_class:
        pullzone_id: 2001
        name: thumbnail
        sharpen: true

    - name: Stop cropping the banner (remove its aspect_ratio property)
      edge.platform.pullzone_optimizer_class:
        pullzone_id: 2001
        name: banner
        other_properties:
          aspect_ratio: null

    - name: Delete a class
      edge.platform.pullzone_optimizer_class:
        pullzone_id: 2001
        name: retired
        state: absent
"""

RETURN = r"""
pull_zone:
  description:
    - The pull zone of the class.
    - In check mode, when the pull zone named by O(pullzone_name) does not exist yet (an earlier task of the run only
      predicted creating it), its C(id) is null and a warning says so.
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
optimizer_class:
  description:
    - The class as the platform holds it after the task (as predicted in check mode); null after O(state=absent).
    - In the form this module takes, so it can be given back unchanged.
  returned: success
  type: dict
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
from ansible_collections.edge.platform.plugins.module_utils._cores.optimizer_classes import (
    find,
    settle,
    standin,
    wanted_class,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.zone_lock import one_writer
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.optimizer_classes import (
    BOUNDS,
    argument_spec,
    class_body,
    shape_class,
)


def run(ctx):
    name, wanted = ctx.params["name"], wanted_class(ctx.params)  # bad input fails here, before any request
    gone = {"pull_zone": None, "optimizer_class": None}
    found = PULL_ZONE.resolve_in_plan(ctx, lambda: standin(ctx, wanted), gone)
    # the whole list is read, changed and sent: inside the zone's writer lock (the edge rules' own)
    with one_writer(ctx, api.LOCK, found.id, "pull zone"):
        zone = api.read_zone(ctx.client, found.id, found.not_visible)
        current = find(found.id, zone, name)
        body = class_body(current, name, wanted) if wanted is not None else None
        after = settle(ctx, found.id, zone, current, body) if (current, body) != (None, None) else None
    return {"pull_zone": {"id": found.id, "name": zone.get("Name")}, "optimizer_class": ctx.shaped(shape_class, after)}


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        name=dict(type="str", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        **argument_spec(),
    ),
    run=run,
    bounds=BOUNDS,
    **PULL_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
