"""Starting a Hermes home from nothing: the two empty memory files, and nothing overwritten."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hermes_dash import resolve_home
from hermes_dash.engine.newhome import create_memory_files
from hermes_dash.engine.rules.errors import FileProblem


def test_a_missing_home_gets_its_folders_and_both_empty_files(tmp_path: Path) -> None:
    home = resolve_home(tmp_path / "new" / "home")
    created = create_memory_files(home)
    assert created == [home.memories_dir / "MEMORY.md", home.memories_dir / "USER.md"]
    assert sorted(p.name for p in home.memories_dir.iterdir()) == ["MEMORY.md", "USER.md"]
    assert all(p.read_bytes() == b"" for p in created)


def test_a_second_call_creates_nothing_and_keeps_what_is_there(tmp_path: Path) -> None:
    home = resolve_home(tmp_path)
    create_memory_files(home)
    (home.memories_dir / "MEMORY.md").write_text("kept")
    assert create_memory_files(home) == []
    assert (home.memories_dir / "MEMORY.md").read_text() == "kept"


def test_a_link_to_nothing_is_left_as_it_is(tmp_path: Path) -> None:
    """A dangling link is the user's (a file elsewhere not there yet): not replaced by a file."""
    home = resolve_home(tmp_path)
    home.memories_dir.mkdir(parents=True)
    os.symlink(tmp_path / "elsewhere.md", home.memories_dir / "USER.md")
    assert create_memory_files(home) == [home.memories_dir / "MEMORY.md"]
    assert (home.memories_dir / "USER.md").is_symlink() and not (tmp_path / "elsewhere.md").exists()


def test_a_file_where_the_memories_folder_goes_is_a_refusal_naming_the_folder(tmp_path: Path) -> None:
    home = resolve_home(tmp_path)
    home.memories_dir.write_text("not a folder")
    with pytest.raises(FileProblem) as caught:
        create_memory_files(home)
    assert caught.value.message.startswith(f"Could not write {home.memories_dir}: ")
    assert caught.value.details["errno"] == errno.EEXIST  # mkdir met the file
    assert home.memories_dir.read_text() == "not a folder"


def test_a_file_already_there_does_not_stop_the_next_one_being_created(tmp_path: Path) -> None:
    home = resolve_home(tmp_path)
    home.memories_dir.mkdir(parents=True)
    (home.memories_dir / "MEMORY.md").write_text("kept")
    assert create_memory_files(home) == [home.memories_dir / "USER.md"]
    assert (home.memories_dir / "MEMORY.md").read_text() == "kept"
    assert (home.memories_dir / "USER.md").read_bytes() == b""
