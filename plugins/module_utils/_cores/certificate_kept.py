# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A certificate ``pullzone_certificate`` keeps by its fingerprint, without its files (pure Python: no Ansible
imports).

An account snapshot records a hostname's custom certificate by the SHA-256 fingerprint of its leaf, never the key
(docs/platform-notes.md, "Account snapshots: what they hold"). Given ``fingerprint`` alone, the task only reads: the
hostname holding that leaf is no change; anything else fails saying which files install it, since nothing can be
uploaded without them. Given with the certificate and key, the leaf given must be the one named, checked before any
request, and the task installs it as usual.
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._cores import certificates as core
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

HEX = re.compile(r"^[0-9A-F]{64}\Z")
FILES = "give certificate_src and certificate_key_src (the files of that certificate) to install it"


class Kept(object):
    """The certificate to keep: the leaf's ``fingerprint``, as ``pullzone_certificate`` returns it."""

    def __init__(self, fingerprint):
        self.fingerprint = fingerprint


def normal_fingerprint(text):
    """``text`` as colon-separated upper-case hex (colons, spaces and case as given do not matter); InputError when it
    is not 32 bytes of hex."""
    digits = re.sub(r"[\s:]", "", str(text)).upper()
    if not HEX.match(digits):
        raise InputError(
            "fingerprint must be the SHA-256 fingerprint of the leaf certificate: 32 bytes of hex, as returned in "
            "fingerprints (AB:12:...); got %r." % text,
            option="fingerprint",
        )
    return ":".join(digits[i : i + 2] for i in range(0, 64, 2))


def wanted_certificate(ctx):
    """What the task wants, checked before any request: None (state=absent), the ``(bundle, key)`` to install, or a
    :class:`Kept` when only ``fingerprint`` is given."""
    params = ctx.params
    if params["state"] != "present":
        return None
    fingerprint = normal_fingerprint(params["fingerprint"]) if params["fingerprint"] is not None else None
    # a _src file is read by the action into its text option; one not read there fails in load_wanted
    given = [o for o in ("certificate", "certificate_key") if params[o] is not None or params[o + "_src"] is not None]
    if fingerprint is not None and not given:
        if params["force"]:
            raise InputError("force needs the certificate and key to upload: %s." % FILES, option="force")
        return Kept(fingerprint)
    if len(given) == 1:
        missing = ({"certificate", "certificate_key"} - set(given)).pop()
        raise InputError(
            "%s is given without %s: give both (or their _src files), or neither with fingerprint to keep the "
            "certificate the hostname holds." % (given[0], missing),
            option=missing,
        )
    wanted = core.load_wanted(ctx)
    leaf = wanted[0][0].fingerprint
    if fingerprint is not None and leaf != fingerprint:
        raise InputError(
            "fingerprint is %s, but the certificate given is %s: give the files of the certificate whose fingerprint "
            "is %s, or change fingerprint." % (fingerprint, leaf, fingerprint),
            option="fingerprint",
        )
    return wanted


def kept(state, wanted):
    """The (no) change of a :class:`Kept`: none when the hostname holds that leaf as its custom certificate; else
    InputError saying what it holds, since nothing can be installed without the files."""
    leaf = state.view["fingerprints"][:1] == [wanted.fingerprint]  # through TLS only the leaf is seen anyway
    same = {"api": bool(state.custom) and leaf, "tls": leaf}.get(state.source)
    if same:
        return core.Change(state.view, False, None, None)
    if same is None:
        held = "a certificate the module could not compare (%s)" % state.reason
    elif state.view["fingerprints"]:
        held = "the %s certificate %s" % (state.view["certificate_type"], state.view["fingerprints"][0])
    else:
        kind = state.view["certificate_type"]
        held = "no custom certificate" if kind == "none" else "a %s certificate" % kind
    raise InputError(
        "hostname %s holds %s, not the certificate whose fingerprint is %s; %s."
        % (state.hostname, held, wanted.fingerprint, FILES),
        option="fingerprint",
    )


def for_prediction(wanted, where):
    """``wanted`` for a hostname that is not on its pull zone yet (``where`` says so); a :class:`Kept` cannot be
    installed there, so InputError."""
    if isinstance(wanted, Kept):
        raise InputError(
            "%s, so it does not hold the certificate whose fingerprint is %s; %s." % (where, wanted.fingerprint, FILES),
            option="fingerprint",
        )
    return wanted


def on_predicted_zone(ctx, wanted):
    """``certificates.on_predicted_zone``: a pull zone only predicted by an earlier task (check mode) holds no
    certificate to keep."""
    where = "pull zone %s is only predicted by an earlier task of this run" % ctx.params["pullzone_name"]
    return core.on_predicted_zone(ctx, for_prediction(wanted, where))


def change(ctx, found, state, wanted, address):
    """The one write of the task (a ``certificates.Change``): none for a :class:`Kept` held, the upload of
    ``(bundle, key)``, or the removal (``wanted`` None)."""
    if isinstance(wanted, Kept):
        return kept(state, wanted)
    return core.upload(ctx, found, state, wanted, address) if wanted else core.removal(ctx, found, state)
