# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
name: edge
short_description: The account's pull zones, DNS zones and shield zones as inventory hosts
version_added: 1.1.0
description:
  - Reads the pull zones, DNS zones and shield zones the API key can see and adds one inventory host per zone, with
    its ids, names and hostnames as host variables (prefixed C(edge_)), in groups by resource, pull zone type and
    shield plan.
  - "Every host gets C(ansible_connection=local) and C(ansible_python_interpreter={{ ansible_playbook_python }}),
    so a task on a zone runs on the controller, in the interpreter that runs the play, and the collection's modules
    run in-process there, as they do on C(localhost). A play over C(hosts: edge_dns_zones) with C(forks) set high is
    how one task reaches many zones in parallel; nothing connects to the zones themselves."
  - "The inventory source is a YAML file whose name ends in C(.edge.yml) or C(.edge.yaml) (or is C(edge.yml)), with
    C(plugin: edge.platform.edge)."
  - "Host names: C(pullzone_<name>) for a pull zone, C(dnszone_<domain>) for a DNS zone (the domain in lower case,
    without a trailing dot) and C(shield_<pull zone name>) for a shield zone (C(shield_<id>) when its pull zone is
    not visible). Where two zones would get the same name (two DNS zones of one domain, or names a O(hostname)
    template makes equal), each gets C(_<id>) appended, so every zone is one host."
  - The listings are read through one client (one connection kept alive) with the collection's retries and error
    messages; a failure fails the inventory source with the operation, the HTTP status and the platform's message,
    never the API key.
  - A listing answered with something other than its documented page (C({}), C([]), an HTML page of a proxy or
    portal, an empty body) is not understood and fails the inventory source saying so; it is never read as "no
    zones", so a fault never empties the inventory or a group. With O(cache) on, a failed read leaves the cached
    entry as it was.
  - Values read from the platform (names, domains, hostnames) are data, never templates.
author:
  - edge.platform maintainers (@edge-platform)
requirements:
  - requests >= 2.25.0
extends_documentation_fragment:
  - constructed
  - inventory_cache
