"""Every place an agent may be installed, and what its metadata says (engine/agent_find.py), on
venvs and checkouts laid out in a temporary ``HOME`` as pip, pipx, uv and the installer leave them.

tests/engine/test_agent_find.py finds the real 0.19.0 venv this way and runs ``show`` against
hostile checkouts in a child process; here each rule is pinned in this process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from hermes_dash.engine import agent_find
from hermes_dash.engine.agent_find import (
    Found,
    checkout,
    from_dashboard,
    head_commit,
    installed,
    launcher,
    site_version,
)

ID = "0123456789abcdef0123456789abcdef01234567"


def nothing_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user home (returned) with nothing on PATH and none of the install locations' variables set."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    for name in ("XDG_DATA_HOME", "PIPX_HOME", "UV_TOOL_DIR", agent_find.DASHBOARD_PREFIX):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture(autouse=True)
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return nothing_installed(tmp_path, monkeypatch)


def dist(site: Path, version: str, metadata: str | None = None) -> Path:
    folder = site / f"hermes_agent-{version}.dist-info"
    folder.mkdir(parents=True)
    if metadata is not None:
        (folder / "METADATA").write_text(metadata, encoding="utf-8")
    return folder


def venv(where: Path, version: str, python: str = "python3.11") -> Path:
    dist(where / "lib" / python / "site-packages", version)
    return where


def script(path: Path, first_line: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(first_line + "\nimport sys\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_a_site_without_the_agent_or_that_cannot_be_listed_has_no_version(tmp_path: Path) -> None:
    assert site_version(tmp_path / "missing") is None
    site = tmp_path / "site"
    (site / "hermes_agent_tools-1.0.dist-info").mkdir(parents=True)
    (site / "other-1.0.dist-info").mkdir()
    (site / "hermes_agent-1.0.dist-info.bak").mkdir()
    (site / "hermes_agent-1.0.egg-info").mkdir()
    assert site_version(site) is None
    dist(site, "$(id)")  # a folder name that is no version, and no METADATA
    assert site_version(site) is None


def test_the_newest_of_several_versions_by_number_not_by_text(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for version in ("0.9.0", "0.18.0", "0.10.1"):
        dist(site, version)
    assert site_version(site) == "0.18.0"


@pytest.mark.parametrize(
    "metadata, version",
    [
        ("Metadata-Version: 2.1\nName: hermes-agent\nVersion: 0.19.0\n", "0.19.0"),
        ("Name: Hermes_Agent\nVersion: 0.19.0", "0.19.0"),  # names are compared normalized
        ("name:   HERMES.AGENT  \nVersion:   0.19.0   \nSummary: x\n", "0.19.0"),
        ("Name: hermes-agent\nVersion: 0.19.0 extra\n", "0.18.0"),  # one word only
        ("Name: hermes-agent-plus\nVersion: 0.19.0\n", "0.18.0"),  # another package's metadata
        ("Summary: Name: hermes-agent\nVersion: 0.19.0\n", "0.18.0"),  # a Name header starts its line
        ("Name: hermes-agent\nversion: 0.19.0\n", "0.18.0"),  # header names as the spec writes them
        ("Name: hermes-agent\n\nVersion: 0.19.0\n", "0.18.0"),  # after the headers: the description
        ("Name: hermes-agent\nXVersion: 0.19.0\n", "0.18.0"),
        ("Name: hermes-agent\nVersion: " + "1" * 40 + "\n", "1" * 40),  # the longest version read
        ("Name: hermes-agent\nVersion: " + "1" * 41 + "\n", "0.18.0"),
        ("Name: hermes-agent\nVersion: v0.19.0\n", "0.18.0"),
        ("", "0.18.0"),
        # a Name header after the first blank line is the description's, however many follow
        ("Name: other\nVersion: 1.0\n\nName: hermes-agent\n\nmore\n", "0.18.0"),
    ],
)
def test_the_metadatas_version_wins_when_it_is_the_agents_and_a_version(
    tmp_path: Path, metadata: str, version: str
) -> None:
    dist(tmp_path / "site", "0.18.0", metadata)
    assert site_version(tmp_path / "site") == version


def test_a_metadata_file_that_is_not_a_file_falls_back_to_the_folder_name(tmp_path: Path) -> None:
    folder = dist(tmp_path / "site", "0.18.1")
    (folder / "METADATA").mkdir()
    assert site_version(tmp_path / "site") == "0.18.1"


def test_a_venvs_python3_sites_are_looked_at_in_order_and_others_not(tmp_path: Path) -> None:
    env = tmp_path / "venv"
    assert agent_find._in_venv(env, "w") is None  # no lib/ at all
    venv(env, "0.18.0", "python2.7")
    assert agent_find._in_venv(env, "w") is None
    (env / "lib" / "python3.9" / "site-packages").mkdir(parents=True)  # a python3 without the agent
    assert agent_find._in_venv(env, "w") is None
    venv(env, "0.18.1", "python3.9")
    venv(env, "0.19.0", "python3.10")
    assert agent_find._in_venv(env, "where") == Found("0.19.0", "where", env)  # "python3.10" sorts first


def test_a_launcher_is_the_venv_its_shebang_names(tmp_path: Path) -> None:
    env = venv(tmp_path / "venv", "0.18.1")
    for line in (f"#!{env}/bin/python3", f"#!  {env}/bin/python3 -I -S", f"#!{env}/bin/python"):
        hermes = script(tmp_path / "bin" / "hermes", line)
        assert launcher(hermes) == Found("0.18.1", str(hermes), env)
    hermes = tmp_path / "bin" / "hermes"
    hermes.write_bytes(f"#!{env}/bin/python3".encode())  # the #! line alone, no newline
    assert launcher(hermes) == Found("0.18.1", str(hermes), env)


def test_a_long_launcher_is_read_for_its_first_line_only(tmp_path: Path) -> None:
    env = venv(tmp_path / "venv", "0.18.1")
    hermes = script(tmp_path / "bin" / "hermes", f"#!{env}/bin/python3\n" + "# padding\n" * 1000)
    assert hermes.stat().st_size > agent_find.MAX_SHEBANG_BYTES
    assert launcher(hermes) == Found("0.18.1", str(hermes), env)


@pytest.mark.parametrize("first", ["#!", "#!   ", "# !/venv/bin/python3", "", "#!/usr/bin/env python3"])
def test_a_launcher_whose_shebang_names_no_agents_venv_is_not_one(tmp_path: Path, first: str) -> None:
    venv(tmp_path / "venv", "0.18.1")
    hermes = script(tmp_path / "bin" / "hermes", first.replace("/venv", str(tmp_path / "venv")))
    assert launcher(hermes) is None
    assert agent_find._interpreter(hermes) in (None, Path("/usr/bin/env"))


def test_an_unreadable_launcher_names_no_interpreter(tmp_path: Path) -> None:
    assert agent_find._interpreter(tmp_path / "missing") is None
    (tmp_path / "folder").mkdir()
    assert agent_find._interpreter(tmp_path / "folder") is None
    os.mkfifo(tmp_path / "fifo")
    assert agent_find._interpreter(tmp_path / "fifo") is None


def test_a_launcher_inside_a_venv_or_linked_from_one_is_that_venvs(tmp_path: Path) -> None:
    env = venv(tmp_path / "venv", "0.19.0")
    inside = script(env / "bin" / "hermes", "#!/usr/bin/python3")  # the system python: not the venv's
    assert launcher(inside) == Found("0.19.0", str(inside), env)
    link = tmp_path / "user" / ".local" / "bin" / "hermes"
    link.parent.mkdir(parents=True)
    link.symlink_to(inside)
    assert launcher(link) == Found("0.19.0", str(link), env)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert launcher(loop) is None


def test_every_place_is_looked_at_best_first(tmp_path: Path, user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on_path = venv(tmp_path / "on-path", "0.18.0")
    script(on_path / "bin" / "hermes", f"#!{on_path}/bin/python")
    local = venv(tmp_path / "local-venv", "0.18.1")
    script(user / ".local" / "bin" / "hermes", f"#!{local}/bin/python")
    pipx_home, uv_dir, data = tmp_path / "pipx", tmp_path / "uv", tmp_path / "data"
    places = [
        pipx_home / "venvs" / "hermes-agent",
        data / "pipx" / "venvs" / "hermes-agent",
        user / ".local" / "pipx" / "venvs" / "hermes-agent",
        uv_dir / "hermes-agent",
        data / "uv" / "tools" / "hermes-agent",
    ]
    for n, place in enumerate(places):
        venv(place, f"0.19.{n}")
    site = tmp_path / "py" / "site-packages"
    dist(site, "0.17.0")
    dist(tmp_path / "py" / "dist-packages", "0.16.0")  # a path entry not named site-packages: not looked at
    # This interpreter's own site-packages follow (no agent there: tests/engine/test_engine_agents.py).
    entries = [str(tmp_path / "py" / "dist-packages"), str(tmp_path / "empty" / "site-packages"), str(site)]
    monkeypatch.setattr(sys, "path", entries + sys.path)
    monkeypatch.setenv("PIPX_HOME", str(pipx_home))
    monkeypatch.setenv("UV_TOOL_DIR", str(uv_dir))
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("PATH", str(on_path / "bin"))
    assert list(installed()) == [
        Found("0.18.0", str(on_path / "bin" / "hermes"), on_path),
        Found("0.18.1", str(user / ".local" / "bin" / "hermes"), local),
        *(Found(f"0.19.{n}", str(place), place) for n, place in enumerate(places)),
        Found("0.17.0", str(site)),
    ]
    # ``path`` given: it replaces $PATH; the variables unset: the defaults under ~.
    for name in ("PIPX_HOME", "UV_TOOL_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(name)
    defaults = [
        user / ".local" / "share" / "pipx" / "venvs" / "hermes-agent",
        user / ".local" / "share" / "uv" / "tools" / "hermes-agent",
    ]
    for place in defaults:
        venv(place, "0.18.9")
    assert [f.where for f in installed(str(tmp_path / "empty-bin"))] == [
        str(user / ".local" / "bin" / "hermes"),
        str(defaults[0]),
        str(places[2]),
        str(defaults[1]),
        str(site),
    ]
    monkeypatch.setenv("XDG_DATA_HOME", "")  # empty: the default
    assert [f.where for f in installed(str(tmp_path / "empty-bin"))][1] == str(defaults[0])


def test_the_launcher_on_path_in_dot_local_bin_is_named_once(tmp_path: Path, user: Path) -> None:
    local = venv(tmp_path / "venv", "0.18.1")
    hermes = script(user / ".local" / "bin" / "hermes", f"#!{local}/bin/python")
    assert list(installed(str(hermes.parent))) == [Found("0.18.1", str(hermes), local)]


def test_a_user_site_without_a_launcher_is_no_launcher(user: Path) -> None:
    # pip's --user site is ~/.local/lib/python3.x/site-packages, the venv a ~/.local/bin/hermes
    # would sit in; with no such file there is no launcher to name.
    venv(user / ".local", "0.18.0")
    assert list(installed()) == []


def test_the_dashboards_prefix_must_be_an_absolute_venv_with_the_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert from_dashboard() is None
    env = venv(tmp_path / "venv", "0.19.0")
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(env))
    assert from_dashboard() == Found("0.19.0", f"{env} (the dashboard that started this)", env)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, "venv")  # relative: not trusted
    assert from_dashboard() is None
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, "")
    assert from_dashboard() is None
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(tmp_path / "no-agent"))
    assert from_dashboard() is None


def _git(root: Path) -> Path:
    git = root / "hermes-agent" / ".git"
    git.mkdir(parents=True)
    return git


def test_a_checkout_gives_its_pyproject_version_and_commit(tmp_path: Path) -> None:
    assert checkout(tmp_path) is None
    (tmp_path / "hermes-agent").mkdir()
    assert checkout(tmp_path) is None  # no .git: not a checkout
    git = _git(tmp_path)
    repo = git.parent
    assert checkout(tmp_path) == (repo, None, None)
    (git / "HEAD").write_text(ID + "\n")
    pyproject = repo / "pyproject.toml"
    for text, version in [
        ('[project]\nname = "hermes-agent"\nversion = "0.20.0"\n', "0.20.0"),
        ('version="0.20.1"', "0.20.1"),
        ('[project]\nversion =   "0.20.0.dev3"  # next\n', "0.20.0.dev3"),
        ('[project]\n  version = "0.20.0"\n', None),  # not at the start of a line
        ('[project]\nversion = "$(id)"\n', None),
        ('[project]\nversion = ""\n', None),
        ("[project]\nversion = 0.20\n", None),
        ('[project]\nname = "hermes-agent"\n', None),
    ]:
        pyproject.write_text(text)
        assert checkout(tmp_path) == (repo, version, ID), text
    pyproject.unlink()
    pyproject.symlink_to(tmp_path / "elsewhere.toml")  # a link is not followed
    (tmp_path / "elsewhere.toml").write_text('version = "0.20.0"\n')
    assert checkout(tmp_path) == (repo, None, ID)


@pytest.mark.parametrize(
    "head, commit",
    [
        (ID, ID),
        (f"  {ID}  \n", ID),
        ("f" * 64, "f" * 64),
        (ID.upper(), None),
        (ID[:-1], None),
        (ID + "0", None),
        ("", None),
        ("ref: refs/heads/main", "a" * 40),
        ("ref:  refs/heads/main  \n", "a" * 40),
        ("ref:refs/heads/main", None),
        ("REF: refs/heads/main", None),
        ("ref: heads/main", None),
        ("ref: refs/heads/../main", None),
    ],
)
def test_head_names_a_commit_directly_or_through_a_valid_ref(tmp_path: Path, head: str, commit: str | None) -> None:
    git = _git(tmp_path)
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "refs" / "heads" / "main").write_text("a" * 40 + "\n")
    (git / "main").write_text("b" * 40 + "\n")
    (git / "HEAD").write_text(head)
    assert head_commit(git) == commit


def test_a_loose_ref_wins_and_packed_refs_are_read_line_by_line(tmp_path: Path) -> None:
    git = _git(tmp_path)
    assert head_commit(git) is None  # no HEAD
    (git / "HEAD").write_text("ref: refs/heads/topic\n")
    assert head_commit(git) is None  # neither a loose ref nor packed-refs
    (git / "packed-refs").write_text(
        "# pack-refs with: peeled fully-peeled sorted\n"
        f"{'1' * 40} refs/heads/other\n"
        f"{'2' * 40} refs/heads/topic extra\n"
        f"refs/heads/topic {'3' * 40}\n"
        f"{'4' * 39} refs/heads/topic\n"
        f"{'a' * 40}\trefs/heads/topic\n"  # one space, as git writes it: not a tab, not two
        f"{'b' * 40}  refs/heads/topic\n"
        f"{'5' * 40} refs/heads/topic\n"
        f"^{'6' * 40}\n"
        f"{'7' * 40} refs/heads/topic\n"
    )
    assert head_commit(git) == "5" * 40  # the first whole line for that ref
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "refs" / "heads" / "topic").write_text(f"  {'8' * 40}  \n")
    assert head_commit(git) == "8" * 40
    (git / "refs" / "heads" / "topic").write_text("9" * 39 + "\n")
    assert head_commit(git) is None  # a loose ref that is no id: not looked up in packed-refs


def test_no_file_of_git_is_read_through_a_link(tmp_path: Path) -> None:
    git = _git(tmp_path)
    (tmp_path / "id").write_text(ID + "\n")
    (git / "HEAD").symlink_to(tmp_path / "id")
    assert head_commit(git) is None
    (git / "HEAD").unlink()
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "refs" / "heads" / "main").symlink_to(tmp_path / "id")
    assert head_commit(git) is None
    (git / "refs" / "heads" / "main").unlink()
    (tmp_path / "packed").write_text(f"{ID} refs/heads/main\n")
    (git / "packed-refs").symlink_to(tmp_path / "packed")
    assert head_commit(git) is None
    (git / "packed-refs").unlink()
    (git / "packed-refs").write_text(f"{ID} refs/heads/main\n")
    assert head_commit(git) == ID
