"""Pages that tell the truth at a glance: the real share when over budget, possible secrets,
one drift wording with its way out, and exactly what the stale-path check covered."""

from __future__ import annotations

from pathlib import Path

from hermes_dash import DELIMITER
from hermes_dash._format import over_budget_text
from test_app_support import demo, fresh_cache, no_exception, open_app, rendered_markdown  # noqa: F401
from test_cli import run


def test_over_budget_text_gives_the_real_share() -> None:
    assert over_budget_text(2200, 2200) == ""
    assert over_budget_text(1486, 1375) == "over budget: 108.1% of the limit"
    assert "limit of 0" in over_budget_text(12, 0)


def test_overview_gauge_shows_the_real_share_beside_over_budget(demo: Path) -> None:
    at = open_app()
    no_exception(at)
    assert any("Over budget: 108.1% of the limit" in m for m in rendered_markdown(at)), rendered_markdown(at)


def test_cli_show_gives_the_real_share_when_over_budget(home, write_mem) -> None:
    write_mem("user", DELIMITER.join(["x" * 700, "y" * 700]))  # 1,403 of 1,375
    code, text, _ = run(home, "show", "user", json_out=False)
    assert code == 0 and "100%" in text and "OVER BUDGET (102.0% of the limit)" in text, text
