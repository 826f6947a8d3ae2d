# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Code cites only what the repository holds.

Platform facts live in docs/platform-notes.md, each with its public source; code comments cite that file by
section name. A comment citing a document outside the repository (research notes, a design document, an issue
number) points readers at something they cannot open, so these files must not.
"""

from __future__ import annotations

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKED = ("plugins", "emulator", "playbooks", "roles")
NOTES = os.path.join("docs", "platform-notes.md")

OUTSIDE = re.compile(
    r"platform-facts|lifecycle-facts|ansible-anchors|hrana\.md|shared/reference|DESIGN\s*(§|section|principle)"
    r"|\bissues? \d+\b|\bissue #?\d+ item",
    re.IGNORECASE,
)
# A public tracker's issue ("terraform-provider-bunnynet issue #64", "turso-cli#632") is a public source.
PUBLIC_ISSUE = re.compile(r"[\w.-]+/[\w.-]+ issues? #?\d+|[\w.-]+#\d+")
NOTES_CITATION = re.compile(r'docs/platform-notes\.md,?\s+"([^"]+)"')


def checked_files():
    for top in CHECKED:
        for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "output")]
            for name in names:
                if name.endswith((".py", ".yml", ".yaml", ".j2", ".md", ".cfg", ".txt")):
                    yield os.path.join(folder, name)


def outside_citations(text):
    """``(line number, line)`` of every line that cites a document outside the repository."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        cleaned = PUBLIC_ISSUE.sub("", line)
        if OUTSIDE.search(cleaned):
            found.append((number, line.strip()))
    return found


@pytest.mark.parametrize(
    "text, cites",
    [
        ("# a 202 confirms nothing (platform-facts section 3.2)", True),
        ("# see platform-facts §3.3", True),
        ('"""The YAML contract of DESIGN §6."""', True),
        ("# never replayed (issue 9 item 2)", True),
        ("# found in issue 12", True),
        ("# (``../shared/reference/openapi/shield-api-v1.0.0.json``)", True),
        ("# sqld (``hrana.md`` §6.2)", True),
        ('# (docs/platform-notes.md, "Shield writes answered with HTTP 202")', False),
        ("# (BunnyWay/terraform-provider-bunnynet issue #64, commit 88c6567)", False),
        ("# the same text seen in turso-cli#632", False),
    ],
)
def test_the_check_tells_outside_citations_from_public_sources(text, cites):
    assert bool(outside_citations(text)) is cites


def test_code_cites_no_document_outside_the_repository():
    offenders = []
    for path in checked_files():
        with open(path, encoding="utf-8", errors="replace") as stream:
            for number, line in outside_citations(stream.read()):
                offenders.append("%s:%d: %s" % (os.path.relpath(path, ROOT), number, line))
    assert offenders == [], "cite docs/platform-notes.md (section name) instead:\n  " + "\n  ".join(offenders)


def test_every_cited_section_of_the_platform_notes_exists():
    with open(os.path.join(ROOT, NOTES), encoding="utf-8") as stream:
        sections = {line[3:].strip() for line in stream if line.startswith("## ")}
    missing = []
    for path in checked_files():
        with open(path, encoding="utf-8", errors="replace") as stream:
            text = " ".join(stream.read().split())  # citations may wrap across comment lines
        text = re.sub(r"\s*#\s*", " ", text)
        for section in NOTES_CITATION.findall(text):
            if section not in sections:
                missing.append("%s cites %r" % (os.path.relpath(path, ROOT), section))
    assert missing == []
