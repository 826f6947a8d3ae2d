"""Loading fixture files (the YAML contract of docs/guide.md, "Fixtures")."""

import yaml


class FixtureError(ValueError):
    """The fixture file cannot be used; the message says where and why."""


def load_fixture(path):
    """The fixture as a dict; an empty file is an empty platform."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
    except OSError as exc:
        raise FixtureError("cannot read fixture %s: %s" % (path, exc.strerror)) from exc
    except yaml.YAMLError as exc:
        raise FixtureError("fixture %s is not valid YAML: %s" % (path, exc)) from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise FixtureError("fixture %s must be a mapping at the top level" % path)
    return data


def records(fixture, key, required=("id",)):
    """The list under ``key``, each entry checked to be a mapping with the ``required`` keys."""
    items = fixture.get(key) or []
    if not isinstance(items, list):
        raise FixtureError("%s must be a list" % key)
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise FixtureError("%s[%d] must be a mapping" % (key, index))
        for name in required:
            if name not in item:
                raise FixtureError("%s[%d] needs %r" % (key, index, name))
    return items
