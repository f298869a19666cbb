"""The command line's width, measured without shutil (cli/_parse.py), agrees with shutil's."""

from __future__ import annotations

import shutil

import pytest

from hermes_dash.cli._parse import _columns


@pytest.mark.parametrize("columns", ["123", "", "0", "wide"])
def test_the_command_lines_width_agrees_with_shutil(monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    """cli/_parse's width without shutil: $COLUMNS, else the terminal, else 80, as shutil says."""
    monkeypatch.setenv("COLUMNS", columns)
    assert _columns() == shutil.get_terminal_size().columns
