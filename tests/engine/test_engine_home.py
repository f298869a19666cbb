"""Homes, profiles and config."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dash import InvalidRequest, MemoryStore, load_settings, resolve_home


def test_home_argument_wins_over_env(home, tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "from-env"))
    assert resolve_home(home).path == home


def test_env_is_used_and_whitespace_stripped(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", f"  {tmp_path / 'env-home'} \n")
    resolved = resolve_home()
    assert resolved.path == tmp_path / "env-home" and resolved.profile is None


def test_default_is_dot_hermes_in_the_user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", "   ")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert resolve_home().path == tmp_path / ".hermes"


def test_paths_of_a_home(home):
    h = resolve_home(home)
    assert h.memories_dir == home / "memories"
    assert h.file_path("memory") == home / "memories" / "MEMORY.md"
    assert h.file_path("user") == home / "memories" / "USER.md"
    assert h.lock_path("user") == home / "memories" / "USER.md.lock"
    assert h.config_path == home / "config.yaml" and h.state_db == home / "state.db"
    assert h.pending_dir == home / "pending" / "memory"


def test_resolving_creates_nothing(tmp_path):
    missing = tmp_path / "missing"
    store = MemoryStore(resolve_home(missing))
    store.read("memory"), store.read("user"), store.backups(), store.render()
    assert not missing.exists()


def make_profile(home: Path, name: str, memory: str) -> Path:
    path = home / "profiles" / name / "memories"
    path.mkdir(parents=True)
    (path / "MEMORY.md").write_text(memory)
    return path.parent


def test_profile_selects_its_own_home_and_profiles_never_share(home):
    (home / "memories").mkdir()
    (home / "memories" / "MEMORY.md").write_text("root fact")
    work = make_profile(home, "work", "work fact")
    make_profile(home, "play", "play fact")
    h = resolve_home(home, "work")
    assert h.path == work and h.root == home and h.profile == "work"
    assert h.profiles() == ["play", "work"]
    MemoryStore(h).add("memory", "another work fact")
    assert (work / "memories" / "MEMORY.md").read_text() == "work fact\n§\nanother work fact"
    assert (home / "memories" / "MEMORY.md").read_text() == "root fact"
    assert (home / "profiles" / "play" / "memories" / "MEMORY.md").read_text() == "play fact"
    assert resolve_home(home, "default").path == home


def test_sticky_active_profile(home):
    make_profile(home, "work", "work fact")
    (home / "active_profile").write_text("work\n")
    assert resolve_home(home).profile == "work"
    assert resolve_home(home, "default").profile is None  # an explicit choice wins
    (home / "active_profile").write_text("default")
    assert resolve_home(home).profile is None
    (home / "active_profile").write_text("gone")  # a stale name falls back to the root
    assert resolve_home(home).profile is None


@pytest.mark.parametrize("name", ["../etc", "a/b", "nope", ".hidden"])
def test_unknown_or_unsafe_profile_is_refused(home, name):
    make_profile(home, "work", "x")
    with pytest.raises(InvalidRequest) as info:
        resolve_home(home, name)
    assert info.value.hint


def test_missing_config_means_defaults(home):
    s = load_settings(resolve_home(home))
    assert (
        s.memory_char_limit,
        s.user_char_limit,
        s.memory_enabled,
        s.user_profile_enabled,
        s.write_approval,
        s.backups_keep,
        s.warnings,
    ) == (2200, 1375, True, True, False, 50, ())


def test_limits_from_config_strings_allowed(home, write_config):
    write_config(
        "memory:\n  memory_char_limit: '3000'\n  user_char_limit: \" 900 \"\n  write_approval: true\n"
        "dashboard:\n  backups_keep: 7\nother: [1, 2]\n"
    )
    s = load_settings(resolve_home(home))
    assert (s.memory_char_limit, s.user_char_limit, s.write_approval, s.backups_keep) == (3000, 900, True, 7)
    assert s.warnings == ()
    assert MemoryStore(resolve_home(home)).limit("user") == 900


def test_float_limits_are_read_like_the_agent_reads_them(home, write_config):
    write_config("memory:\n  memory_char_limit: 2500.0\n  user_char_limit: .inf\n")
    s = load_settings(resolve_home(home))
    assert s.memory_char_limit == 2500 and s.user_char_limit == 1375
    assert any("memory.user_char_limit" in w for w in s.warnings)


@pytest.mark.parametrize("text", ["memory: [unclosed\n", "memory:\n\tbad: tab\n", ": : :\n  - x\n y"])
def test_invalid_yaml_means_defaults_plus_a_warning(home, write_config, text):
    write_config(text)
    s = load_settings(resolve_home(home))
    assert (s.memory_char_limit, s.user_char_limit) == (2200, 1375)
    assert s.warnings and "config.yaml" in s.warnings[0] and "default" in s.warnings[0]


@pytest.mark.parametrize(
    "text,warned",
    [
        ("memory:\n  memory_char_limit: lots\n", "memory.memory_char_limit"),
        ("memory:\n  memory_char_limit: '2200.0'\n", "memory.memory_char_limit"),
        ("memory:\n  user_char_limit: [1, 2]\n", "memory.user_char_limit"),
        ("memory: 12\n", "'memory' is not a mapping"),
        ("- a list\n", "not a mapping"),
        ("memory:\n  memory_enabled: maybe\n", "memory.memory_enabled"),
    ],
)
def test_bad_values_fall_back_with_a_warning(home, write_config, text, warned):
    write_config(text)
    s = load_settings(resolve_home(home))
    assert (s.memory_char_limit, s.user_char_limit) == (2200, 1375)
    assert any(warned in w for w in s.warnings), s.warnings


def test_unreadable_config_means_defaults_plus_a_warning(home):
    (home / "config.yaml").write_bytes(b"memory:\n  memory_char_limit: \xff\xfe\n")
    s = load_settings(resolve_home(home))
    assert s.memory_char_limit == 2200 and s.warnings
    (home / "config.yaml").unlink()
    (home / "config.yaml").mkdir()
    s = load_settings(resolve_home(home))
    assert s.memory_char_limit == 2200 and s.warnings


def test_empty_config_is_defaults_without_warning(home, write_config):
    write_config("")
    assert load_settings(resolve_home(home)).warnings == ()


def test_disabled_store_renders_no_block(home, write_config):
    write_config("memory:\n  user_profile_enabled: false\n")
    store = MemoryStore(resolve_home(home))
    store.add("user", "likes tea")
    store.add("memory", "fact")
    assert store.render_block("user") == ""
    assert "USER PROFILE" not in store.render() and "MEMORY (your personal notes)" in store.render()


def test_a_profile_that_is_a_link_out_of_the_home_is_neither_listed_nor_read_nor_written(tmp_path):
    """``profiles/work -> /elsewhere`` was read and written like a profile inside the home."""
    from hermes_dash import InvalidRequest, MemoryStore, list_profiles, resolve_home

    root = tmp_path / "home"
    (root / "profiles" / "inside" / "memories").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "memories").mkdir(parents=True)
    (elsewhere / "memories" / "MEMORY.md").write_bytes(b"not this home's")
    (root / "profiles" / "work").symlink_to(elsewhere)
    (root / "profiles" / "alias").symlink_to(root / "profiles" / "inside")  # a link inside the home is fine
    assert list_profiles(root) == ["alias", "inside"]
    with pytest.raises(InvalidRequest) as refused:
        resolve_home(root, "work")
    assert refused.value.message == (
        f"The profile 'work' is a symbolic link to {elsewhere}, outside the Hermes home {root}; "
        "hermes-dash reads and writes a profile only inside its home, as it does every linked file."
    )
    assert refused.value.hint == (
        f"Use that folder as a home of its own (--home {elsewhere}), or move it into "
        f"{root / 'profiles'} in place of the link."
    )
    with pytest.raises(InvalidRequest):
        MemoryStore.open(root, "work").add("memory", "x")
    assert (elsewhere / "memories" / "MEMORY.md").read_bytes() == b"not this home's"
    assert resolve_home(root, "alias").profile == "alias"


def test_open_finds_the_home_and_the_profile(home):
    from hermes_dash import MemoryStore

    (home / "profiles" / "work").mkdir(parents=True)
    store = MemoryStore.open(home, "work")
    assert store.home.path == home / "profiles" / "work" and store.home.profile == "work"
    assert MemoryStore.open(str(home)).home.path == home
