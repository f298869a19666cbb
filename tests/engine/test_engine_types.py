"""The small types passed everywhere: Target (one table of memory files) and Fingerprint (one stat)."""

from __future__ import annotations

import os

import pytest

from hermes_dash import InvalidRequest, MemoryStore, load_settings, resolve_home
from hermes_dash.engine.io.readfile import Fingerprint
from hermes_dash.engine.rules import targets as _targets
from hermes_dash.engine.rules.format import DEFAULT_LIMITS, FILENAMES, TARGETS
from hermes_dash.engine.rules.targets import Target, target_of
from hermes_dash.engine.state import read_file_state
from hermes_dash.engine.views.render import parse_prompt


def test_the_old_names_are_views_of_the_one_table():
    assert TARGETS == tuple(t.key for t in _targets.TABLE) == ("memory", "user")
    assert FILENAMES == {t.key: t.filename for t in _targets.TABLE} == {"memory": "MEMORY.md", "user": "USER.md"}
    assert DEFAULT_LIMITS == {"memory": 2200, "user": 1375}


def test_a_target_knows_its_file_its_keys_its_title_and_the_other_one():
    memory, user = Target.of("memory"), target_of("user")
    assert (memory.filename, memory.limit_key, memory.enabled_key) == (
        "MEMORY.md",
        "memory_char_limit",
        "memory_enabled",
    )
    assert (user.filename, user.limit_key, user.enabled_key) == ("USER.md", "user_char_limit", "user_profile_enabled")
    assert memory.other is user and user.other is memory and Target.of(memory) is memory
    assert memory.title == "MEMORY (your personal notes)" and user.title == "USER PROFILE (who the user is)"


@pytest.mark.parametrize("bad", ["nope", "", "MEMORY", 3])
def test_an_unknown_target_is_refused_with_the_known_ones_named(bad):
    with pytest.raises(InvalidRequest) as info:
        Target.of(bad)  # type: ignore[arg-type]  # what a script may pass
    assert info.value.message == f"Unknown target {bad!r}."
    assert info.value.hint == "Use 'memory' (MEMORY.md) or 'user' (USER.md)."


def test_a_null_target_means_memory_from_0_18_1_to_0_20_and_is_refused_before_and_after():
    from hermes_dash.engine.agents import following

    assert Target.of(None).key == "memory"  # the agent's tool reads target: null as omitted
    with following("0.18.0"), pytest.raises(InvalidRequest) as info:
        Target.of(None)
    assert info.value.message == "No target given (null): say which file to write."
    with following("0.22.2"), pytest.raises(InvalidRequest):  # 0.22 requires a target again
        Target.of(None)


def test_limits_switches_and_rendered_titles_come_from_the_table(home):
    (home / "config.yaml").write_text(
        "memory:\n  memory_char_limit: 900\n  user_char_limit: 300\n  user_profile_enabled: false\n", encoding="utf-8"
    )
    store = MemoryStore(resolve_home(home))
    settings = load_settings(store.home)
    assert [settings.limit(t) for t in _targets.TABLE] == [900, 300] == [store.limit("memory"), store.limit("user")]
    assert (settings.enabled("memory"), settings.enabled(Target.of("user"))) == (True, False)
    store.add("memory", "alpha")
    store.add(Target.of("user"), "beta")  # a Target is taken where a key is
    assert store.render_block("user") == ""
    block = store.render_block("memory")
    assert block.splitlines()[1].startswith(Target.of("memory").title + " [")
    assert parse_prompt(block)["memory"].entries == ("alpha",)


def test_one_fingerprint_constructor_for_a_stat_and_for_a_path(home, write_mem, tmp_path):
    path = write_mem("memory", "alpha")
    st = os.stat(path)
    assert Fingerprint.of(st) == Fingerprint(st.st_mtime_ns, st.st_size, st.st_ino) == Fingerprint.at(path)
    assert read_file_state("memory", path, 2200).fingerprint == Fingerprint.at(path)
    assert Fingerprint.at(tmp_path / "absent") is None
    link = tmp_path / "link.md"
    link.symlink_to(path)
    assert Fingerprint.at(link) == Fingerprint.at(path) != Fingerprint.at(link, follow=False)
    assert Fingerprint.at(link, follow=False) == Fingerprint.of(os.lstat(link))
    os.utime(path, ns=(st.st_mtime_ns + 1, st.st_mtime_ns + 1))  # one nanosecond later is another version
    assert Fingerprint.at(path) != Fingerprint.of(st)


def test_every_write_reports_the_fingerprint_it_read_under_the_lock(store, write_mem):
    assert store.add("memory", "alpha").fingerprint_before is None  # there was no file
    shown = store.read("memory").fingerprint
    result = store.add("memory", "beta")
    assert result.fingerprint_before == shown and not result.changed_since(shown)
    assert result.changed_since(None) is False
    now = store.read("memory").fingerprint
    assert now != shown and store.add("memory", "beta").fingerprint_before == now  # a no-op reports it too


# -- one file's state as read, and the results' JSON (engine/state.py) ----------------------------------


