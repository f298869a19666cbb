"""Screens that say the truth at a glance: the gauge's bar in the state's colour, one
percentage in the figures, the bar and the share column, an agent write highlighted in the table,
the conflict said once with "apply my change on top of the agent's", and plain words.
Real app.py through AppTest on real temporary homes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_support import no_exception, open_app, tables
from homes import make_home

from hermes_dash.engine.rules.format import DELIMITER


def bars(at) -> list[tuple[str, str, str]]:
    """(state, aria-valuenow, the figures' percentage) of each gauge on the page."""
    out = []
    for m in at.markdown:
        bar = re.search(r'data-state="([a-z-]+)" role="progressbar".*?aria-valuenow="(\d+)"', m.value)
        if bar:
            figures = re.search(r"chars\*\* · (\d+)%", m.value)
            out.append((bar.group(1), bar.group(2), figures.group(1) if figures else ""))
    return out


LIMITS_100 = "memory:\n  memory_char_limit: 100\n  user_char_limit: 100\n"


def home_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory: str | bytes, user: str | None = None) -> Path:
    """A home of 100-character limits holding ``memory`` (and ``user``), that the app reads."""
    root = make_home(tmp_path / "home", memory=memory, user=user, config=LIMITS_100)
    monkeypatch.setenv("HERMES_HOME", str(root))
    return root


def test_gauge_state_follows_the_usage() -> None:
    from hermes_dash.ui._widgets import BAR_COLOURS, gauge_state

    assert [gauge_state(u, 100) for u in (68, 80, 93, 95, 100, 107)] == [
        "ok",
        "near-full",
        "near-full",
        "full",
        "full",
        "over",
    ]
    assert gauge_state(10, 100, broken=True) == "broken" and gauge_state(10, 100, drifted=True) == "edited"
    assert gauge_state(5, 0) == "over"
    # Three states, three different colours (the old bar was Streamlit's one blue for all).
    assert len({BAR_COLOURS[s] for s in ("ok", "near-full", "full")}) == 3


@pytest.mark.parametrize(("used", "state"), [(68, "ok"), (93, "near-full"), (97, "full"), (107, "over")])
def test_overview_bar_is_drawn_in_the_state_with_the_one_percentage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None, used: int, state: str
) -> None:
    home_at(tmp_path, monkeypatch, "m" * used, "u" * 10)
    at = open_app()
    no_exception(at)
    assert not at.get("progress"), "Streamlit's own progress bar is one blue whatever the state"
    shown = bars(at)
    # The bar is full at 100; the figures say the real share (107% of a 100-character limit).
    assert shown[0] == (state, str(min(100, used)), str(used)), shown
    assert shown[1] == ("ok", "10", "10"), shown


def test_a_file_that_is_not_utf8_has_a_broken_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    home_at(tmp_path, monkeypatch, b"caf\xe9 ok", "u" * 10)
    at = open_app()
    no_exception(at)
    assert bars(at)[0][0] == "broken", bars(at)


def test_share_column_is_a_share_of_the_file_never_above_100(demo: Path) -> None:
    """The demo's USER.md is one entry of 1,486 characters against a limit of 1,375: its share
    was 108.1 %, while the gauge said 100 %."""
    at = open_app()
    no_exception(at)
    memory, user = (t.value for t in tables(at)[:2])
    assert list(user["Budget"]) == [100.0]
    assert "108.1" not in " ".join(user["Details"]) and "100.0% of file" in user["Details"][0]
    assert all(0 <= s <= 100 for s in memory["Budget"])
    assert 95 <= sum(memory["Budget"]) <= 100  # the § separators make the rest
    config = tables(at)[0].proto.columns
    assert "Of file" in config and "share of the file's characters" in config


def test_share_of_file_is_bounded() -> None:
    from hermes_dash.ui._widgets import share_of_file

    assert share_of_file(1486, 1486) == 100.0 and share_of_file(0, 0) == 0.0 and share_of_file(50, 200) == 25.0
    assert share_of_file(len("a"), len(DELIMITER.join(["a", "b"]))) == 20.0


def column_widths(frame_element) -> dict[str, int]:
    import json

    config = json.loads(frame_element.proto.columns)
    return {name: c.get("width") for name, c in config.items()}


def test_overview_entry_column_gets_the_width_of_an_empty_flags_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    from hermes_dash.ui._tables import ENTRY_COLUMNS, ROW_MARKER

    home_at(tmp_path, monkeypatch, DELIMITER.join(["Redis runs on port 6379", "Tests: pytest -q"]))
    at = open_app()
    no_exception(at)
    full = next(d for d in at.dataframe if d.proto.column_order and "Details" not in d.proto.column_order)
    assert "Flags" not in full.proto.column_order, list(full.proto.column_order)
    widths = column_widths(full)
    given = sum(widths[c] for c in full.proto.column_order) + ROW_MARKER
    assert widths["Entry"] >= ENTRY_COLUMNS["Entry"]["width"] + ENTRY_COLUMNS["Flags"]["width"], widths
    assert given <= 880 - 8, given  # still within the width at which the full table is shown


