"""Generates Python clients from the published OpenAPI documents with openapi-python-client (pinned in
requirements.txt, configured by config.yml), through its Python API: ``generate(config=...)``, what its CLI's
``generate --meta none`` calls, without the CLI's own packages (typer, rich). Runs in the generator's venv;
tests/unit/emulator/test_generated_client.py calls it once per change of the documents, the pins or this folder.

Usage: python generate.py <config.yml> <document> <output package directory> [<document> <output> ...]

One known defect of openapi-python-client 0.29.1 is mended after generation, and only where it shows
(docs/platform-notes.md, "Real clients against the emulator: generated SDKs and Hrana's Protobuf encoding"):
an operation whose required request body is listed in several media types (every shield write:
application/json, text/json, application/*+json) is annotated ``| Unset = UNSET`` without ``Unset`` being
imported, so the module cannot be imported at all (openapi-generators/openapi-python-client issue #1451).
The import is added to such modules.
"""

import re
import sys
from pathlib import Path

from openapi_python_client import generate
from openapi_python_client.config import Config, ConfigFile, MetaType

IMPORT = "from ...types import Response, UNSET\n"
USES_UNSET = re.compile(r"\|\s*Unset\b")


def mend(package):
    """Add the missing ``Unset`` import where a module uses it without importing it; how many were mended."""
    mended = 0
    for path in sorted(Path(package, "api").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if IMPORT in text and USES_UNSET.search(text):
            path.write_text(text.replace(IMPORT, IMPORT.replace("UNSET", "UNSET, Unset"), 1), encoding="utf-8")
            mended += 1
    return mended


def main(config_path, *pairs):
    config_file = ConfigFile.load_from_path(Path(config_path))
    for document, output in zip(pairs[::2], pairs[1::2]):
        config = Config.from_sources(config_file, MetaType.NONE, Path(document), "utf-8", True, Path(output))
        errors = generate(config=config)
        fatal = [error for error in errors if error.level.name == "ERROR"]
        if fatal or not Path(output, "client.py").is_file():
            sys.exit("generating %s failed: %s" % (document, "; ".join(str(e.header) for e in errors)))
        print("%s: %d warnings, %d modules mended (Unset import)" % (output, len(errors), mend(output)))


if __name__ == "__main__":
    main(*sys.argv[1:])
