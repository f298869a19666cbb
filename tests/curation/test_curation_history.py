"""History rebuilt from real backups: versions, entry lives, diffs, single-entry restore."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest

from hermes_dash import EntryChanged, InvalidRequest, MemoryStore, OverLimit
from hermes_dash.curation import history as _history
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.io.readfile import MAX_MEMORY_BYTES


def _story(store: MemoryStore) -> None:
    store.add("memory", "alpha: the build uses make")
    store.add("memory", "beta: staging is reset on Sundays")
    store.replace("memory", "alpha", "alpha: the build uses make and ninja")
    store.remove("memory", "beta")
    store.add("memory", "gamma: CI is GitHub Actions")


def test_versions_are_backups_oldest_first_then_the_live_file(store):
    _story(store)
    line = _history.timeline(store, "memory")
    assert [v.entries for v in line.versions] == [
        ("alpha: the build uses make",),
        ("alpha: the build uses make", "beta: staging is reset on Sundays"),
        ("alpha: the build uses make and ninja", "beta: staging is reset on Sundays"),
        ("alpha: the build uses make and ninja",),
        ("alpha: the build uses make and ninja", "gamma: CI is GitHub Actions"),
    ]
    assert line.versions[-1].name == _history.CURRENT
    assert [v.index for v in line.versions] == list(range(5))


def test_each_entry_life_first_seen_last_changed_gone(store):
    _story(store)
    line = _history.timeline(store, "memory")
    lives = {life.text: life for life in line.lives}
    alpha = lives["alpha: the build uses make and ninja"]
    assert (alpha.first_seen, alpha.last_changed, alpha.gone_at) == (0, 2, None)
    assert [t for _, t in alpha.texts] == ["alpha: the build uses make", "alpha: the build uses make and ninja"]
    beta = lives["beta: staging is reset on Sundays"]
    assert (beta.first_seen, beta.gone_at, beta.present) == (1, 3, False)
    gamma = lives["gamma: CI is GitHub Actions"]
    assert (gamma.first_seen, gamma.present) == (4, True)
    assert [life.present for life in line.lives] == [True, True, False]  # present first, gone after
    assert line.age(alpha) is not None and line.age(alpha) >= 0


def test_diff_between_any_two_versions(store):
    _story(store)
    line = _history.timeline(store, "memory")
    diff = line.diff(0, "current")
    assert diff.counts == {"added": 1, "removed": 0, "changed": 1, "unchanged": 0}
    first_backup = line.versions[1].name
    assert line.diff(first_backup, 3).counts["removed"] == 1
    with pytest.raises(InvalidRequest):
        line.version("MEMORY.md.bak.nope")


def test_restore_a_single_gone_entry(store):
    _story(store)
    beta = next(life for life in _history.timeline(store, "memory").lives if not life.present)
    result = _history.restore_entry(store, "memory", beta.text)
    assert result.changed and beta.text in store.read("memory").entries
    again = _history.restore_entry(store, "memory", beta.text)
    assert not again.changed  # already there: a duplicate add changes nothing


def test_restore_refused_when_it_does_not_fit(store, write_config, read_mem):
    _story(store)
    write_config("memory:\n  memory_char_limit: 80\n")
    small = MemoryStore(store.home)
    beta = next(life for life in _history.timeline(small, "memory").lives if not life.present)
    before = read_mem("memory")
    with pytest.raises(OverLimit):
        _history.restore_entry(small, "memory", beta.text)
    assert read_mem("memory") == before


def test_hand_made_and_drift_backups_are_versions_and_bad_bytes_do_not_crash(store, home, write_mem):
    write_mem("memory", "current entry")
    folder = home / "memories"
    (folder / "MEMORY.md.bak.20200101").write_bytes(b"hand copy \xff\xfe entry")
    (folder / "MEMORY.md.bak.1700000000").write_text("drift copy entry", encoding="utf-8")
    (folder / "USER.md.bak.20200101").write_text("not this file", encoding="utf-8")
    line = _history.timeline(store, "memory")
    assert [v.style for v in line.versions] == ["daily", "drift", "current"]
    assert line.versions[0].problem and "UTF-8" in line.versions[0].problem
    assert line.versions[0].entries and "\ufffd" in line.versions[0].entries[0]


def test_a_file_with_no_backups_is_one_version(store, write_mem):
    assert [v.name for v in _history.timeline(store, "user").versions] == [_history.CURRENT]
    write_mem("user", "Name: Sam")
    line = _history.timeline(store, "user")
    assert line.lives[0].first_seen == 0 and line.lives[0].present


def test_ages_are_worded_once_for_pages_and_command_line():
    from hermes_dash.engine.views.humanize import age, ago

    assert [age(None), age(5), age(60), age(7200), age(86400 * 3)] == [
        "",
        "under a minute",
        "1 minute",
        "2 hours",
        "3 days",
    ]
    assert [ago(None), ago(30), ago(3600)] == ["age unknown", "just now", "1 hour ago"]


# -- history that tells the truth -----------------------------------------------------------------

ARGO = "Deploys go through ArgoCD."


def test_an_entry_that_left_and_came_back_is_one_life_with_a_gap(store):
    store.add("memory", "alpha: the build uses make")
    store.add("memory", ARGO)
    store.remove("memory", "ArgoCD")
    store.add("memory", "gamma: CI is GitHub Actions")
    store.add("memory", ARGO)  # back again
    line = _history.timeline(store, "memory")
    argo = [life for life in line.lives if life.text == ARGO]
    assert len(argo) == 1 and argo[0].present
    assert argo[0].spans == ((1, 2), (4, None)) and argo[0].gaps == ((2, 4),)
    assert (argo[0].first_seen, argo[0].gone_at) == (1, None)
    assert len(line.present) == len(store.read("memory").entries) == 3 and line.gone == ()
    assert line.restorable == ()  # nothing is missing from the live file


def test_restorable_texts_most_recently_lost_first_in_place_or_add_back(store):
    _story(store)
    store.replace("memory", "gamma", "gamma: CI is GitLab CI")
    line = _history.timeline(store, "memory")
    got = [(r.text, r.lost_at, r.current) for r in line.restorable]
    assert got == [
        ("gamma: CI is GitHub Actions", 5, "gamma: CI is GitLab CI"),
        ("beta: staging is reset on Sundays", 3, None),
        ("alpha: the build uses make", 2, "alpha: the build uses make and ninja"),
    ]
    assert [r.in_place for r in line.restorable] == [True, False, True]


def test_restore_in_place_brings_the_file_back_byte_identical(store, read_mem):
    for fact in ("one: make builds", "two: the API is on port 8080", "three: tabs, not spaces"):
        store.add("memory", fact)
    good = read_mem("memory")
    store.replace("memory", "port 8080", "two: the API moved (wrong)")  # the bad replace
    [item] = _history.timeline(store, "memory").restorable
    assert item.in_place and item.text == "two: the API is on port 8080"
    result = _history.restore(store, "memory", item)
    assert result.changed and read_mem("memory") == good  # same place, same bytes


def test_restore_in_place_is_pinned_to_the_entry_as_shown(store, read_mem):
    store.add("memory", "two: the API is on port 8080")
    store.replace("memory", "port 8080", "two: the API moved (wrong)")
    [item] = _history.timeline(store, "memory").restorable
    store.replace("memory", "API moved", "two: the API moved to 9090 (the agent, since)")
    before = read_mem("memory")
    with pytest.raises(EntryChanged):
        _history.restore(store, "memory", item)
    assert read_mem("memory") == before


def test_gone_entry_restore_adds_it_back(store):
    _story(store)
    beta = next(r for r in _history.timeline(store, "memory").restorable if not r.in_place)
    result = _history.restore(store, "memory", beta)
    assert result.after[-1] == beta.text


# -- versions, their names and times -------------------------------------------------------------


def test_an_unreadable_backup_is_a_gap_not_the_end_of_history(store, home):
    _story(store)
    backups = sorted((home / "memories").glob("MEMORY.md.bak.*"))
    with open(backups[1], "ab") as f:  # grown past what a memory file may hold: not read
        f.truncate(MAX_MEMORY_BYTES + 1)
    line = _history.timeline(store, "memory")
    assert [v.name for v in line.versions] == [backups[0].name, *(b.name for b in backups[2:]), _history.CURRENT]
    assert [v.index for v in line.versions] == list(range(len(backups)))


def test_the_live_version_carries_its_modification_time_and_its_problem(store, home, write_mem):
    path = write_mem("memory", b"caf\xe9 entry")
    os.utime(path, (1_700_000_000, 1_700_000_000))
    (live,) = _history.versions(store, "memory")
    assert live.created == datetime.fromtimestamp(1_700_000_000, tz=UTC)
    assert live.problem and "UTF-8" in live.problem
    (missing,) = _history.versions(store, "user")
    assert (missing.created, missing.problem, missing.entries) == (None, None, ())


def test_a_backup_that_is_not_utf8_keeps_its_name_and_time(store, home, write_mem):
    write_mem("memory", "current entry")
    (home / "memories" / "MEMORY.md.bak.20200101").write_bytes(b"hand copy \xff entry")
    first = _history.versions(store, "memory")[0]
    assert (first.name, first.created) == ("MEMORY.md.bak.20200101", datetime(2020, 1, 1, tzinfo=UTC))
    assert first.problem


def test_an_entry_is_zero_seconds_old_at_the_moment_it_appeared(store):
    _story(store)
    line = _history.timeline(store, "memory")
    created = line.versions[0].created
    assert created is not None and line.age(line.lives[0], now=created) == 0.0


def test_an_unknown_version_is_refused_with_the_files_own_history_command(store):
    store.add("user", "Name: Sam.")
    with pytest.raises(InvalidRequest) as refused:
        _history.timeline(store, "user").version("USER.md.bak.nope")
    assert refused.value.message == "There is no version 'USER.md.bak.nope' of this file."
    assert refused.value.hint == (
        f"Use a version number or a backup name as `{printed_command('history', 'user')}` lists it."
    )


def test_an_empty_chain_is_an_empty_timeline():
    assert _history.build_timeline("user", []) == _history.Timeline("user", (), (), ())


# -- entries followed through the versions --------------------------------------------------------


def test_a_text_changed_and_changed_back_is_not_offered_again(store):
    store.add("memory", "Staging resets at 02:00 on Sundays.")
    store.replace("memory", "Staging", "Staging resets at 03:00 on Sundays.")
    store.replace("memory", "Staging", "Staging resets at 02:00 on Sundays.")
    line = _history.timeline(store, "memory")
    (life,) = line.lives
    assert [t for _, t in life.texts] == [
        "Staging resets at 02:00 on Sundays.",
        "Staging resets at 03:00 on Sundays.",
        "Staging resets at 02:00 on Sundays.",
    ]
    assert [(r.text, r.lost_at, r.current) for r in line.restorable] == [
        ("Staging resets at 03:00 on Sundays.", 2, "Staging resets at 02:00 on Sundays.")
    ]


def test_an_entry_that_comes_back_with_an_earlier_text_is_one_life_changed_then(store):
    store.add("memory", "alpha: the build uses make")
    store.add("memory", ARGO)
    store.replace("memory", "ArgoCD", "Deploys go through ArgoCD v2.")
    store.remove("memory", "ArgoCD")
    store.add("memory", ARGO)  # its first text again
    line = _history.timeline(store, "memory")
    (argo,) = [life for life in line.lives if ARGO in {t for _, t in life.texts}]
    assert argo.texts == ((1, ARGO), (2, "Deploys go through ArgoCD v2."), (4, ARGO))
    assert (argo.last_changed, argo.spans, argo.present) == (4, ((1, 3), (4, None)), True)


def test_an_edit_that_brings_back_a_removed_entrys_text_brings_back_that_entry(store):
    """The text belongs to the entry that had it (removed at version 2), not to the entry edited into it."""
    store.add("memory", "Staging resets at 02:00 on Sundays.")
    store.add("memory", "alpha: the build uses make")
    store.remove("memory", "02:00")
    store.add("memory", "Staging resets at 03:00 on Sundays.")
    store.replace("memory", "03:00", "Staging resets at 02:00 on Sundays.")
    line = _history.timeline(store, "memory")
    staging = next(life for life in line.lives if life.text == "Staging resets at 02:00 on Sundays.")
    assert (staging.first_seen, staging.spans) == (0, ((0, 2), (4, None)))
    (other,) = line.gone
    assert (other.text, other.first_seen, other.gone_at) == ("Staging resets at 03:00 on Sundays.", 3, 4)


def test_two_entries_removed_in_one_write_are_both_gone(store):
    for entry in ("one: make builds", "two: the API is on port 8080", "three: tabs", "four: CI is green"):
        store.add("memory", entry)
    store.batch("memory", [{"action": "remove", "old_text": "one"}, {"action": "remove", "old_text": "three"}])
    line = _history.timeline(store, "memory")
    assert [life.text for life in line.present] == ["two: the API is on port 8080", "four: CI is green"]
    assert sorted(life.text for life in line.gone) == ["one: make builds", "three: tabs"]


def test_an_entry_lost_in_the_first_write_goes_back_where_it_stood(store, write_mem, read_mem):
    write_mem("memory", "one: make builds\n§\ntwo: the API is on port 8080\n§\nthree: tabs")
    good = read_mem("memory")
    store.remove("memory", "two")  # version 0 is the backup of the hand-written file
    line = _history.timeline(store, "memory")
    (item,) = line.restorable
    assert item.lost_at == 1
    _history.restore(store, "memory", item, line)
    assert read_mem("memory") == good


def test_a_text_that_comes_back_twice_at_once_is_one_entry_that_came_back(store, write_mem):
    """A hand-edited file may hold one text twice; History follows both without breaking."""
    write_mem("memory", "alpha: the build uses make\n§\nbeta: staging is reset on Sundays")
    store.remove("memory", "alpha")
    store.add("memory", "gamma: CI is GitHub Actions")
    write_mem(
        "memory", "alpha: the build uses make\n§\nbeta: staging is reset on Sundays\n§\nalpha: the build uses make"
    )
    line = _history.timeline(store, "memory")
    # one life per text: the two copies are the entry that came back
    assert [(life.text, life.first_seen, life.spans) for life in line.lives] == [
        ("alpha: the build uses make", 0, ((0, 1), (2, None))),
        ("beta: staging is reset on Sundays", 0, ((0, None),)),
    ]


def test_a_text_two_entries_had_is_offered_from_the_one_that_lost_it_last(store):
    t, u, v = (
        "Staging resets at 02:00 on Sundays.",
        "Staging resets at 03:00 on Sundays.",
        "Staging resets at 04:00 on Sundays.",
    )
    store.add("memory", t)
    store.replace("memory", "02:00", u)  # the first entry loses t (version 1)
    store.add("memory", t)  # a second entry with t
    store.replace("memory", "02:00", v)  # ... which loses it later (version 3)
    store.rewrite("memory", [v, u])  # listed the other way round since
    line = _history.timeline(store, "memory")
    assert [(r.text, r.lost_at, r.current) for r in line.restorable if r.text == t] == [(t, 3, v)]


def test_restores_of_user_md_stay_in_user_md(store):
    store.add("user", "Name: Sam.")
    store.add("user", "Works remotely.")
    store.remove("user", "remotely")
    line = _history.timeline(store, "user")
    (item,) = line.restorable
    _history.restore(store, "user", item, line)
    assert store.read("user").entries == ("Name: Sam.", "Works remotely.")
    _history.restore_entry(store, "user", "Likes tea.")
    assert store.read("user").entries[-1] == "Likes tea." and not store.read("memory").exists
