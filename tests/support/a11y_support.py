"""axe-core in the browser tests: run it on the page as it is now, and say what it found.

axe-core comes bundled inside the ``axe-playwright-python`` package (its ``axe.min.js``), so no
test fetches anything from the network. Only violations of impact critical, serious or moderate
fail a test; each is reported with its rule, the element's selector and a piece of its HTML.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

FAILING_IMPACTS = ("critical", "serious", "moderate")
NAV_LIST = '[data-testid="stSidebarNavItems"]'
# The one accepted finding: Streamlit's sectioned st.navigation puts each section (a <div> with a
# <header> and the <li> links) directly inside the <ul>, which fails axe's "list" rule on the
# <ul> and "listitem" on every link. The app keeps the sections (README, "Accessibility").
KNOWN_UPSTREAM = ("list", "listitem")


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    target: str
    html: str
    where: str  # the state of the app being checked, for the report
    in_nav: bool = False  # inside Streamlit's page navigation list

    def line(self) -> str:
        return f"[{self.where}] {self.rule} ({self.impact}) at {self.target}: {self.html[:160]}"


_AXE_SCRIPT: str | None = None
# axe-core runs where the script is already loaded: a Streamlit page changes pages in the same
# document, so the 570 KB script is injected once per document, not before every audit.


def _axe_script() -> str:
    global _AXE_SCRIPT
    if _AXE_SCRIPT is None:
        from axe_playwright_python.sync_playwright import Axe

        _AXE_SCRIPT = Axe().axe_script  # the bundled axe.min.js, as the package's own run injects it
    return _AXE_SCRIPT


def audit(page, where: str) -> list[Violation]:
    """Every axe-core violation on ``page`` now (all impacts), one per offending element."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_script())  # as the package's own Axe.run injects it, before each of its runs
    response = page.evaluate("options => axe.run(document, options)", {"resultTypes": ["violations"]})
    nodes = [(rule, node) for rule in response["violations"] for node in rule["nodes"]]
    # None: inside an iframe. Which targets sit inside the page navigation: one round trip for all.
    targets = [node["target"][0] if len(node["target"]) == 1 else None for _rule, node in nodes]
    in_nav = page.evaluate(
        "([sels, nav]) => sels.map(sel => !!sel && !!document.querySelector(sel)?.closest(nav))", [targets, NAV_LIST]
    )
    return [
        Violation(
            rule["id"],
            node.get("impact") or rule.get("impact") or "minor",
            " ".join(map(str, node["target"])),
            node.get("html", "").replace("\n", " "),
            where,
            nav,
        )
        for (rule, node), nav in zip(nodes, in_nav)
    ]


def failing(found: list[Violation]) -> list[Violation]:
    """Violations that fail a test: critical, serious or moderate, except the known nav markup."""
    return [v for v in found if v.impact in FAILING_IMPACTS and not (v.rule in KNOWN_UPSTREAM and v.in_nav)]


def per_rule(found: list[Violation]) -> Counter[str]:
    """Elements failing each rule, e.g. ``{"color-contrast (serious)": 31}``."""
    return Counter(f"{v.rule} ({v.impact})" for v in found)
