"""Stand-in for ansible-test's get-pip bootstrap script, for machines that cannot reach its download host.

ansible-test creates each sanity venv with ``--without-pip`` and runs ``~/.ansible/test/cache/get_pip_<ver>.py``
in it as ``__main__`` with pip arguments such as ``--disable-pip-version-check pip==24.2 --no-setuptools
--no-wheel``. tests/utils/run_suite.py copies this file there (under a redirected HOME). It installs the
requested pins with the base interpreter's pip (``--python``), else bootstraps pip from the interpreter's
bundled wheel, instead of downloading a bootstrap script.
"""

from __future__ import annotations

import os
import subprocess
import sys


def main(argv):
    # get-pip.py's own switches; plain pip install does not know them.
    args = [a for a in argv if a not in ("--no-setuptools", "--no-wheel")]
    # The base interpreter's pip (22.3 or later) installs into this venv directly (``pip --python``): no ensurepip
    # first, which installs setuptools and a pip only to replace it (about 4 s of CPU for each sanity venv).
    base = os.path.join(sys.base_prefix, "bin", "python%d.%d" % sys.version_info[:2])
    if os.access(base, os.X_OK):
        command = [base, "-m", "pip", "--python", sys.executable, "install", "--disable-pip-version-check"]
        if subprocess.call(command + args) == 0:
            return 0
        print("get-pip stand-in: the base interpreter's pip could not install into the venv; using ensurepip")
    # A subprocess, not ensurepip in-process: ensurepip sets PIP_CONFIG_FILE=/dev/null in its own
    # environment, which would hide /etc/pip.conf (CA bundle, index) from the install that follows.
    subprocess.check_call([sys.executable, "-m", "ensurepip", "--upgrade"])
    return subprocess.call([sys.executable, "-m", "pip", "install"] + args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
