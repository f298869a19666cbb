"""Real git repositories for the merge-driver tests: no global or system git config, no hooks."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def need_git() -> str:
    git = shutil.which("git")
    if git is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but git is not installed: the merge-driver tests must run in CI.")
        pytest.skip("git is not installed (apt-get install git): the merge driver is tested with real merges.")
    return git


def git_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        {
            "HOME": str(home),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid",
        }
    )
    return env


class Repo:
    """A repository in ``path`` with a ``main`` branch."""

    def __init__(self, path: Path) -> None:
        self.git = need_git()
        self.path = path
        self.env = git_env(path.parent)
        path.mkdir(parents=True, exist_ok=True)
        self.run("init", "-q", "-b", "main")

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [self.git, *args], cwd=self.path, env=self.env, capture_output=True, text=True, timeout=60
        )
        if check and done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done

    def write(self, name: str, data: bytes | str) -> None:
        path = self.path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)

    def commit(self, message: str) -> None:
        self.run("add", "-A")
        self.run("commit", "-q", "-m", message)

    def branch(self, name: str) -> None:
        self.run("checkout", "-q", "-b", name)

    def checkout(self, name: str) -> None:
        self.run("checkout", "-q", name)

    def merge(self, name: str) -> subprocess.CompletedProcess:
        return self.run("merge", "--no-edit", name, check=False)


#: How the hostile repository's config makes a fetch run the attacker's command.
DOORS = ("uploadpack", "ext")


def hostile_partial_clone(path: Path, files: dict[str, str], marker: Path, door: str, missing: str = "") -> Repo:
    """A repository that says it is a partial clone (``extensions.partialClone``, a promisor
    remote) without the tree of the folder ``missing`` (the root tree by default), whose own
    config makes the fetch of that tree run ``touch MARKER``: through ``remote.origin.uploadpack``
    on the file protocol, or an ``ext::`` URL. Any ``git ls-tree HEAD`` / ``blame`` /
    ``cat-file`` that needs that tree creates the marker (:func:`armed` proves it with git)."""
    repo = Repo(path)
    for name, text in files.items():
        repo.write(name, text)
    repo.commit("shared memory")
    tree = repo.run("rev-parse", f"HEAD:{missing}").stdout.strip()
    (path / ".git" / "objects" / tree[:2] / tree[2:]).unlink()
    touch = f"touch {marker}"
    settings = {
        "core.repositoryformatversion": "1",
        "extensions.partialClone": "origin",
        "remote.origin.promisor": "true",
        "remote.origin.fetch": "+refs/heads/*:refs/remotes/origin/*",
    }
    if door == "uploadpack":
        settings |= {
            "protocol.file.allow": "always",
            "remote.origin.url": f"file://{path.parent}/upstream-{path.name}",
            "remote.origin.uploadpack": f"sh -c '{touch}; exit 1'",
        }
    else:
        settings |= {"protocol.ext.allow": "always", "remote.origin.url": "ext::sh -c " + touch.replace(" ", "% ")}
    for key, value in settings.items():
        repo.run("config", key, value)
    return repo


def armed(repo: Repo, marker: Path, *probe: str) -> None:
    """The trap is real: the test's own ``git ls-tree HEAD`` (or ``probe``) runs the attacker's command."""
    repo.run(*(probe or ("ls-tree", "HEAD")), check=False)
    assert marker.exists(), "the hostile repository did not make git run its command"
    marker.unlink()
