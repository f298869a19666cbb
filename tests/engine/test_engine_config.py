"""The engine's one config.yaml edit (plugins.enabled): every other byte kept, hostile files refused untouched."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from agent_db import require_agent

from hermes_dash import FileProblem, HermesHome, MemoryStore, Refusal, Settings, resolve_home
from hermes_dash.engine.config import plan_plugin_enabled, set_plugin_enabled

NAME = "hermes-dash"


def home_with(tmp_path: Path, text: str | bytes | None) -> HermesHome:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    if text is not None:
        (home / "config.yaml").write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return HermesHome(home, home)


#: config.yaml before -> after adding the name. Removing it again gives back the file as it was
#: wherever the list was there before.
LAYOUTS = {
    "the agent's layout": (
        "_config_version: 33\nplugins:\n  enabled:\n    - other\n\n# -- Security --\n# security:\n#   x: 1\n",
        "_config_version: 33\nplugins:\n  enabled:\n    - other\n    - hermes-dash\n\n# -- Security --\n"
        "# security:\n#   x: 1\n",
    ),
    "indentless list, comments beside": (
        "plugins:  # plugins\n  enabled:   # on\n  - a   # first\n  - b\nmodel: x  # the model\n",
        "plugins:  # plugins\n  enabled:   # on\n  - a   # first\n  - b\n  - hermes-dash\nmodel: x  # the model\n",
    ),
    "flow list": ("plugins:\n  enabled: [a, 'b']  # c\n", "plugins:\n  enabled: [a, 'b', hermes-dash]  # c\n"),
    "empty flow list": ("plugins:\n  enabled: []\nz: 1\n", "plugins:\n  enabled: [hermes-dash]\nz: 1\n"),
    "CRLF": (
        "a: 1\r\nplugins:\r\n  enabled:\r\n    - a\r\n",
        "a: 1\r\nplugins:\r\n  enabled:\r\n    - a\r\n    - hermes-dash\r\n",
    ),
    "no final newline": ("plugins:\n  enabled:\n  - a", "plugins:\n  enabled:\n  - a\n  - hermes-dash\n"),
    # PyYAML lets a double-quoted item's closing quote start a line: the new item goes after it.
    "a quoted last item on two lines": (
        'plugins:\n  enabled:\n  - "a\\\n"\nz: 1\n',
        'plugins:\n  enabled:\n  - "a\\\n"\n  - hermes-dash\nz: 1\n',
    ),
}
#: Where the list is not there yet: added in the file's own place, and emptied (not deleted) on remove.
NEW_LIST = {
    "no file": (None, "plugins:\n  enabled:\n    - hermes-dash\n"),
    "comments only": ("# my config\n", "# my config\nplugins:\n  enabled:\n    - hermes-dash\n"),
    "no plugins key": ("model: x\n# end", "model: x\n# end\nplugins:\n  enabled:\n    - hermes-dash\n"),
    "plugins with no list": (
        "plugins:\n    disabled:\n    - z\nb: 2\n",
        "plugins:\n    enabled:\n      - hermes-dash\n    disabled:\n    - z\nb: 2\n",
    ),
    "empty plugins": ("plugins:\n# note\nb: 2\n", "plugins:\n  enabled:\n    - hermes-dash\n# note\nb: 2\n"),
    "plugins: {} as PyYAML writes it": ("plugins: {}\nb: 2\n", "plugins:\n  enabled:\n    - hermes-dash\nb: 2\n"),
    "a BOM": ("\ufeffa: 1\n", "\ufeffa: 1\nplugins:\n  enabled:\n    - hermes-dash\n"),
}


@pytest.mark.parametrize("before, after", LAYOUTS.values(), ids=list(LAYOUTS))
def test_add_changes_only_the_list_and_remove_gives_the_file_back(tmp_path: Path, before: str, after: str) -> None:
    home = home_with(tmp_path, before)
    change = set_plugin_enabled(home, NAME, True)
    assert change.changed and change.summary == "added 'hermes-dash' to plugins.enabled"
    assert (home.path / "config.yaml").read_bytes() == after.encode("utf-8")
    again = set_plugin_enabled(home, NAME, True)
    assert not again.changed and again.summary == "'hermes-dash' is already in plugins.enabled"
    assert set_plugin_enabled(home, NAME, False).changed
    expected = before if before.endswith("\n") else before + "\n"
    assert (home.path / "config.yaml").read_bytes() == expected.encode("utf-8")


@pytest.mark.parametrize("before, after", NEW_LIST.values(), ids=list(NEW_LIST))
def test_a_list_that_is_not_there_yet(tmp_path: Path, before: str | None, after: str) -> None:
    home = home_with(tmp_path, before)
    change = set_plugin_enabled(home, NAME, True)
    assert change.created == (before is None)
    assert (home.path / "config.yaml").read_bytes() == after.encode("utf-8")
    set_plugin_enabled(home, NAME, False)
    assert b"  enabled: []" in (home.path / "config.yaml").read_bytes()


def test_remove_takes_out_only_that_name(tmp_path: Path) -> None:
    home = home_with(tmp_path, "plugins:\n  enabled:\n    - a\n    - hermes-dash  # the tab\n    - b\n")
    assert set_plugin_enabled(home, NAME, False).summary == "took 'hermes-dash' out of plugins.enabled"
    assert (home.path / "config.yaml").read_text() == "plugins:\n  enabled:\n    - a\n    - b\n"
    assert not set_plugin_enabled(home, NAME, False).changed


def test_a_disabled_entry_is_reported(tmp_path: Path) -> None:
    home = home_with(tmp_path, "plugins:\n  disabled: [hermes-dash]\n")
    change = set_plugin_enabled(home, NAME, True)
    assert any("plugins.disabled" in w for w in change.warnings)


def _bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 7):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


HOSTILE = {
    "huge": ("a: " + "x" * (1 << 21) + "\n", "bytes, more than"),
    "deeply nested": ("a: " + "[" * 20000 + "]" * 20000 + "\n", "nested too deeply"),
    "alias bomb": (_bomb(), "expands to over"),
    "self-referencing alias": ("a: &a [*a]\n", "refers to itself"),
    "a list": ("- a\n- b\n", "holds a list, not a mapping"),
    "a string": ("just text\n", "holds a str, not a mapping"),
    "not YAML": ("a: [\n", "is not valid YAML at line 2"),
    "an integer too long to build": ("a: " + "9" * 5000 + "\n", "holds a value that cannot be read"),
    "not UTF-8": (b"a: caf\xe9\n", "is not UTF-8 (byte 0xe9 at offset 6)"),
    "plugins a list": ("plugins: [a]\n", "'plugins' is a list, not a mapping"),
    "enabled a string": ("plugins:\n  enabled: hermes-dash\n", "'plugins.enabled' is a str, not a list"),
    "odd line breaks": ("a: 1\u2028b: 2\n", "line breaks other than LF and CRLF"),
    "lone CR": ("a: 1\rb: 2\r", "line breaks other than LF and CRLF"),
    "flow settings": ("{a: 1}\n", "not a block mapping"),
}


@pytest.mark.parametrize("text, why", HOSTILE.values(), ids=list(HOSTILE))
def test_a_config_it_cannot_be_sure_of_is_refused_and_left_byte_identical(tmp_path: Path, text, why: str) -> None:
    home = home_with(tmp_path, text)
    before = (home.path / "config.yaml").read_bytes()
    for edit in (set_plugin_enabled, plan_plugin_enabled):
        with pytest.raises(Refusal) as refused:
            edit(home, NAME, True)
        assert why in refused.value.message, refused.value.message
        assert refused.value.hint
    assert (home.path / "config.yaml").read_bytes() == before
    assert sorted(p.name for p in home.path.iterdir()) == ["config.yaml"]  # no temp file left


def test_a_link_out_of_the_home_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    outside = tmp_path / "dotfiles" / "hermes.yaml"
    outside.parent.mkdir()
    outside.write_text("model: x\n")
    home = home_with(tmp_path, None)
    (home.path / "config.yaml").symlink_to(outside)
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, True)
    assert refused.value.message == (
        f"{home.config_path} is a symbolic link to {outside}, outside the Hermes home {home.path}; "
        "hermes-dash does not write through it."
    )
    assert refused.value.hint == "Make the change in that file by hand, or replace the link with a plain file."
    assert outside.read_text() == "model: x\n" and (home.path / "config.yaml").is_symlink()


def test_a_dangling_link_and_a_fifo_are_refused(tmp_path: Path) -> None:
    home = home_with(tmp_path, None)
    (home.path / "config.yaml").symlink_to(home.path / "gone.yaml")
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, True)
    assert (
        refused.value.message
        == f"{home.config_path} is a symbolic link to {home.path / 'gone.yaml'}, which does not exist."
    )
    assert refused.value.hint == "Restore the file it points to, or remove the link."
    (home.path / "config.yaml").unlink()
    os.mkfifo(home.path / "config.yaml")
    with pytest.raises(FileProblem, match="FIFO"):
        set_plugin_enabled(home, NAME, True)


def test_a_link_inside_the_home_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    home = home_with(tmp_path, None)
    real = home.path / "configs" / "main.yaml"
    real.parent.mkdir()
    real.write_text("model: x\n")
    real.chmod(0o640)
    (home.path / "config.yaml").symlink_to(real)
    change = set_plugin_enabled(home, NAME, True)
    assert change.path == real and (home.path / "config.yaml").is_symlink()
    assert real.read_text() == "model: x\nplugins:\n  enabled:\n    - hermes-dash\n"
    assert real.stat().st_mode & 0o777 == 0o640  # the file's mode is kept


def test_the_agent_reads_the_edit_as_enabled_and_every_other_setting_as_before(tmp_path: Path) -> None:
    """The agent's own config writer makes the file; the agent's own reader judges the edit."""
    python = Path(require_agent())  # this test reads config.yaml with the agent's own code
    home = home_with(tmp_path, None)
    env = dict(os.environ, HERMES_HOME=str(home.path))
    env.pop("PYTHONPATH", None)

    def agent(code: str) -> str:
        done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    agent(
        "from hermes_cli.config import load_config, save_config\n"
        "c = load_config(); c.setdefault('plugins', {})['enabled'] = ['other']; save_config(c)"
    )
    read = (
        "import json\nfrom hermes_cli.config import load_config\n"
        "from hermes_cli.plugins_cmd import _get_enabled_set\n"
        "c = load_config(); e = sorted(_get_enabled_set()); c['plugins'].pop('enabled', None)\n"
        "print(json.dumps({'enabled': e, 'rest': c}, sort_keys=True, default=str))"
    )
    before_text = (home.path / "config.yaml").read_text()
    before = agent(read)
    set_plugin_enabled(home, NAME, True)
    after = agent(read)
    import json

    assert json.loads(after)["enabled"] == ["hermes-dash", "other"]
    assert json.loads(after)["rest"] == json.loads(before)["rest"]
    added = [line for line in (home.path / "config.yaml").read_text().splitlines() if line not in before_text]
    assert added == ["    - hermes-dash"]
    set_plugin_enabled(home, NAME, False)
    assert (home.path / "config.yaml").read_text() == before_text


def test_settings_given_to_the_store_win_over_the_config(home, write_config):
    from hermes_dash import OverLimit

    write_config("memory:\n  memory_char_limit: 5000\n")
    store = MemoryStore(resolve_home(home), Settings(memory_char_limit=5))
    assert store.limit("memory") == 5
    with pytest.raises(OverLimit):
        store.add("memory", "123456")
    assert MemoryStore(resolve_home(home)).limit("memory") == 5000


@pytest.mark.parametrize(
    "text,warnings",
    [
        (
            "memory:\n  memory_char_limit: lots\n",
            ["config.yaml: memory.memory_char_limit = 'lots' is not a whole number; using 2200."],
        ),
        (
            "dashboard:\n  backups_keep: -1\n",
            ["config.yaml: dashboard.backups_keep = -1 is not a whole number >= 0; using 50."],
        ),
        (
            "memory:\n  memory_enabled: maybe\n",
            ["config.yaml: memory.memory_enabled = 'maybe' is not true/false; using True."],
        ),
        (
            "memory:\n  user_profile_enabled: 1\n",
            ["config.yaml: memory.user_profile_enabled = 1 is not true/false; using True."],
        ),
        (
            "memory:\n  write_approval: yes please\n",
            ["config.yaml: memory.write_approval = 'yes please' is not true/false; using False."],
        ),
        ("memory: 12\n", ["config.yaml: 'memory' is not a mapping; using the default limits."]),
        ("dashboard: [1]\n", ["config.yaml: 'dashboard' is not a mapping; ignoring it."]),
    ],
)
def test_each_config_warning_says_which_key_what_value_and_what_is_used(home, write_config, text, warnings):
    from hermes_dash.engine.home import load_settings

    write_config(text)
    assert list(load_settings(resolve_home(home)).warnings) == warnings


def test_config_values_at_their_minimum_and_every_switch(home, write_config):
    from hermes_dash.engine.home import Settings, load_settings

    write_config(
        "memory:\n  memory_char_limit: ' 0 '\n  user_char_limit: 7.9\n  memory_enabled: false\n"
        "  user_profile_enabled: false\n  write_approval: true\ndashboard:\n  backups_keep: 0\n"
    )
    assert load_settings(resolve_home(home)) == Settings(0, 7, False, False, True, 0, ())
    write_config("memory:\n  memory_char_limit: 99999999999999999999999\n")
    assert load_settings(resolve_home(home)).memory_char_limit == 99999999999999999999999
    write_config("memory:\n  memory_char_limit: .nan\n")
    assert load_settings(resolve_home(home)).warnings == (
        "config.yaml: memory.memory_char_limit = nan is not a whole number; using 2200.",
    )
    write_config("memory:\ndashboard:\n")
    assert load_settings(resolve_home(home)) == Settings()


def test_config_problems_name_the_file_and_the_line(home, write_config):
    from hermes_dash.engine.home import load_settings

    path = write_config("memory:\n  memory_char_limit: 10\n  bad: [unclosed\n")
    assert load_settings(resolve_home(home)).warnings == (
        f"{path} is not valid YAML at line 4; using the default limits.",
    )
    write_config("- a list\n")
    assert load_settings(resolve_home(home)).warnings == (f"{path} is not a mapping; using the default limits.",)
    path.write_bytes(b"\xff\xfe")
    warning = load_settings(resolve_home(home)).warnings[0]
    assert warning.startswith(f"Could not read {path} (") and warning.endswith("); using the default limits.")


def test_settings_limit_per_target():
    from hermes_dash.engine.home import Settings

    s = Settings(memory_char_limit=10, user_char_limit=20)
    assert (s.limit("memory"), s.limit("user")) == (10, 20)


#: More layouts where the list is not there yet, each written in the file's own way.
ODD_STARTS = {
    "an empty document after its start marker": (
        "---\n# empty\n",
        "---\n# empty\nplugins:\n  enabled:\n    - hermes-dash\n",
    ),
    "a comment with no final newline": (
        "# only a comment",
        "# only a comment\nplugins:\n  enabled:\n    - hermes-dash\n",
    ),
    # The line break before the `{}` is the file's own and stays: only the `{}` becomes a block.
    "plugins: {} on the next line": ("plugins:\n  {}\nb: 2\n", "plugins:\n\n  enabled:\n    - hermes-dash\nb: 2\n"),
    "settings indented": ("  model: x\n", "  model: x\n  plugins:\n    enabled:\n      - hermes-dash\n"),
    "empty plugins, not first": ("a: 1\nplugins:\nb: 2\n", "a: 1\nplugins:\n  enabled:\n    - hermes-dash\nb: 2\n"),
    "empty plugins, last, no final newline": ("a: 1\nplugins:", "a: 1\nplugins:\n  enabled:\n    - hermes-dash\n"),
    "empty list": (
        "a: 1\nplugins:\n  enabled:\n  disabled: [z]\n",
        "a: 1\nplugins:\n  enabled:\n    - hermes-dash\n  disabled: [z]\n",
    ),
    "empty list, last, no final newline": (
        "a: 1\nplugins:\n  enabled:",
        "a: 1\nplugins:\n  enabled:\n    - hermes-dash\n",
    ),
    "empty list, CRLF": (
        "plugins:\r\n  enabled:\r\nb: 2\r\n",
        "plugins:\r\n  enabled:\r\n    - hermes-dash\r\nb: 2\r\n",
    ),
}


@pytest.mark.parametrize("before, after", ODD_STARTS.values(), ids=list(ODD_STARTS))
def test_a_list_added_where_the_file_starts_oddly(tmp_path: Path, before: str, after: str) -> None:
    home = home_with(tmp_path, before)
    assert set_plugin_enabled(home, NAME, True).changed
    assert (home.path / "config.yaml").read_bytes() == after.encode("utf-8")


def _by_hand(path: Path, why: str) -> str:
    return f"{path}: {why}; hermes-dash edits only the usual layout, so it was not changed."


BY_HAND = "Add 'hermes-dash' to the list plugins.enabled by hand (or take it out), then run the command again."
#: Layouts an edit leaves to people: (text, add or remove, why). Each refusal says exactly why.
LEFT_TO_PEOPLE = {
    "settings a flow mapping": ("{a: 1}\n", True, "the settings are not a block mapping"),
    "plugins a list": ("plugins: [a]\n", True, "'plugins' is a list, not a mapping"),
    "enabled a string": ("plugins:\n  enabled: hermes-dash\n", False, "'plugins.enabled' is a str, not a list"),
    "plugins a flow mapping": ("plugins: {disabled: [z]}\n", True, "'plugins' is not a block mapping"),
    "plugins an explicit null": ("plugins: null\n", True, "'plugins' is not a block mapping"),
    "enabled an explicit null": ("plugins:\n  enabled: ~\n", True, "'plugins.enabled' is not a list"),
    "an item on the line after its dash (add)": (
        "plugins:\n  enabled:\n  - a\n  -\n    b\n",
        True,
        "the items of 'plugins.enabled' are not one per line",
    ),
    "an item on the line after its dash (remove)": (
        "plugins:\n  enabled:\n  - a\n  -\n    hermes-dash\n",
        False,
        "the items of 'plugins.enabled' are not one per line",
    ),
}


@pytest.mark.parametrize("text, enable, why", LEFT_TO_PEOPLE.values(), ids=list(LEFT_TO_PEOPLE))
def test_a_layout_it_does_not_edit_is_refused_saying_why(tmp_path: Path, text: str, enable: bool, why: str) -> None:
    home = home_with(tmp_path, text)
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, enable)
    assert (refused.value.message, refused.value.hint) == (_by_hand(home.config_path, why), BY_HAND)
    assert (home.path / "config.yaml").read_text() == text


@pytest.mark.parametrize(
    "text, key",
    [
        ("base: &b\n  plugins:\n    enabled: [hermes-dash]\n<<: *b\n", "plugins"),
        ("p: &p\n  enabled: [hermes-dash]\nplugins:\n  <<: *p\n", "enabled"),
    ],
    ids=["plugins merged in", "enabled merged in"],
)
def test_a_list_brought_by_a_merge_key_is_a_refusal_not_a_crash(tmp_path: Path, text: str, key: str) -> None:
    """The name is in the data but on no line of the mapping's own: there is no line to take out."""
    home = home_with(tmp_path, text)
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, False)
    assert refused.value.message == (
        f"{key!r} comes from a YAML merge key ('<<'), not from lines of its own; hermes-dash edits "
        "only the usual layout, so config.yaml was not changed."
    )
    assert refused.value.hint == "Take the name out of plugins.enabled by hand, where the merged list is written."
    assert (home.path / "config.yaml").read_text() == text


