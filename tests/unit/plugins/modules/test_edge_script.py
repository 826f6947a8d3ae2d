# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""edge_script and edge_script_info on the module path against answers written from the published Edge Scripting
document (``/compute/script``: create 201 with the script, code 204, publish 204 making a Live release, releases
paged, the active release 404 when none, rotate 204, delete 204 with ``deleteLinkedPullZones``): create with code and
its linked pull zone, re-run no change, a code change written once and published as ``publish`` says, the
deployment key never shown and rotated once, a rollback by uuid or by code, a type change refused before any write,
a lost create answer settled by a re-read, delete keeping the linked pull zones unless asked, info written back."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import requests

from ansible_collections.edge.platform.plugins.modules import edge_script, edge_script_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "edge-api-key-0123"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
KEY, NEW_KEY = "deploy-key-aaaa-bbbb-cccc", "deploy-key-dddd-eeee-ffff"
V1, V2 = "export default () => new Response('v1');", "export default () => new Response('v2');"


class Platform(object):
    """Edge scripts as the published document describes them: saved code apart from the releases."""

    def __init__(self, lose_create=False):
        self.scripts, self.code, self.releases, self.next_id = {}, {}, {}, 5101
        self.lose_create, self.deleted_with, self.next_release = lose_create, None, 1

    def hold(self, name, kind=1, code="", published=False):
        variable = {"Id": 1, "Name": "GREETING", "DefaultValue": "hi", "Required": False}
        script = {
            "Id": self.next_id, "Name": name, "ScriptType": kind, "CurrentReleaseId": 0, "DeploymentKey": KEY,
            "LinkedPullZones": [], "EdgeScriptVariables": [variable], "Deleted": False,
            "DefaultHostname": "%s.bunny.run" % name,
        }  # fmt: skip
        self.scripts[self.next_id], self.code[self.next_id], self.releases[self.next_id] = script, code, []
        self.next_id += 1
        if published:
            self.publish(script["Id"])
        return script

    def publish(self, script_id, code=None):
        for release in self.releases[script_id]:
            release["Status"] = 0
        uuid = "r%07d" % self.next_release
        self.next_release += 1
        release = {"Id": self.next_release, "Uuid": uuid, "Code": self.code[script_id] if code is None else code}
        self.releases[script_id].append(dict(release, Status=1, Note=""))
        self.scripts[script_id]["CurrentReleaseId"] = release["Id"]
        return uuid

    def __call__(self, method, url, body, params):
        path = urlsplit(url).path.split("/")[2:]
        if path == ["script"] and method == "GET":
            return FakeResponse(body={"Items": list(self.scripts.values()), "HasMoreItems": False})
        if path == ["script"]:
            return self.create(body)
        script_id = int(path[1])
        if script_id not in self.scripts:
            return FakeResponse(404)
        return self.on_script(method, path[2:], script_id, body, params)

    def create(self, body):
        script = self.hold(body["Name"], body["ScriptType"])
        if body.get("CreateLinkedPullZone"):
            zone = body["LinkedPullZoneName"]
            script["LinkedPullZones"] = [{"Id": 2101, "PullZoneName": zone, "DefaultHostname": zone + ".b-cdn.net"}]
        if self.lose_create:
            return requests.exceptions.ReadTimeout("read timed out")
        return FakeResponse(201, body=script)

    def on_script(self, method, rest, script_id, body, params):
        script = self.scripts[script_id]
        if not rest:
            return self.script(method, script, body, params)
        if rest == ["code"]:
            if method == "GET":
                return FakeResponse(body={"Code": self.code[script_id], "LastModified": "2026-11-20T10:00:00Z"})
            self.code[script_id] = body["Code"]
            return FakeResponse(204)
        if rest[0] == "publish":
            if len(rest) == 1:
                self.publish(script_id)
            else:
                old = [r for r in self.releases[script_id] if r["Uuid"] == rest[1]]
                self.publish(script_id, old[0]["Code"])  # a new release of the old code, as the platform may do
            return FakeResponse(204)
        if rest == ["releases"]:
            return FakeResponse(body={"Items": self.releases[script_id], "HasMoreItems": False})
        if rest == ["releases", "active"]:
            live = [r for r in self.releases[script_id] if r["Status"] == 1]
            return FakeResponse(body=live[0]) if live else FakeResponse(404, body={"Message": "no active releases"})
        if rest == ["secrets"]:
            return FakeResponse(body={"Secrets": [{"Id": 3, "Name": "TOKEN", "LastModified": None}]})
        script["DeploymentKey"] = NEW_KEY  # deploymentKey/rotate
        return FakeResponse(204)

    def script(self, method, script, body, params):
        if method == "GET":
            return FakeResponse(body=script)
        if method == "DELETE":
            self.deleted_with = params
            del self.scripts[script["Id"]]
            return FakeResponse(204)
        script["Name"] = body["Name"]
        return FakeResponse(body=script)


