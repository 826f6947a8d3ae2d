# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of an optimizer class, as pullzone_optimizer_class returns it and
    # pullzone_optimizer_class_info lists it: the "contains" of their return value. Each module carries a copy between
    # "# BEGIN edge.platform.optimizer_classes.CLASS" and "# END ..." lines; edit the text here and run
    # tests/utils/doc_fragment_copies.py.
    CLASS = r"""
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
"""
