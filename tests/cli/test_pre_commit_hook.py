"""The pre-commit hook checks a symlinked MEMORY.md too: run by the real pre-commit.

The team setup keeps MEMORY.md as a link into the repository; pre-commit's default
``types: [file]`` leaves links out ("no files to check", exit 0). The hook's definition is
taken from .pre-commit-hooks.yaml as it is, only run as a local hook (``language: system``, the
entry through this checkout) so no environment is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from repo import ROOT

from hermes_dash.engine.rules.format import serialise


def _pre_commit() -> str:
    # The test tools' own pre-commit first: scripts/test runs the venv's python without putting
    # the venv's bin/ on PATH (nothing is activated), so PATH alone does not find it.
    beside = Path(sys.executable).parent / "pre-commit"
    found = str(beside) if beside.is_file() else shutil.which("pre-commit")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but pre-commit is not installed (it is in requirements-test.txt)")
        pytest.skip("pre-commit is not installed")
    return found


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
        env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"},
    )


@pytest.fixture
def team_repo(tmp_path: Path) -> Path:
    """A repository with the hook configured, holding MEMORY.md as a link to an over-limit file."""
    repo = tmp_path / "repo"
    (repo / "team").mkdir(parents=True)
    _git(repo, "init", "-q", ".")
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = {**hook, "language": "system", "entry": f"env PYTHONPATH={ROOT} {sys.executable} -m hermes_dash check"}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [hook]}]}))
    (repo / "team" / "shared-memory.md").write_text(serialise(["x" * 1500, "y" * 800]))  # over 2,200
    os.symlink("team/shared-memory.md", repo / "MEMORY.md")
    _git(repo, "add", ".")
    return repo


def test_the_hook_checks_a_linked_memory_md(team_repo: Path, tmp_path: Path) -> None:
    tool = _pre_commit()
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "GIT_CONFIG_NOSYSTEM": "1"}

    def hooks() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [tool, "run", "--all-files", "--color", "never"],
            cwd=team_repo,
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
        )

    run = hooks()
    out = run.stdout + run.stderr
    assert "no files to check" not in out, out
    assert run.returncode == 1 and "over its limit: 2,303/2,200 characters" in out, out
    (team_repo / "team" / "shared-memory.md").write_text(serialise(["fine"]))
    again = hooks()
    assert again.returncode == 0 and "Passed" in again.stdout, again.stdout + again.stderr
