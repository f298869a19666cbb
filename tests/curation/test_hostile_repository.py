"""A hostile repository runs nothing: a partial clone whose fetch would run the attacker's command.

The repository says it is a partial clone with its root tree missing; its own config makes the
fetch of that tree run ``touch MARKER`` (``remote.origin.uploadpack`` on the file protocol, or
an ``ext::`` URL). The test's own git proves the trap fires; then ``sharing``, ``blame`` and
``history`` run on a home whose MEMORY.md links into it and on a home that sits inside it, and
the marker must never appear while each command still answers, the git state unknown.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_support import run
from git_support import DOORS, Repo, armed, hostile_partial_clone

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import blame, sharing

MEMORY = "Builds use make\n§\nReview needs two approvals"
USER = "Name: Sam"


def _linked(tmp_path: Path, marker: Path, door: str) -> tuple[Path, Repo]:
    repo = hostile_partial_clone(tmp_path / "team", {"MEMORY.md": MEMORY}, marker, door)
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").symlink_to(repo.path / "MEMORY.md")
    (home / "memories" / "USER.md").write_text(USER, encoding="utf-8")
    return home, repo


def _inside(tmp_path: Path, marker: Path, door: str) -> tuple[Path, Repo]:
    files = {".hermes/memories/MEMORY.md": MEMORY, ".hermes/memories/USER.md": USER}
    repo = hostile_partial_clone(tmp_path / "dotfiles", files, marker, door)
    return repo.path / ".hermes", repo


LAYOUTS = {"linked": _linked, "inside": _inside}


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_sharing_blame_and_history_run_nothing_the_repository_names(tmp_path: Path, layout: str, door: str) -> None:
    marker = tmp_path / "RAN"
    home, repo = LAYOUTS[layout](tmp_path, marker, door)
    armed(repo, marker)
    before = {p: p.read_bytes() for p in (repo.path / ".git").rglob("*") if p.is_file()}

    answers, ran = {}, []
    for command in (("sharing",), ("blame", "memory"), ("history", "memory")):
        code, answers[command[0]], err = run(home, *command)
        assert code == 0, err
        if marker.exists():
            ran.append(command[0])
            marker.unlink()
    assert not ran, f"{', '.join(ran)} ran the repository's command ({door})"

    memory = answers["sharing"]["files"][0]["git"]
    assert memory["repo"] == str(repo.path.resolve())
    assert memory["tracked"] is True and memory["dirty"] is None and "never fetches" in memory["problem"], memory
    found = answers["blame"]
    origins = {e["text"]: e for e in found["entries"]}
    assert set(origins) == {"Builds use make", "Review needs two approvals"}
    assert all(e["git"] is None and e["origin"]["kind"] != "git" for e in origins.values()), origins
    assert any("git blame could not be read" in p and "never fetches" in p for p in found["problems"])
    assert answers["history"]["versions"], answers["history"]

    after = {p: p.read_bytes() for p in (repo.path / ".git").rglob("*") if p.is_file()}
    assert after == before, "reading the repository wrote into it"


@pytest.mark.parametrize("door", DOORS)
def test_a_partial_clone_is_read_as_far_as_its_objects_go(tmp_path: Path, door: str) -> None:
    """Only the missing object is unknown: the index still tells a changed file from a clean one
    where the library opens partial clones, and nothing is fetched either way."""
    marker = tmp_path / "RAN"
    home, repo = _linked(tmp_path, marker, door)
    armed(repo, marker)
    (repo.path / "MEMORY.md").write_text(MEMORY + "\n§\nA fresh one", encoding="utf-8")
    store = MemoryStore(resolve_home(home))
    report = sharing.sharing(store)
    found = blame.git_blame(repo.path / "MEMORY.md", ["Builds use make"])
    assert not marker.exists()
    memory = report.file("memory").git
    assert memory.repo == repo.path.resolve() and memory.tracked and memory.dirty is None and memory.problem
    assert found is not None and found.problem and not found.introduced
    user = report.file("user").git
    assert user.repo is None and user.problem is None  # USER.md is outside the repository


def test_a_missing_folder_tree_is_unknown_not_untracked(tmp_path: Path) -> None:
    """The tree of the home's own folder is the one missing: the files are not called untracked
    (or new) from a tree that could not be read; the index still says they are tracked, so the
    warning that USER.md is inside a repository stands. Nothing is fetched."""
    marker = tmp_path / "RAN"
    files = {".hermes/memories/MEMORY.md": MEMORY, ".hermes/memories/USER.md": USER, "README": "dotfiles"}
    repo = hostile_partial_clone(tmp_path / "dotfiles", files, marker, "uploadpack", missing=".hermes")
    armed(repo, marker, "cat-file", "-p", "HEAD:.hermes")
    code, shared, err = run(repo.path / ".hermes", "sharing")
    assert code == 0, err
    assert not marker.exists()
    for file in shared["files"]:
        git = file["git"]
        assert git["tracked"] is True and git["dirty"] is None and "never fetches" in git["problem"], file
    assert not any("not tracked" in w for w in shared["warnings"]), shared["warnings"]
    assert any(w.startswith("USER.md is inside the git repository") for w in shared["warnings"])


def test_a_commit_dated_past_the_calendar_has_no_date_not_a_traceback(tmp_path: Path) -> None:
    """An author time of 99999999999999 (a crafted commit) is an unknown date."""
    repo = Repo(tmp_path / "team")
    repo.write("MEMORY.md", MEMORY)
    repo.run("add", "MEMORY.md")
    repo.env["GIT_AUTHOR_DATE"] = "@99999999999999 +0000"
    repo.run("commit", "-qm", "from the future")
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").symlink_to(repo.path / "MEMORY.md")
    code, found, err = run(home, "blame", "memory")
    assert code == 0, err
    commits = [e["git"]["commit"] for e in found["entries"]]
    assert [c["subject"] for c in commits] == ["from the future"] * 2 and all(c["at"] is None for c in commits)


def test_a_repository_that_makes_the_reader_block_is_unknown_after_the_deadline(tmp_path: Path) -> None:
    """libgit2 opens the files a repository names without O_NONBLOCK, holding the GIL: a FIFO
    its config includes would block a process for ever. The questions run in the git reader's
    child, which is stopped after its deadline; the command answers, the state unknown."""
    import time

    from hermes_dash.curation import gitworker

    repo = Repo(tmp_path / "team")
    repo.write("MEMORY.md", MEMORY)
    repo.commit("shared memory")
    os.mkfifo(repo.path / ".git" / "more-config")
    with open(repo.path / ".git" / "config", "a", encoding="utf-8") as config:
        config.write("[include]\n\tpath = more-config\n")
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").symlink_to(repo.path / "MEMORY.md")
    started = time.monotonic()
    code, shared, err = run(home, "sharing")
    assert code == 0, err
    assert time.monotonic() - started < gitworker.GIT_TIMEOUT_S + 30
    took = f"took longer than {gitworker.GIT_TIMEOUT_S:g} s"
    assert took in shared["files"][0]["git"]["problem"], shared
    code, found, err = run(home, "blame", "memory")
    assert code == 0, err
    assert any(took in p for p in found["problems"]), found["problems"]
    assert {e["origin"]["kind"] for e in found["entries"]} == {"outside"}
