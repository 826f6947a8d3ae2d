"""Write the shared RETURN text of plugins/doc_fragments/ into the modules' RETURN blocks (stdlib only).

A module's return values are documented in its RETURN block, and ansible-core merges RETURN text from a doc fragment
only from 2.21 on (``extends_documentation_fragment`` inside RETURN); the oldest ansible-core this collection
supports (meta/runtime.yml) does not. So the text shared by several modules (the ``api_error`` block, the readable
shape a module and its ``_info`` twin return) is written once, as an attribute of a ``ModuleDocFragment`` class in
plugins/doc_fragments/, and this script copies it into every module that marks the place::

    # BEGIN edge.platform.api_error
    # sample status: 404
    api_error:
      ...
    # END edge.platform.api_error

The BEGIN line names the fragment as ``extends_documentation_fragment`` would (``edge.platform.<file>`` for its
``RETURN``, ``edge.platform.<file>.<ATTRIBUTE>`` for another attribute); the text between the markers is the
fragment's, indented as the BEGIN line is. Comment lines right after BEGIN adjust the copy:

- ``# sample <key>: <YAML value>``: the ``sample`` of return value ``<key>`` (the first ``<key>:`` line of the
  fragment and the first ``sample:`` line after it), so each module keeps an example of its own;
- ``# root: <path>``: the fragment writes ``RV(@.x)`` for a value of the shape it documents; the copy reads
  ``RV(<path>.x)`` (``waf_rule`` in a module, ``waf_rules[]`` in its ``_info`` twin). A fragment may mark the place
  of another inside its own text (the condition of a shield rule inside a WAF rule): ``# root: @.<key>`` there
  leaves the copy's ``RV(@.<key>.x)`` for the outer root to complete (``# root: @`` at the same level).

``python tests/utils/return_docs.py`` rewrites the modules; ``--check`` lists those whose copy is stale (exit 1).
tests/unit/test_return_fragments.py fails when a module's copy is not what its fragment generates.
"""

from __future__ import annotations

import ast
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRAGMENTS = os.path.join(REPO, "plugins", "doc_fragments")
MODULES = os.path.join(REPO, "plugins", "modules")
COLLECTION = "edge.platform."
BEGIN = re.compile(r"^(?P<indent> *)# BEGIN (?P<name>\S+)$")
SETTING = re.compile(r"^ *# (?:sample (?P<key>\w+)|(?P<root>root)): (?P<value>.*)$")


class FragmentError(Exception):
    """A marker names no fragment, or an adjustment does not apply."""


def fragment_texts(folder=FRAGMENTS):
    """``{"edge.platform.<file>[.<ATTRIBUTE>]": text}`` of every string attribute of every doc fragment class."""
    texts = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), name)
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "ModuleDocFragment":
                for item in node.body:
                    if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant):
                        attribute = item.targets[0].id
                        suffix = "" if attribute == "RETURN" else "." + attribute
                        texts[COLLECTION + name[:-3] + suffix] = item.value.value
    return texts


def adjusted(text, settings, name, texts):
    """The fragment's ``text`` with the samples and root of ``settings`` (``[(key or None, value)]``).

    Markers inside a fragment are filled first: a fragment may hold another (``# root: @.x`` keeps its ``RV(@.``
    for the outer root to complete).
    """
    lines = generated(text.strip("\n"), texts).split("\n")
    for key, value in settings:
        if key is None:
            lines = [line.replace("RV(@.", "RV(%s." % value) for line in lines]
            continue
        owner = next((i for i, line in enumerate(lines) if line.strip() == key + ":"), len(lines))
        sample = next((i for i in range(owner + 1, len(lines)) if lines[i].lstrip().startswith("sample:")), None)
        if sample is None:
            raise FragmentError("%s has no sample of %s" % (name, key))
        lines[sample] = lines[sample].split("sample:")[0] + "sample: " + value
    if not any(key is None and value.startswith("@") for key, value in settings) and any(
        "RV(@." in line for line in lines
    ):
        raise FragmentError("%s needs a root (# root: <path>)" % name)
    return lines


def generated(source, texts):
    """``source`` (a module's text) with every marked region rewritten from its fragment."""
    lines, out, index = source.split("\n"), [], 0
    while index < len(lines):
        begin = BEGIN.match(lines[index])
        out.append(lines[index])
        index += 1
        if begin is None:
            continue
        name, indent = begin.group("name"), begin.group("indent")
        if name not in texts:
            raise FragmentError("no doc fragment %s" % name)
        settings = []
        while index < len(lines) and SETTING.match(lines[index]):
            setting = SETTING.match(lines[index])
            settings.append((setting.group("key"), setting.group("value")))
            out.append(lines[index])
            index += 1
        end = indent + "# END " + name
        if end not in lines[index:]:
            raise FragmentError("%s: no '%s' line" % (name, end.strip()))
        index = lines.index(end, index)
        out.extend((indent + line).rstrip() for line in adjusted(texts[name], settings, name, texts))
        out.append(end)
        index += 1
    return "\n".join(out)


def module_paths(folder=MODULES):
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".py")]


def stale(write=False):
    """Module files whose marked regions are not what their fragments generate (rewritten with ``write``)."""
    texts, found = fragment_texts(), []
    for path in module_paths():
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        wanted = generated(source, texts)
        if wanted != source:
            found.append(os.path.relpath(path, REPO))
            if write:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(wanted)
    return found


def main(argv):
    check = argv[1:] == ["--check"]
    found = stale(write=not check)
    for path in found:
        print(("stale: %s" if check else "rewrote %s") % path)
    return 1 if check and found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
