# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Run every module's EXAMPLES and every playbook under playbooks/ twice against the emulator, and judge them.

Usage: ``python run_examples.py COLLECTION_DIR SETTINGS WORK_DIR``

- Each module's EXAMPLES (read from plugins/modules/*.py with PyYAML) becomes one play on localhost, as
  written but for what the ``examples`` section of SETTINGS replaces: the platform's addresses, the vault
  variables and the user's files. It runs against a private emulator of its own loaded with the demo fixture
  (emulator/fixtures/demo.yml, which holds every id and name the examples use); the plays of several modules
  share one ansible-playbook run (run_examples says why).
- Each playbook (playbooks/*.yml, found by glob) runs against a private emulator loaded with the demo
  fixture, reset before each playbook, with the connection in the environment (EDGE_API_KEY,
  EDGE_BASE_URL, SERVICE_DATABASE_URL, SERVICE_DATABASE_AUTH_TOKEN) and in the extra variables
  edge_api_key, edge_base_url, database_url and database_token, plus its ``playbook_vars`` from SETTINGS.

Both runs must succeed with no task failed (ignored or not), skipped or unreachable, and no debug task may
print nothing (null, empty, or the word None). The second run must change nothing and every debug task must
print what it printed the first time, except tasks SETTINGS names, with the reason, under
``changes_every_run`` and ``prints_differently`` (for examples and playbooks alike); a handler SETTINGS names under
``only_after_a_change`` runs on the first run only.
Prints one line per example and playbook, then the problems; exits 1 when there is any.
"""

from __future__ import annotations

import ast
import concurrent.futures
import contextlib
import copy
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO_CONNECTION = {"api_key": "demo-api-key", "database": "demo", "database_token": "demo-full-token"}
NONE_WORD = re.compile(r"\bNone\b")
# at most this many modules' EXAMPLES share one ansible-playbook run (each with an emulator of its own: about 30 MB
# each); each run costs about 2 s of CPU before its first example, so the batches are as few as this allows (33
# modules: two; ten a batch made four, the last of three)
EXAMPLES_BATCH = 18


def string_literals(path, body=None):
    """``{name: text}`` of the string constants assigned at the top of ``body`` (default: the file's)."""
    if body is None:
        with open(path, encoding="utf-8") as stream:
            body = ast.parse(stream.read(), path).body
    found = {}
    for node in body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found[node.targets[0].id] = value.value
    return found


def fragment_options(collection, name):
    """The options a doc fragment ``edge.platform.FILE[.PART]`` adds (read from its source, like a module's)."""
    parts = name.split(".")
    if parts[:2] != ["edge", "platform"] or len(parts) not in (3, 4):
        return {}
    path = os.path.join(collection, "plugins", "doc_fragments", parts[2] + ".py")
    with open(path, encoding="utf-8") as stream:
        tree = ast.parse(stream.read(), path)
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "ModuleDocFragment"]
    literals = string_literals(path, classes[0].body) if classes else {}
    text = literals.get(parts[3].upper() if len(parts) == 4 else "DOCUMENTATION", "")
    return (yaml.safe_load(text) or {}).get("options") or {}


def module_sources(collection):
    """``(module name, DOCUMENTATION, EXAMPLES)`` of every module, from the literals in its source.

    The options of the module's own doc fragments are merged into DOCUMENTATION's, as ansible-doc shows them.
    """
    found = []
    for path in sorted(glob.glob(os.path.join(collection, "plugins", "modules", "*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        if name.startswith("_"):
            continue
        with open(path, encoding="utf-8") as stream:
            tree = ast.parse(stream.read(), path)
        literals = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if node.targets[0].id in ("DOCUMENTATION", "EXAMPLES"):
                    literals[node.targets[0].id] = ast.literal_eval(node.value)
        documentation = yaml.safe_load(literals.get("DOCUMENTATION", "")) or {}
        options = {}
        for fragment in documentation.get("extends_documentation_fragment") or []:
            options.update(fragment_options(collection, fragment))
        options.update(documentation.get("options") or {})
        documentation["options"] = options
        found.append((name, documentation, yaml.safe_load(literals.get("EXAMPLES", "")) or []))
    return found


def task_module(task):
    """The ``edge.platform.*`` module a task calls, or None."""
    return next((key for key in task if isinstance(key, str) and key.startswith("edge.platform.")), None)


def walk_tasks(tasks):
    """Every task of a task list, blocks included (depth first)."""
    for task in tasks:
        yield task
        for section in ("block", "rescue", "always"):
            if isinstance(task.get(section), list):
                yield from walk_tasks(task[section])


def replacement(option, value, stand_in):
    """What replaces ``value`` of ``option``: ``stand_in``, or its entry for ``value`` when it is a mapping."""
    if not isinstance(stand_in, dict):
        return stand_in
    if value not in stand_in:
        raise ValueError("examples.options.%s has no stand-in for %r, which an example gives" % (option, value))
    return stand_in[value]


def replace_options(value, options):
    """``value`` with every mapping key named in ``options`` given the option's stand-in."""
    if isinstance(value, dict):
        return {
            k: (replacement(k, v, options[k]) if k in options else replace_options(v, options))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [replace_options(v, options) for v in value]
    return value


def build_play(module, examples, settings, play_vars):
    """One play holding a module's EXAMPLES as written, but for the options and variables ``settings`` replaces.

    ``play_vars`` (the module's emulator_url and example_dir) are play variables, not extra variables, so each
    play of a batch talks to its own emulator. ``ignore_errors`` keeps a failing example from ending the batch:
    the failure is still recorded (and judged) as failed. An example that leaves ``base_url`` to its default (the
    platform) reads the stand-in of ``base_url`` from the play's environment (EDGE_BASE_URL, which the modules read
    before their default; a block's ``module_defaults`` would replace a play's): the demo key never leaves for the
    platform.
    """
    options = settings.get("options") or {}
    tasks = replace_options(copy.deepcopy(examples), options)
    play = {
        "name": "EXAMPLES of edge.platform.%s" % module,
        "hosts": "localhost",
        "connection": "local",
        "gather_facts": False,
        "ignore_errors": True,
        "vars": dict(settings.get("vars") or {}, **play_vars),
        "tasks": tasks,
    }
    if "base_url" in options:
        play["environment"] = {"EDGE_BASE_URL": options["base_url"]}
    if "storage_base_url" in options:  # the storage file modules' Edge Storage root, read alike (EDGE_STORAGE_BASE_URL)
        play.setdefault("environment", {})["EDGE_STORAGE_BASE_URL"] = options["storage_base_url"]
    return play


def make_certificates(directory, hostnames):
    for hostname in hostnames:
        target = os.path.join(directory, hostname)
        os.makedirs(target)
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:P-256",
                "-nodes",
                "-days",
                "90",
                "-subj",
                "/CN=%s" % hostname,
                "-addext",
                "subjectAltName=DNS:%s" % hostname,
                "-keyout",
                os.path.join(target, "privkey.pem"),
                "-out",
                os.path.join(target, "fullchain.pem"),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )


def run_playbook(playbook, cwd, record, extra_vars, env_extra):
    """Run ansible-playbook once; returns ``(exit status, output, recorded task results)``."""
    if os.path.exists(record):
        os.remove(record)
    env = dict(os.environ)
    env.update(env_extra)
    env.update(
        ANSIBLE_CALLBACK_PLUGINS=os.path.join(HERE, "callback_plugins"),
        ANSIBLE_CALLBACKS_ENABLED="example_record",
        EXAMPLE_RECORD_FILE=record,
        ANSIBLE_NOCOLOR="1",
        ANSIBLE_LOCALHOST_WARNING="false",
        ANSIBLE_INVENTORY_UNPARSED_WARNING="false",
        ANSIBLE_RETRY_FILES_ENABLED="false",
    )
    command = [
        os.path.join(os.path.dirname(sys.executable), "ansible-playbook"),
        "-i",
        "localhost,",
        "-c",
        "local",
        "-e",
        json.dumps(dict(extra_vars, ansible_python_interpreter=sys.executable)),
        playbook,
    ]
    proc = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        check=False,
    )
    results = []
    if os.path.exists(record):
        with open(record, encoding="utf-8") as stream:
            results = [json.loads(line) for line in stream if line.strip()]
    return proc.returncode, proc.stdout, results


def shows_nothing(value):
    """True when a debug message printed nothing: null, empty, or a None that reached the text."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip() or bool(NONE_WORD.search(value))
    if isinstance(value, (list, dict)):
        items = list(value.values()) if isinstance(value, dict) else value
        return not items or any(shows_nothing(item) for item in items)
    return False


def judge_run(label, run, problems):
    rc, output, results = run
    before = len(problems)
    for entry in results:
        if entry["status"] != "ok":
            problems.append(
                "%s: task %r %s%s"
                % (label, entry["task"], entry["status"], ": %s" % entry["msg"] if entry.get("msg") else "")
            )
        for shown in entry.get("shown", []):
            if shows_nothing(shown):
                problems.append("%s: task %r printed nothing useful: %s" % (label, entry["task"], json.dumps(shown)))
    if rc != 0 and len(problems) == before:
        tail = "\n    ".join(output.strip().splitlines()[-15:])
        problems.append("%s: ansible-playbook exited %d\n    %s" % (label, rc, tail))
    if not results and rc == 0:
        problems.append("%s: no task ran" % label)


def judge(name, first, second, exceptions, problems):
    """Add to ``problems`` what is wrong with the two runs of one example or playbook."""
    judge_run("%s, first run" % name, first, problems)
    judge_run("%s, second run" % name, second, problems)
    # a handler notified by a change runs on the first run only (the second changes nothing)
    first_tasks = [(e["task"], e.get("shown")) for e in first[2] if e["task"] not in exceptions["only_after_a_change"]]
    second_tasks = [(e["task"], e.get("shown")) for e in second[2]]
    # compared task by task for as long as both runs ran the same tasks (a failure ends a run early)
    for (task, shown_first), (other, shown_second) in zip(first_tasks, second_tasks):
        if task != other:
            break
        if shown_first != shown_second and task not in exceptions["prints_differently"]:
            problems.append(
                "%s: task %r printed %s on the first run but %s on the second"
                % (name, task, json.dumps(shown_first), json.dumps(shown_second))
            )
    if [pair[0] for pair in first_tasks] != [pair[0] for pair in second_tasks]:
        problems.append("%s: the second run ran other tasks than the first" % name)
    for entry in second[2]:
        if entry["changed"] and entry["task"] not in exceptions["changes_every_run"]:
            problems.append("%s: task %r changed again on the second run (not idempotent)" % (name, entry["task"]))


def emulator_class(collection):
    sys.path.insert(0, os.path.join(collection, "tests", "utils"))
    from emulator_process import EmulatorProcess  # pylint: disable=import-outside-toplevel,import-error

    return EmulatorProcess


def start_emulators(collection, count, stack):
    """``count`` private emulators loaded with the demo fixture, started side by side; ``stack`` stops them."""
    emulators = [emulator_class(collection)(demo_fixture(collection)) for dummy in range(count)]
    for emulator in emulators:
        stack.push(emulator)  # stopped on exit even when another one fails to start
    with concurrent.futures.ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(lambda emulator: emulator.__enter__(), emulators))


def split_by_play(run):
    """``{play name: (exit status, output, that play's task results)}`` of one batch run."""
    rc, output, results = run
    plays = {}
    for entry in results:
        plays.setdefault(entry.get("play"), []).append(entry)
    return lambda play: (rc, output, plays.get(play, []))


def run_examples(collection, settings, problems, seen_tasks, work, exceptions):
    """Each module's EXAMPLES as one play against an emulator of its own, EXAMPLES_BATCH plays per playbook.

    One ansible-playbook run per batch instead of one per module: the runs cost far more than the examples.
    Each module still starts from the demo fixture on its first run and finds its own first run's state on its
    second, as when each ran alone. The batches share their emulators, each reset to the fixture before
    it serves the next batch (a start costs about 0.3 s of CPU, a reset next to nothing).
    """
    modules = module_sources(collection)
    shared = os.path.join(work, "examples")
    shutil.copytree(os.path.join(HERE, "example_files"), os.path.join(shared, "files"))
    os.makedirs(os.path.join(shared, "templates"))
    for template in glob.glob(os.path.join(shared, "files", "*.j2")):
        shutil.move(template, os.path.join(shared, "templates"))
    make_certificates(os.path.join(shared, "certificates"), settings.get("certificates") or [])
    batches = max(1, math.ceil(len(modules) / EXAMPLES_BATCH))
    size = max(1, math.ceil(len(modules) / batches))  # even batches: 33 modules make two of 17, not 18 and 15
    with contextlib.ExitStack() as stack:
        emulators = start_emulators(collection, size, stack)
        for number, start in enumerate(range(0, len(modules), size)):
            batch = modules[start : start + size]
            plays = []
            for (module, dummy, examples), emulator in zip(batch, emulators):
                if number:
                    emulator.admin("POST", "reset")  # the fixture again, as a fresh emulator holds it
                play_vars = {"emulator_url": emulator.url, "example_dir": shared}
                plays.append(build_play(module, examples, settings, play_vars))
                seen_tasks.update(task.get("name") for task in walk_tasks(plays[-1]["tasks"]))
            playbook = os.path.join(shared, "batch%d.yml" % number)
            with open(playbook, "w", encoding="utf-8") as stream:
                yaml.safe_dump(plays, stream, sort_keys=False)
            record = os.path.join(shared, "record%d.jsonl" % number)
            first, second = [split_by_play(run_playbook(playbook, shared, record, {}, {})) for dummy in range(2)]
            for play in plays:
                before = len(problems)
                judge(play["name"], first(play["name"]), second(play["name"]), exceptions, problems)
                print("%-4s %s" % ("ok" if len(problems) == before else "FAIL", play["name"]), flush=True)


def run_playbooks(collection, settings, exceptions, work, emulator, problems, seen_tasks):
    playbooks = sorted(
        glob.glob(os.path.join(collection, "playbooks", "*.yml"))
        + glob.glob(os.path.join(collection, "playbooks", "*.yaml"))
    )
    if not playbooks:
        problems.append("no playbook found under playbooks/")
    database_url = "%s/db/%s" % (emulator.url, DEMO_CONNECTION["database"])
    env = {
        "EDGE_API_KEY": DEMO_CONNECTION["api_key"],
        "EDGE_BASE_URL": emulator.url,
        "EDGE_STORAGE_BASE_URL": emulator.url + "/storage.bunnycdn.com",  # storage zones of region DE (the site's)
        "SERVICE_DATABASE_URL": database_url,
        "SERVICE_DATABASE_AUTH_TOKEN": DEMO_CONNECTION["database_token"],
    }
    extra = {
        "edge_api_key": DEMO_CONNECTION["api_key"],
        "edge_base_url": emulator.url,
        "database_url": database_url,
        "database_token": DEMO_CONNECTION["database_token"],
    }
    for playbook in playbooks:
        name = os.path.basename(playbook)
        scratch = os.path.join(work, "playbooks", name)
        os.makedirs(scratch)
        emulator.admin("POST", "reset")
        env["TMPDIR"] = scratch  # demo certificates and the like stay in this run's directory
        record = os.path.join(scratch, "record.jsonl")
        given = dict(extra, **((settings.get("playbook_vars") or {}).get(name) or {}))
        runs = [run_playbook(playbook, os.path.dirname(playbook), record, given, env) for dummy in range(2)]
        before = len(problems)
        seen_tasks.update(entry["task"] for run in runs for entry in run[2])
        judge("playbooks/%s" % name, runs[0], runs[1], exceptions, problems)
        print("%-4s playbooks/%s" % ("ok" if len(problems) == before else "FAIL", name), flush=True)


def demo_fixture(collection):
    return os.path.join(collection, "emulator", "fixtures", "demo.yml")


def examples_phase(collection, settings, exceptions, work, seen_tasks):
    problems = []
    run_examples(collection, settings, problems, seen_tasks, work, exceptions)
    return problems


def playbooks_phase(collection, settings, exceptions, work, seen_tasks):
    problems = []
    with emulator_class(collection)(demo_fixture(collection)) as emulator:
        run_playbooks(collection, settings, exceptions, work, emulator, problems, seen_tasks)
    return problems


def main(argv):
    collection, settings_path, work = argv
    with open(settings_path, encoding="utf-8") as stream:
        settings = yaml.safe_load(stream)["examples"]
    exceptions = {
        key: settings.get(key) or {} for key in ("changes_every_run", "prints_differently", "only_after_a_change")
    }
    seen_tasks = set()
    # examples and playbooks use an emulator each: run both at once
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        phases = [
            pool.submit(examples_phase, collection, settings, exceptions, work, seen_tasks),
            pool.submit(playbooks_phase, collection, settings, exceptions, work, seen_tasks),
        ]
        problems = phases[0].result() + phases[1].result()
    for key, names in sorted(exceptions.items()):
        for name in sorted(set(names) - seen_tasks):
            problems.append("settings: examples.%s names %r, which no example or playbook task has" % (key, name))
    if problems:
        print("\n%d problem(s):\n- %s" % (len(problems), "\n- ".join(problems)))
        return 1
    print("\nEvery example and playbook ran twice; the second runs changed nothing they should not have.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
