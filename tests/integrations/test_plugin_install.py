"""`hermes-dash plugin install|remove|status`: the Memory tab's files, its config line, its figures.

The browser test (tests/e2e/test_memory_tab.py) runs the real `hermes dashboard` with the tab;
these check what install and remove write and refuse, on real temporary homes.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from cli_support import COMMAND, run
from homes import make_home
from pending_support import stage
from repo import ROOT

from hermes_dash import MemoryStore
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.integrations import plugin

FILES = ["dashboard/manifest.json", "dashboard/dist/index.js", "dashboard/plugin_api.py", ".hermes-dash-plugin.json"]

KEEP_ME = "model: x  # keep me\n"  # a setting of the person's own, kept by every install


def snapshot_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_install_writes_the_tab_names_it_and_says_so(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    code, out, err = run(home, "plugin", "install", "--port", "8642", json_out=False)
    assert code == 0, err
    folder = home / "plugins" / "hermes-dash"
    assert out.splitlines()[:4] == [f"wrote {folder / rel}" for rel in FILES]
    assert "config.yaml: added 'hermes-dash' to plugins.enabled" in out
    assert "appears when `hermes dashboard` next starts" in out
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == sorted(FILES)
    assert (home / "config.yaml").read_text() == "model: x  # keep me\nplugins:\n  enabled:\n    - hermes-dash\n"
    manifest = json.loads((folder / "dashboard/manifest.json").read_text())
    assert manifest["name"] == "hermes-dash" and manifest["label"] == "Memory"
    assert manifest["entry"] == "dist/index.js" and manifest["api"] == "plugin_api.py"
    assert (folder / "dashboard/dist/index.js").read_bytes() == (plugin.ASSETS / "index.js").read_bytes()


def _settings(api: Path) -> dict[str, object]:
    tree = ast.parse(api.read_text())
    return {
        t.id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for t in ([node.target] if isinstance(node, ast.AnnAssign) else node.targets)
        if isinstance(t, ast.Name) and t.id in ("COMMAND", "ENV", "HOME", "PROFILE", "PORT")
    }


def test_the_backend_s_arguments_are_fixed_at_install_and_its_routes_take_nothing(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    run(home, "plugin", "install", "--port", "8642")
    api = home / "plugins" / "hermes-dash" / "dashboard" / "plugin_api.py"
    settings = _settings(api)
    assert settings == {
        "COMMAND": COMMAND,  # this interpreter, `-m hermes_dash`
        "ENV": {"PYTHONPATH": str(ROOT)},
        "HOME": str(home),
        "PROFILE": "default",
        "PORT": 8642,
    }
    # The fixed command runs: the status the backend asks for, on this home.
    done = subprocess.run(
        [*settings["COMMAND"], "--home", str(home), "--profile", "default", "--json", "plugin", "status"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **settings["ENV"]},
    )  # type: ignore[dict-item]
    assert done.returncode == 0 and json.loads(done.stdout)["home"] == str(home)
    routes = []
    for node in ast.parse(api.read_text()).body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            decorator = ast.unparse(node.decorator_list[0])
            routes.append((decorator, [a.arg for a in node.args.args]))
    # No parameter; `start` takes the request only for the port of its own socket (--framed-by).
    assert routes == [("router.get('/status')", []), ("router.post('/start')", ["request"])]
    source = api.read_text()
    assert re.findall(r"(?<![\w.])request\.[\w.]+", source) == ["request.scope.get"]
    assert 'request.scope.get("server")' in source


def test_a_second_install_changes_nothing(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    run(home, "plugin", "install")
    before = snapshot_of(home)
    code, out, _ = run(home, "plugin", "install", json_out=False)
    assert code == 0
    assert "already installed" in out and "wrote" not in out
    assert "'hermes-dash' is already in plugins.enabled" in out
    assert snapshot_of(home) == before


def test_a_plugin_of_that_name_that_is_not_ours_is_refused_and_left_alone(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    theirs = home / "plugins" / "hermes-dash" / "dashboard"
    theirs.mkdir(parents=True)
    (theirs / "manifest.json").write_text('{"name": "hermes-dash", "label": "Someone else"}')
    before = snapshot_of(home)
    for action in ("install", "remove"):
        code, out, err = run(home, "plugin", action, json_out=False)
        assert code == 1
        assert "that hermes-dash did not write" in err and "leaves it alone" in err
    assert snapshot_of(home) == before


def test_a_changed_or_added_file_stops_install_and_remove(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    run(home, "plugin", "install")
    folder = home / "plugins" / "hermes-dash"
    (folder / "dashboard/dist/index.js").write_text("// my own tweak\n")
    (folder / "dashboard/notes.txt").write_text("mine\n")
    before = snapshot_of(home)
    for action in ("install", "remove"):
        code, _, err = run(home, "plugin", action, json_out=False)
        assert code == 1
        assert "dashboard/dist/index.js (changed since hermes-dash wrote it)" in err
        assert "dashboard/notes.txt (not written by hermes-dash)" in err
    assert snapshot_of(home) == before


def test_remove_takes_out_what_install_wrote_and_says_so(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config="plugins:\n  enabled:\n    - other\n")
    run(home, "plugin", "install")
    cache = home / "plugins" / "hermes-dash" / "dashboard" / "__pycache__"
    cache.mkdir()
    (cache / "plugin_api.cpython-311.pyc").write_bytes(b"\0")  # the dashboard's import leaves this
    code, out, err = run(home, "plugin", "remove", json_out=False)
    assert code == 0, err
    folder = home / "plugins" / "hermes-dash"
    assert sorted(line for line in out.splitlines() if line.startswith("removed")) == sorted(
        f"removed {folder / rel}" for rel in FILES
    )
    assert "config.yaml: took 'hermes-dash' out of plugins.enabled" in out
    assert not folder.exists() and (home / "plugins").is_dir()
    assert (home / "config.yaml").read_text() == "plugins:\n  enabled:\n    - other\n"


def test_a_config_that_cannot_be_edited_stops_install_before_any_file(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config="a: &a [*a]\n")
    code, _, err = run(home, "plugin", "install", json_out=False)
    assert code == 1 and "refers to itself" in err and "What to do:" in err
    assert not (home / "plugins").exists()
    assert (home / "config.yaml").read_text() == "a: &a [*a]\n"


def test_a_linked_plugins_folder_is_refused(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "plugins").symlink_to(elsewhere)
    code, _, err = run(home, "plugin", "install", json_out=False)
    assert code == 1 and "is a symbolic link" in err
    assert list(elsewhere.iterdir()) == [] and "plugins" not in (home / "config.yaml").read_text()


def test_no_home_no_install(tmp_path: Path) -> None:
    code, _, err = run(tmp_path / "nowhere", "plugin", "install", json_out=False)
    assert code == 1 and "There is no Hermes home" in err


def test_status_has_the_figures_the_tab_shows(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config="memory:\n  memory_char_limit: 100\n")
    store = MemoryStore.open(home, "default")
    store.add("memory", "a" * 40)
    store.add("user", "prefers short answers")
    freeze_snapshot(store)
    store.add("memory", "b" * 44)  # 40 + 3 + 44 = 87 of 100: warning
    add = {"action": "add", "target": "memory", "content": "c"}
    stage(home, "0123abcd", add, origin="foreground", summary="add", created_at=1795512600)
    code, data, err = run(home, "plugin", "status")
    assert code == 0, err
    memory, user = data["files"]
    assert (
        memory["file"],
        memory["usage"],
        memory["limit"],
        memory["percent"],
        memory["level"],
        memory["entries"],
    ) == ("MEMORY.md", 87, 100, 87, "warning", 2)
    assert memory["since_snapshot"] == {"added": 1, "changed": 0, "removed": 0, "unchanged": 1}
    assert (user["usage"], user["limit"], user["level"], user["since_snapshot"]["added"]) == (21, 1375, "calm", 0)
    assert data["pending"] == {"count": 1}
    assert data["snapshot"]["source"] == "frozen in hermes-dash"


@pytest.mark.parametrize("limit", [0, 1, 7, 100, 2200])
def test_the_tab_s_levels_are_the_overview_s(limit: int) -> None:
    from hermes_dash.ui import level

    for used in range(0, 2 * limit + 3):
        assert plugin.level(used, limit) == level(used, limit), (used, limit)


def test_a_profile_s_tab_lives_in_the_root_home_and_shows_that_profile(tmp_path: Path) -> None:
    """One agent dashboard per machine, on the root home (started from a profile it re-runs itself
    there): the tab and its config line go to the root; the tab shows the profile chosen."""
    root = make_home(tmp_path / "home", config=KEEP_ME)
    work = root / "profiles" / "work"
    (work / "memories").mkdir(parents=True)
    (work / "config.yaml").write_text("model: y\n")
    MemoryStore.open(root, "work").add("memory", "work profile fact")
    code, out, err = run(root, "--profile", "work", "plugin", "install", json_out=False)
    assert code == 0, err
    assert (root / "plugins" / "hermes-dash" / "dashboard" / "manifest.json").is_file()
    assert not (work / "plugins").exists()
    assert "hermes-dash" in (root / "config.yaml").read_text() and (work / "config.yaml").read_text() == "model: y\n"
    settings = _settings(root / "plugins" / "hermes-dash" / "dashboard" / "plugin_api.py")
    assert (settings["HOME"], settings["PROFILE"]) == (str(root), "work")
    code, data, _ = run(root, "--profile", "work", "plugin", "status")
    assert data["profile"] == "work" and data["files"][0]["entries"] == 1
    code, out, err = run(root, "--profile", "work", "plugin", "remove", json_out=False)
    assert code == 0 and not (root / "plugins" / "hermes-dash").exists()


def test_the_tab_script_draws_text_nodes_only_and_talks_to_its_own_backend_only() -> None:
    script = (plugin.ASSETS / "index.js").read_text()
    assert "innerHTML" not in script and "dangerouslySetInnerHTML" not in script and "eval(" not in script
    assert set(re.findall(r'fetchJSON\((API \+ "[^"]+")', script)) == {'API + "/status"', 'API + "/start"'}
    assert 'var API = "/api/plugins/" + NAME;' in script and 'var NAME = "hermes-dash";' in script


def test_a_refused_status_reaches_the_tab_as_a_message(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    (home / "active_profile").write_text("Not A Name!\n")
    code, data, _ = run(home, "plugin", "status")
    assert code == 1 and data["success"] is False and "active_profile" in data["error"]


@pytest.mark.parametrize("where", ["plugins", "home"])
def test_a_folder_others_may_write_on_the_way_to_the_tab_is_refused_with_the_fix(tmp_path: Path, where: str) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    (home / "plugins").mkdir()
    target = home / "plugins" if where == "plugins" else home
    target.chmod(0o777)
    config = (home / "config.yaml").read_bytes()
    code, _, err = run(home, "plugin", "install", json_out=False)
    assert code == 1 and f"{target} is a folder others may write (every user may write it, mode 777)" in err
    assert f"chmod go-w {target}" in err
    assert list((home / "plugins").iterdir()) == [] and (home / "config.yaml").read_bytes() == config
    target.chmod(0o1777)  # with the sticky bit nobody else may replace what is ours
    code, _, err = run(home, "plugin", "install", json_out=False)
    assert code == 0, err
    target.chmod(0o755)


def test_a_record_nested_200000_deep_is_not_ours_not_a_traceback(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", config=KEEP_ME)
    folder = home / "plugins" / "hermes-dash"
    folder.mkdir(parents=True)
    (folder / ".hermes-dash-plugin.json").write_text("[" * 200_000)
    code, _, err = run(home, "plugin", "install", json_out=False)
    assert code == 1 and "did not write" in err and "Traceback" not in err
