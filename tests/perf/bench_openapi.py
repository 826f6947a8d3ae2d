#!/usr/bin/env python
"""Times what api_guardian_spec does with a large document (``make bench`` reports it; no assertions).

Builds a multi-MB YAML document with ``--operations`` operations (default 2,000), each resource with
its own 20-property schema, and times: parsing, deriving the endpoints, measuring the plan-limit
metrics, and the no-change comparison against the platform's state (its YAML renderings parsed back); then the
same no-change work with the module's cache warm (``warm_*``: the derived forms read from
plugins/module_utils/_openapi/cache.py in a temporary directory instead of parsed). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import sys
import tempfile
import time


def import_collection():
    """The collection's module_utils, importable from a plain checkout too."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parts = root.split(os.sep)
    if parts[-3:-1] == ["ansible_collections", "edge"]:
        sys.path.insert(0, os.sep.join(parts[:-3]))
    else:
        tree = tempfile.mkdtemp(prefix="bench-openapi-")
        atexit.register(shutil.rmtree, tree)  # removes the symlink, never what it points to
        os.makedirs(os.path.join(tree, "ansible_collections", "edge"))
        os.symlink(root, os.path.join(tree, "ansible_collections", "edge", "platform"))
        sys.path.insert(0, tree)
    from ansible_collections.edge.platform.plugins.module_utils import _openapi
    from ansible_collections.edge.platform.plugins.module_utils._shapes import api_guardian_spec as _guardian

    return _openapi, _guardian


def document(operations):
    resources = max(1, operations // 4)
    paths, schemas = {}, {"Error": {"type": "object", "properties": {"message": {"type": "string"}}}}
    for index in range(resources):
        name = "Resource%d" % index
        schemas[name] = {
            "type": "object",
            "required": ["id"],
            "properties": dict(
                ("field%d" % f, {"type": "string", "maxLength": 64, "description": "Field %d of %s" % (f, name)})
                for f in range(20)
            ),
        }
        schemas[name]["properties"]["id"] = {"type": "string", "pattern": "^[a-z0-9-]{1,36}$"}
        ref = {"$ref": "#/components/schemas/%s" % name}
        paths["/resources%d/{id}" % index] = {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": {
                "parameters": [{"name": "fields", "in": "query", "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": ref}}},
                    "404": {
                        "description": "missing",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                    },
                },
            },
            "put": {
                "requestBody": {"content": {"application/json": {"schema": ref}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ref}}}},
            },
            "patch": {
                "requestBody": {"content": {"application/merge-patch+json": {"schema": ref}}},
                "responses": {"204": {"description": "ok"}},
            },
            "delete": {"security": [], "responses": {"204": {"description": "gone"}}},
        }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Bench", "version": "1.0.0"},
        "security": [{"key": []}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
        },
    }


def platform_state(_openapi, derived):
    """What the platform would answer for ``derived`` (schemas as YAML, as it renders them)."""
    endpoints = []
    for number, endpoint in enumerate(derived["endpoints"]):
        endpoints.append(
            {
                "apiGuardianEndpointId": number + 1,
                "requestMethod": endpoint["method"],
                "requestPath": endpoint["path"],
                "availableParameters": endpoint["parameters"],
                "validateAuthorization": bool(endpoint["auth_schemes"]),
                "authSchemes": [
                    dict(
                        (camel, s[snake])
                        for snake, camel in (
                            ("scheme_name", "schemeName"),
                            ("scheme_type", "schemeType"),
                            ("location", "location"),
                            ("credential_name", "credentialName"),
                            ("http_scheme", "httpScheme"),
                        )
                    )
                    for s in endpoint["auth_schemes"]
                ],
                "requestBodySchemaYaml": _openapi.render(endpoint["request_body_schema"]),
                "responseBodySchemasYaml": dict(
                    (code, _openapi.render(schema)) for code, schema in endpoint["response_body_schemas"].items()
                ),
            }
        )
    return {"configuration": {"title": derived["title"], "version": derived["version"]}, "endpoints": endpoints}


def timed(results, name, call):
    start = time.perf_counter()
    value = call()
    results[name + "_s"] = round(time.perf_counter() - start, 3)
    return value


def warm(_guardian, text, current):
    """The no-change work again with a warm cache: ``warm_*_s`` timings and ``warm_changed``."""
    from ansible_collections.edge.platform.plugins.module_utils._openapi.cache import SpecCache

    directory = tempfile.mkdtemp(prefix="bench-openapi-cache-")
    atexit.register(shutil.rmtree, directory)

    def task():
        upload = _guardian.Upload(text, "content", None, SpecCache(directory))
        upload.measure(current.limits, "warn")
        return upload

    task().compare(current)  # fills the cache
    results = {}
    upload = timed(results, "warm_derive", task)
    comparison = timed(results, "warm_compare", lambda: upload.compare(current))
    results["warm_changed"] = comparison.differs
    results["warm_total_s"] = round(results["warm_derive_s"] + results["warm_compare_s"], 3)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operations", type=int, default=2000)
    options = parser.parse_args()
    _openapi, _guardian = import_collection()
    import yaml

    results = {"operations": options.operations}
    text = yaml.dump(
        document(options.operations), Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False
    )
    results["document_bytes"] = len(text.encode("utf-8"))
    loaded = timed(results, "parse", lambda: _openapi.load(text))
    derived = timed(results, "derive", lambda: _openapi.derive(loaded))
    metrics = timed(results, "measure", lambda: _openapi.measure(loaded, {"maxNestingDepth": 10}))
    results["metrics"] = dict((name, metric["value"]) for name, metric in metrics.items())
    current = _guardian.Current.from_data(platform_state(_openapi, derived))
    comparison = timed(results, "compare", lambda: _guardian.compare(current, derived, None))
    results["changed"] = comparison.differs
    results["total_s"] = round(sum(v for k, v in results.items() if k.endswith("_s")), 3)
    results.update(warm(_guardian, text, current))
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
