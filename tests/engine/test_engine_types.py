"""The small types passed everywhere: Target (one table of memory files) and Fingerprint (one stat)."""

from __future__ import annotations

import os

import pytest

from hermes_dash import (
    DEFAULT_LIMITS,
    FILENAMES,
    TARGETS,
    Fingerprint,
    InvalidRequest,
    MemoryStore,
    Target,
    load_settings,
    parse_prompt,
    read_file_state,
    resolve_home,
    target_of,
)
from hermes_dash.engine.rules import targets as _targets


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


def test_a_null_target_means_memory_from_0_18_1_and_is_unknown_before():
    from hermes_dash.engine.agents import following

    assert Target.of(None).key == "memory"  # the agent's tool reads target: null as omitted
    with following("0.18.0"), pytest.raises(InvalidRequest) as info:
        Target.of(None)
    assert info.value.message == "Unknown target None."


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
