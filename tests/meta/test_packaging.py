"""One source of truth for dependencies: pyproject.toml. The requirement files and the floor
constraints that CI installs must say exactly the same, so the floors declared are the floors
tested."""

from __future__ import annotations

import re

import pytest
from repo import ROOT as REPO

tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")


def _project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def _lines(name: str) -> list[str]:
    return [
        line.strip() for line in (REPO / name).read_text().splitlines() if line.strip() and not line.startswith("#")
    ]


def test_requirements_txt_is_the_runtime_dependencies_only() -> None:
    assert _lines("requirements.txt") == _project()["dependencies"]


def test_requirements_test_txt_is_the_test_extra() -> None:
    assert _lines("requirements-test.txt") == _project()["optional-dependencies"]["test"]


def test_the_floor_constraints_pin_every_declared_floor() -> None:
    floors = {}
    for spec in _project()["dependencies"]:
        name, floor = re.match(r"([A-Za-z0-9_.-]+)>=([^,]+)", spec).groups()
        floors[name] = floor
    pins = dict(line.split("==") for line in _lines("constraints/floor.txt"))
    assert pins == floors


def test_the_wheel_carries_the_app_its_pages_settings_and_the_demo() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    ui = REPO / "hermes_dash" / "ui"
    assert (ui / "app.py").is_file() and (ui / "screens" / "overview.py").is_file()
    assert (ui / ".streamlit" / "config.toml").is_file()
    assert "screens/*.py" in data["hermes_dash.ui"] and ".streamlit/config.toml" in data["hermes_dash.ui"]
    assert (REPO / "hermes_dash" / "py.typed").is_file() and "py.typed" in data["hermes_dash"]
    assert _project()["scripts"]["hermes-dash"] == "hermes_dash.cli:main"


def test_the_wheel_lists_every_package_folder() -> None:
    """setuptools takes the explicit list as it is: a folder with an ``__init__.py`` left out of it
    (a module split into a package) would be missing from an installed hermes-dash."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {
        ".".join(p.parent.relative_to(REPO).parts)
        for p in (REPO / "hermes_dash").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert folders - listed == set()


def test_no_symbolic_links_in_the_package_and_one_streamlit_config() -> None:
    """The pages and the Streamlit config are real files in the package; the clone's
    .streamlit/config.toml (read by `streamlit run app.py`) is the same text as the package's
    (read beside the installed app script)."""
    links = [p for p in (REPO / "hermes_dash").rglob("*") if p.is_symlink()]
    assert not links
    assert (REPO / ".streamlit" / "config.toml").read_bytes() == (
        REPO / "hermes_dash" / "ui" / ".streamlit" / "config.toml"
    ).read_bytes()
