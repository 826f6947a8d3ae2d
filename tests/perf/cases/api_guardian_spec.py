"""Benchmark cases for edge.platform.api_guardian_spec.

Demo fixture: shield zone 3001 has no document yet; the document is playbooks/files/petstore-openapi.yaml.
``prepare`` also writes a 2,000-operation document (bench_openapi.py's) for a zone without plan limits
(tests/perf/fixtures/guardian-large.yml), to time the whole no-change run on it against the same GET by uri: cold
(``cache: false``, everything parsed) and warm (the derived forms read from the module's cache, which the setup
tasks fill; see plugins/module_utils/_openapi/cache.py). Every task keeps its cache under the bench directory, never
in the home directory of whoever runs the bench. The warm case returns what the module returns by default (the
2,000 endpoints, as the uri task returns the answer); a separate case times the opt-in ``return_endpoints:
on_change``, which leaves them out of a no-change result.
"""

import importlib.util
import os

PERF = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LARGE_FIXTURE = os.path.join(PERF, "fixtures", "guardian-large.yml")
OPERATIONS = 2000

CACHE_DIR = "{{ edge_bench_dir }}/spec-cache"
PETSTORE = "{{ lookup('ansible.builtin.file', edge_repo_dir ~ '/playbooks/files/petstore-openapi.yaml') }}"
UPLOAD = {"edge.platform.api_guardian_spec": {"shield_zone_id": 3001, "content": PETSTORE, "cache_dir": CACHE_DIR}}
RETITLED = {
    "edge.platform.api_guardian_spec": {
        "shield_zone_id": 3001,
        "content": PETSTORE.replace("}}", " | replace('title: Pet Store', 'title: Pet Shop') }}"),
        "cache_dir": CACHE_DIR,
    }
}
LARGE = {"shield_zone_id": 3001, "src": "{{ edge_bench_dir }}/large-openapi.yaml"}
UPLOAD_LARGE = {"edge.platform.api_guardian_spec": dict(LARGE, cache=False)}
UPLOAD_LARGE_WARM = {"edge.platform.api_guardian_spec": dict(LARGE, cache_dir=CACHE_DIR)}
UPLOAD_LARGE_QUIET = {"edge.platform.api_guardian_spec": dict(LARGE, cache_dir=CACHE_DIR, return_endpoints="on_change")}
READ = {
    "ansible.builtin.uri": {
        "url": "{{ edge_base_url }}/shield/shield-zone/3001/api-guardian",
        "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
    }
}


def prepare(directory):
    """large-openapi.yaml: bench_openapi.py's document with OPERATIONS operations, as YAML."""
    import yaml  # in the bench venv; imported here so loading the cases never needs it

    spec = importlib.util.spec_from_file_location("bench_openapi", os.path.join(PERF, "bench_openapi.py"))
    bench_openapi = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_openapi)
    with open(os.path.join(directory, "large-openapi.yaml"), "w") as stream:
        yaml.dump(
            bench_openapi.document(OPERATIONS),
            stream,
            Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
            sort_keys=False,
        )


REQUEST_CASES = [
    {
        "name": "api_guardian_spec first upload (change)",
        "task": UPLOAD,
        "expect": {"changed": True, "requests": ["GET", "POST"], "that": ["measured.endpoints | length == 4"]},
    },
    {
        "name": "api_guardian_spec re-run (no change)",
        "setup": [UPLOAD],
        "task": UPLOAD,
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "api_guardian_spec new title (update)",
        "setup": [UPLOAD],
        "task": RETITLED,
        "expect": {"changed": True, "requests": ["GET", "PATCH"]},
    },
    {
        "name": "api_guardian_spec 2,000 operations re-run (no change)",
        "slow": True,
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE],
        "task": UPLOAD_LARGE,
        "expect": {"changed": False, "requests": ["GET"], "that": ["measured.endpoints | length == %d" % OPERATIONS]},
    },
    {
        "name": "api_guardian_spec 2,000 operations re-run, cache warm (no change)",
        "slow": True,
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE_WARM, UPLOAD_LARGE_WARM],
        "task": UPLOAD_LARGE_WARM,
        "expect": {"changed": False, "requests": ["GET"], "that": ["measured.endpoints | length == %d" % OPERATIONS]},
    },
    {
        "name": "api_guardian_spec 2,000 operations re-run, cache warm, return_endpoints=on_change (no change)",
        "slow": True,
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE_WARM, UPLOAD_LARGE_WARM],
        "task": UPLOAD_LARGE_QUIET,
        "expect": {"changed": False, "requests": ["GET"], "that": ["measured.endpoints is undefined"]},
    },
]

TIMING_CASES = [
    {
        "name": "api_guardian_spec no change vs uri GET",
        "setup": [UPLOAD],
        "task": UPLOAD,
        "baseline": READ,
    },
    {
        "name": "api_guardian_spec 2,000 operations no change, cache cold vs uri GET",
        "slow": True,
        "slope_count": 10,  # a 1.7 MB document a task: ten tasks make the slope
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE],
        "task": UPLOAD_LARGE,
        "baseline": READ,
        "repeat": 3,  # about 7 s per pair
    },
    {
        # the upload and one re-run fill the cache: the document's derived forms, then the platform's renderings
        "name": "api_guardian_spec 2,000 operations no change, cache warm vs uri GET",
        "slow": True,
        "slope_count": 10,
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE_WARM, UPLOAD_LARGE_WARM],
        "task": UPLOAD_LARGE_WARM,
        "baseline": READ,
        "repeat": 5,
    },
    {
        # the opt-in: a no-change result without the endpoints (the default case above keeps the contract)
        "name": "api_guardian_spec 2,000 operations no change, cache warm, return_endpoints=on_change vs uri GET",
        "slow": True,
        "slope_count": 10,
        "fixture": LARGE_FIXTURE,
        "setup": [UPLOAD_LARGE_WARM, UPLOAD_LARGE_WARM],
        "task": UPLOAD_LARGE_QUIET,
        "baseline": READ,
        "repeat": 5,
    },
]
