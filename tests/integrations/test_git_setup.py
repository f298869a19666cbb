"""`hermes-dash git-setup [REPO]`: the driver's two lines, idempotent, said, and nothing run from the repository."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli_support import invoke
from git_support import Repo


def setup(repo: Path, *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return invoke("git-setup", *extra, str(repo), environ=env)


def test_sets_both_lines_says_so_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "r")
    repo.write(".gitattributes", "*.png binary")  # no final newline: kept, and the new line goes after it
    first = setup(repo.path, env=repo.env)
    assert first.returncode == 0, first.stderr
    assert ".git/config: set merge.hermes-memory.driver = " in first.stdout
    assert ".gitattributes: added the line 'MEMORY.md merge=hermes-memory'" in first.stdout
    assert (repo.path / ".gitattributes").read_text() == "*.png binary\nMEMORY.md merge=hermes-memory\n"
    driver = repo.run("config", "merge.hermes-memory.driver").stdout.strip()
    assert driver.endswith(" -m hermes_dash merge-driver %O %A %B %P") and sys.executable in driver
    assert repo.run("check-attr", "merge", "MEMORY.md").stdout.strip() == "MEMORY.md: merge: hermes-memory"
    assert repo.run("check-attr", "merge", "sub/dir/MEMORY.md").stdout.strip().endswith("hermes-memory")
    config_before = (repo.path / ".git" / "config").read_bytes()
    attributes_before = (repo.path / ".gitattributes").read_bytes()
    second = setup(repo.path, env=repo.env)
    assert second.returncode == 0, second.stderr
    assert "Already set up: nothing changed." in second.stdout
    assert "already" in second.stdout.splitlines()[0] and "already" in second.stdout.splitlines()[1]
    assert (repo.path / ".git" / "config").read_bytes() == config_before
    assert (repo.path / ".gitattributes").read_bytes() == attributes_before


def test_an_earlier_union_line_is_named_and_overridden(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "r")
    repo.write(".gitattributes", "MEMORY.md merge=union\r\n")
    done = setup(repo.path, env=repo.env)
    assert done.returncode == 0
    assert "after 'MEMORY.md merge=union', which it overrides" in done.stdout
    assert (repo.path / ".gitattributes").read_bytes() == b"MEMORY.md merge=union\r\nMEMORY.md merge=hermes-memory\r\n"
    assert repo.run("check-attr", "merge", "MEMORY.md").stdout.strip() == "MEMORY.md: merge: hermes-memory"


def test_runs_no_program_the_repository_names(tmp_path: Path) -> None:
    """A hostile clone: an fsmonitor, hooks and a filter that would each leave a mark if run."""
    repo = Repo(tmp_path / "r")
    mark = tmp_path / "ran"
    script = tmp_path / "evil.sh"
    script.write_text(f"#!/bin/sh\necho ran >> {mark}\n")
    script.chmod(0o755)
    for key, value in (
        ("core.fsmonitor", str(script)),
        ("core.hooksPath", str(tmp_path)),
        ("filter.x.clean", str(script)),
        ("filter.x.smudge", str(script)),
        ("diff.external", str(script)),
    ):
        repo.run("config", key, value)
    for hook in ("post-checkout", "pre-commit", "post-merge", "reference-transaction"):
        (tmp_path / hook).write_text(script.read_text())
        (tmp_path / hook).chmod(0o755)
    repo.write(".gitattributes", "* filter=x\n")
    done = setup(repo.path, env=repo.env)
    assert done.returncode == 0, done.stderr
    assert not mark.exists()


def test_a_worktree_of_another_repository(tmp_path: Path) -> None:
    """In a linked worktree `.git` is a file: the driver goes into the shared config."""
    repo = Repo(tmp_path / "r")
    repo.write("MEMORY.md", "a")
    repo.commit("one")
    repo.run("worktree", "add", "-q", str(tmp_path / "wt"), "-b", "side")
    done = setup(tmp_path / "wt", env=repo.env)
    assert done.returncode == 0, done.stderr
    assert repo.run("config", "merge.hermes-memory.driver").returncode == 0
    assert (tmp_path / "wt" / ".gitattributes").read_text() == "MEMORY.md merge=hermes-memory\n"


def test_refuses_a_folder_that_is_not_a_repository_and_a_linked_attributes_file(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    done = setup(plain)
    assert done.returncode == 1 and "is not the top folder of a git repository" in done.stderr
    repo = Repo(tmp_path / "r")
    outside = tmp_path / "outside.txt"
    outside.write_text("keep\n")
    (repo.path / ".gitattributes").symlink_to(outside)
    done = setup(repo.path, env=repo.env)
    assert done.returncode == 1 and "symbolic link" in done.stderr
    assert outside.read_text() == "keep\n"
    assert repo.run("config", "merge.hermes-memory.driver", check=False).returncode == 1  # nothing half done


def test_needs_no_git_program_and_refuses_a_config_that_is_not_a_file(tmp_path: Path) -> None:
    """The driver is set through libgit2, with no git on PATH; a ``.git/config`` that is a FIFO
    (libgit2 and git would block opening it) is refused with what it is, nothing written."""
    repo = Repo(tmp_path / "r")
    done = setup(repo.path, env=dict(repo.env, PATH=str(tmp_path / "no-programs-here")))
    assert done.returncode == 0, done.stderr
    driver = repo.run("config", "merge.hermes-memory.driver").stdout.strip()
    assert driver.endswith(" -m hermes_dash merge-driver %O %A %B %P")
    assert repo.run("config", "merge.hermes-memory.name").stdout.strip() == "hermes-dash: MEMORY.md entry by entry"
    other = Repo(tmp_path / "fifo")
    (other.path / ".git" / "config").unlink()
    os.mkfifo(other.path / ".git" / "config")
    done = setup(other.path, env=other.env)
    assert done.returncode == 1 and "FIFO" in done.stderr and "not a regular file" in done.stderr, done.stderr
    assert not (other.path / ".gitattributes").exists()


def test_a_config_that_includes_a_fifo_is_given_up_after_the_deadline(tmp_path: Path) -> None:
    """libgit2 follows ``include.path`` and would block on a FIFO: the question is stopped."""
    from hermes_dash.curation import gitworker

    repo = Repo(tmp_path / "r")
    os.mkfifo(repo.path / ".git" / "more")
    with open(repo.path / ".git" / "config", "a", encoding="utf-8") as config:
        config.write("[include]\n\tpath = more\n")
    before = (repo.path / ".git" / "config").read_bytes()
    done = setup(repo.path, env=repo.env)
    assert done.returncode == 1 and f"took longer than {gitworker.GIT_TIMEOUT_S:g} s" in done.stderr, done.stderr
    assert (repo.path / ".git" / "config").read_bytes() == before
    assert not (repo.path / ".gitattributes").exists()


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_git_file_pointing_at_a_folder_that_is_no_repository_is_refused(tmp_path: Path) -> None:
    """A ``.git`` file pointing at ``~/.ssh`` had libgit2 write ``~/.ssh/config``."""
    ssh = tmp_path / "user" / ".ssh"
    ssh.mkdir(parents=True)
    (ssh / "known_hosts").write_text("github.com ssh-ed25519 AAAA\n")
    work = tmp_path / "work"
    work.mkdir()
    (work / ".git").write_text(f"gitdir: {ssh}\n")
    done = setup(work)
    assert done.returncode == 1
    assert f"{work / '.git'} points to {ssh}, which is not a git repository" in done.stderr, done.stderr
    assert sorted(p.name for p in ssh.iterdir()) == ["known_hosts"]  # no ~/.ssh/config created
    (ssh / "config").write_text("Host *\n  IdentityFile ~/.ssh/id_ed25519\n")
    before = _tree(ssh)
    done = setup(work)
    assert done.returncode == 1 and "not a git repository" in done.stderr
    assert _tree(ssh) == before and not (work / ".gitattributes").exists()


def test_a_git_file_pointing_at_another_work_trees_repository_is_refused(tmp_path: Path) -> None:
    """A real repository, but another work tree's: its own ``.git``, or a linked worktree's
    folder whose ``gitdir`` file leads back to that worktree, not here."""
    other = Repo(tmp_path / "other")
    other.write("MEMORY.md", "a")
    other.commit("one")
    other.run("worktree", "add", "-q", str(tmp_path / "theirs"), "-b", "side")
    before = (other.path / ".git" / "config").read_bytes()
    work = tmp_path / "work"
    work.mkdir()
    (work / ".git").write_text(f"gitdir: {other.path / '.git'}\n")
    done = setup(work, env=other.env)
    assert done.returncode == 1, done.stdout
    assert f"a repository that does not belong to {work} (it names no core.worktree)" in done.stderr, done.stderr
    assert "core.worktree" in done.stderr.splitlines()[-1]  # the hint says how to claim it
    (work / ".git").write_text("gitdir: ../other/.git/worktrees/theirs\n")
    done = setup(work, env=other.env)
    assert done.returncode == 1
    assert f"its gitdir file leads to {tmp_path / 'theirs' / '.git'}" in done.stderr, done.stderr
    assert (other.path / ".git" / "config").read_bytes() == before and not (work / ".gitattributes").exists()


def test_a_submodule_and_a_separate_git_dir_that_names_its_work_tree_are_set_up(tmp_path: Path) -> None:
    """The layouts git makes with a ``.git`` file: a submodule (``.git/modules/NAME`` with
    ``core.worktree``) and ``git init --separate-git-dir``, once its ``core.worktree`` says so."""
    lib = Repo(tmp_path / "lib")
    lib.write("MEMORY.md", "a")
    lib.commit("one")
    top = Repo(tmp_path / "top")
    top.run("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib.path), "sub")
    done = setup(top.path / "sub", env=top.env)
    assert done.returncode == 0, done.stderr
    module = top.path / ".git" / "modules" / "sub" / "config"
    assert "hermes-memory" in module.read_text() and "hermes-memory" not in (top.path / ".git" / "config").read_text()
    store, work = tmp_path / "store", tmp_path / "separate"
    subprocess.run(["git", "init", "-q", f"--separate-git-dir={store}", str(work)], env=top.env, check=True)
    done = setup(work, env=top.env)
    assert done.returncode == 1 and "it names no core.worktree" in done.stderr, done.stderr
    subprocess.run(["git", f"--git-dir={store}", "config", "core.worktree", str(work)], env=top.env, check=True)
    done = setup(work, env=top.env)
    assert done.returncode == 0, done.stderr
    assert "hermes-memory" in (store / "config").read_text()
