"""Shared fixtures: temporary Hermes homes and small file helpers.

Every test works on real files in a temporary Hermes home; nothing here (or in any test)
may touch the real ``~/.hermes``. Other helpers append their own fixtures at the END of
this file; the engine's fixtures stay at the top.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Under CI=true a skip fails the run: the hook, registered for every test by being imported here.
from apptest_registry import share_component_registry
from ci_skips import CI_ALLOWED_SKIPS, pytest_runtest_makereport  # noqa: F401
from homes import make_home

from hermes_dash import MemoryStore, resolve_home

FILES = {"memory": "MEMORY.md", "user": "USER.md"}


@pytest.fixture(autouse=True)
def _isolated_hermes_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point $HERMES_HOME at an empty temp folder so a test that forgets --home can never
    read or write the real ~/.hermes; and $HERMES_MANAGED_DIR at a folder that is not there, so
    neither hermes-dash nor the agent reads a real /etc/hermes (a test that wants a managed
    scope sets its own). That folder is named under / so that every user can look for it: a test
    that runs a command as another user (tests/support/unprivileged.py) cannot enter pytest's
    folders."""
    monkeypatch.setenv("HERMES_HOME", str(tmp_path_factory.mktemp("unused-default-home")))
    monkeypatch.setenv("HERMES_MANAGED_DIR", "/nonexistent-hermes-managed-scope-for-tests")


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    """The UI's caches (``st.cache_data`` and the landing page's memos) cleared around the test:
    they outlive one AppTest."""
    from hermes_dash import ui

    ui.clear_caches()
    yield
    ui.clear_caches()


@pytest.fixture
def home(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh Hermes home folder: empty (no memories/ yet), or, under ``@pytest.mark.home(...)``
    (on the test or its module), holding what the mark names (``homes.make_home``'s arguments).
    A home with files is the test's Hermes home, as the app reads it: $HERMES_HOME points at it
    and the UI's caches are cleared around the test."""
    root = tmp_path / "hermes"
    mark = request.node.get_closest_marker("home")
    if mark is None:
        root.mkdir()
        yield root
        return
    make_home(root, **mark.kwargs)
    monkeypatch.setenv("HERMES_HOME", str(root))
    request.getfixturevalue("fresh_cache")
    yield root


@pytest.fixture
def demo_home(tmp_path: Path) -> Path:
    """A fresh copy of the demo home ($HERMES_HOME left alone)."""
    from hermes_dash.demo import create_demo_home

    return create_demo_home(tmp_path / "demo")


@pytest.fixture
def demo(demo_home: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None) -> Path:
    """A fresh copy of the demo home that the app reads: $HERMES_HOME points at it."""
    monkeypatch.setenv("HERMES_HOME", str(demo_home))
    return demo_home


@pytest.fixture
def store(home: Path) -> MemoryStore:
    """A MemoryStore on ``home`` with the default limits."""
    return MemoryStore(resolve_home(home))


@pytest.fixture
def write_mem(home: Path):
    """``write_mem(target, data, mode=None) -> Path``: put raw text/bytes into memories/<FILE>."""

    def write(target: str, data: str | bytes, mode: int | None = None) -> Path:
        path = home / "memories" / FILES.get(target, target)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        if mode is not None:
            os.chmod(path, mode)
        return path

    return write


@pytest.fixture
def read_mem(home: Path):
    """``read_mem(target) -> bytes`` of memories/<FILE> (b"" when it does not exist)."""

    def read(target: str) -> bytes:
        path = home / "memories" / FILES.get(target, target)
        return path.read_bytes() if path.exists() else b""

    return read


@pytest.fixture
def write_config(home: Path):
    """``write_config(text)`` writes ``home/config.yaml`` verbatim (YAML text)."""

    def write(text: str) -> Path:
        path = home / "config.yaml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


def snapshot_tree(root: Path) -> dict[str, bytes | None]:
    """Every path under ``root`` with its bytes (None for folders; lock files left out): compare
    before/after a refusal."""
    out: dict[str, bytes | None] = {}
    if not root.exists():
        return out
    for path in sorted(root.rglob("*")):
        if path.name.endswith(".lock"):
            continue  # lock files are created by any locked op (as the agent does) and stay empty
        rel = str(path.relative_to(root))
        out[rel] = (
            None
            if path.is_dir() and not path.is_symlink()
            else (os.readlink(path).encode() if path.is_symlink() else path.read_bytes())
        )
    return out


@pytest.fixture
def tree():
    """``tree(root)``: a dict of every file under root and its bytes, for "nothing changed" checks."""
    return snapshot_tree


_LOCAL_SERVER = {
    "server.address": "127.0.0.1",
    "server.allowedHosts": ["localhost", "127.0.0.1", "::1"],
    "server.enableCORS": True,
}


@pytest.fixture(autouse=True)
def _one_component_registry() -> None:
    """Every AppTest of this process shares one component registry (tests/support/apptest_registry.py)."""
    share_component_registry()


@pytest.fixture(autouse=True)
def _local_server_options():
    """AppTest runs the app with no server. Give it the options of a local server (as
    .streamlit/config.toml and `hermes-dash` set them), whatever folder pytest runs from: the
    app's access gate checks them before it reads anything."""
    import sys

    if "streamlit" not in sys.modules:
        yield
        return
    from streamlit import config

    saved = {key: config.get_option(key) for key in _LOCAL_SERVER}
    for key, value in _LOCAL_SERVER.items():
        config.set_option(key, value)
    yield
    for key, value in saved.items():
        config.set_option(key, value)