def writes(session):
    return [(c["method"], urlsplit(c["url"]).path, c["json"]) for c in session.writes]


def shows_no_key(result):
    text = json.dumps(result)
    return all(secret not in text for secret in (KEY, NEW_KEY, SECRET))


SCRIPT = dict(name="Demo Script", type="standalone", code=V1)


def test_create_with_code_then_no_change_and_info_written_back(fake_session, run_module):
    platform = fake_session.responses = Platform()
    checked = run_module(edge_script, dict(BASE, **SCRIPT), check=True, diff=True)
    assert checked["changed"] and checked["live"] == "unknown" and fake_session.writes == []
    created = run_module(edge_script, dict(BASE, **SCRIPT), diff=True)
    assert created["changed"] and created["diff"] == checked["diff"] and created["live"] == "saved"
    assert writes(fake_session) == [
        (
            "POST",
            "/compute/script",
            {"Name": "Demo Script", "ScriptType": 1, "CreateLinkedPullZone": True, "LinkedPullZoneName": "demo-script"},
        ),
        ("POST", "/compute/script/5101/code", {"Code": V1}),
    ]
    assert created["edge_script"]["linked_pullzones"] == [
        {"id": 2101, "name": "demo-script", "hostname": "demo-script.b-cdn.net"}
    ]
    assert shows_no_key(created) and platform.code[5101] == V1
    again = run_module(edge_script, dict(BASE, **SCRIPT))
    assert not again["changed"] and len(fake_session.writes) == 2
    info = run_module(edge_script_info, dict(BASE, name="Demo Script", include_code=True))
    assert shows_no_key(info) and info["edge_scripts"][0]["code"] == V1
    assert info["edge_scripts"][0]["secrets"] == [{"name": "TOKEN"}]
    assert info["edge_scripts"][0]["variables"] == [{"name": "GREETING", "value": "hi", "required": False}]
    read = info["edge_scripts"][0]
    back = run_module(edge_script, dict(BASE, name=read["name"], type=read["type"], code=read["code"]))
    assert not back["changed"] and len(fake_session.writes) == 2


def test_code_change_after_a_release_is_written_once_and_published_once(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1, published=True)
    changed = run_module(edge_script, dict(BASE, name="api", code=V2), diff=True)
    assert changed["changed"] and changed["live"] == "release" and changed["active_release"] == "r0000002"
    assert [(method, path) for method, path, _body in writes(fake_session)] == [
        ("POST", "/compute/script/5101/code"),
        ("POST", "/compute/script/5101/publish"),
    ]
    again = run_module(edge_script, dict(BASE, name="api", code=V2))
    assert not again["changed"] and len(fake_session.writes) == 2 and not again.get("warnings")


