"""Generate the docsite's guide page (docs/docsite/rst/guide.rst) from docs/guide.md, the one source.

Usage: ``.venv/bin/python tests/utils/guide_rst.py [--check]``: writes the page, or with ``--check`` exits 1 when
the committed page is not what docs/guide.md generates (the docs-lint stage runs the check). antsibull-docs
builds extra docs from reStructuredText only, so the Markdown guide that Galaxy and Automation Hub show is
converted: headings, paragraphs, lists, pipe tables, fenced code, inline code, emphasis and links, which is what
the guide uses; anything else fails the conversion rather than vanish from the docsite.

Needs markdown-it-py (in the development venv, brought by rich).
"""

from __future__ import annotations

import os
import re
import sys

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SOURCE = os.path.join(REPO, "docs", "guide.md")
TARGET = os.path.join(REPO, "docs", "docsite", "rst", "guide.rst")
LABEL = "ansible_collections.edge.platform.docsite.guide"
UNDERLINES = {1: "=", 2: "-", 3: "~", 4: "^"}
# Characters after which (and before which) inline markup may start (and end) without an escaped space.
OPEN_OK = " \t\n-:/'\"<([{"
CLOSE_OK = " \t\n-.,:;!?\\/'\")]}>"
HEADER = """..
  Generated from docs/guide.md by tests/utils/guide_rst.py: edit docs/guide.md, then run
  `.venv/bin/python tests/utils/guide_rst.py` (the docs-lint stage checks that this file is up to date).

"""


class Unsupported(ValueError):
    """Markdown the converter does not render; named so the guide or the converter can be fixed."""


def slug(text):
    """The anchor GitHub-style Markdown gives a heading (what the guide's own links use)."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def plain(node):
    """The text of an inline node tree, without markup."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type == "softbreak":
        return " "
    return "".join(plain(child) for child in node.children)


def escape(text):
    return re.sub(r"([\\*_`|])", r"\\\1", text)


def inline(nodes):
    """reStructuredText for a list of inline nodes, on one line."""
    pieces = []  # (text, is_markup)
    for node in nodes:
        if node.type == "text":
            pieces.append((escape(node.content), False))
        elif node.type == "softbreak":
            pieces.append((" ", False))
        elif node.type == "code_inline":
            pieces.append(("``%s``" % node.content, True))
        elif node.type in ("strong", "em"):
            children = node.children
            if len(children) == 1 and children[0].type == "code_inline":
                pieces.append(("``%s``" % children[0].content, True))  # reST cannot nest: keep the code
            else:
                mark = "**" if node.type == "strong" else "*"
                pieces.append(("%s%s%s" % (mark, escape(plain(node)), mark), True))
        elif node.type == "link":
            href, text = node.attrs.get("href", ""), plain(node)
            if href.startswith("#"):
                pieces.append((":ref:`%s <%s.%s>`" % (escape(text), LABEL, href[1:]), True))
            else:
                pieces.append(("`%s <%s>`__" % (escape(text), href), True))
        else:
            raise Unsupported("inline %s" % node.type)
    out = ""
    for index, (text, markup) in enumerate(pieces):
        if markup:
            if out and out[-1] not in OPEN_OK:
                out += "\\ "
            out += text
            following = pieces[index + 1][0] if index + 1 < len(pieces) else ""
            if following and following[0] not in CLOSE_OK:
                out += "\\ "
        else:
            out += text
    return out


def indent(text, prefix):
    return "\n".join(prefix + line if line else line for line in text.split("\n"))


def block(node):
    """reStructuredText for a block node (ends with a blank line)."""
    if node.type == "heading":
        level = int(node.tag[1])
        title = inline(node.children[0].children)
        label = "" if level == 1 else ".. _%s.%s:\n\n" % (LABEL, slug(plain(node)))
        return "%s%s\n%s\n\n" % (label, title, UNDERLINES[level] * len(title))
    if node.type == "paragraph":
        return inline(node.children[0].children) + "\n\n"
    if node.type == "fence":
        language = node.info.strip() or "text"
        return ".. code-block:: %s\n\n%s\n\n" % (language, indent(node.content.rstrip("\n"), "  "))
    if node.type in ("bullet_list", "ordered_list"):
        out = ""
        for number, item in enumerate(node.children, 1):
            marker = "- " if node.type == "bullet_list" else "%d. " % number
            body = "".join(block(child) for child in item.children).rstrip("\n")
            out += marker + indent(body, " " * len(marker))[len(marker) :] + "\n"
        return out + "\n"
    if node.type == "table":
        rows = []
        for section in node.children:  # thead, tbody
            rows += [
                [inline(cell.children[0].children) if cell.children else "" for cell in row.children]
                for row in section.children
            ]
        out = ".. list-table::\n  :header-rows: 1\n\n"
        for row in rows:
            out += "\n".join(("  * - " if column == 0 else "    - ") + cell for column, cell in enumerate(row)) + "\n"
        return out + "\n"
    raise Unsupported("block %s" % node.type)


def convert(markdown):
    tree = SyntaxTreeNode(MarkdownIt("commonmark").enable("table").parse(markdown))
    body = "".join(block(node) for node in tree.children)
    return HEADER + ".. _%s:\n\n" % LABEL + body.rstrip("\n") + "\n"


def main(argv):
    with open(SOURCE, encoding="utf-8") as stream:
        text = convert(stream.read())
    if "--check" in argv:
        current = open(TARGET, encoding="utf-8").read() if os.path.isfile(TARGET) else ""
        if current != text:
            sys.stderr.write(
                "docs/docsite/rst/guide.rst is not what docs/guide.md generates: run "
                "`.venv/bin/python tests/utils/guide_rst.py` and commit the result\n"
            )
            return 1
        print("docs/docsite/rst/guide.rst is generated from docs/guide.md")
        return 0
    with open(TARGET, "w", encoding="utf-8") as stream:
        stream.write(text)
    print("wrote %s" % os.path.relpath(TARGET, REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
