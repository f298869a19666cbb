"""The empty-home page (AppTest, a real empty folder): it suggests starting the dashboard as the
README teaches, `hermes-dash --home DIR`, not an environment variable."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_support import no_exception, open_app


def test_the_empty_home_page_suggests_home_as_the_readme_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "empty"))
    at = open_app()
    no_exception(at)
    said = "\n".join(m.value for m in at.markdown)
    assert "No Hermes memory here yet" in [t.value for t in at.title]
    assert "`hermes-dash --home /path/to/home`" in said and "HERMES_HOME=" not in said
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "hermes-dash --home" in readme
