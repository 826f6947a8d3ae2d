#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_certificate
short_description: Install or remove a custom TLS certificate on a pull zone hostname
version_added: 1.0.0
description:
  - Installs a custom certificate (with its chain) and private key on one hostname of a pull zone, or removes it.
  - The pull zone is chosen by O(pullzone_id), or by O(pullzone_name) at the cost of one search request (the listing
    carries no certificates, so the zone is then read by id as usual); one of them is required.
  - Reads the pull zone once, with the installed certificates, and compares the ordered SHA-256 fingerprints of the
    wanted bundle (leaf first, then the chain) with those of the installed one. It uploads only when they differ, so a
    re-run changes nothing and sends a single read. Formatting (line endings, text around the PEM blocks, PEM or DER)
    never counts as a difference; a changed chain does.
  - The platform's published API description says the read returns the installed certificate, while the official
    Terraform provider documents that the API does not return it. When the platform says the hostname has a custom
    certificate but returns none, the module compares the wanted leaf certificate with the one the hostname serves,
    read from one TLS handshake (see O(tls_probe)); only the leaf is compared that way. When that is not possible
    either, it uploads and warns why, on every run, so a repeated upload is never silent. The result's
    RV(certificate_source) says which way the comparison was made.
  - Before any request it checks the input locally and fails with the option name and the fix when the PEM or DER does
    not parse, the key does not belong to the certificate, the key is encrypted, or the certificate has expired. It warns
    when the certificate expires within 30 days, is not valid yet, does not name the hostname among its subject
    alternative names, or when the chain looks out of order.
  - Files are read only when they are regular files of at most 1 MiB, and a bundle holds at most 32 PEM blocks, so a
    pipe, a device or a huge file fails at once with a message naming the option.
  - Runs inside the controller's Ansible process when the task runs there (see the collection guide); the result is
    the same either way.
  - The private key is never returned, shown in a diff, logged or put in an error message, in any form.
  - Uses the C(cryptography) Python library (ansible-core requires it on the controller). On a host without it,
    fingerprints (and so the comparison) stay exact, but the key match, expiry, name and chain checks are skipped with a
    warning, a DER key cannot be read, and the subject, names and dates are returned as null.