def test_sharing_compare_puts_the_file_in_the_difference_label(demo: Path) -> None:
    at = open_app("curation_sharing")
    no_exception(at)
    compare = at.dataframe[-1]
    assert list(compare.value.columns)[0] == "Difference" and "File" not in compare.value.columns
    assert any(v.startswith("MEMORY.md: ") for v in compare.value["Difference"])
    widths = column_widths(compare)
    assert min(widths["A: default"], widths["B: work"]) >= 110, widths  # was 78 px: words broke mid-way


def overview_full(at, n: int = 0):
    """The n-th full entry table of the Overview (the compact twins left out)."""
    return [d for d in at.dataframe if "Details" not in d.proto.column_order][n]


def test_an_agent_write_is_highlighted_in_the_overview_until_the_next_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    from hermes_dash import MemoryStore, resolve_home

    root = home_at(tmp_path, monkeypatch, DELIMITER.join(["Redis runs on port 6379", "Tests: pytest -q"]))
    at = open_app()
    no_exception(at)
    assert not overview_full(at).proto.arrow_data.styler.styles
    outside = MemoryStore(resolve_home(root))  # another writer: the agent, as far as the page knows
    outside.add("memory", "Deploys need an approved change.")
    at.run()  # what the live watch's rerun does
    no_exception(at)
    table = overview_full(at)
    flags = dict(zip(table.value["Entry"], table.value["Flags"]))
    assert flags["Deploys need an approved change."].startswith("just written from outside"), flags
    assert not flags["Redis runs on port 6379"]
    assert "background-color" in table.proto.arrow_data.styler.styles  # the row itself is tinted
    assert any("Highlighted: just written from outside" in c.value for c in at.caption)
    assert sum("just written from outside" in d for d in table.value["Details"]) == 1  # the compact table too
    at.run()  # a rerun with no change keeps the highlight
    assert "just written from outside" in " ".join(overview_full(at).value["Flags"])
    # The next change (here another write from outside) moves the highlight to what it wrote.
    outside.replace("memory", "Redis runs", "Redis runs on port 6380")
    at.run()
    flags = dict(zip(overview_full(at).value["Entry"], overview_full(at).value["Flags"]))
    assert flags["Redis runs on port 6380"].startswith("just written from outside")
    assert not flags["Deploys need an approved change."]


def test_the_page_s_own_write_ends_the_highlight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    from hermes_dash import MemoryStore, resolve_home

    root = home_at(tmp_path, monkeypatch, "Redis runs on port 6379")
    at = open_app()
    MemoryStore(resolve_home(root)).add("memory", "Agent fact.")
    at.run()
    assert "just written from outside" in " ".join(overview_full(at).value["Flags"])
    at.switch_page("hermes_dash/ui/screens/edit.py").run()
    at.text_area(key="ed_add_text").input("My own fact.").run()
    at.button(key="ed_add_btn").click().run()
    no_exception(at)
    at.switch_page("hermes_dash/ui/screens/overview.py").run()
    assert "just written from outside" not in " ".join(overview_full(at).value["Flags"])
    assert not overview_full(at).proto.arrow_data.styler.styles


# -- the conflict panel ---------------------------------------------------------------------------

FACTS = ["Uses Postgres 16 on port 5433 for tests.", "Deploy with make deploy.", "Prefers tabs over spaces."]
AGENT = "Uses Postgres 17 on port 5433 for tests."  # the agent's edit: another word than the person's
MINE = "Uses Postgres 16 on port 6543 for tests."


FACTS_HOME = pytest.mark.home(memory=FACTS, config="memory:\n  memory_char_limit: 300\n")


def conflicted(root: Path, mine: str = MINE, agent: str = AGENT):
    """The Edit page with a replace of FACTS[0] refused because the agent changed it meanwhile."""
    from hermes_dash import MemoryStore, resolve_home

    at = open_app("edit")
    at.text_input(key="ed_rep_old").input("port 5433").run()
    at.text_area(key="ed_rep_new").input(mine).run()
    MemoryStore(resolve_home(root)).replace("memory", "Postgres 16", agent)
    at.button(key="ed_rep_btn").click().run()
    if "ed_rep_yes" in [b.key for b in at.button]:
        at.button(key="ed_rep_yes").click().run()
    no_exception(at)
    return at


def memory(root: Path) -> list[str]:
    from hermes_dash.engine.rules.format import parse

    return parse((root / "memories" / "MEMORY.md").read_text(encoding="utf-8"))


