"""What the resource-layer tests share: a client over a fake session, and core API list pages."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession


def client(*responses):
    session = FakeSession(responses)
    return Client("https://api.example.test", {"AccessKey": "k"}, session=session, retries=0), session


def dns_page(items, page=1, more=False):
    return FakeResponse(body={"Items": items, "CurrentPage": page, "TotalItems": len(items), "HasMoreItems": more})


def dns(zone_id, domain):
    return {"Id": zone_id, "Domain": domain, "DnsSecEnabled": False}
