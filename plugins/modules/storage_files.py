#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: storage_files
short_description: Keep a path of a storage zone equal to a local directory
version_added: 1.3.0
description:
  - Uploads the files of the local directory O(src) that are new or differ from those under O(path) of a storage
    zone, compared by the platform's checksum (SHA-256, computed locally while each file is read in chunks) and size,
    and with O(delete=true) deletes the remote files absent locally. One listing per remote directory, no download.
  - The zone is chosen by O(storage_zone) (its exact name) or O(storage_zone_id). Its password is read through the
    API key (it is never asked for), sent only to the zone's Edge Storage host, and never shown.
  - Each upload carries the C(Checksum) header (upper-case hex SHA-256), which the platform verifies. Sources disagree
    on what it answers to a mismatch (400, or 201 storing nothing), so a file counts as landed only when the listing
    read back after the uploads shows its checksum; one that does not fails the task, naming the file.
  - Uploads run O(concurrency) at a time over one kept-alive connection pool. After a failure no new write starts;
    the task fails and its C(writes) say which files landed, failed, or were not sent. Nothing is sent twice; a
    re-run finishes the work.
  - Deletes are sent only after every upload landed.
options:
  src:
    description:
      - The local directory, on the host where the module runs (the controller when the task runs on or is delegated
        to localhost, as is usual for the API modules); its files are read there, streaming, whatever their size.
      - Unlike M(ansible.builtin.copy), a relative path is not searched in a role's C(files/); give an absolute path
        or one relative to the working directory (for example C("{{ role_path }}/files/site")).
    type: path
    required: true
  path:
    description: The directory of the zone to keep equal to O(src), from the zone's root; empty for the root.
    type: str
    default: ""
  include:
    description:
      - Only files whose path relative to O(src) matches one of these globs (C(fnmatch); C(*) also matches C(/)).
        Empty for every file.
    type: list
    elements: str
    default: []
  exclude:
    description: Files whose relative path matches one of these globs are neither uploaded nor deleted.
    type: list
    elements: str
    default: []
  content_types:
    description:
      - Content types by glob, for example C(*.html) to C(text/html; charset=utf-8); the first matching glob wins.
        Sent as the platform's C(Override-Content-Type); a remote file with another content type is uploaded again.
      - Files that match none get the content type the platform chooses.
      - The Edge Storage API takes no other header per file (no C(Cache-Control)); set caching on the pull zone
        (M(edge.platform.pullzone) cache settings, or edge rules).
    type: dict
    default: {}
  delete:
    description: Delete the remote files under O(path) that are absent locally (and selected by the globs).
    type: bool
    default: false
  concurrency:
    description: Uploads (and deletes) in flight at once, 1 to 64.
    type: int
    default: 8
extends_documentation_fragment:
  - edge.platform.storage_files
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Lists the remote files and hashes the local ones; sends no write.
  diff_mode:
    support: full
    details:
      - The diff shows each file uploaded, replaced or deleted by its size and the start of its checksum.
notes:
  - Renaming a file is an upload of the new name and, with O(delete=true), a delete of the old one (the platform
    cannot rename).
seealso:
  - module: edge.platform.storage_file
    description: One file of a storage zone.
  - module: edge.platform.storage_zone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Make the site's directory (a build step would write it)
  ansible.builtin.file:
    path: /tmp/demo-site
    state: directory
    mode: "0755"

- name: Write the site's pages
  ansible.builtin.copy:
    dest: /tmp/demo-site/index.html
    content: "<!doctype html><title>Demo</title><p>Hello from the demo storage zone.</p>\n"
    mode: "0644"

- name: Deploy the site to the demo storage zone, HTML served as such
  edge.platform.storage_files:
    api_key: "{{ vault_edge_api_key }}"
    storage_zone: demo-files
    src: /tmp/demo-site
    content_types:
      "*.html": text/html; charset=utf-8
    exclude: ["*.map", ".*"]
  register: deployed
"""

RETURN = r"""
uploaded:
  description: The zone paths of the files that were new (in check mode, would be).
  returned: success
  type: list
  elements: str
  sample: [site/index.html]
replaced:
  description: The zone paths of the files that differed and were uploaded again.
  returned: success
  type: list
  elements: str
  sample: [site/css/main.css]
deleted:
  description: The zone paths of the files deleted (only with O(delete=true)).
  returned: success
  type: list
  elements: str
  sample: []
unchanged:
  description: How many local files were already there, equal.
  returned: success
  type: int
  sample: 298
# BEGIN edge.platform.batch_writes
# sample landed: [PUT /site/index.html]
writes:
  description:
    - When a write failed, what became of each planned write, by its label (as the message names it).
  returned: failure after a write
  type: dict
  contains:
    landed:
      description: The writes that landed (answered as done, or shown done by the state read back).
      type: list
      elements: str
      sample: [PUT /site/index.html]
    failed:
      description:
        - The writes the platform refused, or whose answer was lost or is no proof and the state read back does not
          show them (never sent again).
      type: list
      elements: str
    unknown:
      description:
        - The writes whose answer was lost and which the state read back could not settle (the read failed, or it
          cannot show the write, as a secret's value is never returned).
      type: list
      elements: str
    not_sent:
      description: The writes not sent because of the failure.
      type: list
      elements: str
# END edge.platform.batch_writes
# BEGIN edge.platform.api_error
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._cores import storage_files as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._hosts.storage_connection import (
    storage_argument_spec,
    storage_options,
)
from ansible_collections.edge.platform.plugins.module_utils._sets import storage_files as sets


def run(ctx):
    params = ctx.params
    prefix, limit, options = core.remote_path(ctx), params["concurrency"], storage_options(ctx)
    local = sets.local_files(params["src"], params["include"], params["exclude"], params["content_types"])
    zone = core.zone_of(ctx, changed=bool(local))  # None: only predicted by an earlier task under --check
    files = core.Files(zone, **options) if zone else None
    remote = files.remote(prefix, local, limit, params["delete"]) if files else {}
    plan = sets.Plan(local, remote, params["delete"], params["include"], params["exclude"])
    if ctx.diff_mode and plan.changes:
        ctx.diffs = [plan.diff(prefix)]
    if plan.changes and not ctx.check_mode:
        core.apply(ctx, files, plan, prefix, limit)
    return dict(plan.summary(prefix), changed=plan.changes)


MODULE = ModuleDef(
    argument_spec=dict(
        src=dict(type="path", required=True),
        path=dict(type="str", default=""),
        include=dict(type="list", elements="str", default=[]),
        exclude=dict(type="list", elements="str", default=[]),
        content_types=dict(type="dict", default={}),
        delete=dict(type="bool", default=False),
        concurrency=dict(type="int", default=8),
        **storage_argument_spec(),
    ),
    run=run,
    bounds={"concurrency": (1, 64)},
    mutually_exclusive=[["storage_zone", "storage_zone_id"]],
    required_one_of=[["storage_zone", "storage_zone_id"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