@FACTS_HOME
def test_the_conflict_is_said_once(home: Path) -> None:
    at = conflicted(home)
    said = [e.value for kind in (at.warning, at.error, at.info) for e in kind if "changed" in e.value.lower()]
    assert sum("before your change was saved" in s for s in said) == 1, said
    # The engine's message restated it ("is no longer in the file as it was shown ... Nothing was changed").
    assert not any("no longer in the file as it was shown" in t for t in [e.value for e in at.text]), [
        e.value for e in at.text
    ]


@FACTS_HOME
def test_apply_my_change_on_top_of_the_agents_previews_then_writes_both(home: Path) -> None:
    at = conflicted(home)
    merge = at.button(key="ed_conflict_merge")
    assert merge.label == "Apply my change on top of the agent's"
    before = (home / "memories" / "MEMORY.md").read_bytes()
    merge.click().run()
    no_exception(at)
    assert (home / "memories" / "MEMORY.md").read_bytes() == before  # a preview: nothing written yet
    both = "Uses Postgres 17 on port 6543 for tests."
    assert both in [e.value for e in at.code]
    bodies = [e.proto.body for e in at.get("html")]
    assert any(">5433<" in b and ">6543<" in b for b in bodies), bodies  # the word diff of what comes
    at.button(key="ed_conflict_merge_yes").click().run()
    no_exception(at)
    assert memory(home) == [both, *FACTS[1:]]
    assert "ed_conflict" not in at.session_state


@FACTS_HOME
def test_apply_on_top_is_refused_cleanly_when_the_entry_changed_again(home: Path) -> None:
    from hermes_dash import MemoryStore, resolve_home

    at = conflicted(home)
    at.button(key="ed_conflict_merge").click().run()
    third = "Uses Postgres 18 on port 5433 for tests."
    MemoryStore(resolve_home(home)).replace("memory", "Postgres 17", third)
    after_agent = (home / "memories" / "MEMORY.md").read_bytes()
    at.button(key="ed_conflict_merge_yes").click().run()
    no_exception(at)
    assert (home / "memories" / "MEMORY.md").read_bytes() == after_agent  # nothing written over it
    assert "before your change was saved" in "\n".join(w.value for w in at.warning)
    assert third in [e.value for e in at.code]  # the panel again, against the new text
    # And the person's change still goes on top of this one.
    at.button(key="ed_conflict_merge").click().run()
    at.button(key="ed_conflict_merge_yes").click().run()
    assert memory(home)[0] == "Uses Postgres 18 on port 6543 for tests."


@FACTS_HOME
def test_no_apply_on_top_when_both_changed_the_same_words(home: Path) -> None:
    at = conflicted(home, mine="Uses Postgres 18 on port 5433 for tests.")  # the agent made it 17
    no_exception(at)
    assert "ed_conflict_merge" not in [b.key for b in at.button]
    assert at.button(key="ed_conflict_apply").label == "Replace the new text with mine"


def test_merge_on_top_word_by_word() -> None:
    from hermes_dash.ui._conflict import merge_on_top

    assert merge_on_top(FACTS[0], MINE, AGENT) == "Uses Postgres 17 on port 6543 for tests."
    assert (
        merge_on_top("Deploy on Fridays.", "Deploy on Mondays.", "Deploy on Fridays. Ask Sam first.")
        == "Deploy on Mondays. Ask Sam first."
    )
    assert merge_on_top(FACTS[0], MINE, "Uses Postgres 16 on port 5434 for tests.") is None  # the same word
    assert merge_on_top("a b c", "a b c", "a x c") is None  # nothing of mine to apply
    assert merge_on_top("a b c", "a x c", "a x c") is None  # the agent made my very change


def test_sharing_says_git_s_status_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None) -> None:
    """The Uncommitted column said git's two letters ("yes: M MEMORY.md")."""
    import os
    import subprocess

    from git_support import git_env, need_git

    need_git()
    repo = tmp_path / "repo"
    repo.mkdir()
    env = git_env(tmp_path)
    subprocess.run(["git", "init", "-q", str(repo)], check=True, env=env)
    (repo / "MEMORY.md").write_text("Shared fact")
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True, env=env)
    subprocess.run(["git", "-C", str(repo), "commit", "-qm", "x"], check=True, env=env)
    (repo / "MEMORY.md").write_text("Shared fact, changed")
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    for key in ("HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL"):  # the page's git calls: no user config
        monkeypatch.setenv(key, env[key])
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = open_app("curation_sharing")
    no_exception(at)
    assert at.dataframe, [m.value for m in at.markdown] + [e.value for e in at.error] + [e.value for e in at.info]
    table = at.dataframe[0].value
    assert table["Uncommitted changes"][0] == "yes: changed since the last commit", list(table["Uncommitted changes"])
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True, env=env)
    at.run()
    assert at.dataframe[0].value["Uncommitted changes"][0] == "yes: changes staged but not committed"
