"""The guide's table of contents lists every section, each link pointing at its heading (GitHub's anchors)."""

from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide.md"


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation but ``-`` and ``_`` dropped, spaces as ``-``."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_the_contents_list_every_section_in_order():
    text = GUIDE.read_text(encoding="utf-8")
    sections = [m.group(1) for m in re.finditer(r"^## (.+)$", text, re.MULTILINE)]
    contents = re.findall(r"^- \[(.+?)\]\(#([^)]+)\)$", text.split("\n## ", 1)[0], re.MULTILINE)
    assert [title for title, _link in contents] == sections
    assert [link for _title, link in contents] == [anchor(title) for title in sections]
