"""The History page says how many older versions it did not read (history reads the newest
MAX_VERSIONS backups): lowered to 1 here, on the demo home's backups."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app

from hermes_dash.curation import history as _history


def test_the_page_says_how_many_older_versions_it_did_not_read(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_history, "MAX_VERSIONS", 1)
    at = open_app("history")
    no_exception(at)
    said = [c.value for c in at.caption if "not read" in c.value]
    assert len(said) == 1 and "older version" in said[0], said
    assert any("2 versions of MEMORY.md" in h.value for h in at.header)  # one backup, then the live file
