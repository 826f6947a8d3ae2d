"""Platform areas. Each module defines ``AREA``, a class built as ``AREA(fixture, platform)`` with
``name``, ``register(router)`` and ``dump()``; the server discovers them, so adding an area never
touches another file."""

import importlib
import pkgutil


def discover():
    """The AREA classes of every module in this package, in name order."""
    classes = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module("%s.%s" % (__name__, info.name))
        area = getattr(module, "AREA", None)
        if area is not None:
            classes.append(area)
    return classes
