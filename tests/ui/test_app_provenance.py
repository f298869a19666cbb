"""Where entries came from, on the pages: the Overview's Origin column, the entry panel's origin,
reason and life with restore in place, History's "Made by" (docs/provenance.md)."""

from __future__ import annotations

from pathlib import Path

from app_support import no_exception, open_app, rendered_markdown, tables, texts

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.demo import sessions as story
from hermes_dash.engine.io.journal import read_journal


def _open(at, entry: str) -> None:  # type: ignore[no-untyped-def]
    store = MemoryStore(resolve_home(None))
    at.session_state["hd_open"] = {
        "target": "memory",
        "entry": entry,
        "table": "",
        "base": tuple(store.read("memory").entries),
    }
    at.session_state["hd_open_new"] = entry
    at.run()
    no_exception(at)


def test_the_overview_has_an_origin_column(demo: Path) -> None:
    at = open_app()
    no_exception(at)
    memory = tables(at)[0].value
    origin = dict(zip(memory["Entry"].str[:24], memory["Origin"]))
    assert origin[story.ORBIT[:24]] == "before sessions"
    assert origin[story.API_KEY[:24]] == "hand edit"
    assert origin[story.MOCKUP[:24]].startswith("you · ")
    assert origin[story.REVIEW[:24]].startswith("agent · ")
    assert all(o for o in memory["Origin"])
    assert all(o in d for o, d in zip(memory["Origin"], memory["Details"]))  # the compact table has it too
    assert tables(at)[1].value["Origin"][0] == "hand edit"  # USER.md, rewritten by hand


def test_the_entry_panel_shows_origin_reason_life_and_restores_in_place(demo: Path) -> None:
    at = open_app()
    _open(at, story.DEPLOY)
    shown = "\n".join(texts(at))
    assert "replaced into this text by session 20261129_081502_a41c9e (cli, anthropic/claude-sonnet-4.5)" in shown
    assert "Deploy rule changed: production now needs an approved change ticket in #deploys, not Alex." in shown
    assert "Updating the deploy note." in shown
    assert any("Its life, oldest first" in m for m in rendered_markdown(at))
    assert "added by session 20261111_091204_5e2c1a" in "\n".join(rendered_markdown(at))
    # The earlier wording can be put back where the entry stands (a pinned replace).
    before = MemoryStore(resolve_home(demo)).read("memory").entries
    assert at.selectbox(key="hd_open_restore").options[0].startswith("Deploys go through `make deploy ENV=staging`;")
    at.button(key="hd_open_restore_go").click().run()
    no_exception(at)
    after = MemoryStore(resolve_home(demo)).read("memory").entries
    assert after[2] == story.DEPLOY_OLD and after[:2] == before[:2] and after[3:] == before[3:]
    last = read_journal(demo / "memories")[-1]
    assert last.via == "dashboard: Overview" and last.put_in(story.DEPLOY_OLD) and last.took_out(story.DEPLOY)


def test_the_panel_says_what_no_record_explains(demo: Path) -> None:
    at = open_app()
    _open(at, story.API_KEY)
    assert "edited outside the agent (hand edit or git)" in texts(at)
    assert not [t for t in at.toggle if t.key == "hd_open_turn"]


def test_history_says_who_made_each_version(demo: Path) -> None:
    at = open_app("history")
    no_exception(at)
    versions = tables(at)[0].value  # newest first
    made = list(versions["Made by"])
    assert made[-1] == "before the oldest backup"
    assert "session 20261129_081502_a41c9e (cli)" in made[0]  # the newest session's writes
    at.toggle(key="hi_lives_on").set_value(True).run()  # each entry's life, folded at first
    lives = next(t.value for t in tables(at) if "Origin" in t.value.columns)
    assert "Origin" in lives.columns and all(lives["Origin"])


def test_the_whole_turn_is_shown_on_request(demo: Path) -> None:
    at = open_app()
    _open(at, story.REVIEW)
    at.toggle(key="hd_open_turn").set_value(True).run()
    no_exception(at)
    shown = "\n".join(texts(at))
    assert "Our review convention: small PRs under 400 lines, squash-merge, imperative commit messages." in shown
    assert any("this memory call" in m for m in rendered_markdown(at))