def test_a_quoted_item_continued_on_a_line_of_its_own_is_taken_out_whole(tmp_path: Path) -> None:
    """PyYAML lets a double-quoted name's closing quote start a line: both lines go."""
    home = home_with(tmp_path, 'plugins:\n  enabled:\n  - a\n  - "hermes-dash\\\n"\nz: 1\n')
    assert set_plugin_enabled(home, NAME, False).changed
    assert (home.path / "config.yaml").read_text() == "plugins:\n  enabled:\n  - a\nz: 1\n"


#: Files whose refusal is checked word for word: (text, what follows the path).
READ_REFUSALS = {
    # The reader's own error (a control character) has no line to name.
    "a control character": ("a: \x01\n", " is not valid YAML; it was not changed."),
    # The reason is the first line of the error, cut at 200 characters.
    "a float too odd to build": (
        "a: !!float " + "x" * 300 + "\n",
        " holds a value that cannot be read ("
        + ("could not convert string to float: '" + "x" * 300)[:200]
        + "); it was not changed.",
    ),
    # PyYAML's integer constructor indexes the empty text: an IndexError, not a traceback.
    "an empty tagged integer": (
        "a: !!int ''\n",
        " holds a value that cannot be read (string index out of range); it was not changed.",
    ),
}


@pytest.mark.parametrize("text, says", READ_REFUSALS.values(), ids=list(READ_REFUSALS))
def test_a_file_that_does_not_read_as_settings_is_refused_word_for_word(tmp_path: Path, text: str, says: str) -> None:
    home = home_with(tmp_path, text)
    for enable in (True, False):
        with pytest.raises(FileProblem) as refused:
            set_plugin_enabled(home, NAME, enable)
        assert refused.value.message == f"{home.config_path}{says}"
        assert (
            refused.value.hint
            == "Fix config.yaml by hand (the agent cannot read it as it is either), then run the command again."
        )
    assert (home.path / "config.yaml").read_text() == text


