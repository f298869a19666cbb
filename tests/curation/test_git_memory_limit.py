"""The git reader's child has an address-space limit: a small repository whose history holds a
100 MB blob of newlines took libgit2's blame to 1.7 GB within the 5 s deadline (10 GB given the
time); now it stops at the limit, and the answer says so."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cli_support import run
from git_support import Repo

from hermes_dash.curation import blame, gitread, gitworker


def _linked_home(tmp_path: Path, repo: Repo) -> Path:
    home = tmp_path / "hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").symlink_to(repo.path / "MEMORY.md")
    return home


@pytest.mark.timeout(300)
def test_a_huge_blob_in_the_history_is_unknown_with_the_memory_limit_named(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "team")
    repo.write("MEMORY.md", b"\n" * 100_000_000)
    repo.commit("a hundred megabytes of newlines")
    repo.write("MEMORY.md", "Builds use make\n§\nReview needs two approvals")
    repo.commit("shared memory")
    home = _linked_home(tmp_path, repo)
    started = time.monotonic()
    code, found, err = run(home, "blame", "memory")
    assert code == 0, err
    assert time.monotonic() - started < gitworker.GIT_TIMEOUT_S + 60
    assert f"git blame could not be read: {gitread.OUT_OF_MEMORY}" in found["problems"], found["problems"]
    assert f"more than {gitread.GIT_MEMORY_BYTES >> 20} MiB of memory" in gitread.OUT_OF_MEMORY


def test_the_child_runs_under_the_limit_and_answers_ordinary_questions(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "team")
    repo.write("MEMORY.md", "Builds use make\n§\nReview needs two approvals")
    repo.commit("shared memory")
    found = blame.git_blame(repo.path / "MEMORY.md", ["Builds use make", "Review needs two approvals"])
    assert found is not None and not found.problem, found
    child = gitworker._child
    assert child is not None and child.poll() is None
    limits = Path(f"/proc/{child.pid}/limits").read_text()
    line = next(row for row in limits.splitlines() if row.startswith("Max address space"))
    assert line.split()[3:5] == [str(gitread.GIT_MEMORY_BYTES)] * 2, line
