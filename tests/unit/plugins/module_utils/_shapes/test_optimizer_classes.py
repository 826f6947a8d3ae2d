# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The optimizer class shapes: properties sent as text, read back only from the text each option sends (any other
text kept under other_properties), written over the class as held, and compared as the platform holds them."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import optimizer_classes as shapes

ALL = dict(
    width=320,
    height=200,
    aspect_ratio="16:9",
    quality=0,
    sharpen=False,
    blur=100,
    crop="300,200",
    crop_gravity="northeast",
    flip=True,
    flop=False,
    brightness=-100,
    saturation=100,
    hue=50,
    contrast=-1,
    auto_optimize="high",
    sepia=7,
)


def test_every_option_is_sent_as_text_and_read_back_as_given():
    body = shapes.class_body(None, "c", shapes.wanted_values(ALL))
    assert all(isinstance(value, str) for value in body["Properties"].values())
    assert body["Properties"]["quality"] == "0" and body["Properties"]["sharpen"] == "false"
    assert shapes.shape_class(body) == dict(ALL, name="c", other_properties={})


@pytest.mark.parametrize(
    "key, text",
    [
        ("quality", "075"),
        ("quality", "101"),
        ("quality", " 7"),
        ("width", "-0"),
        ("width", "²"),
        ("sharpen", "True"),
        ("crop_gravity", '"center"'),
        ("auto_optimize", "max"),
    ],
)
def test_text_an_option_cannot_read_is_kept_under_other_properties_with_a_warning(key, text):
    model = {"Name": "c", "Properties": {key: text, "format": "webp"}}
    unknown = []
    view = shapes.shape_class(model, unknown)
    assert view[key] is None and view["other_properties"] == {key: text, "format": "webp"}
    assert len(unknown) == 1 and key in unknown[0]
    assert shapes.class_body(model, "c", shapes.wanted_values(view)) == model  # given back: the same class


def test_a_write_keeps_what_it_does_not_give():
    model = {"Name": "c", "Properties": {"width": "1", "format": "webp", "x": "y"}, "Extra": 1}
    wanted = shapes.wanted_values({"quality": 9, "other_properties": {"x": None, "dpr": 2, "lossless": True}})
    body = shapes.class_body(model, "c", wanted)
    assert body == {
        "Name": "c",
        "Extra": 1,
        "Properties": {"width": "1", "format": "webp", "quality": "9", "dpr": "2", "lossless": "true"},
    }
    assert shapes.compared(body) != shapes.compared(model) and shapes.compared(None) is None


@pytest.mark.parametrize(
    "params, words",
    [
        ({"crop_gravity": "middle"}, "crop_gravity must be one of"),
        ({"width": 1, "other_properties": {"width": "2"}}, "other_properties gives width"),
        ({"other_properties": {"format": {"a": 1}}}, "other_properties.format must be text"),
    ],
)
def test_bad_input_names_the_option(params, words):
    with pytest.raises(InputError, match=words):
        shapes.wanted_values(params)


def test_ranges_and_choices_are_declared():
    assert shapes.BOUNDS == {
        "width": (0, 2**31 - 1),
        "height": (0, 2**31 - 1),
        "quality": (0, 100),
        "blur": (0, 100),
        "brightness": (-100, 100),
        "saturation": (-100, 100),
        "hue": (0, 100),
        "contrast": (-100, 100),
        "sepia": (0, 100),
    }
    spec = shapes.argument_spec()
    assert spec["auto_optimize"]["choices"] == ["low", "medium", "high"]
    assert spec["other_properties"] == {"type": "dict"} and spec["sharpen"]["type"] == "bool"
