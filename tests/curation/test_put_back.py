"""One entry of an earlier version put back where it stood (the routine behind History's restores):
a changed entry in place, a gone entry between its old neighbours, byte-identical when nothing else changed."""

from __future__ import annotations

import pytest

from hermes_dash import DriftDetected, EntryChanged, FileProblem, InvalidRequest, MemoryStore, resolve_home
from hermes_dash.curation import history as _history

FOUR = [
    "alpha: the build uses make",
    "beta: staging is reset on Sundays",
    "gamma: CI is GitHub Actions",
    "delta: deploys need two approvals",
]


def _four(store: MemoryStore) -> bytes:
    for entry in FOUR:
        store.add("memory", entry)
    return store.read("memory").raw


def _newest_backup_entries(store: MemoryStore) -> tuple[str, ...]:
    return _history.versions(store, "memory")[-2].entries


def test_a_changed_entry_goes_back_in_place_byte_identical(store):
    before = _four(store)
    store.replace("memory", "beta", "beta: staging is never reset")  # the bad replace
    result = _history.put_back(store, "memory", FOUR[1], source=_newest_backup_entries(store))
    assert result.changed and store.read("memory").raw == before


@pytest.mark.parametrize("gone", range(4))
def test_a_gone_entry_goes_back_where_it_stood_byte_identical(store, gone):
    before = _four(store)
    store.remove("memory", FOUR[gone])
    result = _history.put_back(store, "memory", FOUR[gone], source=_newest_backup_entries(store))
    assert store.read("memory").raw == before, result.message
    store.undo(result)  # the restore itself can be taken back
    assert FOUR[gone] not in store.read("memory").entries


def test_a_gone_entry_whose_neighbour_changed_goes_after_the_neighbours_new_text(store):
    _four(store)
    store.remove("memory", "gamma")
    source = _newest_backup_entries(store)
    store.replace("memory", "beta", "beta: staging is reset on Sundays at 02:00")
    _history.put_back(store, "memory", FOUR[2], source=source)
    assert store.read("memory").entries == (FOUR[0], "beta: staging is reset on Sundays at 02:00", FOUR[2], FOUR[3])


def test_history_restore_of_a_gone_entry_uses_its_place(store):
    before = _four(store)
    store.remove("memory", "beta")
    line = _history.timeline(store, "memory")
    (item,) = line.restorable
    assert not item.in_place
    _history.restore(store, "memory", item, line)
    assert store.read("memory").raw == before


def test_refused_when_the_entry_is_already_there_or_was_edited_meanwhile(store):
    _four(store)
    with pytest.raises(InvalidRequest):
        _history.put_back(store, "memory", FOUR[0], source=FOUR)
    store.replace("memory", "beta", "beta: staging is never reset")
    source = _newest_backup_entries(store)
    plan = _history.plan_put_back(store.read("memory").entries, source, FOUR[1])
    assert plan.current == "beta: staging is never reset"
    store.replace("memory", "beta", "beta: the agent's newer text")  # someone edits it meanwhile
    with pytest.raises(EntryChanged):
        _history.put_back(store, "memory", FOUR[1], current=plan.current)


def test_a_gone_entry_refused_when_the_file_changed_between_read_and_write(store, monkeypatch):
    _four(store)
    store.remove("memory", "beta")
    source = _newest_backup_entries(store)
    real_read = store.read

    def read_then_agent_writes(target):
        state = real_read(target)
        store.add("memory", "epsilon: written by the agent just now")
        monkeypatch.setattr(store, "read", real_read)
        return state

    monkeypatch.setattr(store, "read", read_then_agent_writes)
    with pytest.raises(FileProblem):
        _history.put_back(store, "memory", FOUR[1], source=source)
    assert real_read("memory").entries == (FOUR[0], FOUR[2], FOUR[3], "epsilon: written by the agent just now")


