"""The agent found where people install it, from its version metadata only (docs/agents.md).

The released 0.19.0 venv (``HD_AGENT_VENV``) is the real thing; launchers, pipx and uv folders
are built around it in a temporary ``HOME``. A hostile checkout under the home (FIFOs, a link to
/dev/zero, a ``HEAD`` pointing out of ``.git``) must be "unknown", quickly and without leaking.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from agent_db import agent_python
from cli_support import invoke

from hermes_dash.engine import agent_find, agents

REAL_VENV = Path(agent_python()).parent.parent
needs_venv = pytest.mark.skipif(
    not (REAL_VENV / "bin").is_dir() and not os.environ.get("CI"),
    reason="the released agent's venv (HD_AGENT_VENV) is not installed",
)


@pytest.fixture
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_DATA_HOME", "PIPX_HOME", "UV_TOOL_DIR", agent_find.DASHBOARD_PREFIX):
        monkeypatch.delenv(name, raising=False)
    return home


def launcher_for(venv: Path, where: Path) -> Path:
    """A ``hermes`` script as pip writes it, somewhere else, whose ``#!`` names the venv's python."""
    where.mkdir(parents=True, exist_ok=True)
    script = where / "hermes"
    script.write_text(f"#!{venv / 'bin' / 'python3'}\nimport sys\nsys.exit(99)\n", encoding="utf-8")
    script.chmod(0o755)
    return script


@needs_venv
def test_a_launcher_on_path_whose_shebang_names_the_real_venv_gives_its_version(tmp_path: Path, user_home: Path):
    script = launcher_for(REAL_VENV, tmp_path / "bin")
    info = agents.detect(tmp_path / "hermes-home", path=str(script.parent))
    assert (info.version, info.kind, info.found_at) == ("0.19.0", "release", str(script))
    assert info.describe() == f"Hermes 0.19.0 (found at {script})"


@needs_venv
def test_the_installers_link_in_dot_local_bin_is_found_without_path(tmp_path: Path, user_home: Path):
    (user_home / ".local" / "bin").mkdir(parents=True)
    (user_home / ".local" / "bin" / "hermes").symlink_to(REAL_VENV / "bin" / "hermes")
    info = agents.detect(tmp_path / "hermes-home", path=str(tmp_path / "empty"))
    assert (info.version, info.found_at) == ("0.19.0", str(user_home / ".local" / "bin" / "hermes"))


@needs_venv
@pytest.mark.parametrize("layout", ["pipx", "pipx-old", "uv"])
def test_pipx_and_uv_tool_venvs_are_found(tmp_path: Path, user_home: Path, layout: str):
    place = {
        "pipx": user_home / ".local" / "share" / "pipx" / "venvs" / "hermes-agent",
        "pipx-old": user_home / ".local" / "pipx" / "venvs" / "hermes-agent",
        "uv": user_home / ".local" / "share" / "uv" / "tools" / "hermes-agent",
    }[layout]
    place.parent.mkdir(parents=True)
    place.symlink_to(REAL_VENV)
    info = agents.detect(tmp_path / "hermes-home", path=str(tmp_path / "empty"))
    assert (info.version, info.found_at) == ("0.19.0", str(place))


@needs_venv
def test_inside_the_agents_dashboard_its_own_prefix_names_it(tmp_path: Path, user_home: Path, monkeypatch):
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(REAL_VENV))
    info = agents.detect(tmp_path / "hermes-home", path=str(tmp_path / "empty"))
    assert info.version == "0.19.0" and "the dashboard that started this" in str(info.found_at)


def test_the_memory_tabs_backend_passes_the_agents_prefix():
    source = (Path(agent_find.__file__).parents[1] / "integrations" / "tab" / "plugin_api.py").read_text()
    assert f'env["{agent_find.DASHBOARD_PREFIX}"] = sys.prefix' in source


def test_metadata_beats_a_misleading_folder_name_and_garbage_versions_are_unknown(tmp_path: Path):
    site = tmp_path / "site"
    (site / "hermes_agent-0.18.0.dist-info").mkdir(parents=True)
    (site / "hermes_agent-0.18.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.4\nName: hermes-agent\nVersion: 0.19.0\n\nVersion: 9.9.9\n"
    )
    assert agent_find.site_version(site) == "0.19.0"
    (site / "hermes_agent-0.18.0.dist-info" / "METADATA").write_text("Name: hermes-agent\nVersion: $(rm -rf ~)\n")
    assert agent_find.site_version(site) == "0.18.0"  # the name, since the metadata's is no version


def test_nothing_of_a_launcher_is_run(tmp_path: Path, user_home: Path):
    marker = tmp_path / "ran"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "hermes"
    script.write_text(f"#!/bin/sh\ntouch {marker}\n")
    script.chmod(0o755)
    assert agents.detect(tmp_path / "h", path=str(bin_dir)).kind in ("unknown", "release")
    assert not marker.exists()


# -- a hostile checkout under the home ---------------------------------------------------------


def hostile_checkout(root: Path) -> Path:
    git = root / "hermes-agent" / ".git"
    git.mkdir(parents=True)
    return git


