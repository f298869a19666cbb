"""What the README tells a newcomer is what the project does: the Python it states is the one
pyproject declares and CI tests, its Packages section names every package installed, and its
test command keeps what it installs inside the clone unless told otherwise."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from repo import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_stated_python_is_the_declared_and_tested_one() -> None:
    floor = PROJECT["project"]["requires-python"]
    assert floor == ">=3.11", floor
    versions = [
        c.rsplit(" :: ", 1)[1] for c in PROJECT["project"]["classifiers"] if re.match(r".*Python :: 3\.\d+$", c)
    ]
    assert versions == ["3.11"], versions
    assert PROJECT["tool"]["mypy"]["python_version"] == "3.11"
    stated = re.findall(r"with Python (3\.\d+)", _section("Start the dashboard"))
    assert stated == ["3.11"], stated
    assert "3.10" not in README and "3.12" not in README
    assert sys.version_info[:2] >= (3, 11)  # the interpreter these tests run on keeps the promise


def _names(requirements: str) -> list[str]:
    lines = (ROOT / requirements).read_text().splitlines()
    return [re.split(r"[<>=!\[ ]", line.strip(), maxsplit=1)[0] for line in lines if line.strip() and line[0] != "#"]


def test_the_packages_section_names_every_installed_package() -> None:
    section = _section("Packages")
    missing = [n for n in _names("requirements.txt") + _names("requirements-test.txt") if f"`{n}`" not in section]
    assert missing == [], missing


def test_the_test_command_says_where_it_writes() -> None:
    section = _section("Run the tests")
    for said in (".venv/", ".venv-agents/", "HD_AGENT_ROOT", ".test-screenshots/", "MB"):
        assert said in section, said
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert {".venv/", ".venv-agents/", ".test-screenshots/"} <= set(ignored)


def test_agent_venvs_go_inside_the_clone_unless_a_root_is_given(tmp_path: Path) -> None:
    """scripts/agent-venv's own default root is the clone's .venv-agents/ (a venv that already
    holds the version is reused: a stand-in interpreter that says so installs nothing)."""
    clone = tmp_path / "clone"
    (clone / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "agent-venv", clone / "scripts" / "agent-venv")
    for root in (clone / ".venv-agents", tmp_path / "shared"):
        fake = root / "v9.9.9" / "bin" / "python"
        fake.parent.mkdir(parents=True)
        fake.write_text("#!/bin/sh\ncat >/dev/null\nexit 0\n")
        fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "HD_AGENT_ROOT"}

    def made(**extra: str) -> str:
        done = subprocess.run(
            ["bash", str(clone / "scripts" / "agent-venv"), "9.9.9"],
            cwd=tmp_path,  # not the clone: the root follows the script, not the working folder
            env={**env, **extra},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    assert made() == str(clone / ".venv-agents" / "v9.9.9" / "bin" / "python")
    assert made(HD_AGENT_ROOT=str(tmp_path / "shared")) == str(tmp_path / "shared" / "v9.9.9" / "bin" / "python")