options:
  hostname:
    description:
      - The hostname of the pull zone, for example V(www.example.com).
      - Matched case-insensitively; a trailing dot is ignored. With O(state=present) it must already be on the pull
        zone.
      - System hostnames (the C(*.b-cdn.net) one) and hostnames managed by the platform are refused; the platform manages
        their certificates.
    type: str
    required: true
  state:
    description:
      - V(present) installs the certificate unless the same one is already installed.
      - V(absent) removes the custom certificate when the hostname has one. A certificate the platform issued itself (for
        example a free Let's Encrypt one) is left alone. A hostname that is not on the pull zone, or a pull zone that
        is gone, has no certificate to remove, so the task changes nothing and warns with what the lookup found (a
        teardown after a build that failed midway, or run twice, finishes).
    type: str
    choices: [present, absent]
    default: present
  certificate:
    description:
      - The certificate as PEM text, leaf certificate first, optionally followed by the intermediate certificates;
        or one DER certificate as standard Base64 (this is how the controller passes a DER O(certificate_src)).
      - Blocks other than certificates are not uploaded as part of it (a warning says so).
      - Required with O(state=present) unless O(certificate_src) or O(fingerprint) is given. Ignored with O(state=absent).
    type: str
  certificate_src:
    description:
      - Path of a PEM (bundle) or DER certificate file on the controller, found as M(ansible.builtin.copy) finds
        its C(src) (an absolute path, or relative to the role's C(files/) directory or to the playbook's directory;
        an Ansible Vault encrypted file is decrypted), whichever host the task runs on.
      - The controller reads it (a regular file of at most 1 MiB, not in C(/proc), C(/sys) or C(/dev)) and passes its
        text as O(certificate); a DER file, which is binary, is passed as its Base64. Errors about it name
        O(certificate_src) and the path.
      - Mutually exclusive with O(certificate).
    type: path
  certificate_key:
    description:
      - The unencrypted private key of the certificate as PEM text (PKCS#8, PKCS#1 or SEC1), or a DER key as
        standard Base64.
      - Required with O(state=present) unless O(certificate_key_src) or O(fingerprint) is given. Ignored with
        O(state=absent).
    type: str
  certificate_key_src:
    description:
      - Path of the unencrypted private key file (PEM or DER) on the controller, found and read as
        O(certificate_src) is (a Vault encrypted key file is decrypted on the controller) and passed as
        O(certificate_key), so it is masked like it everywhere.
      - Mutually exclusive with O(certificate_key).
    type: path
  force:
    description:
      - With O(state=present), upload the certificate and key even when the installed certificate has the same
        fingerprints, for example to push the key again or to replace an intermediate the TLS comparison cannot see.
        The task then always reports a change.
      - Has no effect with O(state=absent).
    type: bool
    default: false
  fingerprint:
    description:
      - The SHA-256 fingerprint of the leaf certificate the hostname is to hold, as RV(fingerprints) returns it
        (colon-separated hex; colons and case do not matter).
      - Given without O(certificate) and O(certificate_key) (nor their C(_src) files), the task keeps the certificate
        the hostname holds by reading only. When the hostname's custom certificate has this leaf, nothing changes and
        nothing is written; otherwise (another certificate, none, or one the module cannot compare) the task fails
        saying what the hostname holds, since nothing can be installed without the files. This is how
        M(edge.platform.account_snapshot) records a certificate (never its key), so applying a snapshot needs the
        certificate files only to install a certificate the hostname does not hold.
      - Given with the certificate and key, the leaf given must have this fingerprint (checked before any request),
        and the task installs it as usual.
      - Cannot be combined with O(force) without the certificate and key. Ignored with O(state=absent).
    type: str
    version_added: 1.3.0
  tls_probe:
    description:
      - Where to read the certificate the hostname serves when the platform does not return the installed one, as
        V(host), V(host:port) or V([IPv6]:port); the TLS handshake names O(hostname) (SNI) whatever the address.
      - Omitted, the module connects to O(hostname) on port 443, which reaches the platform once the hostname's DNS
        points at it. Set an edge address when it does not yet, or V(off) to never probe (each run then uploads, with a
        warning).
      - The probe sends no credential and no request, only a TLS handshake; it does not verify the certificate, since
        it only reads its fingerprint. It ends within O(timeout). It is skipped in V(absent) state and with O(force),
        except to confirm an upload whose answer was lost (see the notes).
    type: str
notes:
  - The upload sends the certificate bundle as PEM re-encoded from the parsed certificates, and the key as PEM, each
    Base64-encoded as the platform requires; DER input is converted to PEM first.
  - The platform's answer to an upload or removal carries no data, so the result after a change is the certificate the
    module uploaded (or none), without another read.
  - An upload or removal is sent once and never again. When its answer is lost (the connection dropped or timed
    out after the request was sent, or a server error), the module reads the hostname once more and reports what
    is true. The change is there, it reports a change with a warning naming the lost answer; it is not, the task
    fails saying it was NOT applied; the read cannot tell (the platform returns no certificate and the TLS probe is
    off or fails), the task fails saying the outcome is unknown. A removal counts as done when the hostname no
    longer has a custom certificate.
  - Through a TLS probe only the leaf certificate is compared (a TLS client is not shown how the server stores its
    chain); use O(force=true) to push a changed intermediate.
requirements:
  - requests
  - cryptography (for the local checks; see the description)
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
    details:
      - The diff shows the certificate type, fingerprints and expiry before and after; never key material.
seealso:
  - name: Add custom certificate
    description: The platform endpoint that installs a certificate on a pull zone hostname.
    link: https://docs.bunny.net/reference/pullzonepublic_addcertificate
  - name: Remove certificate
    description: The platform endpoint that removes it.
    link: https://docs.bunny.net/reference/pullzonepublic_removecertificate
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Install the certificate of www.example.com from files on the controller
      edge.platform.pullzone_certificate:
        pullzone_id: 2001
        hostname: www.example.com
        certificate_src: /etc/ssl/edge/www.example.com/fullchain.pem
        certificate_key_src: /etc/ssl/edge/www.example.com/privkey.pem
      delegate_to: localhost
      register: installed

    - name: Show what is installed
      ansible.builtin.debug:
        msg: "{{ installed.fingerprints[0] }} expires {{ installed.not_after }}"

    - name: Install a certificate and key kept in Ansible Vault
      edge.platform.pullzone_certificate:
        pullzone_id: 2001
        hostname: cdn.example.com
        certificate: "{{ vault_cdn_certificate }}"
        certificate_key: "{{ vault_cdn_certificate_key }}"
        # DNS of cdn.example.com still points at the old server: compare with what the edge serves
        tls_probe: demo.b-cdn.net:443

    - name: Keep the certificate www.example.com holds by its fingerprint, without the files (reads only)
      edge.platform.pullzone_certificate:
        pullzone_id: 2001
        hostname: www.example.com
        fingerprint: "{{ installed.fingerprints[0] }}"  # a snapshot records it as text, such as 3A:9F:...:0F:6E

    - name: Go back to no custom certificate (the pull zone chosen by name)
      edge.platform.pullzone_certificate:
        pullzone_name: demo
        hostname: old.example.com
        state: absent
"""

RETURN = r"""
pull_zone:
  description:
    - The pull zone the task managed.
    - In check mode, when the pull zone or the hostname is only predicted by an earlier task of the run, the result is
      the certificate the task installs (RV(certificate_source) is V(unknown), a warning says why), and the id of a
      pull zone only predicted is null.
  returned: always
  type: dict
  contains:
    id:
      description: Pull zone id.
      type: int
      sample: 2001
    name:
      description: Pull zone name.
      type: str
      sample: demo
hostname:
  description: The hostname as the platform spells it.
  returned: always
  type: str
  sample: www.example.com
has_certificate:
  description: Whether the hostname has a certificate of any kind after the task (predicted in check mode).
  returned: always
  type: bool
  sample: true
certificate_type:
  description:
    - How the hostname's certificate is provided after the task; V(none) when it has none.
    - V(custom) is a certificate uploaded by a user; V(http01), V(dns01) and V(managed) are issued by the platform.
  returned: always
  type: str
  sample: custom
fingerprints:
  description:
    - SHA-256 fingerprints of the certificate bundle after the task, leaf first, as colon-separated upper-case hex
      (the format of C(openssl x509 -noout -fingerprint -sha256)).
    - Empty when there is no certificate or it could not be read; only the served leaf when RV(certificate_source=tls).
  returned: always
  type: list
  elements: str
  sample: ["3A:9F:5E:41:0C:77:B2:61:9E:58:2F:44:10:0D:AF:92:6B:15:8E:23:B7:0E:4F:35:81:D1:7A:58:8C:21:0F:6E"]
subject:
  description: Subject of the leaf certificate (RFC 4514, most specific first), or null.
  returned: always
  type: str
  sample: CN=www.example.com,O=Example Ltd
issuer:
  description: Issuer of the leaf certificate (RFC 4514), or null.
  returned: always
  type: str
  sample: CN=Example Issuing CA,O=Example Ltd
sans:
  description: DNS names and IP addresses among the leaf certificate's subject alternative names.
  returned: always
  type: list
  elements: str
  sample: [www.example.com, example.com]
not_before:
  description: Start of the leaf certificate's validity (ISO 8601, UTC), or null.
  returned: always
  type: str
  sample: "2026-01-01T00:00:00Z"
not_after:
  description: End of the leaf certificate's validity (ISO 8601, UTC), or null.
  returned: always
  type: str
  sample: "2026-04-01T00:00:00Z"
certificate_source:
  description:
    - How the installed certificate was read for the comparison. V(api) is the platform's answer (including "no
      certificate"); V(tls) is the leaf certificate the hostname served to the probe (see O(tls_probe)); V(unknown)
      means no comparison was possible, and a warning says why.
  returned: always
  type: str
  choices: [api, tls, unknown]
  sample: api
# BEGIN edge.platform.api_error
# sample status: 400
# sample error_key: pullzone.certificate_key_mismatch
# sample field: CertificateKey
# sample message: The certificate key does not match the certificate.
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 400
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: pullzone.certificate_key_mismatch
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: CertificateKey
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The certificate key does not match the certificate.
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import certificate_hostname
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE, merge_validation
from ansible_collections.edge.platform.plugins.module_utils._cores import certificate_kept as kept
from ansible_collections.edge.platform.plugins.module_utils._cores import certificates as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import certificate_compared


def run(ctx):
    params = ctx.params
    params["hostname"] = certificate_hostname(params["hostname"])
    address = core.probe_address(params)
    wanted = kept.wanted_certificate(ctx)  # None (absent), (bundle, key), or a certificate kept by its fingerprint
    # after the local checks (no request before them); a name lookup reads the list model, which has no
    # certificates, so read_state still reads the zone by id with includeCertificate=true
    found = PULL_ZONE.resolve_in_plan(
        ctx,
        lambda: kept.on_predicted_zone(ctx, wanted),
        {"pull_zone": None, "hostname": params["hostname"]},
    )
    try:
        state = core.read_state(ctx, found, address if wanted and not params["force"] else None)
    except core.HostnameNotOnZone as missing:
        return core.not_on_zone(ctx, found, missing, kept.for_prediction(wanted, missing.where))
    change = kept.change(ctx, found, state, wanted, address)
    target = change.target if change.changed else state.view
    ctx.reconcile(
        certificate_compared(state.view, state.hostname),
        certificate_compared(target, state.hostname),
        change.apply,
        reread=lambda: core.reread_state(ctx, found, change.probe_at),
        changed=change.changed,
        reached=change.reached,
    )
    return dict(
        target,
        pull_zone={"id": found.id, "name": state.zone_name},
        hostname=state.hostname,
        certificate_source=state.source,
    )


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        hostname=dict(type="str", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        certificate=dict(type="str"),
        certificate_src=dict(type="path"),
        certificate_key=dict(type="str", no_log=True),
        certificate_key_src=dict(type="path", no_log=False),
        force=dict(type="bool", default=False),
        tls_probe=dict(type="str"),
        fingerprint=dict(type="str"),
    ),
    run=run,
    **merge_validation(
        PULL_ZONE.validation(),
        dict(
            mutually_exclusive=[("certificate", "certificate_src"), ("certificate_key", "certificate_key_src")],
            required_if=[
                ("state", "present", ("certificate", "certificate_src", "fingerprint"), True),
                ("state", "present", ("certificate_key", "certificate_key_src", "fingerprint"), True),
            ],
        ),
    ),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