def test_publish_false_saves_and_warns_the_code_is_not_live(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1, published=True)
    saved = run_module(edge_script, dict(BASE, name="api", code=V2, publish=False))
    assert saved["changed"] and len(fake_session.writes) == 1
    assert "saved on edge script api but not live" in json.dumps(saved.get("warnings")), saved
    published = run_module(edge_script, dict(BASE, name="api", code=V2, publish=True))
    assert published["changed"] and writes(fake_session)[-1][1] == "/compute/script/5101/publish"
    assert not run_module(edge_script, dict(BASE, name="api", code=V2, publish=True))["changed"]


def test_dns_script_is_published_on_create(fake_session, run_module):
    fake_session.responses = Platform()
    created = run_module(edge_script, dict(BASE, name="geo", type="dns", code=V1))
    assert created["changed"] and created["live"] == "release"
    assert writes(fake_session)[0][2] == {"Name": "geo", "ScriptType": 0, "CreateLinkedPullZone": False}
    assert writes(fake_session)[-1][1] == "/compute/script/5101/publish"


def test_rollback_by_uuid_then_by_code_is_no_change(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1, published=True)
    platform.code[5101] = V2
    platform.publish(5101)
    rolled = run_module(edge_script, dict(BASE, name="api", release="r0000001"), diff=True)
    assert rolled["changed"] and rolled["release_matched"] is None and rolled["active_release"] == "r0000003"
    assert writes(fake_session) == [("POST", "/compute/script/5101/publish/r0000001", {"Note": ""})]
    again = run_module(edge_script, dict(BASE, name="api", release="r0000001"))
    assert not again["changed"] and again["release_matched"] == "code" and len(fake_session.writes) == 1
    missing = run_module(edge_script, dict(BASE, name="api", release="zzzzzzzz"))
    assert missing["failed"] and "release 'zzzzzzzz' is not a release" in missing["msg"]


def test_type_change_is_refused_before_any_write(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1)
    refused = run_module(edge_script, dict(BASE, name="api", type="middleware", code=V2))
    assert refused["failed"] and refused["msg"].startswith("type is 'standalone'") and fake_session.writes == []


def test_deployment_key_masked_rotated_once_and_returned(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1)
    rotated = run_module(edge_script, dict(BASE, name="api", rotate_deployment_key=True))
    assert rotated["changed"] and rotated["deployment_key"] == NEW_KEY
    assert KEY not in json.dumps(rotated)
    failed = run_module(edge_script, dict(BASE, name="api", type="dns"))
    assert failed["failed"] and shows_no_key(failed)


def test_lost_create_answer_is_settled_by_name_never_replayed(fake_session, run_module):
    fake_session.responses = Platform(lose_create=True)
    created = run_module(edge_script, dict(BASE, name="api", type="middleware", code=V1))
    assert created["changed"] and "not sent again" in json.dumps(created.get("warnings"))
    assert [path for _method, path, _body in writes(fake_session)] == ["/compute/script", "/compute/script/5101/code"]
    assert writes(fake_session)[0][2]["CreateLinkedPullZone"] is False


def test_delete_keeps_linked_pull_zones_unless_asked(fake_session, run_module):
    platform = fake_session.responses = Platform()
    run_module(edge_script, dict(BASE, **SCRIPT))
    deleted = run_module(edge_script, dict(BASE, name="Demo Script", state="absent"), diff=True)
    assert deleted["changed"] and deleted["linked_pullzones"][0]["name"] == "demo-script"
    assert platform.deleted_with == {"deleteLinkedPullZones": "false"} and not deleted["linked_pullzones_deleted"]
    assert "were kept" in json.dumps(deleted.get("warnings"))
    assert not run_module(edge_script, dict(BASE, name="Demo Script", state="absent"))["changed"]


