"""One entry of an earlier version put back where it stood (the routine behind History's restores):
a changed entry in place, a gone entry between its old neighbours, byte-identical when nothing else changed."""

from __future__ import annotations

import pytest

from hermes_dash import EntryChanged, FileProblem, InvalidRequest, MemoryStore
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
