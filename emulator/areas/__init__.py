"""Platform areas. Each module defines ``AREA``, a class built as ``AREA(fixture, platform)`` with
``name``, ``register(router)`` and ``dump()``; the server discovers them, so adding an area never
touches another file.

A small area is one module. A large one is a package whose ``models.py`` holds the state and reads the
fixture (no HTTP) and whose ``responses.py`` holds the routes: its ``AREA`` is the state class with
the route handlers added, so the handlers call the models and the state stays one object per area."""

import importlib
import pkgutil


def discover():
    """The AREA classes of every module and package in this package, in name order."""
    classes = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module("%s.%s" % (__name__, info.name))
        area = getattr(module, "AREA", None)
        if area is not None:
            classes.append(area)
    return classes
