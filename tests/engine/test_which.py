"""The one ``which`` (engine/io/which.py) gives what ``shutil.which`` gives, on real folders."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from hermes_dash.engine.io.which import which


def _tool(folder: Path, name: str, mode: int = 0o755) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(mode)
    return path


@pytest.mark.parametrize("name", ["tool", "missing", "plain", "dir"])
def test_which_agrees_with_shutil(tmp_path: Path, name: str) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _tool(first, "plain", stat.S_IRUSR | stat.S_IWUSR)  # not executable: skipped
    _tool(second, "plain")
    (first / "dir").mkdir()  # a folder of that name: skipped
    _tool(second, "dir")
    _tool(second, "tool")
    path = os.pathsep.join([str(first), str(first), "", str(second)])
    assert which(name, path) == shutil.which(name, path=path)


def test_which_reads_path_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool(tmp_path / "bin", "hd-probe")
    monkeypatch.setenv("PATH", str(tool.parent))
    assert which("hd-probe") == shutil.which("hd-probe") == str(tool)
    monkeypatch.setenv("PATH", "")
    assert which("hd-probe") is None is shutil.which("hd-probe")


def test_without_path_the_systems_default_path_is_searched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No $PATH: ``confstr("CS_PATH")``, as shutil reads it; where that is unknown, ``os.defpath``."""
    system, fallback = _tool(tmp_path / "cs", "hd-probe").parent, _tool(tmp_path / "def", "hd-probe").parent
    monkeypatch.delenv("PATH")
    real = os.confstr

    def confstr(name: str) -> str | None:
        return str(system) if name == "CS_PATH" else real(name)

    monkeypatch.setattr(os, "confstr", confstr)
    assert which("hd-probe") == shutil.which("hd-probe") == str(system / "hd-probe")

    def unknown(name: str) -> str | None:
        raise ValueError("unrecognized configuration name")

    monkeypatch.setattr(os, "confstr", unknown)
    monkeypatch.setattr(os, "defpath", str(fallback))
    assert which("hd-probe") == shutil.which("hd-probe") == str(fallback / "hd-probe")
    monkeypatch.delattr(os, "confstr")
    assert which("hd-probe") == shutil.which("hd-probe") == str(fallback / "hd-probe")
