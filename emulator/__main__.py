"""Entry point: ``python emulator --port 0 --fixtures FILE [--data-dir DIR] [--url-file FILE] [--pid-file FILE]``."""

import os
import sys

# Running a directory puts the directory itself first on sys.path; replace it with its parent so the
# package imports as ``emulator`` and none of its module names can shadow the standard library.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
sys.path.insert(0, os.path.dirname(HERE))

from emulator.server import main  # noqa: E402  pylint: disable=wrong-import-position

sys.exit(main())
