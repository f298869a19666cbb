"""Team sharing (links, git state) and export / profile comparison on real homes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import export as _export
from hermes_dash.curation import sharing as _sharing
from hermes_dash.engine.rules.format import serialise

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed on this machine")


def _git(repo, *args):
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.email=t@example.org", "-c", "user.name=t", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path):
    path = tmp_path / "team-repo"
    path.mkdir()
    _git(path, "init", "-q")
    (path / "MEMORY.md").write_text("Shared fact")
    _git(path, "add", "MEMORY.md")
    _git(path, "commit", "-q", "-m", "init")
    return path


@needs_git
def test_memory_link_into_a_clean_repository(store, home, repo):
    (home / "memories").mkdir()
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    report = _sharing.sharing(store)
    memory = report.file("memory")
    assert memory.is_link and memory.link_text == str(repo / "MEMORY.md")
    assert memory.resolved == (repo / "MEMORY.md").resolve()
    assert memory.git.repo == repo.resolve() and memory.git.tracked and memory.git.dirty is False
    assert report.warnings == ()


@needs_git
def test_a_write_through_the_link_shows_as_uncommitted(store, home, repo):
    (home / "memories").mkdir()
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    store.add("memory", "Another shared fact")
    report = _sharing.sharing(store)
    assert report.file("memory").git.dirty and report.file("memory").git.status.startswith("M")
    assert any("uncommitted" in w for w in report.warnings)
    assert subprocess.run(["git", "-C", str(repo), "status", "--porcelain"], capture_output=True, text=True).stdout


@needs_git
def test_user_md_linked_into_a_repository_is_warned_about(store, home, repo):
    (repo / "USER.md").write_text("Name: Sam")
    (home / "memories").mkdir()
    os.symlink(repo / "USER.md", home / "memories" / "USER.md")
    report = _sharing.sharing(store)
    assert report.file("user").is_link
    assert any(w.startswith("USER.md is a link into the git repository") for w in report.warnings)


@needs_git
def test_user_md_ignored_by_git_in_a_repository_home_is_fine(store, home):
    _git(home, "init", "-q")
    (home / ".gitignore").write_text("memories/USER.md\n")
    (home / "memories").mkdir()
    (home / "memories" / "USER.md").write_text("Name: Sam")
    report = _sharing.sharing(store)
    assert report.file("user").git.repo is not None
    assert not any("USER.md" in w for w in report.warnings)


@needs_git
def test_sharing_reads_the_repository_without_a_git_program(store, home, repo, monkeypatch, tmp_path):
    """The repository is read through libgit2: with no git on PATH the state is still known."""
    (home / "memories").mkdir()
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    (repo / "MEMORY.md").write_text("Shared fact, edited")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    memory = _sharing.sharing(store).file("memory")
    assert memory.git.repo == repo.resolve() and memory.git.tracked and memory.git.status == "M MEMORY.md"


def test_not_a_repository(store, write_mem):
    write_mem("memory", "fact")
    memory = _sharing.sharing(store).file("memory")
    assert not memory.is_link
    assert memory.git.repo is None and memory.git.problem is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ('api_key = "sk_live_7fA9qW2xLm4Rt8Zp0VbN3cKd" (rotate)', 'api_key = "[REDACTED]" (rotate)'),
        ("DB is postgres://app:hunter2secret@db:5432/x", "DB is postgres://[REDACTED]@db:5432/x"),
        ("export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz12", "export GITHUB_TOKEN=[REDACTED]"),
        ("Header: Authorization: Bearer abcdefghijklmnop1234", "Header: Authorization: Bearer [REDACTED]"),
        ("AWS AKIAABCDEFGHIJKLMNOP in CI", "AWS [REDACTED] in CI"),
        ("Python is 3.11; the key insight: keep it short", "Python is 3.11; the key insight: keep it short"),
    ],
)
def test_redaction(text, expected):
    assert _export.redact(text)[0] == expected


def test_export_json_and_markdown_with_redaction(store, write_mem):
    secret = 'Staging: api_key = "sk_live_7fA9qW2xLm4Rt8Zp0VbN3cKd".'
    fenced = "Run ```make``` then <img src=http://127.0.0.1:9/x.png>"
    write_mem("memory", serialise([secret, fenced]))
    write_mem("user", "Name: Sam")
    plain = _export.export_data(store)
    assert plain.data["files"]["memory"]["entries"] == [secret, fenced] and plain.redacted == 0
    json.dumps(plain.data)
    hidden = _export.export_data(store, redact_secrets=True)
    assert hidden.redacted == 1 and "sk_live" not in json.dumps(hidden.data)
    md = _export.to_markdown(hidden)
    assert "sk_live" not in md and "## MEMORY.md" in md and "## USER.md" in md
    assert "````text\n" + fenced + "\n````" in md  # a longer fence than any run inside the entry


def test_compare_two_profiles(home):
    for name, memory in (
        ("work", ["Shared fact", "Deploys need a change ticket", "Postgres 16 on port 5433 for tests."]),
        ("home", ["Shared fact", "Postgres 16 on port 5434 for tests.", "The cat is called Miso"]),
    ):
        folder = home / "profiles" / name / "memories"
        folder.mkdir(parents=True)
        (folder / "MEMORY.md").write_text(serialise(memory))
    a = MemoryStore(resolve_home(home, "work"))
    b = MemoryStore(resolve_home(home, "home"))
    rows = [(r.target, r.kind, r.a, r.b) for r in _export.compare(a, b)]
    assert ("memory", "same", "Shared fact", "Shared fact") in rows
    assert ("memory", "changed", "Postgres 16 on port 5433 for tests.", "Postgres 16 on port 5434 for tests.") in rows
    assert ("memory", "only_a", "Deploys need a change ticket", None) in rows
    assert ("memory", "only_b", None, "The cat is called Miso") in rows
    assert not [r for r in rows if r[0] == "user"]


def test_short_passwords_are_redacted_too():
    assert _export.redact("db password: hunter2 (staging)") == ("db password: [REDACTED] (staging)", 1)


def test_dangling_memory_link_is_reported(store, home, tmp_path):
    (home / "memories").mkdir()
    os.symlink(tmp_path / "unpulled-repo" / "MEMORY.md", home / "memories" / "MEMORY.md")
    report = _sharing.sharing(store)
    memory = report.file("memory")
    assert memory.is_link and not memory.exists
    assert any("does not exist: writes are refused" in w for w in report.warnings)
