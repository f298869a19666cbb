"""Migrating hand-written files into clean § entries, on real files (backup first, one write)."""

from __future__ import annotations

import os

import pytest

from hermes_dash import ContentBlocked, FileProblem, InvalidRequest, MemoryStore, OverLimit
from hermes_dash.curation import normalize as _normalize
from hermes_dash.engine.rules.format import detect_drift

MARKDOWN = """# About me

- Name: Sam (they/them).
- Time zone: Europe/Berlin;
  online 09:00-18:00.

## Preferences

- Prefer short answers.
  - even shorter on Fridays
- Likes tables.

A loose paragraph
on two lines.
"""


def test_split_by_section_keeps_each_heading_with_its_body():
    entries, dropped, on = _normalize.split(MARKDOWN, "section")
    assert on == "markdown" and dropped == []
    assert entries == [
        "# About me\n\n- Name: Sam (they/them).\n- Time zone: Europe/Berlin;\n  online 09:00-18:00.",
        "## Preferences\n\n- Prefer short answers.\n  - even shorter on Fridays\n- Likes tables.\n\n"
        "A loose paragraph\non two lines.",
    ]


def test_split_by_bullet_drops_markers_keeps_wrapped_and_nested_lines_and_names_dropped_headings():
    entries, dropped, _ = _normalize.split(MARKDOWN, "bullet")
    assert entries == [
        "Name: Sam (they/them).",
        "Time zone: Europe/Berlin;\nonline 09:00-18:00.",
        "Prefer short answers.\n- even shorter on Fridays",
        "Likes tables.",
        "A loose paragraph\non two lines.",
    ]
    assert dropped == ["# About me", "## Preferences"]


def test_a_title_heading_with_no_body_stays_with_the_next_section():
    entries, _, _ = _normalize.split("# Memory\n## Env\n- a\n## Tools\n- b\n", "section")
    assert entries == ["# Memory\n## Env\n- a", "## Tools\n- b"]


def test_a_file_that_has_section_lines_keeps_its_entries():
    text = "first entry  \n\n§\n\n- second entry\n- still second\n  §  \nthird"
    entries, _, on = _normalize.split(text, "bullet")
    assert on == "§"
    assert entries == ["first entry", "- second entry\n- still second", "third"]


def test_apply_writes_once_with_a_backup_of_the_old_bytes(store, write_mem, read_mem):
    old = MARKDOWN.replace("\n", "\r\n").encode()
    write_mem("user", old)
    shown = _normalize.preview(store, "user", "bullet")
    assert len(shown.before) == 1 and len(shown.entries) == 5 and shown.changed
    assert shown.usage < shown.usage_before
    result = _normalize.apply(store, shown)
    assert result.changed and result.backup is not None
    assert result.backup.path.read_bytes() == old
    assert store.read("user").entries == shown.entries
    text = read_mem("user").decode()
    assert not detect_drift(text, 1375) and "\r" not in text
    assert [b.name for b in store.backups("user")] == [result.backup.name]


def test_blank_lines_around_the_section_sign_are_fixed(store, write_mem):
    write_mem("memory", "a fact\n\n§\n\nanother fact\n")
    assert store.read("memory").drift
    shown = _normalize.preview(store, "memory")
    _normalize.apply(store, shown)
    assert not store.read("memory").drift and store.read("memory").entries == ("a fact", "another fact")
    store.remove("memory", "another")  # the drift guard no longer refuses


def test_already_clean_files_are_left_alone(store, write_mem, read_mem):
    write_mem("memory", "a\n§\nb")
    shown = _normalize.preview(store, "memory")
    assert not shown.changed
    result = _normalize.apply(store, shown)
    assert not result.changed and store.backups("memory") == [] and read_mem("memory") == b"a\n\xc2\xa7\nb"


def test_a_file_changed_after_the_preview_is_refused(store, write_mem, home, tree):
    write_mem("user", MARKDOWN)
    shown = _normalize.preview(store, "user")
    write_mem("user", MARKDOWN + "- added by the agent meanwhile\n")
    snap = tree(home)
    with pytest.raises(FileProblem, match="changed since the preview"):
        _normalize.apply(store, shown)
    assert tree(home) == snap


def test_over_the_limit_and_growing_is_refused(write_config, write_mem, home, tree):
    write_config("memory:\n  user_char_limit: 60\n")
    store = MemoryStore.open(home)
    write_mem("user", "# A\n- one two three\n# B\n- four five six\n# C\n- seven eight nine\n")
    shown = _normalize.preview(store, "user", "section")
    assert shown.usage > shown.usage_before and shown.over_limit
    snap = tree(home)
    with pytest.raises(OverLimit):
        _normalize.apply(store, shown)
    assert tree(home) == snap


def test_over_the_limit_but_shrinking_is_allowed(write_config, write_mem, home):
    write_config("memory:\n  user_char_limit: 40\n")
    store = MemoryStore.open(home)
    write_mem("user", "# About\n\n- one two three\n\n- four five six\n\n- seven eight nine\n")
    shown = _normalize.preview(store, "user", "bullet")
    assert shown.over_limit and shown.usage < shown.usage_before
    assert _normalize.apply(store, shown).changed


def test_new_text_is_scanned_but_existing_text_is_not(store, write_mem):
    write_mem("memory", "# Notes\n- keys live in ~/.ssh on the laptop\n- build with make\n")
    shown = _normalize.preview(store, "memory", "bullet")
    assert shown.findings and shown.findings[0][1] == ("ssh_access",)
    _normalize.apply(store, shown)  # the text was already in the file: normalising does not inject it
    with pytest.raises(ContentBlocked):
        store.rewrite("memory", ["keys live in ~/.ssh and ~/.hermes/.env too"])


def test_non_utf8_files_are_refused(store, write_mem):
    write_mem("memory", b"caf\xe9 notes\n- a\n")
    with pytest.raises(FileProblem, match="UTF-8"):
        _normalize.preview(store, "memory")


def test_a_symlinked_file_stays_a_link(store, home, tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "MEMORY.md").write_text("## Env\n- a\n## Tools\n- b\n")
    (home / "memories").mkdir()
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    _normalize.apply(store, _normalize.preview(store, "memory"))
    assert (home / "memories" / "MEMORY.md").is_symlink()
    assert (repo / "MEMORY.md").read_text() == "## Env\n- a\n§\n## Tools\n- b"


def test_unknown_mode_is_refused():
    with pytest.raises(InvalidRequest):
        _normalize.split("x", "paragraph")


def test_code_blocks_stay_whole_in_both_modes():
    text = (
        "# Env\n- run this:\n  ```sh\n  # a comment, not a heading\n  - not a bullet\n  ```\n- next\n\n"
        "```\n# top-level code\n```\n## Tools\n- vim\n"
    )
    by_bullet, dropped, _ = _normalize.split(text, "bullet")
    assert by_bullet == [
        "run this:\n```sh\n# a comment, not a heading\n- not a bullet\n```",
        "next",
        "```\n# top-level code\n```",
        "vim",
    ]
    assert dropped == ["# Env", "## Tools"]
    by_section, _, _ = _normalize.split(text, "section")
    assert len(by_section) == 2 and "# top-level code" in by_section[0]
