"""Units for _openapi.cache: hits, misses, damaged and foreign entries, bounds, concurrent writers, off."""

from __future__ import annotations

import json
import multiprocessing
import os
import stat

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _openapi
from ansible_collections.edge.platform.plugins.module_utils._openapi import cache as _cache

DOCUMENT = """\
openapi: 3.0.3
info: {title: Pets, version: '1.10'}
security: [{key: []}]
paths:
  /pets:
    get:
      parameters: [{name: limit, in: query}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
      responses: {'201': {description: created}}
components:
  securitySchemes: {key: {type: apiKey, in: header, name: X-Key}}
  schemas:
    Pet: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}
"""
DIGEST = _cache.text_digest(DOCUMENT)


def derived():
    return _openapi.derive(_openapi.load(DOCUMENT))


class Counting(object):
    """A compute function counting its calls."""

    def __init__(self, function):
        self.function = function
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        return self.function(*args)


def entries(directory):
    return sorted(name for name in os.listdir(directory) if name.endswith(".json"))


def test_miss_stores_and_hit_returns_the_same_derived_form_without_computing(tmp_path):
    compute = Counting(derived)
    first = _cache.SpecCache(str(tmp_path)).document(DIGEST, compute)
    again = _cache.SpecCache(str(tmp_path)).document(DIGEST, compute)
    assert compute.calls == 1
    assert again == first == derived()
    # a schema several endpoints use is stored once and shared again
    get, post = again["endpoints"]
    assert get["response_body_schemas"]["200"] is post["request_body_schema"]
    (name,) = entries(tmp_path)
    assert stat.S_IMODE(os.stat(str(tmp_path / name)).st_mode) == 0o600


def test_metrics_and_renderings_hit_by_their_own_keys(tmp_path):
    measure = Counting(lambda: _openapi.measure(_openapi.load(DOCUMENT), {"maxNestingDepth": 10}))
    parse = Counting(_openapi.parse_rendered)
    texts = ["type: object\nproperties: {a: {type: string}}\n", "[unclosed", "type: string\n"]
    for dummy in range(2):
        spec_cache = _cache.SpecCache(str(tmp_path))
        metrics = spec_cache.metrics(DIGEST, {"maxNestingDepth": 10}, measure)
        rendered = spec_cache.rendered(texts, parse)
    assert measure.calls == 1 and parse.calls == len(texts)
    assert metrics["total_regex_length"]["value"] == len("^[a-z]+$")
    assert rendered == dict((text, _openapi.parse_rendered(text)) for text in texts)
    # another nesting limit, or other renderings, are other entries
    _cache.SpecCache(str(tmp_path)).metrics(DIGEST, {"maxNestingDepth": 3}, measure)
    _cache.SpecCache(str(tmp_path)).rendered(texts[:2], parse)
    assert measure.calls == 2 and parse.calls == len(texts) + 2


def damage(path, how):
    entry = json.loads(path.read_text())
    if how == "truncated":
        path.write_text(path.read_text()[:-40])
    elif how == "not json":
        path.write_bytes(b"\x80\x03cos\nsystem\nq\x00.")  # a pickle: never executed, not even parsed
    elif how == "foreign":
        path.write_text(json.dumps({"some": "other tool's file"}))
    elif how == "older collection":
        path.write_text(json.dumps(dict(entry, collection="0.9.0")))
    elif how == "bad structure":
        entry["value"]["endpoints"][0]["request"] = 99  # an index past the schema table
        path.write_text(json.dumps(entry))


@pytest.mark.parametrize("how", ["truncated", "not json", "foreign", "older collection", "bad structure"])
def test_a_damaged_or_foreign_entry_is_ignored_and_replaced(tmp_path, how):
    _cache.SpecCache(str(tmp_path)).document(DIGEST, derived)
    (name,) = entries(tmp_path)
    damage(tmp_path / name, how)
    compute = Counting(derived)
    assert _cache.SpecCache(str(tmp_path)).document(DIGEST, compute) == derived()
    assert compute.calls == 1
    assert entries(tmp_path) == [name]
    assert _cache.SpecCache(str(tmp_path)).document(DIGEST, Counting(None)) == derived()  # whole again


def test_another_collection_or_deriver_version_never_reads_the_entry(tmp_path, monkeypatch):
    _cache.SpecCache(str(tmp_path)).document(DIGEST, derived)
    for name, value in (("COLLECTION_VERSION", "9.9.9"), ("DERIVER_FORMAT", 99)):
        with monkeypatch.context() as patched:
            patched.setattr(_cache, name, value)
            compute = Counting(derived)
            _cache.SpecCache(str(tmp_path)).document(DIGEST, compute)
            assert compute.calls == 1
    assert len(entries(tmp_path)) == 3


