"""config.yaml and the managed scope's, read as each agent version reads them (docs/agents.md).

Every case is read twice: by the agent's own ``load_on_disk_store()`` (its ``load_config``, the
managed overlay, its YAML reader) in its own venv with ``HERMES_HOME`` and ``HERMES_MANAGED_DIR``
pointing at temporary folders, and by hermes-dash's ``load_settings`` under that version's
rules; the limits must agree. On the code before this change the managed scope was never read
and a ``memory:`` named twice gave PyYAML's reading (the last wins) for 0.22 too.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from agent_venvs import agent_venv

from hermes_dash import load_settings, resolve_home
from hermes_dash.engine import agents

VENVS = ("0.18.0", "0.19.0", "0.20.1", "0.22.2")
READ = (
    "import json, logging; logging.disable(logging.CRITICAL)\n"
    "from tools.memory_tool import load_on_disk_store\n"
    "s = load_on_disk_store(); print(json.dumps([s.memory_char_limit, s.user_char_limit]))\n"
)
TWICE = "memory:\n  memory_char_limit: 900\nmemory:\n  user_char_limit: 600\n"


def _rules(version: str) -> agents.AgentRules:
    """That version's row (0.22 until the table has its row: main's rules, named 0.22.2)."""
    row = agents.rules_for(version)
    if version == "0.22.2" and row.version != "0.22.2":
        row = dataclasses.replace(agents.rules_for("main"), version="0.22.2")
    return row


def _python(version: str) -> str:
    return str(agent_venv(version) / "bin" / "python")


def _agent_limits(version: str, home: Path, managed: Path) -> list[int]:
    env = {**os.environ, "HERMES_HOME": str(home), "HERMES_MANAGED_DIR": str(managed)}
    done = subprocess.run(
        [_python(version), "-c", READ], capture_output=True, text=True, timeout=120, env=env, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _ours(version: str, home: Path, managed: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HERMES_MANAGED_DIR", str(managed))
    with agents.following(_rules(version)):
        settings = load_settings(resolve_home(home))
    return [settings.memory_char_limit, settings.user_char_limit], settings.warnings


def _case(tmp_path: Path, config: str | None, managed: str | None) -> tuple[Path, Path]:
    home, scope = tmp_path / "home", tmp_path / "managed"
    (home / "memories").mkdir(parents=True)
    if config is not None:
        (home / "config.yaml").write_text(config, encoding="utf-8")
    if managed is not None:
        scope.mkdir()
        (scope / "config.yaml").write_text(managed, encoding="utf-8")
    return home, scope


CASES = {
    "plain": ("memory:\n  memory_char_limit: 900\n  user_char_limit: 500\n", None),
    "memory-twice": (TWICE, None),
    "managed-wins-at-the-leaf": (
        "memory:\n  memory_char_limit: 900\n  user_char_limit: 500\n",
        "memory:\n  memory_char_limit: 700\n",
    ),
    "managed-only": (None, "memory:\n  user_char_limit: 400\n"),
    "broken-config-managed-still-laid": ("memory: [\n", "memory:\n  memory_char_limit: 800\n"),
    "managed-with-a-key-twice": ("memory:\n  memory_char_limit: 900\n", TWICE),
    "managed-not-yaml": ("memory:\n  memory_char_limit: 900\n", "memory: [\n"),
}


@pytest.mark.parametrize("version", VENVS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_limits_are_the_agents_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: str, case: str):
    config, managed = CASES[case]
    home, scope = _case(tmp_path, config, managed)
    ours, _ = _ours(version, home, scope, monkeypatch)  # first: 0.22's load writes a good copy into the home
    assert ours == _agent_limits(version, home, scope)


def test_022_ignores_a_config_naming_a_key_twice_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    home, scope = _case(tmp_path, TWICE, None)
    ours, warnings = _ours("0.22.2", home, scope, monkeypatch)
    assert ours == [2200, 1375] == _agent_limits("0.22.2", home, scope)
    twice = "names the key 'memory' twice in one mapping (lines 1 and 3)"
    assert warnings == (f"{home / 'config.yaml'} {twice}; using the default limits.",)
    assert _ours("0.19.0", home, scope, monkeypatch)[0] == [2200, 600]  # PyYAML: the last one wins


def test_022_falls_back_to_the_last_good_copy_it_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The agent's own load of a good config.yaml keeps a copy in backups/config/; after an edit
    that names a key twice, the agent (a fresh process) reads that copy, and so does hermes-dash."""
    home, scope = _case(tmp_path, "memory:\n  memory_char_limit: 900\n  user_char_limit: 500\n", None)
    assert _agent_limits("0.22.2", home, scope) == [900, 500]
    assert list((home / "backups" / "config").iterdir())  # the agent's own copy
    (home / "config.yaml").write_text(TWICE, encoding="utf-8")
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    ours, warnings = _ours("0.22.2", home, scope, monkeypatch)
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before  # read only
    assert ours == [900, 500] == _agent_limits("0.22.2", home, scope)
    assert "using its last good copy" in warnings[0] and "as the agent does" in warnings[0]
    shutil.rmtree(home / "backups")
    assert _ours("0.22.2", home, scope, monkeypatch)[0] == [2200, 1375] == _agent_limits("0.22.2", home, scope)


def test_no_managed_folder_means_no_managed_scope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """``HERMES_MANAGED_DIR`` naming no folder turns the scope off (the agent never falls back to
    /etc/hermes then); the suite runs so, and no test reads a real /etc/hermes."""
    home, _ = _case(tmp_path, "memory:\n  memory_char_limit: 900\n", None)
    ours, _ = _ours("0.19.0", home, tmp_path / "nowhere", monkeypatch)
    assert ours == [900, 1375] == _agent_limits("0.19.0", home, tmp_path / "nowhere")


def test_a_managed_scope_this_user_cannot_look_into_is_named_not_a_crash(tmp_path, monkeypatch):
    """A $HERMES_MANAGED_DIR inside a folder the user may not enter (a 0700 folder of another
    user): the settings say its config.yaml cannot be read and use the rest, instead of failing
    every command with a PermissionError."""
    import tempfile

    from unprivileged import run_unprivileged

    locked = Path(tempfile.mkdtemp(prefix="hermes-managed-", dir="/tmp"))  # 0700, root's
    home = Path(tempfile.mkdtemp(prefix="hermes-home-", dir="/tmp"))
    try:
        os.chmod(home, 0o755)
        monkeypatch.setenv("HERMES_MANAGED_DIR", str(locked / "scope"))

        def settings() -> str:
            got = load_settings(resolve_home(home))
            return f"{got.memory_char_limit} | {' '.join(got.warnings)}"

        out = run_unprivileged(settings)
        assert not out.startswith("ERROR"), out
        assert out.startswith("2200 | ") and "config.yaml" in out, out
    finally:
        shutil.rmtree(locked)
        shutil.rmtree(home)
