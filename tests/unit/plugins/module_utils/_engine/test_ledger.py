"""The check-mode ledger: notes of one run, scoped by platform and account, and how the context consults it."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client, access_key_auth, bearer_auth
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context
from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import ANY, Ledger

SECRET = "ledger-unit-secret-key"
ZONE = ("pull zone", "site-1234abcd")


def client(key=SECRET, base_url="https://api.example.test"):
    return Client(base_url, access_key_auth(key), secrets=(key,))


def context(ledger, check_mode=True, key=SECRET):
    ctx = Context({}, check_mode=check_mode, secrets=[key], ledger=ledger)
    ctx.client = client(key)
    return ctx


# -- the ledger itself ------------------------------------------------------------------------------------------------


def test_a_note_is_held_in_its_scope_only_and_any_of_its_kind_matches(tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    assert ledger.holds("scope", *ZONE) is False  # nothing noted, not even the directory made
    ledger.note("scope", *ZONE)
    assert ledger.holds("scope", *ZONE) is True
    assert ledger.holds("scope", "pull zone", ANY) is True
    assert ledger.holds("scope", "pull zone", "site-other") is False
    assert ledger.holds("other scope", *ZONE) is False
    assert ledger.holds("scope", "DNS zone", "site-1234abcd") is False
    ledger.note("scope", *ZONE)  # a second note of the same object is no error
    assert ledger.holds("scope", *ZONE) is True


def test_the_directory_is_private_and_its_names_show_no_name_url_or_key(tmp_path):
    directory = tmp_path / "ledger"
    ledger = Ledger(str(directory))
    ledger.note(client().identity, *ZONE)
    assert (directory.stat().st_mode & 0o777) == 0o700
    names = os.listdir(str(directory))
    assert len(names) == 2  # the object, and "one of its kind"
    for name in names:
        assert "site" not in name and "example" not in name and SECRET not in name
        assert (directory / name).read_bytes() == b""  # a note holds nothing but its existence


def _note(directory, index):
    Ledger(directory).note("scope", "SQL table", "t%d" % (index % 3))


def test_notes_of_many_processes_at_once_all_hold(tmp_path):
    directory = str(tmp_path / "ledger")
    processes = [multiprocessing.get_context("fork").Process(target=_note, args=(directory, i)) for i in range(12)]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    assert [process.exitcode for process in processes] == [0] * 12
    assert all(Ledger(directory).holds("scope", "SQL table", "t%d" % i) for i in range(3))


def test_a_ledger_that_cannot_be_read_raises_rather_than_saying_nothing_was_noted(tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    with pytest.raises(OSError):
        Ledger(str(blocker / "ledger")).holds("scope", *ZONE)
    with pytest.raises(OSError):
        Ledger(str(blocker / "ledger")).note("scope", *ZONE)


def test_the_client_identity_is_the_api_root_and_the_account_key_not_a_database_token():
    assert client().identity != client(key="another-account-key").identity
    assert client().identity != client(base_url="https://api.other.test").identity
    one = Client("https://db.example.test", bearer_auth("token-1"), secrets=("token-1",))
    two = Client("https://db.example.test", bearer_auth("token-2"), secrets=("token-2",))
    assert one.identity == two.identity  # one database, whichever token reads it


# -- the context over it ----------------------------------------------------------------------------------------------


def test_a_prediction_noted_by_one_task_lets_a_later_task_stand_in_for_it(tmp_path):
    ledger = Ledger(str(tmp_path))
    context(ledger).note_predicted(*ZONE)
    later = context(ledger)
    assert later.predicted_dependency("pull zone site-1234abcd", needs=[ZONE]) is True
    assert later.changed is True and len(later.warnings) == 1
    assert "an earlier task of this run predicted creating it" in later.warnings[0]
    assert "reports the change a real run would make" in later.warnings[0]


def test_a_missing_object_nothing_predicted_fails_as_a_real_run_with_no_warning(tmp_path):
    ledger = Ledger(str(tmp_path))
    context(ledger).note_predicted("pull zone", "site")
    later = context(ledger)
    assert later.predicted_dependency("pull zone sitee", needs=[("pull zone", "sitee")]) is False
    assert later.predicted_dependency("pull zone with id 7", needs=[]) is False  # an id: nothing predicts one
    assert later.changed is False and later.warnings == []


def test_every_need_must_be_held_and_a_tuple_of_keys_takes_any(tmp_path):
    ledger = Ledger(str(tmp_path))
    context(ledger).note_predicted("DNS zone", "example.com")
    later = context(ledger)
    assert later.predicted_dependency("x", needs=[("DNS zone", "example.com"), ZONE]) is False
    assert later.predicted_dependency("x", needs=[("DNS zone", ("cdn.example.com", "example.com", "com"))]) is True


def test_a_prediction_of_another_account_does_not_count(tmp_path):
    ledger = Ledger(str(tmp_path))
    context(ledger, key="first-account-key").note_predicted(*ZONE)
    assert context(ledger).predicted_dependency("pull zone", needs=[ZONE]) is False


def test_nothing_is_noted_or_stood_in_for_in_a_real_run(tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    context(ledger, check_mode=False).note_predicted(*ZONE)
    assert not os.path.exists(str(tmp_path / "ledger"))
    context(ledger).note_predicted(*ZONE)
    real = context(ledger, check_mode=False)
    assert real.predicted_dependency("pull zone", needs=[ZONE]) is False
    assert real.changed is False and real.warnings == []


def test_without_a_ledger_the_module_path_stands_in_with_the_warning_it_always_gave():
    ctx = context(None)
    ctx.note_predicted(*ZONE)  # nothing to note it in
    assert ctx.predicted_dependency("pull zone site", needs=[ZONE]) is True
    assert "an earlier task may only have been predicted under --check" in ctx.warnings[0].lower()


def test_a_ledger_that_cannot_be_read_is_no_ledger(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    ctx = context(Ledger(str(blocker / "ledger")))
    assert ctx.predicted_dependency("pull zone site", needs=[ZONE]) is True
    assert "may only have been predicted" in ctx.warnings[0]


def test_a_note_that_cannot_be_written_says_so_in_a_warning_without_the_key(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    ctx = context(Ledger(str(blocker / "ledger")))
    ctx.note_predicted(*ZONE)
    assert len(ctx.warnings) == 1 and "could not be noted" in ctx.warnings[0]
    assert SECRET not in ctx.warnings[0]