def test_a_home_that_is_a_file_is_a_refusal_naming_the_os_reason(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("not a folder")
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(HermesHome(home, home), NAME, True)
    assert refused.value.message == f"Cannot read {home / 'config.yaml'}: Not a directory."
    assert refused.value.hint == "Check its permissions."


@pytest.mark.parametrize("name", ["two words", "-leading-dash", "", "x" * 101, "naïve"])
def test_a_name_that_is_not_a_plain_yaml_word_is_refused_before_reading(tmp_path: Path, name: str) -> None:
    from hermes_dash import InvalidRequest

    home = home_with(tmp_path, "a: [\n")  # not YAML: the name's refusal comes first
    with pytest.raises(InvalidRequest) as refused:
        plan_plugin_enabled(home, name, True)
    assert refused.value.message == f"{name!r} cannot be written as a plugin name here."
    assert refused.value.hint == "Use letters, digits, '.', '_' and '-'."


def test_an_edit_already_done_says_so_with_its_file_and_any_warning(tmp_path: Path) -> None:
    home = home_with(tmp_path, "plugins:\n  enabled: [hermes-dash]\n  disabled: [hermes-dash]\n")
    warning = (
        f"plugins.disabled in {home.config_path} also names 'hermes-dash', and the agent's dashboard hides a "
        "plugin listed there: take it out of that list to see the tab."
    )
    done = plan_plugin_enabled(home, NAME, True)
    assert (done.path, done.changed, done.created, done.warnings) == (home.config_path, False, False, (warning,))
    assert done.changed is False and done.created is False
    # Taking it out warns of nothing: the disabled list only matters to a name being added.
    gone = set_plugin_enabled(home, NAME, False)
    assert (gone.changed, gone.warnings) == (True, ())
    not_there = set_plugin_enabled(home, NAME, False)
    assert (not_there.path, not_there.summary, not_there.warnings) == (
        home.config_path,
        "'hermes-dash' is not in plugins.enabled",
        (),
    )


def test_an_edit_that_reads_back_as_more_is_refused(tmp_path: Path) -> None:
    """A document that is only `null`: the list added after it makes the file no longer YAML."""
    home = home_with(tmp_path, "null\n")
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, True)
    assert refused.value.message == _by_hand(home.config_path, "the edit read back as more than that one change")
    assert refused.value.hint == BY_HAND
    assert (home.path / "config.yaml").read_text() == "null\n"


def test_a_new_config_yaml_says_so(tmp_path: Path) -> None:
    home = home_with(tmp_path, None)
    assert set_plugin_enabled(home, NAME, True).summary == "added 'hermes-dash' to plugins.enabled (a new config.yaml)"
    assert set_plugin_enabled(home, NAME, False).summary == "took 'hermes-dash' out of plugins.enabled"


def test_a_config_changed_between_the_read_and_the_write_is_left_as_the_other_writer_made_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hermes_dash.engine import config

    home = home_with(tmp_path, "model: x\n")
    planned = config._plan

    def then_another_writer(*args, **kwargs):  # the agent saves its config just after the read
        plan = planned(*args, **kwargs)
        (home.path / "config.yaml").write_text("model: y  # the agent's\n")
        return plan

    monkeypatch.setattr(config, "_plan", then_another_writer)
    with pytest.raises(FileProblem) as refused:
        set_plugin_enabled(home, NAME, True)
    assert refused.value.message == f"{home.config_path} changed while hermes-dash was editing it; it was not changed."
    assert refused.value.hint == "Run the command again."
    assert (home.path / "config.yaml").read_text() == "model: y  # the agent's\n"
