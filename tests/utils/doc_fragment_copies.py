"""Copy the shared documentation text of plugins/doc_fragments/ into the modules that use it (stdlib only).

A module's return values are documented in its RETURN block, and ansible-core merges RETURN text from a doc fragment
only from 2.21 on (``extends_documentation_fragment`` inside RETURN); the oldest ansible-core this collection
supports (meta/runtime.yml) does not. Suboptions are never merged from a fragment (only top-level options are). So
the text shared by several modules (the ``api_error`` block, the readable shape a module and its ``_info`` twin
return, the condition options of both kinds of shield rule) is written once, as an attribute of a
``ModuleDocFragment`` class in plugins/doc_fragments/, and this script copies it into every module that marks the
place, in RETURN or DOCUMENTATION::

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
- ``# root: <path>``: the fragment writes ``RV(@.x)`` (or ``O(@.x)``) for a value (an option) of the shape it
  documents; the copy reads ``RV(<path>.x)`` (``waf_rule`` in a module, ``waf_rules[]`` in its ``_info`` twin). A
  fragment may mark the place of another inside its own text (the condition of a shield rule inside a WAF rule):
  ``# root: @.<key>`` there leaves the copy's ``RV(@.<key>.x)`` for the outer root to complete (``# root: @`` at the
  same level);
- ``# module: <name>``: the fragment writes ``M(@)`` for a module that differs by copy (the ``_info`` twin).

``python tests/utils/doc_fragment_copies.py`` rewrites the modules; ``--check`` lists those whose copy is stale
(exit 1).
tests/unit/test_doc_fragments_copies.py fails when a module's copy is not what its fragment generates.
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
SETTING = re.compile(r"^ *# (?P<kind>sample|root|module)(?: (?P<key>\w+))?: (?P<value>.*)$")

# What a fragment writes where each copy differs, and the setting that fills it in.
PLACEHOLDERS = (("root", ("RV(@.", "O(@.")), ("module", ("M(@)",)))


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
    """The fragment's ``text`` with the samples, root and module of ``settings`` (``[(kind, key, value)]``).

    Markers inside a fragment are filled first: a fragment may hold another, whose placeholders the outer settings
    complete (``# root: @.x`` there keeps ``RV(@.`` for the outer root).
    """
    lines = generated(text.strip("\n"), texts, nested=True).split("\n")
    for kind, key, value in settings:
        if kind == "root":
            lines = [line.replace("RV(@.", "RV(%s." % value).replace("O(@.", "O(%s." % value) for line in lines]
        elif kind == "module":
            lines = [line.replace("M(@)", "M(%s)" % value) for line in lines]
        else:
            index = sample_line(lines, key, name)
            lines[index] = lines[index].split("sample:")[0] + "sample: " + value
    return lines


def sample_line(lines, key, name):
    """The index of the ``sample:`` line of return value ``key`` (the first ``key:`` line and the next sample)."""
    owner = next((i for i, line in enumerate(lines) if line.strip() == key + ":"), len(lines))
    sample = next((i for i in range(owner + 1, len(lines)) if lines[i].lstrip().startswith("sample:")), None)
    if sample is None:
        raise FragmentError("%s has no sample of %s" % (name, key))
    return sample


def generated(source, texts, nested=False):
    """``source`` (a module's text) with every marked region rewritten from its fragment.

    A placeholder left in a module's copy (not ``nested`` in another fragment) is an error: a setting is missing.
    """
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
            settings.append((setting.group("kind"), setting.group("key"), setting.group("value")))
            out.append(lines[index])
            index += 1
        end = indent + "# END " + name
        if end not in lines[index:]:
            raise FragmentError("%s: no '%s' line" % (name, end.strip()))
        index = lines.index(end, index)
        copy = adjusted(texts[name], settings, name, texts)
        for kind, placeholders in PLACEHOLDERS:
            if not nested and any(placeholder in line for line in copy for placeholder in placeholders):
                raise FragmentError("%s needs a %s (# %s: ...)" % (name, kind, kind))
        out.extend((indent + line).rstrip() for line in copy)
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