def show_json(home: Path, tmp_path: Path) -> dict:
    """``show --json`` in a subprocess with a time limit: a hang fails instead of stalling."""
    env = {"HOME": str(tmp_path / "user"), "PATH": str(tmp_path / "empty"), agent_find.DASHBOARD_PREFIX: None}
    done = invoke("--json", "show", home=home, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_fifos_in_the_checkout_do_not_hang_show(tmp_path: Path, home: Path):
    git = hostile_checkout(home)
    os.mkfifo(git / "HEAD")
    os.mkfifo(git.parent / "pyproject.toml")
    out = show_json(home, tmp_path)
    assert out["agent"]["kind"] == "checkout" and out["agent"]["commit"] is None and out["agent"]["version"] is None


def test_a_link_to_dev_zero_is_not_read(tmp_path: Path, home: Path):
    git = hostile_checkout(home)
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (git / "packed-refs").symlink_to("/dev/zero")
    (git.parent / "pyproject.toml").symlink_to("/dev/zero")
    out = show_json(home, tmp_path)
    assert out["agent"]["commit"] is None and out["agent"]["version"] is None


@pytest.mark.parametrize(
    "head",
    [
        "ref: ../../../../etc/passwd",
        "ref: refs/../../../../../etc/passwd",
        "ref: refs/heads/../../config",
        "ref: /etc/passwd",
        "root:x:0:0:root:/root:/bin/bash",
    ],
)
def test_a_head_pointing_out_of_git_leaks_nothing(tmp_path: Path, home: Path, head: str):
    git = hostile_checkout(home)
    (git / "HEAD").write_text(head + "\n")
    (git / "config").write_text("[core]\n\tsecret = hunter2\n")
    out = show_json(home, tmp_path)
    assert out["agent"]["commit"] is None
    assert "root:" not in json.dumps(out) and "hunter2" not in json.dumps(out)


def test_a_head_climbing_to_the_root_does_not_put_etc_passwd_into_show(tmp_path: Path, home: Path):
    git = hostile_checkout(home)
    (git / "HEAD").write_text("ref: " + "../" * len(git.parts) + "etc/passwd\n")
    out = show_json(home, tmp_path)
    assert out["agent"]["commit"] is None and "root:" not in json.dumps(out)


def test_a_valid_ref_gives_only_an_object_id(tmp_path: Path):
    git = hostile_checkout(tmp_path)
    (git / "HEAD").write_text("ref: refs/heads/feature/x\n")
    (git / "refs" / "heads" / "feature").mkdir(parents=True)
    (git / "refs" / "heads" / "feature" / "x").write_text("not an id\n")
    assert agent_find.head_commit(git) is None
    (git / "refs" / "heads" / "feature" / "x").unlink()
    (git / "packed-refs").write_text(f"# pack-refs with: peeled\n{'c' * 40} refs/heads/feature/x\n")
    assert agent_find.head_commit(git) == "c" * 40


@needs_venv
def test_a_dashboard_running_from_the_installers_checkout_follows_main(tmp_path: Path, user_home: Path, monkeypatch):
    root = tmp_path / "hermes-home"
    git = hostile_checkout(root)
    (git / "HEAD").write_text("d" * 40 + "\n")
    (root / "hermes-agent" / "venv").symlink_to(REAL_VENV)  # the installer's venv inside its checkout
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(root / "hermes-agent" / "venv"))
    info = agents.detect(root, path=str(tmp_path / "empty"))
    assert (info.kind, info.commit, info.rules.version) == ("checkout", "d" * 40, "main")
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(REAL_VENV))  # a pip-installed dashboard beside it
    assert agents.detect(root, path=str(tmp_path / "empty")).version == "0.19.0"


@needs_venv
def test_the_memory_tabs_backend_in_the_agents_python_makes_hermes_dash_name_that_agent(tmp_path: Path):
    """The chain as it runs: the installed tab's backend, loaded by the agent's own Python, builds
    the environment of the hermes-dash it starts; that hermes-dash names the agent."""
    from cli_support import run

    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    assert run(home, "plugin", "install")[0] == 0
    api = home / "plugins" / "hermes-dash" / "dashboard" / "plugin_api.py"
    bare = {"HOME": str(tmp_path / "user"), "PATH": str(tmp_path / "empty")}
    loader = (
        "import importlib.util, json, sys\n"
        f"spec = importlib.util.spec_from_file_location('tab', {str(api)!r})\n"
        "tab = importlib.util.module_from_spec(spec); spec.loader.exec_module(tab)\n"
        "print(json.dumps({'argv': tab._argv('--json', 'show'), 'env': tab._env()}))\n"
    )
    done = subprocess.run([str(REAL_VENV / "bin" / "python"), "-c", loader], capture_output=True, text=True, env=bare)
    assert done.returncode == 0, done.stderr
    backend = json.loads(done.stdout)
    shown = subprocess.run(backend["argv"], capture_output=True, text=True, env=backend["env"], timeout=60)
    agent = json.loads(shown.stdout)["agent"]
    assert agent["version"] == "0.19.0" and "the dashboard that started this" in agent["found_at"], agent