@pytest.mark.parametrize("target", ["memory", "user"])
@pytest.mark.parametrize("gone", range(4))
def test_each_file_gets_its_entry_back_in_its_own_place_and_the_reply_says_how(home, target, gone):
    """USER.md too (a target dropped on the way would land in MEMORY.md, the default file); in
    the middle it is a restore of its own, at the end it is the agent's own add."""
    store = MemoryStore(resolve_home(home))
    for entry in FOUR:
        store.add(target, entry)
    before = store.read(target).raw
    store.remove(target, FOUR[gone])
    result = _history.put_back(store, target, FOUR[gone], source=_history.versions(store, target)[-2].entries)
    assert store.read(target).raw == before and result.target == target
    other = "user" if target == "memory" else "memory"
    assert not store.read(other).exists
    if gone == len(FOUR) - 1:
        assert (result.action, result.message) == ("add", "Entry added.")
    else:
        assert (result.action, result.message) == ("restore", "Entry restored where it stood.")


def test_a_changed_entry_of_user_md_goes_back_in_user_md(home):
    store = MemoryStore(resolve_home(home))
    for entry in FOUR:
        store.add("user", entry)
    before = store.read("user").raw
    store.replace("user", "beta", "beta: staging is never reset")
    _history.put_back(store, "user", FOUR[1], source=_history.versions(store, "user")[-2].entries)
    assert store.read("user").raw == before and not store.read("memory").exists


def test_putting_back_a_text_that_is_there_is_refused_with_the_reason(home, tree):
    store = MemoryStore(resolve_home(home))
    for entry in FOUR:
        store.add("user", entry)
    before = tree(home)
    with pytest.raises(InvalidRequest) as refused:
        _history.put_back(store, "user", FOUR[0], source=FOUR)
    assert refused.value.message == "This text is already an entry of the file; nothing was changed."
    assert (refused.value.hint, refused.value.target) == ("Nothing to restore.", "user")
    assert tree(home) == before


@pytest.mark.parametrize("target", ["memory", "user"])
def test_a_gone_entry_put_back_into_a_hand_edited_file_is_refused_as_drift(home, write_mem, tree, target):
    store = MemoryStore(resolve_home(home))
    for entry in FOUR:
        store.add(target, entry)
    store.remove(target, "beta")
    source = _history.versions(store, target)[-2].entries
    live = store.read(target).raw
    write_mem(target, live.replace("\n§\n".encode(), "\n\n§\n".encode(), 1))  # a blank line typed by hand
    before = tree(home)
    with pytest.raises(DriftDetected) as refused:
        _history.put_back(store, target, FOUR[1], source=source)
    name = store.read(target).filename
    assert refused.value.target == target and refused.value.details["backup"].startswith(f"{name}.bak.")
    after = tree(home)
    assert {k: v for k, v in after.items() if k not in before} == {
        f"memories/{refused.value.details['backup']}": before[f"memories/{name}"]
    }


def test_a_gone_entry_goes_after_the_entry_that_preceded_it_wherever_that_one_is_now(store):
    _four(store)
    store.remove("memory", "beta")
    source = _newest_backup_entries(store)
    store.rewrite("memory", [FOUR[2], FOUR[0], FOUR[3]])  # reordered by hand since
    _history.put_back(store, "memory", FOUR[1], source=source)
    assert store.read("memory").entries == (FOUR[2], FOUR[0], FOUR[1], FOUR[3])


def test_the_plan_names_the_text_and_exactly_one_anchor():
    live = [FOUR[0], "gamma: CI is GitLab CI", FOUR[3]]
    assert _history.plan_put_back(live, FOUR, FOUR[1]) == _history.PutBack(FOUR[1], None, FOUR[0], None)
    assert _history.plan_put_back(live[1:], FOUR, FOUR[0]) == _history.PutBack(
        FOUR[0], None, None, "gamma: CI is GitLab CI"
    )
    assert _history.plan_put_back(live, FOUR, FOUR[2]) == _history.PutBack(FOUR[2], "gamma: CI is GitLab CI")
    assert _history.plan_put_back(live, FOUR, "not in the version", "x") == _history.PutBack("not in the version", "x")
    assert _history.plan_put_back([], [FOUR[0]], FOUR[0]) == _history.PutBack(FOUR[0], None)  # the end of the file


def test_counterparts_pair_only_entries_in_both_versions():
    live = [FOUR[0], "gamma: CI is GitLab CI", "zeta: the office wifi password rotates monthly"]
    assert _history.counterparts(live, FOUR) == {FOUR[0]: FOUR[0], FOUR[2]: "gamma: CI is GitLab CI"}
