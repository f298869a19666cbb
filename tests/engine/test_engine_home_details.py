"""Exact behaviour of home/profile resolution and config reading that users rely on: the
refusal messages and hints, the default home, profile-name rules, config warnings and the
bound on YAML aliases."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from hermes_dash import InvalidRequest, load_settings, resolve_home
from hermes_dash.engine.home import MAX_CONFIG_NODES, PROFILE_RULE


def _settings(home: Path, text: str):
    (home / "config.yaml").write_text(text, encoding="utf-8")
    return load_settings(resolve_home(home))


def _refusal(**kwargs) -> InvalidRequest:
    with pytest.raises(InvalidRequest) as caught:
        resolve_home(**kwargs)
    return caught.value


# --- which home --------------------------------------------------------------------------


def test_without_hermes_home_set_the_home_is_dot_hermes(tmp_path, monkeypatch):
    monkeypatch.delenv("HERMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    resolved = resolve_home()
    assert resolved.path == tmp_path / ".hermes" and resolved.root == tmp_path / ".hermes"
    assert resolved.profile is None


def test_the_default_profile_keeps_its_root(home):
    for profile in (None, "", "  ", "default", " Default "):
        resolved = resolve_home(home, profile)
        assert (resolved.path, resolved.root, resolved.profile) == (home, home, None), profile


@pytest.mark.parametrize("name", ["a\0b", "a\ud800b"], ids=["a NUL", "a lone surrogate"])
def test_a_home_with_a_nul_is_refused_with_its_name_and_a_hint(tmp_path, name):
    bad = str(tmp_path / name)
    refusal = _refusal(home=bad)
    assert refusal.message == (
        f"The home folder {bad!r} cannot be a path on this system (it holds a NUL or a lone surrogate code point)."
    )
    assert refusal.hint == "Give the folder's name as it is on disk."


# --- profile names -----------------------------------------------------------------------


def test_a_missing_profile_lists_the_existing_ones(home):
    refusal = _refusal(home=home, profile="work")
    assert refusal.message == f"There is no profile 'work' in {home}."
    assert refusal.hint == "Existing profiles: none."
    for name in ("beta", "alpha"):
        (home / "profiles" / name).mkdir(parents=True)
    refusal = _refusal(home=home, profile="Work")
    assert refusal.message == f"There is no profile 'work' in {home}."
    assert refusal.hint == "Existing profiles: alpha, beta."


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("a" * 63 + "!", "it contains '!'"),  # 64 characters: the length is fine
        ("a" * 65, "it is 65 characters long (at most 64)"),
        ("aé", "it contains 'é'"),  # first character fine, the second not
        ("é", "it starts with 'é'"),
        ("ab!", "it contains '!'"),
        ("a b!c", "it contains ' ', '!'"),
        ("x-y_z.", "it contains '.'"),
    ],
)
def test_an_invalid_profile_name_says_exactly_what_is_wrong(home, name, problem):
    refusal = _refusal(home=home, profile=name)
    assert refusal.message == f"{name!r} is not a valid profile name: {problem}."
    assert refusal.hint == f"Use 'default' or an existing profile; {PROFILE_RULE}."


@pytest.mark.parametrize("content", ["", "  \n", "default\n", " DEFAULT "])
def test_an_empty_or_default_active_profile_means_the_root(home, content):
    (home / "active_profile").write_text(content, encoding="utf-8")
    assert resolve_home(home).path == home


def test_an_invalid_active_profile_is_refused_with_the_file_and_a_hint(home):
    path = home / "active_profile"
    path.write_text(" Wörk \n", encoding="utf-8")
    refusal = _refusal(home=home)
    assert refusal.message == (f"{path} names the profile 'Wörk', which is not a valid profile name: it contains 'ö'.")
    assert refusal.hint == (
        f"Edit or delete {path} (an empty or missing file means the default profile), or "
        f"choose a profile explicitly (--profile default); {PROFILE_RULE}."
    )


# --- config values and their warnings ----------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("{a: 1}", "a mapping"),
        ("[1, 2]", "a list"),
        ("'" + "x" * 58 + "'", repr("x" * 58)),  # 60 characters shown whole
        ("'" + "x" * 59 + "'", repr("x" * 59)[:59] + "…"),  # 61: cut to 59 and "…" (shorten: 60 in all)
        ("'" + "y" * 200 + "'", repr("y" * 200)[:59] + "…"),
    ],
)
def test_a_bad_value_is_shown_short_in_its_warning(home, value, shown):
    settings = _settings(home, f"memory:\n  memory_enabled: {value}\n")
    assert settings.memory_enabled is True
    assert settings.warnings == (f"config.yaml: memory.memory_enabled = {shown} is not true/false; using True.",)


def test_a_bad_user_limit_names_its_key(home):
    settings = _settings(home, "memory:\n  user_char_limit: lots\n")
    assert settings.user_char_limit == 1375
    assert settings.warnings == ("config.yaml: memory.user_char_limit = 'lots' is not a whole number; using 1375.",)


@pytest.mark.parametrize(("value", "keep"), [("' 7 '", 7), ("'0'", 0), ("3", 3), ("2.9", 2)])
def test_backups_keep_reads_whole_numbers_and_numeric_text(home, value, keep):
    settings = _settings(home, f"dashboard:\n  backups_keep: {value}\n")
    assert settings.backups_keep == keep and settings.warnings == ()


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("true", "True"),
        ("abc", "'abc'"),
        ("[1]", "a list"),
        ("{a: 1}", "a mapping"),
        ("-1", "-1"),
        (".inf", "inf"),
    ],
)
def test_backups_keep_that_is_not_a_count_warns_and_keeps_50(home, value, shown):
    settings = _settings(home, f"dashboard:\n  backups_keep: {value}\n")
    assert settings.backups_keep == 50
    assert settings.warnings == (
        f"config.yaml: dashboard.backups_keep = {shown} is not a whole number >= 0; using 50.",
    )


# --- unusable YAML -----------------------------------------------------------------------


def test_a_config_with_a_control_character_is_not_valid_yaml(home):
    settings = _settings(home, "memory:\n  memory_char_limit: 5\x07\n")
    assert settings.memory_char_limit == 2200
    assert settings.warnings == (f"{home / 'config.yaml'} is not valid YAML; using the default limits.",)


def test_a_deeply_nested_config_is_refused_with_a_warning(home):
    settings = _settings(home, "[" * 5000 + "]" * 5000)
    assert settings.warnings == (
        f"{home / 'config.yaml'} is nested too deeply to be a config file; using the default limits.",
    )


def test_a_config_of_exactly_the_depth_bound_is_read_and_one_deeper_is_refused(home):
    """The bound is this reader's own (libyaml stops only at 1,000): the root mapping is one
    level, each list one more."""
    from hermes_dash.engine.home import MAX_CONFIG_DEPTH

    deepest = MAX_CONFIG_DEPTH - 1
    settings = _settings(home, "a: " + "[" * deepest + "]" * deepest + "\ndashboard: {backups_keep: 3}\n")
    assert settings.warnings == () and settings.backups_keep == 3
    settings = _settings(home, "a: " + "[" * (deepest + 1) + "]" * (deepest + 1) + "\ndashboard: {backups_keep: 3}\n")
    assert settings.backups_keep == 50
    assert settings.warnings == (
        f"{home / 'config.yaml'} is nested too deeply to be a config file; using the default limits.",
    )


def test_a_value_the_constructor_fails_on_is_a_warning_with_its_reason(home):
    """PyYAML's integer constructor indexes an empty tagged integer: its error's text is the reason."""
    settings = _settings(home, "memory:\n  memory_char_limit: !!int ''\n")
    assert settings.warnings == (
        f"{home / 'config.yaml'} holds a value that cannot be read (string index out of range); "
        "using the default limits.",
    )
    # The reason is the first line of the error, cut at 200 characters.
    settings = _settings(home, "memory:\n  memory_char_limit: !!float " + "x" * 300 + "\n")
    reason = ("could not convert string to float: '" + "x" * 300)[:200]
    assert settings.warnings == (
        f"{home / 'config.yaml'} holds a value that cannot be read ({reason}); using the default limits.",
    )


@pytest.fixture
def deadline():
    """Fail fast instead of hanging if a self-referring alias is ever followed forever."""

    def expired(*_):
        raise TimeoutError("config reading did not finish")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, 3)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("text", ["memory: &a [*a]\n", "memory: &a {k: [1, {j: *a}]}\n"])
def test_an_alias_that_refers_to_itself_is_refused(home, deadline, text):
    settings = _settings(home, text)
    assert settings.memory_char_limit == 2200
    assert settings.warnings == (
        f"{home / 'config.yaml'} holds a YAML alias that refers to itself; using the default limits.",
    )


def _nodes(total: int) -> str:
    """A config of exactly ``total`` YAML nodes, aliases counted each time they are used:
    the root, key "a" and a 100-item list (102), key "b" and a list of aliases to it, key "p"
    and a padding list."""
    uses, rest = divmod(total - 1 - 102 - 2 - 2, 101)
    return (
        "a: &a [" + ", ".join(["0"] * 100) + "]\n"
        "b: [" + ", ".join(["*a"] * uses) + "]\n"
        "p: [" + ", ".join(["0"] * rest) + "]\n"
        "dashboard: {backups_keep: 4}\n"
    )


def test_a_config_of_exactly_the_node_bound_is_read(home):
    settings = _settings(home, _nodes(MAX_CONFIG_NODES - 4))  # + 4: the dashboard line
    assert settings.warnings == () and settings.backups_keep == 4


def test_a_config_one_node_over_the_bound_is_refused(home):
    settings = _settings(home, _nodes(MAX_CONFIG_NODES - 3))
    assert settings.backups_keep == 50
    assert settings.warnings == (
        f"{home / 'config.yaml'} expands to over {MAX_CONFIG_NODES:,} values "
        "(nested YAML aliases); using the default limits.",
    )
