"""What the Overview and Sharing say at a glance, as Chromium draws them (real `streamlit run
app.py`): the gauge's bar in its state's colour on the light and the dark theme, the Entry column
getting the width an empty Flags column took, a row the agent just wrote tinted, and Sharing's
comparison at 390 px with no file name broken mid-word.

A table is a canvas grid: its column widths are read from the grid's React props (as in
test_browser_tables.py) and a row's tint from the pixels of a screenshot of the grid.
"""

from __future__ import annotations

import io

import pytest
from agent_like import agent_add
from browser_support import WAIT_MS, Browser, drawn, goto_page, resized, settle, shot, stable_box
from test_browser_tables import MEASURE

pytestmark = pytest.mark.e2e

# Each bar's state, value, and the colours it is drawn in, with the page's background.
BARS = r"""() => [...document.querySelectorAll('.hd-bar[role="progressbar"]')].map(bar => {
  const fill = getComputedStyle(bar.firstElementChild);
  let bg = 'rgba(0, 0, 0, 0)';
  for (let el = bar.parentElement; el && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); el = el.parentElement)
    bg = getComputedStyle(el).backgroundColor;
  return {state: bar.dataset.state, now: bar.getAttribute('aria-valuenow'), label: bar.getAttribute('aria-label'),
          color: fill.backgroundColor, image: fill.backgroundImage, width: bar.firstElementChild.style.width,
          page: /rgba\(0, 0, 0, 0\)|transparent/.test(bg) ? getComputedStyle(document.body).backgroundColor : bg};
})"""


def rgb(css: str) -> tuple[int, int, int]:
    parts = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return int(float(parts[0])), int(float(parts[1])), int(float(parts[2]))


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def lum(c: tuple[int, int, int]) -> float:
        ch = [x / 255 for x in c]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def open_demo(browser: Browser) -> None:
    browser.page.get_by_role("button", name="Open the demo home").first.click()
    settle(browser.page, "1,985 / 2,200 chars")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_gauge_bar_is_drawn_in_its_state_colour(browser: Browser, color_scheme: str) -> None:
    page = browser.page
    open_demo(browser)
    assert page.locator('[data-testid="stProgress"]').count() == 0  # Streamlit's one-blue bar is gone
    bars = page.evaluate(BARS)
    shot(page, f"glance-gauges-{color_scheme}")
    assert [(b["state"], b["now"]) for b in bars] == [("near-full", "90"), ("over", "100")], bars
    memory, user = bars
    assert rgb(memory["color"]) == (194, 94, 0), memory  # orange, not Streamlit's primary blue
    assert memory["width"] == "90%" and "90%" in memory["label"] or "90% of its limit" in memory["label"]
    assert "repeating-linear-gradient" in user["image"] and rgb(user["color"]) == (214, 45, 32), user
    for bar in bars:  # a graphic needs 3:1 against what it is drawn on, in either theme
        assert contrast(rgb(bar["color"]), rgb(bar["page"])) >= 3, (color_scheme, bar)
    # The figures and the badge say the real share over the limit (the bar is full at 100).
    assert page.get_by_text("1,486 / 1,375 chars · 108%, over by 111").count() == 1
    said = page.evaluate("() => document.querySelector('.hd-bar[data-state=over]').getAttribute('aria-valuetext')")
    assert said == "108%, USER.md over by 111", said


def grid_columns(page) -> list[dict]:
    return [g for g in page.evaluate(MEASURE) if g["columns"]]


def test_the_entry_column_gets_the_width_of_an_empty_flags_column(browser: Browser) -> None:
    from hermes_dash.engine.rules.format import DELIMITER, parse

    page = browser.page
    open_demo(browser)
    memory_md = browser.demo_home() / "memories" / "MEMORY.md"
    kept = parse(memory_md.read_text(encoding="utf-8"))[:2]  # two entries of the snapshot, with no flag
    memory_md.write_text(DELIMITER.join(kept), encoding="utf-8")
    page.get_by_text("2 entries", exact=False).first.wait_for(timeout=WAIT_MS)  # the live view redrew
    drawn(page)  # the redrawn grid, with its columns laid out (settle: its cells only)
    memory = grid_columns(page)[0]
    widths = {c["title"]: c["width"] for c in memory["columns"]}
    shot(page, "glance-entry-width")
    assert "Flags" not in widths, widths
    assert widths["Entry"] >= 500, widths  # was 280 + the stretch, beside a 230 px empty Flags column
    assert memory["scrollWidth"] <= memory["clientWidth"] + 1, memory  # still fits its box


def test_a_row_the_agent_just_wrote_is_tinted(browser: Browser) -> None:
    from PIL import Image

    page = browser.page
    open_demo(browser)
    memory = browser.demo_home() / "memories" / "MEMORY.md"
    grid = page.locator('[data-testid="stDataFrame"]').filter(visible=True).first
    grid.scroll_into_view_if_needed()

    def tinted_pixels() -> int:
        stable_box(page, grid)
        picture = Image.open(io.BytesIO(grid.screenshot())).convert("RGB")
        # rgba(255, 183, 0, 0.28) over the light theme's white: Chromium draws (255, 235, 184).
        rgb = picture.tobytes()  # r, g, b, r, g, b, ... (getdata is deprecated in Pillow 12)
        pixels = zip(rgb[0::3], rgb[1::3], rgb[2::3], strict=True)
        return sum(1 for r, g, b in pixels if r > 245 and 225 <= g <= 245 and 170 <= b <= 200)

    assert tinted_pixels() < 50
    agent_add(memory, "Agent note: the nightly build runs at 02:00 UTC.")
    page.get_by_text("1 entry added in MEMORY.md", exact=False).first.wait_for(timeout=WAIT_MS)
    settle(page, None)
    grid.scroll_into_view_if_needed()
    box = stable_box(page, grid)  # the new entry is the last row: the table scrolls inside (six rows)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 2000)
    settle(page, None)
    shot(page, "glance-highlight")
    assert tinted_pixels() > 2000
    assert page.locator("[role=gridcell]").filter(has_text="just written from outside").count() >= 1


def test_sharing_at_390_px_keeps_the_file_name_whole(browser: Browser) -> None:
    page = browser.page
    open_demo(browser)
    goto_page(page, "Sharing", heading=False)
    settle(page, "Compare two profiles")
    resized(page, {"width": 390, "height": 844})  # the sidebar folds away
    compare = page.locator('[data-testid="stDataFrame"]').filter(visible=True).last
    compare.scroll_into_view_if_needed()
    drawn(page)
    shot(page, "glance-sharing-390")
    grid = grid_columns(page)[-1]
    widths = {c["title"]: c["width"] for c in grid["columns"]}
    assert "File" not in widths and widths["Difference"] >= 96, widths
    assert min(w for t, w in widths.items() if t.startswith(("A: ", "B: "))) >= 110, widths
    # Each word of the Difference labels fits its column (MEMORY.md was cut into "MEMORY.m" "d").
    labels = compare.locator("[role=gridcell]").all_inner_texts()
    needs = page.evaluate(
        r"""(words) => { const c = document.createElement('canvas').getContext('2d');
      c.font = '14px "Source Sans", sans-serif'; return words.map(w => c.measureText(w).width); }""",
        sorted({w for text in labels for w in text.split() if w.startswith(("MEMORY", "USER"))}),
    )
    assert needs and max(needs) + 16 <= widths["Difference"], (needs, widths)
