"""Each page's height at 1400x900: ``python -m benchmarks.page_heights [REPO] [--home demo|near-full|queue]``.

A page that is what it is for in about two screens is at most about 1,800 px tall. The height is
the scroll height of Streamlit's main area once the page has rendered (tables drawn), measured in
headless Debian Chromium against ``streamlit run app.py`` of ``REPO`` (default: this checkout), so
the same script measures an older checkout too (that is how the "before" figures were taken).
Every page of the navigation is visited, on a fresh home in a temporary folder: the demo home, a
near-full home (MEMORY.md at 91 % in 16 entries, 8 backups) or a queue of 40 staged writes (only
the Overview and the Inbox), both built by ``tests/support/long_homes.py`` of this checkout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.core import Figure, Plan
from benchmarks.served import SCREEN, served_page

HERE = Path(__file__).resolve().parent.parent
IDLE_JS = """() => {
  const w = document.querySelector('[data-testid="stStatusWidget"]');
  if (w && w.innerText.includes('Running')) return false;
  return [...document.querySelectorAll('[data-testid="stDataFrame"]')].filter(t => t.offsetParent !== null)
    .every(t => t.querySelector('[role="gridcell"], [role="columnheader"]'));
}"""
HEIGHT_JS = (
    "Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
    "[data-testid=stMainBlockContainer]')].map(e => e.scrollHeight))"
)


HOMES = {
    # The demo home of the checkout measured (its own copy of it).
    "demo": (
        "import sys; from pathlib import Path; from hermes_dash.demo import create_demo_home; "
        "create_demo_home(Path(sys.argv[1]))"
    ),
    # The long homes of this checkout, so that before and after are measured on the same files.
    "near-full": (
        f"import sys; from pathlib import Path; sys.path.insert(0, {str(HERE / 'tests' / 'support')!r}); "
        "from long_homes import near_full_home; near_full_home(Path(sys.argv[1]))"
    ),
    "queue": (
        f"import sys; from pathlib import Path; sys.path.insert(0, {str(HERE / 'tests' / 'support')!r}); "
        "from long_homes import queue_home; queue_home(Path(sys.argv[1]))"
    ),
}
ONLY = {"queue": ("Overview", "Inbox")}  # a queue changes only these pages


def measure(repo: Path = HERE, home: str = "demo") -> dict[str, int]:
    """Page title -> height in px of every page in the navigation, on a fresh ``home`` (see HOMES)."""
    root = Path(tempfile.mkdtemp(prefix="hd-heights-"))
    heights: dict[str, int] = {}
    try:
        subprocess.run(
            [sys.executable, "-c", HOMES[home], str(root / "home")],
            cwd=repo,
            env=dict(os.environ, PYTHONPATH=str(repo)),
            check=True,
        )
        with served_page(repo, root / "home", root) as page:
            page.locator('[data-testid="stSidebarNav"]').first.wait_for(timeout=60_000)
            nav = page.locator('[data-testid="stSidebarNav"] a')
            titles = [" ".join(t.split()) for t in nav.all_inner_texts()]
            for n, title in enumerate(titles):
                if home in ONLY and re.sub(r"\s*\(\d+ waiting\)$", "", title) not in ONLY[home]:
                    continue
                nav.nth(n).click()
                page.wait_for_timeout(1500)
                page.wait_for_function(IDLE_JS, timeout=60_000)
                page.wait_for_timeout(800)
                # A count in the label ("Inbox (4 waiting)") is not part of the page's name.
                name = re.sub(r"\s*\(\d+ waiting\)$", "", title)
                heights[name] = int(page.evaluate(HEIGHT_JS))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return heights


def main(argv: list[str]) -> int:
    home = "demo"
    if "--home" in argv:
        at = argv.index("--home")
        home, argv = argv[at + 1], argv[:at] + argv[at + 2 :]
    repo = Path(argv[0]).resolve() if argv else HERE
    heights = measure(repo, home)
    for name, px in heights.items():
        print(f"{name:<10} {px:>6,} px  ({px / SCREEN['height']:.1f} screens)")
    print(json.dumps({"home": home, **heights}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


def bench_heights(plan: Plan | None = None) -> list[Figure]:
    """The benchmark runner's ``heights`` section: one figure per page and home (no goal is
    enforced; a page meant to fit in about two screens is at most about 1,800 px). ``--quick``
    (CI's run, where the section only has to work): the demo home alone, a third of the time."""
    homes = ("demo",) if plan is not None and plan.quick else tuple(HOMES)
    return [
        Figure(
            f"page_height_{name.lower().replace(' ', '_')}" + ("" if home == "demo" else f"_{home.replace('-', '_')}"),
            px,
            "px",
            detail=f"{px / SCREEN['height']:.1f} screens at 1400x900 on the {home} home",
        )
        for home in homes
        for name, px in measure(home=home).items()
    ]
