"""The Overview and Sharing on a hostile repository, in Chromium: nothing runs, the pages render.

The repository is a partial clone with its root tree missing whose own config makes the fetch
of that tree run ``touch MARKER`` (tests/support/git_support.py; the test's own git proves it
fires). The dashboard opens a home sitting inside such a repository (``uploadpack`` on the file
protocol) and a home whose MEMORY.md links into another (an ``ext::`` URL): the Overview (its
Origin column reads git), Sharing and History draw, the git state unknown, and the marker never
appears.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import WAIT_MS, Browser, goto_page, settle
from git_support import armed, hostile_partial_clone

pytestmark = pytest.mark.e2e

MEMORY = "Builds use make\n§\nReview needs two approvals"


def _open_folder(browser: Browser, folder: Path) -> None:
    page = browser.page
    page.get_by_role("button", name="Open another home folder…").click()
    page.get_by_label("Folder").fill(str(folder))
    page.get_by_label("Folder").press("Enter")
    page.get_by_role("button", name="Open folder").click()
    settle(page, str(folder))


def _homes(tmp_path: Path, marker: Path) -> list[Path]:
    inside = hostile_partial_clone(
        tmp_path / "dotfiles",
        {".hermes/memories/MEMORY.md": MEMORY, ".hermes/memories/USER.md": "Name: Sam"},
        marker,
        "uploadpack",
    )
    team = hostile_partial_clone(tmp_path / "team", {"MEMORY.md": MEMORY}, marker, "ext")
    linked = tmp_path / "hermes"
    (linked / "memories").mkdir(parents=True)
    (linked / "memories" / "MEMORY.md").symlink_to(team.path / "MEMORY.md")
    (linked / "memories" / "USER.md").write_text("Name: Sam", encoding="utf-8")
    for repo in (inside, team):
        armed(repo, marker)
    return [inside.path / ".hermes", linked]


def test_the_overview_and_sharing_of_a_hostile_repository_run_nothing(browser: Browser, tmp_path: Path) -> None:
    page = browser.page
    marker = tmp_path / "RAN"
    for home in _homes(tmp_path, marker):
        _open_folder(browser, home)
        cell = page.locator("[role=gridcell]").filter(has_text="Review needs two approvals").first
        cell.wait_for(state="attached", timeout=WAIT_MS)
        assert not marker.exists(), f"opening the Overview of {home} ran the repository's command"
        assert page.locator('[data-testid="stException"]').count() == 0
        origins = page.locator("[role=gridcell]").filter(has_text="hand edit")
        assert origins.count() >= 2, "the Origin column is not drawn (unknown: a hand edit)"
        assert page.locator("[role=gridcell]").filter(has_text="git:").count() == 0

        goto_page(page, "Sharing", heading=False)
        settle(page, "Team sharing")
        page.locator("[role=gridcell]").filter(has_text="never fetches").first.wait_for(
            state="attached", timeout=WAIT_MS
        )
        assert not marker.exists(), f"the Sharing page of {home} ran the repository's command"
        assert page.locator('[data-testid="stException"]').count() == 0

        goto_page(page, "History")  # who made each version: blame, git included
        assert not marker.exists(), f"the History page of {home} ran the repository's command"
        assert page.locator('[data-testid="stException"]').count() == 0
        goto_page(page, "Overview")