def test_a_link_read_without_following_is_reported_not_read(tmp_path):
    """Backups are read with ``follow=False``: a link with a backup's name is not read through."""
    real = tmp_path / "elsewhere.md"
    real.write_text("private")
    link = tmp_path / "MEMORY.md.bak.20261101-000000"
    link.symlink_to(real)
    state = read_file_state("memory", link, 100, follow=False)
    assert not state.exists and state.raw == b"" and state.error and "symbolic link" in state.error
    assert state.real == link and state.link_target is None


def test_a_missing_file_behind_a_link_keeps_where_it_would_be_written(tmp_path):
    real = tmp_path / "store" / "MEMORY.md"
    real.parent.mkdir()
    link = tmp_path / "MEMORY.md"
    link.symlink_to(real)
    state = read_file_state("memory", link, 100)
    assert not state.exists and state.real == real and state.link_target == real
    assert state.error == f"MEMORY.md is a symbolic link to {real}, which does not exist."


def test_a_link_to_something_that_is_no_file_says_where_it_leads(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "MEMORY.md"
    link.symlink_to(fifo)
    state = read_file_state("memory", link, 100)
    assert not state.exists and state.real == fifo and state.link_target == fifo
    assert state.error.startswith(f"{link} (it leads to {fifo}) ") and state.error.endswith("; it was not read.")


def test_a_file_the_system_will_not_open_is_described_by_the_name_people_know(tmp_path, monkeypatch):
    import errno

    from hermes_dash.engine.io.readfile import describe_unreadable

    real = tmp_path / "store" / "MEMORY.md"
    real.parent.mkdir()
    real.write_text("a fact")
    link = tmp_path / "MEMORY.md"
    link.symlink_to(real)
    denied = PermissionError(errno.EACCES, "Permission denied", str(real))
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):
        if os.fspath(path) == str(real):
            raise denied
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    state = read_file_state("user", link, 123)
    monkeypatch.undo()
    assert (state.target, state.path, state.limit, state.exists, state.entries) == ("user", link, 123, False, ())
    assert state.error == describe_unreadable(denied, link) and str(link) in state.error
    assert state.link_target == real and state.real == real


def test_the_drift_guards_refusal_without_a_copy(tmp_path):
    from hermes_dash import DriftDetected
    from hermes_dash.engine.invocation import printed_command
    from hermes_dash.engine.state import drift_guard

    path = tmp_path / "USER.md"
    path.write_text("one\n\n§\n\ntwo")
    state = read_file_state("user", path, 1375)
    with pytest.raises(DriftDetected) as refused:
        drift_guard(state)
    assert refused.value.message.endswith("Rewriting it could lose that content, so nothing was changed.")
    assert refused.value.hint == (
        "Clean it up first: normalise it into § entries (the Migrate page, or "
        f"`{printed_command('normalize', 'user')}`), or add the extra content back as entries and "
        "rewrite the file; `add` still works meanwhile."
    )
    assert refused.value.details["backup"] is None


def test_an_undo_and_a_results_notes_as_json(store):
    from hermes_dash import OpResult

    first = store.add("memory", "one")
    second = store.add("memory", "two")
    assert first.undo.to_dict() == {
        "target": "memory",
        "backup": None,
        "restores": first.undo.restores,
        "left": first.undo.left,
    }
    assert second.undo.to_dict() == {
        "target": "memory",
        "backup": second.backup.name,
        "restores": second.undo.restores,
        "left": second.undo.left,
    }
    noted = OpResult("memory", "add", "Entry added.", True, (), ("x",), 100, notes=("a backup is named for 2999",))
    assert noted.to_dict()["notes"] == ["a backup is named for 2999"]
    assert "notes" not in second.to_dict()


def test_a_two_file_result_and_its_undo_as_json(store, write_mem):
    write_mem("memory", "a fact")
    write_mem("user", "a preference")
    both = store.move("memory", "a fact", "user")
    assert both.to_dict() == {
        "success": True,
        "message": both.message,
        "changed": True,
        "files": [both.first.to_dict(), both.second.to_dict()],
    }
    assert both.undo.to_dict() == {"first": both.first.undo.to_dict(), "second": both.second.undo.to_dict()}
    store.undo_both(both)
    half = store.apply_both(
        ("memory", {"action": "add", "content": "a fact"}), ("user", {"action": "add", "content": "new"})
    )
    assert half.first.undo is None and half.undo.to_dict() == {
        "first": {"target": "memory"},
        "second": half.second.undo.to_dict(),
    }
    other = store.apply_both(
        ("memory", {"action": "add", "content": "newer"}), ("user", {"action": "add", "content": "new"})
    )
    assert other.undo.to_dict() == {"first": other.first.undo.to_dict(), "second": {"target": "user"}}


def test_a_files_state_weighs_its_own_entries(tmp_path):
    path = tmp_path / "MEMORY.md"
    path.write_text("one\n§\ntwo")
    state = read_file_state("memory", path, 18)
    assert (state.usage, state.percent, state.over_budget) == (9, 50, False)
    assert read_file_state("memory", path, 8).over_budget
