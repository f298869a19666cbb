"""Running the tests changes no tracked file and writes nothing outside the clone: test
screenshots go to a git-ignored folder inside it."""

from __future__ import annotations

from browser_support import REPO, SHOTS


def test_browser_test_screenshots_stay_in_an_ignored_folder_of_the_clone() -> None:
    assert SHOTS.resolve().is_relative_to(REPO.resolve()), SHOTS
    ignored = [line.strip() for line in (REPO / ".gitignore").read_text().splitlines()]
    assert f"{SHOTS.relative_to(REPO)}/" in ignored, ignored
    assert (REPO / "scripts" / "screenshots").exists()  # the documented way docs/screenshots/ changes