def test_bad_input_fails_before_any_request(fake_session, run_module):
    fake_session.responses = Platform()
    for args, option in (
        (dict(name="x", state="absent", code=V1), "state=absent takes no settings"),
        (dict(name="x", type="dns", linked_pullzone=True), "linked_pullzone: a dns script"),
        (dict(name="x", type="standalone", code_file="/tmp/x.js"), "code_file names a file on the controller"),
        (dict(name="x", code=V1), "type is required to create edge script x"),
    ):
        failed = run_module(edge_script, dict(BASE, **args))
        assert failed["failed"] and option in failed["msg"]
    assert fake_session.writes == []


def test_publish_true_without_code_publishes_the_saved_code_once(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api", code=V1)
    published = run_module(edge_script, dict(BASE, name="api", publish=True))
    assert published["changed"] and writes(fake_session) == [("POST", "/compute/script/5101/publish", {"Note": ""})]
    assert published["live"] == "release" and platform.releases[5101][0]["Code"] == V1
    assert not run_module(edge_script, dict(BASE, name="api", publish=True))["changed"]


def test_exclusive_options_fail_before_any_request_naming_the_option(fake_session, run_module):
    fake_session.responses = Platform()
    both = run_module(edge_script, dict(BASE, name="x", code=V1, code_file="x.js"))
    assert both["failed"] and both["msg"].startswith("code and code_file are mutually exclusive")
    rollback = run_module(edge_script, dict(BASE, name="x", release="r0000001", publish=True))
    assert rollback["failed"] and rollback["msg"].startswith(
        "release (a rollback to an earlier release) takes no publish"
    )
    assert fake_session.writes == []


class WithoutReleaseCode(Platform):
    """Releases read without their Code (what a release holds is then unknown), and a rotation whose answer carries
    the new key in a body the document does not give it."""

    def on_script(self, method, rest, script_id, body, params):
        answer = super().on_script(method, rest, script_id, body, params)
        if rest[:1] == ["releases"] and answer.status_code == 200:
            data = json.loads(answer.text)
            for release in data.get("Items") or [data]:
                release.pop("Code", None)
            return FakeResponse(body=data)
        if rest == ["deploymentKey", "rotate"]:
            return FakeResponse(200, body={"DeploymentKey": NEW_KEY})
        return answer


def test_a_release_whose_code_is_unknown_is_never_published_on_every_run(fake_session, run_module):
    platform = fake_session.responses = WithoutReleaseCode()
    platform.hold("api", code=V1, published=True)
    first = run_module(edge_script, dict(BASE, name="api", code=V1, publish=True))
    assert not first["changed"] and fake_session.writes == [] and not first.get("warnings")
    rolled = run_module(edge_script, dict(BASE, name="api", release="r0000001"))
    assert not rolled["changed"] and rolled["release_matched"] == "uuid"


def test_publish_without_saved_code_fails_naming_publish_before_any_write(fake_session, run_module):
    platform = fake_session.responses = Platform()
    platform.hold("api")
    refused = run_module(edge_script, dict(BASE, name="api", publish=True))
    assert refused["failed"] and refused["msg"].startswith("publish:") and fake_session.writes == []


def test_a_name_over_the_platforms_length_fails_before_any_request(fake_session, run_module):
    refused = run_module(edge_script, dict(BASE, name="x" * 101, type="standalone"))
    assert refused["failed"] and "at most 100" in refused["msg"] and fake_session.calls == []


def test_a_rotation_answered_with_the_key_in_a_body_never_shows_it(fake_session, run_module):
    platform = fake_session.responses = WithoutReleaseCode()
    platform.hold("api", code=V1, published=True)
    rotated = run_module(edge_script, dict(BASE, name="api", rotate_deployment_key=True))
    assert rotated["changed"] and rotated["deployment_key"] == NEW_KEY  # returned once, as asked
    shown = json.dumps({key: value for key, value in rotated.items() if key != "deployment_key"})
    assert NEW_KEY not in shown and KEY not in shown
    assert "shows the change was applied" in json.dumps(rotated.get("warnings"))  # the body was not taken as proof