options:
  plugin:
    description: Marks this file as an inventory source of this plugin.
    required: true
    type: str
    choices: [edge, edge.platform.edge]
  api_key:
    description:
      - The account API key, sent in the C(AccessKey) header to the origin of O(base_url) only.
      - Falls back to the E(EDGE_API_KEY) environment variable (what an AWX credential type injects), then
        E(BUNNYNET_API_KEY). A template (for example a variable given with C(--extra-vars), or a C(lookup)) is
        rendered first.
      - Never shown in the inventory, in errors or in the cache; the cache key holds a hash of it.
      - Required; a missing, empty or malformed key fails naming this option and both environment variables.
    type: str
    aliases: [access_key]
    env:
      - name: EDGE_API_KEY
      - name: BUNNYNET_API_KEY
  base_url:
    description:
      - Root URL of the platform management API; point it at the bundled emulator (V(http://127.0.0.1:PORT)) for
        offline tests.
      - Only the root is accepted, without a path, query or user.
      - Falls back to the E(EDGE_BASE_URL) environment variable, then E(BUNNYNET_API_URL), then the platform's root.
        A variable that is set but empty (an AWX credential field left empty) fails naming it; it never means the
        platform.
    type: str
    default: https://api.bunny.net
    env:
      - name: EDGE_BASE_URL
      - name: BUNNYNET_API_URL
  validate_certs:
    description:
      - Verify the TLS certificate of the endpoint.
    type: bool
    default: true
    env:
      - name: EDGE_VALIDATE_CERTS
  timeout:
    description:
      - Seconds to wait for each HTTP request, from V(0.1) to V(3600).
    type: float
    default: 30
  retries:
    description:
      - How many times a listing request is retried after HTTP 429, 502, 503, 504 or a connection failure, from
        V(0) to V(10), with exponential backoff honouring C(Retry-After).
    type: int
    default: 3
  resources:
    description:
      - Which zones become hosts.
      - Shield zones take their names from their pull zones, so listing them also lists the pull zones (their hosts
        are added only when V(pull_zones) is listed here too). With V(shield_zones) listed, every pull zone host gets
        C(edge_shield_zone_id) (null when the zone has none); without it the variable is absent.
    type: list
    elements: str
    choices: [pull_zones, dns_zones, shield_zones]
    default: [pull_zones, dns_zones, shield_zones]
  name_pattern:
    description:
      - Only zones whose name matches one of these shell-style patterns (C(*), C(?), C([...])) become hosts; case is
        ignored. The name is the pull zone's name, the DNS zone's domain, or the name of the shield zone's pull zone.
      - Applied after the listing (and after the cache), so changing it needs no new listing.
      - Empty (the default) keeps every zone.
    type: list
    elements: str
    default: []
  hostname:
    description:
      - A template for the host names instead of the default scheme, rendered with the zone's C(edge_) variables,
        for example V({{ edge_resource }}-{{ edge_id }}).
      - Names it makes equal get C(_<id>) appended; a template that renders empty fails naming this option.
    type: str
notes:
  - "Host variables of a pull zone: C(edge_resource=pull_zone), C(edge_id), C(edge_name), C(edge_type)
    (V(premium) or V(volume); the platform's number, with a warning, for a type this collection cannot name),
    C(edge_enabled), C(edge_suspended), C(edge_hostnames) (every hostname),
    C(edge_system_hostname), C(edge_cname_domain), C(edge_origin_url) (without any user or password),
    C(edge_dns_zone_id), C(edge_storage_zone_id), C(edge_shield_zone_id), C(edge_rule_count) (how many edge rules
    the zone has) and C(edge_optimizer_enabled) (whether its optimizer is on); each null when the platform's answer
    does not say."
  - "Of a DNS zone: C(edge_resource=dns_zone), C(edge_id), C(edge_name) (the domain as written on the platform),
    C(edge_domain) (lower case, no trailing dot), C(edge_dnssec_enabled), C(edge_nameservers_detected),
    C(edge_custom_nameservers_enabled), C(edge_nameserver1), C(edge_nameserver2) and C(edge_record_count)."
  - "Of a shield zone: C(edge_resource=shield_zone), C(edge_id), C(edge_name) and C(edge_pullzone_name) (its pull
    zone's name), C(edge_pullzone_id), C(edge_plan) (V(basic), V(advanced), V(business) or V(enterprise); the
    platform's number, with a warning, for a plan this collection cannot name),
    C(edge_waf_enabled) and C(edge_learning_mode)."
  - "Groups: C(edge) (every host), C(edge_pull_zones), C(edge_dns_zones), C(edge_shield_zones),
    C(edge_pullzone_type_<type>) and C(edge_shield_plan_<plan>) (a type or plan this collection cannot name makes
    no group). The platform keeps no tags or labels on these zones,
    so there are no tag groups; O(keyed_groups) and O(groups) build any other grouping from the variables."
  - "Secrets the platform sends with a pull zone (the URL token key, origin credentials, log forwarding token,
    certificate keys) never become host variables and never reach the cache."
  - "With O(cache) on, the records are kept under a key made of this plugin's name, the source's path and a hash of
    O(base_url), O(api_key) and the listings read: another key or account never reads them. C(--flush-cache) or
    C(meta: refresh_inventory) reads the platform again."
seealso:
  - name: Ansible inventory plugins
    description: How inventory sources, caching and constructed groups work.
    link: https://docs.ansible.com/ansible/latest/plugins/inventory.html
"""

EXAMPLES = r"""
# fleet.edge.yml: every zone the key in EDGE_API_KEY can see (EDGE_BASE_URL names the API root)
plugin: edge.platform.edge

---
# Only DNS zones of example domains, grouped by DNSSEC state, kept for an hour in a JSON file cache
plugin: edge.platform.edge
resources: [dns_zones]
name_pattern: ["*.example.com", "example.*"]
keyed_groups:
  - key: edge_dnssec_enabled | ternary('signed', 'unsigned')
    prefix: dnssec
compose:
  zone_label: edge_domain | upper
cache: true
cache_plugin: ansible.builtin.jsonfile
cache_connection: ~/.cache/edge-inventory
cache_timeout: 3600

---
# Host names of one's own, and a group of the pull zones that have no shield zone yet
plugin: edge.platform.edge
hostname: "{{ edge_resource }}-{{ edge_id }}"
groups:
  unshielded: edge_resource == 'pull_zone' and edge_shield_zone_id is none
"""

import hashlib

from ansible.errors import AnsibleParserError
from ansible.plugins.inventory import BaseInventoryPlugin, Cacheable, Constructable
from ansible.utils.vars import combine_vars

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones, pull_zones, shield_zones
from ansible_collections.edge.platform.plugins.module_utils._engine.client import (
    REQUESTS_IMPORT_ERROR,
    Client,
    access_key_auth,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError, scrub
from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import (
    DEFAULT_BASE_URL,
    management_problem,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes import inventory_hosts as shapes

try:
    from ansible.template import trust_as_template
except ImportError:  # pragma: no cover - ansible-core before 2.19 trusted every inventory value
    trust_as_template = None

PLUGIN = "edge.platform.edge"
LISTS = {
    shapes.PULL_ZONES: pull_zones.list_all,
    shapes.DNS_ZONES: dns_zones.list_all,
    shapes.SHIELD_ZONES: shield_zones.list_all,
}
PLAYBOOK_PYTHON = "{{ ansible_playbook_python }}"


def _kind(record):
    """``pull zone``, ``DNS zone`` or ``shield zone``: a record's resource in a message."""
    return shapes.KINDS[record["resource"]][0].replace("_", " ").replace("dns", "DNS")


class InventoryModule(BaseInventoryPlugin, Constructable, Cacheable):
    NAME = PLUGIN

    def verify_file(self, path):
        """A readable file named ``*.edge.yml``/``*.edge.yaml`` (or ``edge.yml``/``edge.yaml``)."""
        if not super().verify_file(path):
            return False
        name = path.replace("\\", "/").rsplit("/", 1)[-1]
        return name in ("edge.yml", "edge.yaml") or name.endswith((".edge.yml", ".edge.yaml"))

    def parse(self, inventory, loader, path, cache=True):
        super().parse(inventory, loader, path, cache)
        self._read_config_data(path)
        self._secrets = ()
        try:
            settings = self._settings()
            listings = shapes.listings_needed(self.get_option("resources"))
            cache_key = self._cache_key(path, settings, listings)
            use_cache = cache and self.get_option("cache")
            found = None
            if use_cache:
                try:
                    found = self._cache[cache_key]
                except KeyError:
                    found = None
                if not shapes.valid_records(found):
                    found = None
            if found is None:
                found = {"version": shapes.RECORDS_VERSION, "records": self._read(settings, listings)}
                if self.get_option("cache"):
                    # a fresh listing (also after --flush-cache or meta: refresh_inventory) replaces the entry
                    self._cache[cache_key] = found
            self._populate(found["records"])
        except (ApiError, InputError) as error:
            raise AnsibleParserError(self._message(error)) from None

    # --- options -----------------------------------------------------------------------------------------------

    def _templated(self, option):
        """The option's value, rendered when it is a template written in the source (a value from the environment is
        never a template)."""
        self.templar.available_variables = self._vars
        try:
            return self.templar.template(self.get_option(option))
        except Exception as exc:  # pylint: disable=broad-except  # any template failure names the option
            raise InputError("%s could not be rendered: %s" % (option, scrub(str(exc), self._secrets))) from None

    def _settings(self):
        api_key = self._templated("api_key")
        if isinstance(api_key, str) and api_key:
            self._secrets = (api_key,)
        base_url = self._templated("base_url")
        if api_key is not None and not isinstance(api_key, str):
            raise InputError("api_key must be a string (the account API key); got a value of another type.")
        transport = {"timeout": self.get_option("timeout"), "retries": self.get_option("retries")}
        problem = management_problem(api_key, base_url, transport)
        if problem:
            raise InputError(problem)
        if REQUESTS_IMPORT_ERROR:
            raise InputError("The edge.platform.edge inventory needs the Python library requests on the controller.")
        return {"api_key": api_key, "base_url": base_url.strip().rstrip("/")}

    def _cache_key(self, path, settings, listings):
        """The plugin's path-based key plus a hash of the account, the API and the listings: the API key itself
        never appears in it (nor in the cache file's name)."""
        account = hashlib.sha256(
            "\0".join(["edge.platform inventory", settings["base_url"], settings["api_key"]] + list(listings)).encode(
                "utf-8"
            )
        ).hexdigest()[:16]
        return "%s_%s" % (self.get_cache_key(path), account)

    # --- reading -----------------------------------------------------------------------------------------------

    def _read(self, settings, listings):
        client = Client(
            settings["base_url"],
            access_key_auth(settings["api_key"]),
            secrets=self._secrets,
            timeout=self.get_option("timeout"),
            retries=self.get_option("retries"),
            validate_certs=self.get_option("validate_certs"),
            warn=lambda text: self.display.warning(scrub(text, self._secrets)),
            example_root=DEFAULT_BASE_URL,
        )
        unknown = []
        try:
            found = shapes.records({resource: LISTS[resource](client) for resource in listings}, unknown)
        finally:
            client.session.close()
        for warning in unknown:
            self.display.warning(scrub(warning, self._secrets))
        return found

    def _message(self, error):
        text = error.describe() if isinstance(error, ApiError) else str(error)
        return scrub("%s inventory: %s" % (PLUGIN, text), self._secrets)

    # --- hosts -------------------------------------------------------------------------------------------------

    def _populate(self, records):
        wanted = set(self.get_option("resources"))
        patterns = self.get_option("name_pattern") or []
        chosen = [r for r in records if r["resource"] in wanted and shapes.matches(r, patterns)]
        names = shapes.unique_names([self._name(r) for r in chosen], chosen)
        strict = self.get_option("strict")
        self.inventory.add_group(shapes.ALL_GROUP)
        for group in (shapes.KINDS[resource][2] for resource in shapes.RESOURCES if resource in wanted):
            self.inventory.add_group(group)
            self.inventory.add_child(shapes.ALL_GROUP, group)
        for record, name in zip(chosen, names):
            if name is None:
                raise InputError(
                    "hostname gives %s zones the same name even with their ids appended: include edge_resource in "
                    "the template." % _kind(record)
                )
            hostvars = dict(record["vars"])
            for group in shapes.groups_of(record):
                self.inventory.add_group(group)
                self.inventory.add_host(name, group=group)
            for key, value in hostvars.items():
                self.inventory.set_variable(name, key, value)
            self.inventory.set_variable(name, "ansible_connection", "local")
            self.inventory.set_variable(
                name,
                "ansible_python_interpreter",
                trust_as_template(PLAYBOOK_PYTHON) if trust_as_template else PLAYBOOK_PYTHON,
            )
            variables = combine_vars(hostvars, self.inventory.get_host(name).get_vars())
            self._set_composite_vars(self.get_option("compose"), variables, name, strict=strict)
            self._add_host_to_composed_groups(self.get_option("groups"), variables, name, strict=strict)
            self._add_host_to_keyed_groups(self.get_option("keyed_groups"), variables, name, strict=strict)

    def _name(self, record):
        template = self.get_option("hostname")
        if not template:
            return shapes.default_name(record)
        self.templar.available_variables = combine_vars(self._vars, record["vars"])
        try:
            name = self.templar.template(template)
        except Exception as exc:  # pylint: disable=broad-except  # any template failure names the option
            raise InputError(
                "hostname could not be rendered for %s %s: %s"
                % (_kind(record), record["vars"]["edge_id"], scrub(str(exc), self._secrets))
            ) from None
        name = str(name).strip() if name is not None else ""
        if not name:
            raise InputError(
                "hostname renders empty for %s %s: use variables every zone has, such as edge_resource and edge_id."
                % (_kind(record), record["vars"]["edge_id"])
            )
        return name