def test_bounds_evict_the_least_recently_used_and_leave_other_files_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / ("f" * 64 + ".json.bak")).write_text("mine too")
    spec_cache = _cache.SpecCache(str(tmp_path), max_entries=3)
    texts = [["n%d\n" % n] for n in range(4)]
    for number, text in enumerate(texts[:3]):
        before = entries(tmp_path)
        spec_cache.rendered(text, _openapi.parse_rendered)
        (written,) = set(entries(tmp_path)) - set(before)
        os.utime(str(tmp_path / written), (1000 + number, 1000 + number))  # distinct ages
    names = dict((json.loads((tmp_path / n).read_text())["value"][0], n) for n in entries(tmp_path))
    spec_cache.rendered(texts[0], Counting(None))  # a hit makes the oldest the most recent
    spec_cache.rendered(texts[3], _openapi.parse_rendered)  # one too many: the least recently used goes
    assert len(entries(tmp_path)) == 3
    assert names["n1"] not in entries(tmp_path)
    assert names["n0"] in entries(tmp_path)
    assert (tmp_path / "notes.txt").exists() and (tmp_path / ("f" * 64 + ".json.bak")).exists()
    # the byte budget evicts as well: the entries now fill it, so a new one pushes the oldest out
    elsewhere = tmp_path / "elsewhere"
    _cache.SpecCache(str(elsewhere)).document(DIGEST, derived)
    budget = sum(os.path.getsize(str(p)) for p in list(tmp_path.glob("*.json")) + list(elsewhere.glob("*.json"))) - 1
    _cache.SpecCache(str(tmp_path), max_bytes=budget).document(DIGEST, derived)
    assert len(entries(tmp_path)) < 4
    assert sum(os.path.getsize(str(tmp_path / n)) for n in entries(tmp_path)) <= budget
    assert _cache.SpecCache(str(tmp_path)).document(DIGEST, Counting(None)) == derived()


def _write_many(directory, count):
    for dummy in range(count):
        _cache.SpecCache(directory).document(DIGEST, derived)


def test_concurrent_writers_leave_one_valid_entry(tmp_path):
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_write_many, args=(str(tmp_path), 30)) for dummy in range(2)]
    for worker in workers:
        worker.start()
    seen = 0
    while any(worker.is_alive() for worker in workers):  # readers meanwhile never see half a file
        reader = _cache.SpecCache(str(tmp_path))
        found = reader._read(reader._key("document", DIGEST), "document")
        seen += found is not None
        assert found is None or _cache._unpack_document(found) == derived()
    for worker in workers:
        worker.join()
        assert worker.exitcode == 0
    assert len(os.listdir(str(tmp_path))) == 1  # no temporary file left
    assert _cache.SpecCache(str(tmp_path)).document(DIGEST, Counting(None)) == derived()


def test_verdicts_hold_for_their_own_document_answer_and_context_only(tmp_path):
    answer = "a" * 64
    spec_cache = _cache.SpecCache(str(tmp_path))
    assert not spec_cache.same(DIGEST, answer, "null 1") and not spec_cache.known_document(DIGEST)
    spec_cache.remember_same(DIGEST, answer, "null 1")
    spec_cache.document(DIGEST, derived)
    again = _cache.SpecCache(str(tmp_path))
    assert again.same(DIGEST, answer, "null 1") and again.known_document(DIGEST)
    assert not again.same(DIGEST, "b" * 64, "null 1")
    assert not again.same(DIGEST, answer, "true 1")
    assert not again.same(_cache.text_digest(DOCUMENT + "\n"), answer, "null 1")
    assert not _cache.SpecCache(str(tmp_path), enabled=False).same(DIGEST, answer, "null 1")
    for name in entries(tmp_path):
        damage(tmp_path / name, "truncated")
    assert not again.same(DIGEST, answer, "null 1")


def test_cache_off_reads_and_writes_nothing(tmp_path):
    directory = tmp_path / "cache"
    compute = Counting(derived)
    for dummy in range(2):
        _cache.SpecCache(str(directory), enabled=False).document(DIGEST, compute)
    assert compute.calls == 2 and not directory.exists()


def test_a_directory_others_may_write_to_turns_the_cache_off(tmp_path):
    os.chmod(str(tmp_path), 0o777)
    spec_cache = _cache.SpecCache(str(tmp_path))
    assert not spec_cache.usable
    spec_cache.document(DIGEST, derived)
    assert entries(tmp_path) == []
    created = _cache.SpecCache(str(tmp_path / "new" / "dir"))
    assert created.usable and stat.S_IMODE(os.stat(str(tmp_path / "new" / "dir")).st_mode) == 0o700


def test_values_json_cannot_carry_exactly_are_not_cached(tmp_path):
    def compute_nan():
        result = derived()
        result["endpoints"][0]["request_body_schema"] = {"type": "number", "default": float("nan")}
        return result

    compute = Counting(compute_nan)
    for dummy in range(2):
        _cache.SpecCache(str(tmp_path)).document(DIGEST, compute)
    assert compute.calls == 2 and entries(tmp_path) == []


def test_default_directory_follows_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert _cache.default_directory() == str(tmp_path / "edge.platform" / "openapi")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert _cache.default_directory() == str(tmp_path / "home" / ".cache" / "edge.platform" / "openapi")
