"""_shapes.fields: one Field type and one set of walkers for every resource table."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import fields as F

NAMES = {0: "off", 1: "on"}
TABLE = (
    F.Text("label", "Label"),
    F.Text("host", "Host", normal=str.lower),
    F.Bool("enabled", "Enabled"),
    F.Int("size", "Size", 0, 10),
    F.Enum("mode", "Mode", NAMES, aliases={"disabled": "off"}),
    F.Enum("scheme", "Scheme", ("http", "https")),
    F.Strings("codes", "Codes", entry=lambda text: None if len(text) == 2 else "two letters", send=str.upper),
    F.Group("limits", "Limits", (F.Int("burst", "Burst"), F.Bool("strict", "Strict"))),
)


def test_the_walkers_turn_options_into_a_body_and_back():
    given = {"label": "a", "host": "A.example", "enabled": False, "size": 3, "mode": " Disabled ", "scheme": "https"}
    given.update(codes=["de", " DE", "fr"], limits={"burst": 5, "strict": None})
    wanted = F.wanted_values(TABLE, dict(given, ignored=1))
    assert wanted["mode"] == "off" and wanted["codes"] == ["DE", "FR"] and wanted["limits"] == {"burst": 5}
    body = F.request_members(TABLE, wanted)
    assert body == {
        "Label": "a",
        "Host": "A.example",
        "Enabled": False,
        "Size": 3,
        "Mode": 0,
        "Scheme": "https",
        "Codes": ["DE", "FR"],
        "Limits": {"Burst": 5},
    }
    shown = F.readable(TABLE, body)
    assert shown["mode"] == "off" and shown["limits"] == {"burst": 5, "strict": None}
    assert F.differing(TABLE, dict(body, Host="a.EXAMPLE", Codes=["FR", "DE"]), wanted) == {}
    assert F.differing(TABLE, dict(body, Size=4), wanted) == {"size": 3}


def test_what_the_platform_sends_of_the_wrong_type_reads_as_none():
    shown = F.readable(TABLE, {"Label": 1, "Enabled": "yes", "Size": True, "Mode": "on", "Codes": "DE", "Limits": []})
    assert set(shown.values()) == {None}
    assert F.readable(TABLE, None) == dict.fromkeys(F.by_option(TABLE))


def test_enums_that_grow_are_kept_as_numbers_with_one_warning():
    unknown = []
    assert F.readable(TABLE, {"Mode": 7}, unknown)["mode"] == 7
    assert F.readable(TABLE, {"Mode": 7}, unknown)["mode"] == 7
    assert unknown == [
        "The platform answered mode = 7, a value this collection does not name (the platform may have "
        "added it since): it is returned as the number and left as it is."
    ]
    assert F.managed_view(TABLE, {"Mode": 7}, ["mode"]) == {"mode": 7}
    assert F.differing(TABLE, {"Mode": 7}, {"mode": "off"}) == {"mode": "off"}


@pytest.mark.parametrize(
    "given, message",
    [
        ({"mode": "loud"}, "mode must be one of off, on; got 'loud'."),
        ({"codes": ["de", " "]}, "codes[1] must be a non-empty text; got ' '."),
        ({"codes": ["deu"]}, "codes[0] must be two letters; got 'deu'."),
    ],
)
def test_bad_input_names_the_option(given, message):
    with pytest.raises(InputError) as raised:
        F.wanted_values(TABLE, given)
    assert str(raised.value) == message and raised.value.option == list(given)[0]


def test_the_argument_spec_and_the_bounds_come_from_the_table():
    spec = F.argument_spec(TABLE)
    assert list(spec) == [field.option for field in TABLE]
    assert spec["label"] == {"type": "str"} and spec["enabled"] == {"type": "bool"} and spec["size"] == {"type": "int"}
    assert spec["mode"] == {"type": "str", "choices": ["off", "disabled", "on"]}
    assert spec["scheme"] == {"type": "str", "choices": ["http", "https"]}
    assert spec["codes"] == {"type": "list", "elements": "str"}
    assert spec["limits"] == {"type": "dict", "options": {"burst": {"type": "int"}, "strict": {"type": "bool"}}}
    assert F.bounds(TABLE) == {"size": (0, 10)}


def test_a_field_may_read_its_value_elsewhere_in_the_model():
    table = (F.Int("port", "Port", read=lambda model: model.get("Url", {}).get("port")),)
    assert F.readable(table, {"Url": {"port": 8443}}) == {"port": 8443}
    assert F.request_members(table, {"port": 8443}) == {"Port": 8443}


def test_variations_are_parameters():
    words = F.Strings("words", "Words", entry=lambda t: "one word" if " " in t else None, blank="one word", note=" (!)")
    with pytest.raises(InputError, match=r"^words\[0\] must be one word \(!\); got ''\.$"):
        F.wanted_values((words,), {"words": [""]})
    textual = F.Enum("level", "Level", NAMES, number=lambda v: int(v) if str(v).isdigit() else None, warn_as="member")
    unknown = []
    assert F.readable((textual,), {"Level": "1"}) == {"level": "on"}
    assert F.readable((textual,), {"Level": "9"}, unknown) == {"level": 9} and "Level = 9" in unknown[0]
    url = F.Text("url", "Url", shown=lambda text: text.split("@")[-1], normal=str.lower)
    assert F.readable((url,), {"Url": "u:p@Host"}) == {"url": "Host"}
    assert F.managed_view((url,), {"Url": "u:p@Host"}, ["url"]) == {"url": "u:p@host"}  # held as the platform holds it


def test_a_float_takes_ints_and_fractions_in_its_range():
    field = F.Float("latitude", "Latitude", -180.0, 180.0)
    assert field.spec() == {"type": "float"} and F.bounds((field,)) == {"latitude": (-180.0, 180.0)}
    assert [field.readable(value) for value in (1, 2.5, True, "3")] == [1, 2.5, None, None]


def test_an_enum_that_takes_any_number_lists_its_names():
    spec = F.Enum("mode", "Mode", NAMES, any_number=True).spec()
    assert spec["choices"] == ["off", "on"] and "7" in spec["choices"] and "sideways" not in spec["choices"]
    assert F.Enum("mode", "Mode", NAMES, within=("A",)).within == ("A",)
