"""`plugin install` for an agent whose packaging has no web dashboard (docs/agents.md): the axisrow
repack of 0.20.1 and the iot fork of 0.22 ship no ``hermes_cli/web_dist``, so their
``hermes dashboard`` has no page for the Memory tab. Install says so and writes nothing, instead
of a success that nothing ever shows; an agent with the dashboard (0.19.0) still gets the tab.
Each case points detection at the real venv (the Memory tab's own prefix variable, as the
dashboard sets it, and the launcher on PATH)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_venvs import SITE, agent_venv
from cli_support import invoke
from homes import make_home

from hermes_dash.engine import agent_find


def _venv(name: str) -> Path:
    return agent_venv(name.removeprefix("v"))


def _files(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


def _install(home: Path, tmp_path: Path, env: dict[str, str | None]):
    base = {"HOME": str(tmp_path / "user"), "HERMES_HOME": str(tmp_path / "not-used"), "HERMES_WEB_DIST": None}
    return invoke("plugin", "install", home=home, env={**base, **env})


@pytest.mark.parametrize(
    "name,how",
    [("v0.20.1", "prefix"), ("v0.22.2", "prefix"), ("v0.20.1", "path"), ("v0.22.2", "path")],
)
def test_install_for_a_packaging_without_the_web_dashboard_says_so_and_writes_nothing(
    tmp_path: Path, name: str, how: str
):
    venv = _venv(name)
    home = make_home(tmp_path / "home", config="model: x\n")
    before = _files(home)
    env: dict[str, str | None] = (
        {agent_find.DASHBOARD_PREFIX: str(venv)}
        if how == "prefix"
        else {agent_find.DASHBOARD_PREFIX: None, "PATH": f"{venv / 'bin'}:/usr/bin:/bin"}
    )
    done = _install(home, tmp_path, env)
    assert done.returncode != 0, done.stdout
    assert "This Hermes has no web dashboard" in done.stderr and "Nothing was installed" in done.stderr
    assert "hermes-dash serve" in done.stderr  # how to go on
    assert _files(home) == before


def test_install_for_an_agent_with_the_web_dashboard_still_writes_the_tab(tmp_path: Path):
    venv = _venv("v0.19.0")
    assert (venv / SITE / "hermes_cli" / "web_dist").is_dir()
    home = make_home(tmp_path / "home", config="model: x\n")
    done = _install(home, tmp_path, {agent_find.DASHBOARD_PREFIX: str(venv)})
    assert done.returncode == 0, done.stderr
    assert (home / "plugins" / "hermes-dash" / "dashboard" / "manifest.json").is_file()


def test_a_web_front_end_named_by_hermes_web_dist_is_one(tmp_path: Path):
    venv = _venv("v0.22.2")
    (tmp_path / "web").mkdir()
    home = make_home(tmp_path / "home", config="model: x\n")
    done = _install(home, tmp_path, {agent_find.DASHBOARD_PREFIX: str(venv), "HERMES_WEB_DIST": str(tmp_path / "web")})
    assert done.returncode == 0, done.stderr
