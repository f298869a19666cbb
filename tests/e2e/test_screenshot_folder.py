"""Running the tests leaves the repository as it was: test screenshots go to a temporary folder."""

from __future__ import annotations

from browser_support import REPO, SHOTS


def test_browser_test_screenshots_are_written_outside_the_repository() -> None:
    assert not SHOTS.resolve().is_relative_to(REPO.resolve()), SHOTS
    assert (REPO / "scripts" / "screenshots").exists()  # the documented way docs/screenshots/ changes
