# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""API Guardian of a shield zone: its paths, reads, writes and hints (pure Python: no Ansible imports).

- :func:`get`: the zone's state (configuration and endpoints); a 404 fails naming both of its readings.
- :func:`get_or_absent`: the same read for an upload; a 404 is explained by asking the shield zone itself.
- :func:`get_endpoint`: one endpoint, by method and path as written in the document.
- :func:`update_configuration`, :func:`update_endpoint`: PATCH what differs; an answer showing other settings than
  were sent confirms nothing (the reconciler re-reads).
- :func:`upload_spec`: POST (first document) or PATCH (replacement) of the OpenAPI document, never sent twice.

Every read returns a :class:`Current`; the writes return the platform's answer.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    ApiError,
    parse_error_body,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_settings import (
    CONFIGURATION,
    ENDPOINT,
    find_endpoint,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_spec import Current, endpoint_key

from . import shield_zones
from .answers import shield_data

GUARDIAN = "/shield/shield-zone/%d/api-guardian"
ENDPOINT_PATH = GUARDIAN + "/endpoint/%d"
SPEC = GUARDIAN + "/spec"

# The published document declares 403 on every API Guardian route without saying when; the ToshY/BunnyNet-PHP
# client documents it for plans below Advanced (docs/shield-api.md, "Update API Guardian").
PLAN_HINT = (
    "API Guardian may not be on this shield zone's plan (a 403 is documented by a platform client for "
    "plans below Advanced): check the zone's plan."
)
UPLOAD_PLAN_HINT = "The zone's plan refused the document (a plan limit or API Guardian not on the plan)."
# The conditions of a 404 are not documented (docs/platform-notes.md, "API Guardian: 403 and 404"): unknown zone,
# or possibly no specification yet. Either way there is nothing a settings module can safely change.
NO_STATE_HINT = (
    "Shield zone %d is not visible to this API key, or has no API Guardian state yet (the platform does "
    "not say which): check %s, or upload an OpenAPI document with edge.platform.api_guardian_spec first."
)
ENDPOINT_GONE_HINT = (
    "Endpoint %s (id %d) is no longer in shield zone %d: was the OpenAPI document uploaded again "
    "meanwhile? Re-run the task."
)
# Refusals of a first upload after which the zone may hold a document another task uploaded at the
# same moment. The published shield document declares only 200/401/403/404/500 for POST .../spec
# (docs/platform-notes.md, "API Guardian: a first upload when a document already exists"), so "already
# exists" may come as 409 or 400.
CONFLICT_STATUSES = (400, 409, 422)


class FirstUploadRefused(Exception):
    """A first upload refused in a way that may mean another task uploaded first (``error``: the refusal)."""

    def __init__(self, error):
        super(FirstUploadRefused, self).__init__(str(error))
        self.error = error


def state_answer(zone_id):
    """The documented answer of reading a zone's API Guardian: ``{data: {configuration, endpoints}}``
    (``GetApiGuardianResponse``; ``endpoints`` nullable). Anything else is not understood, so a faulty answer is never
    read as "no document uploaded yet"."""
    return shield_data(
        "the API Guardian state of shield zone %d (an object with data)" % zone_id,
        lambda state: (
            isinstance(state.get("configuration"), dict)
            and "endpoints" in state
            and (state["endpoints"] is None or isinstance(state["endpoints"], list))
        ),
    )


def _read(client, zone_id, hint, allow_404=False):
    return client.request(
        "GET",
        GUARDIAN % zone_id,
        "Reading API Guardian of shield zone %d" % zone_id,
        allow_404=allow_404,
        hints={404: hint, 403: PLAN_HINT},
        expect=state_answer(zone_id),
    )


def get(client, zone_id, option="shield_zone_id"):
    """The zone's API Guardian state. A 404 fails naming both readings (``option``: the one that chose the zone)
    rather than guessing with a write."""
    return Current.from_data(_read(client, zone_id, NO_STATE_HINT % (zone_id, option)).object.get("data"))


def get_or_absent(client, zone_id, hint):
    """The zone's API Guardian state, absent (nothing uploaded yet) when it answers 404 but the zone exists.

    A 404 is never read from its error text: whether the zone exists is asked of the zone itself
    (docs/platform-notes.md, "API Guardian: 403 and 404": the conditions of these 404s are not documented, and no
    list of error keys is published). ``hint``: the 404 hint of the zone (it names the option the user gave).
    """
    reply = _read(client, zone_id, hint, allow_404=True)
    if reply.status != 404:
        return Current.from_data(reply.object.get("data"), reply.text)
    message, key, dummy = parse_error_body(reply.text)
    if not shield_zones.exists(client, zone_id):
        raise ApiError("Reading API Guardian of shield zone %d" % zone_id, 404, message, error_key=key, hint=hint)
    return Current.absent(reply.object.get("data"))


def predicted_endpoint(zone_id, method, path):
    """The check-mode ledger's note of the endpoint ``method path`` of shield zone ``zone_id`` (``_engine/ledger.py``),
    as :func:`get_endpoint` compares (method in any case, path exactly as written)."""
    return ("API Guardian endpoint", "shield zone %d: %s" % (zone_id, endpoint_key(method, path)))


def get_endpoint(client, zone_id, method, path, option="shield_zone_id"):
    """The endpoint written ``method path`` in the zone's document; InputError listing the zone's endpoints when
    none matches."""
    return find_endpoint(get(client, zone_id, option).endpoints, method, path)


def as_sent(table, operation, reply, sent):
    """The ``data`` a PATCH answered, when ``table``'s view of it is that of ``sent`` (the object read, with the
    settings sent); an answer showing other settings confirms nothing."""
    data = reply.object["data"]
    if table.view(data) != table.view(sent):
        raise unconfirmed(operation, reply.status, "the answer shows other settings than were sent")
    return data


def update_configuration(client, zone_id, configuration, body):
    """PATCH the zone-wide settings in ``body`` over ``configuration``: the ApiGuardianConfigurationDetails answered."""
    operation = "Updating API Guardian of shield zone %d" % zone_id
    # expect="data": an answer without the configuration confirms nothing, and neither does one showing
    # other settings; the reconciler then re-reads instead of claiming what was sent
    reply = client.request(
        "PATCH", GUARDIAN % zone_id, operation, json_body=body, hints={403: PLAN_HINT}, expect="data"
    )
    return as_sent(CONFIGURATION, operation, reply, dict(configuration, **body))


def update_endpoint(client, zone_id, endpoint, body):
    """PATCH the settings in ``body`` of ``endpoint``: the ApiGuardianEndpointDetails answered."""
    name = "%s %s" % (endpoint.get("requestMethod"), endpoint.get("requestPath"))
    endpoint_id = endpoint.get("apiGuardianEndpointId")
    operation = "Updating API Guardian endpoint %s of shield zone %d" % (name, zone_id)
    # expect="data": an answer without the endpoint confirms nothing, and neither does one showing other
    # settings; the reconciler then re-reads instead of claiming what was sent
    reply = client.request(
        "PATCH",
        ENDPOINT_PATH % (zone_id, endpoint_id),
        operation,
        json_body=body,
        expect="data",
        hints={403: PLAN_HINT, 404: ENDPOINT_GONE_HINT % (name, endpoint_id, zone_id)},
    )
    return as_sent(ENDPOINT, operation, reply, dict(endpoint, **body))


def upload_spec(client, zone_id, text, enforce, first, hint):
    """POST (``first``: no document yet) or PATCH the OpenAPI document: the zone's state the platform answers.

    Never sent twice once it may have landed: a lost answer is re-read instead. An answer without the configuration
    and endpoints confirms nothing: it fails as unconfirmed, and the reconciler re-reads. A first upload refused
    with a status in :data:`CONFLICT_STATUSES` raises :class:`FirstUploadRefused` (another task may have been first).
    """
    body = {"content": text}
    if enforce is not None:
        body["enforceAuthorizationValidation"] = enforce
    method, verb = ("POST", "Uploading") if first else ("PATCH", "Updating")
    operation = "%s the OpenAPI document of shield zone %d" % (verb, zone_id)
    try:
        reply = client.request(
            method,
            SPEC % zone_id,
            operation,
            json_body=body,
            replay_safe=False,
            hints={403: UPLOAD_PLAN_HINT, 404: hint},
        )
    except ApiError as error:
        if first and error.status in CONFLICT_STATUSES:
            raise FirstUploadRefused(error)
        raise
    data = reply.object.get("data")
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("configuration"), dict)
        or not isinstance(data.get("endpoints"), list)
    ):
        raise unconfirmed(operation, reply.status, "the answer does not carry the configuration and endpoints")
    return Current.from_data(data)
