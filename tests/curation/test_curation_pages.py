"""AppTest tests for the curation pages: the real app.py on real temporary homes, no engine mocks.

``st.cache_data`` outlives one AppTest, so it is cleared around every test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from app_support import open_app
from cleanup_corpus import agent_ran_in
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.rules.format import serialise

URL = "127.0.0.1:9"
DOCKER_A = "On the build server `docker compose` is v2; the old docker-compose v1 wrapper ignores profiles."
DOCKER_B = "Build server: docker compose is v2, and the docker-compose v1 wrapper ignores profiles."
PREF = "The user prefers concise answers and dislikes emoji in replies."
IMG = f"Mock-up: ![x](http://{URL}/x.png) and <img src=http://{URL}/y.png>"


pytestmark = pytest.mark.usefixtures("fresh_cache")  # the one copy, in tests/support/app_support.py


@pytest.fixture
def crafted(tmp_path, monkeypatch) -> Path:
    """A home with overlaps, a misplaced entry, a stale path and markup in an entry, ~99% full."""
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    entries = [
        DOCKER_A,
        "Tests need Postgres 16 on port 5433.",
        DOCKER_B,
        PREF,
        f"The release checkout lives in {tmp_path}/gone/release and is synced nightly.",
        IMG,
    ]
    (home / "memories" / "MEMORY.md").write_text(serialise(entries), encoding="utf-8")
    (home / "memories" / "USER.md").write_text("Name: Sam.", encoding="utf-8")
    limit = len(serialise(entries)) + 5
    (home / "config.yaml").write_text(f"memory:\n  memory_char_limit: {limit}\n", encoding="utf-8")
    agent_ran_in(home, str(tmp_path))  # the agent runs on this machine: its paths are looked up here
    monkeypatch.setenv("HERMES_HOME", str(home))
    return home


@pytest.fixture
def roomy(crafted) -> Path:
    """The crafted home with room to spare: no plan, so each finding has its own section."""
    (crafted / "config.yaml").write_text("memory:\n  memory_char_limit: 5000\n", encoding="utf-8")
    return crafted


def review_yes(at: AppTest) -> None:
    """Confirm in the review dialog (opened from session state, so AppTest can click in it)."""
    at.button(key="cu_review_yes").click().run()


def page(name: str) -> AppTest:
    at = open_app(f"curation_{name}")
    ok(at)
    return at


def ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def alerts(at: AppTest) -> str:
    return "\n".join(e.value for kind in (at.error, at.warning, at.info, at.success) for e in kind)


def plain(at: AppTest) -> str:
    return "\n".join([e.value for e in at.text] + [e.value for e in at.code])


def html(at: AppTest) -> str:
    """The word-level diffs (escaped HTML) as the text that comes: struck-through parts left out."""
    import html as _html
    import re as _re

    bodies = [e.proto.body for e in at.get("html")]
    return "\n".join(
        _html.unescape(_re.sub(r"<[^>]+>", "", _re.sub(r"<del[^>]*>.*?</del>", "", b, flags=_re.S))) for b in bodies
    )


def rendered(at: AppTest) -> str:
    """Everything rendered as markdown (where an entry must never appear, but inside a code span,
    where it is shown exactly as written: Cleanup's removal boxes name their entry so)."""
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    parts += [e.value for kind in (at.error, at.warning, at.info, at.success) for e in kind]
    parts += [b.label for b in at.button] + [re.sub(r"(`+) ?.*? ?\1(?!`)", "", c.label) for c in at.checkbox]
    return "\n".join(parts)


def button(at: AppTest, starts: str):
    found = [b for b in at.button if b.label.startswith(starts)]
    assert found, f"no button starting {starts!r}: {[b.label for b in at.button]}"
    return found[0]


def mem(home: Path, name: str = "MEMORY.md") -> bytes:
    return (home / "memories" / name).read_bytes()


def entries(home: Path, name: str = "MEMORY.md") -> list[str]:
    return mem(home, name).decode().split("\n§\n")


# -- clean-up assistant -------------------------------------------------------------------------


def test_cleanup_shows_proposals_as_plain_text(crafted):
    at = page("cleanup")
    assert DOCKER_A in plain(at) and DOCKER_B in plain(at) and PREF in plain(at)
    assert f"{crafted.parent}/gone/release" in plain(at)
    assert URL not in rendered(at)
    assert any(a.value.startswith("MEMORY.md: ") for a in at.subheader)


def test_cleanup_merge_needs_confirmation_then_applies_one_batch(roomy):
    crafted = roomy
    before = mem(crafted)
    at = page("cleanup")
    button(at, "Review 1 merge for MEMORY.md").click().run()
    assert any("Apply 1 merge to MEMORY.md as one batch" in m.value for m in at.markdown)
    assert mem(crafted) == before
    at.button(key="cu_review_no").click().run()
    assert mem(crafted) == before and not any("as one batch" in m.value for m in at.markdown)
    [area] = [t for t in at.text_area if t.key.startswith("cu_merge_text_")]
    area.input("Build server: docker compose v2 only.").run()
    button(at, "Review 1 merge for MEMORY.md").click().run()
    review_yes(at)
    ok(at)
    now = entries(crafted)
    assert "Build server: docker compose v2 only." in now and DOCKER_A not in now and DOCKER_B not in now
    assert len(list((crafted / "memories").glob("MEMORY.md.bak.*"))) == 1
    assert "Saved" in alerts(at)


def test_cleanup_move_to_user(roomy):
    crafted = roomy
    at = page("cleanup")
    button(at, "Move to USER.md").click().run()
    review_yes(at)
    ok(at)
    assert PREF not in entries(crafted) and entries(crafted, "USER.md") == ["Name: Sam.", PREF]
    assert "Moved" in alerts(at)


def test_cleanup_move_refused_leaves_both_files_as_they_were(roomy):
    crafted = roomy
    config = crafted / "config.yaml"
    config.write_text(config.read_text() + "  user_char_limit: 20\n")
    before = (mem(crafted), mem(crafted, "USER.md"))
    at = page("cleanup")
    button(at, "Move to USER.md").click().run()
    review_yes(at)
    ok(at)
    assert "Refused: nothing was changed." in alerts(at)
    assert "would put the file at" in plain(at)
    assert (mem(crafted), mem(crafted, "USER.md")) == before


def test_cleanup_plan_gets_under_the_threshold(crafted):
    at = page("cleanup")
    limit = int((crafted / "config.yaml").read_text().split(":")[-1])
    # The steps that lose nothing leave it short; the person picks removals from the ranked
    # candidates (the path not found here is first), each showing the gauge after it.
    for box in [c for c in at.checkbox if c.key.startswith("cu_plan_rm_")]:
        box.check().run()
        if not any("above the goal" in c.value for c in at.caption):
            break
    at.button(key="cu_plan_apply_memory").click().run()
    review_yes(at)
    ok(at)
    assert len(serialise(entries(crafted))) <= limit * 80 // 100


def test_cleanup_stale_entry_removal(roomy):
    crafted = roomy
    at = page("cleanup")
    assert any("Not found on this machine (looked up)" in c.value for c in at.caption)
    button(at, "Remove this entry").click().run()
    review_yes(at)
    ok(at)
    assert not any("gone/release" in e for e in entries(crafted))


def test_cleanup_on_the_demo_home_says_to_normalise_user_md(demo):
    at = page("cleanup")
    assert "Normalise first" in alerts(at)
    assert "USER.md is written by hand" in plain(at)
    note = next(t.value for t in at.text if "USER.md is written by hand" in t.value)
    assert "normalize user" in note and "`" not in note  # the command as plain text, no stray code marks
    # ... and a plan for MEMORY.md: the merge, shown once (in the plan; no move while USER.md is
    # hand-written), and the path not found here among the candidates, not picked.
    labels = [b.label for b in at.button]
    assert "Review 1 step for MEMORY.md…" in labels and "Move to USER.md…" in labels, labels
    assert not any(c.value for c in at.checkbox if c.key.startswith("cu_plan_rm_"))
    assert "Staging logs: run `journalctl -u orbit -f`" in plain(at)
    assert "The user prefers concise answers" in plain(at)
    # The old checkout's entry: its removal box names it, in a code span (shown exactly as written).
    assert any("/home/sam/old-checkout/orbit" in c.label and c.label.startswith("Remove `") for c in at.checkbox)
    assert "/home/sam" not in rendered(at) and URL not in rendered(at)


# -- inbox ------------------------------------------------------------------------------------------


def _pending(home: Path) -> set[str]:
    return {p.stem for p in (home / "pending" / "memory").glob("*.json")}


def test_inbox_lists_staged_writes_with_previews(demo):
    (demo / "pending" / "memory" / "0badf00d.json").write_text("{broken", encoding="utf-8")
    at = page("inbox")
    shown = plain(at)
    assert "Remember that the staging DB is reset every Sunday night." in shown
    assert "0badf00d.json: not valid JSON" in shown
    assert "Approving this would be refused" in alerts(at)
    assert "c2_heartbeat" in shown
    assert URL not in rendered(at)


def test_inbox_approve_several_after_confirmation(demo):
    before = _pending(demo)
    at = page("inbox")
    at.checkbox(key="in_pick_3fa91c0e").check().run()
    at.checkbox(key="in_pick_c04e9a7b").check().run()
    at.button(key="in_approve").click().run()
    assert "Approve 2 staged writes: `3fa91c0e`, `c04e9a7b`?" in alerts(at)
    assert _pending(demo) == before
    at.button(key="in_confirm_yes").click().run()
    ok(at)
    assert _pending(demo) == before - {"3fa91c0e"}
    assert "The staging database is reset" in mem(demo).decode()
    assert "Approved 1" in alerts(at) and "1 not approved" in alerts(at)
    assert "c2_heartbeat" in plain(at)


def test_inbox_reject_deletes_only_staged_files(demo):
    memory = mem(demo)
    at = page("inbox")
    at.checkbox(key="in_pick_c04e9a7b").check().run()
    at.button(key="in_reject").click().run()
    at.button(key="in_confirm_no").click().run()
    assert "c04e9a7b" in _pending(demo)
    at.button(key="in_reject").click().run()
    at.button(key="in_confirm_yes").click().run()
    ok(at)
    assert "c04e9a7b" not in _pending(demo) and mem(demo) == memory
    assert "Rejected 1" in alerts(at) and "Rejectd" not in alerts(at)


def test_inbox_empty(crafted):
    at = page("inbox")
    assert "No staged writes" in alerts(at)


# -- migrate ----------------------------------------------------------------------------------------


def test_migrate_demo_user_md_by_bullet(demo):
    old = mem(demo, "USER.md")
    at = page("migrate")
    at.radio(key="mg_target").set_value("user").run()
    at.radio(key="mg_by").set_value("bullet").run()
    ok(at)
    table = at.dataframe[0].value
    assert len(table) == 19 and table["Entry"][0].startswith("Name: Sam")
    at.button(key="mg_apply").click().run()
    assert mem(demo, "USER.md") == old
    at.button(key="mg_apply_yes").click().run()
    ok(at)
    assert len(entries(demo, "USER.md")) == 19
    assert any(p.read_bytes() == old for p in (demo / "memories").glob("USER.md.bak.2*"))


def test_migrate_refuses_when_the_file_changed_after_the_click(demo):
    at = page("migrate")
    at.radio(key="mg_target").set_value("user").run()
    at.button(key="mg_apply").click().run()
    changed = mem(demo, "USER.md") + b"\n- Added by the agent meanwhile.\n"
    (demo / "memories" / "USER.md").write_bytes(changed)
    at.run()
    ok(at)
    assert not [b for b in at.button if b.key == "mg_apply_yes"]  # the confirmation is asked again
    assert mem(demo, "USER.md") == changed


def test_migrate_clean_file_has_nothing_to_do(crafted):
    at = page("migrate")
    assert "already in clean form" in alerts(at)


# -- sharing ---------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed on this machine")
def test_sharing_shows_link_repo_and_warns_about_user_md(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.email=t@example.org", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], check=True)
    (repo / "MEMORY.md").write_text("Shared fact")
    (repo / "USER.md").write_text("Name: Sam")
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    os.symlink(repo / "USER.md", home / "memories" / "USER.md")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = page("sharing")
    table = at.dataframe[0].value
    assert list(table["Kind"]) == ["symbolic link", "symbolic link"]
    assert list(table["Repository"]) == [str(repo.resolve())] * 2
    assert "USER.md is a link into the git repository" in plain(at)


def test_export_download_redacts_and_profiles_compare(demo):
    other = demo / "profiles" / "zz-compare" / "memories"
    other.mkdir(parents=True)
    (other / "MEMORY.md").write_text("Deploys go through `make deploy ENV=staging` first.")
    at = page("sharing")

    def export_preview() -> str:
        return next(c.value for c in at.code if c.value.startswith(("{", "# Hermes memory export")))

    preview = export_preview()
    data = json.loads(preview)
    assert "sk_live" not in preview and data["redactions"] >= 1
    at.checkbox(key="sh_redact").uncheck().run()
    assert "sk_live" in export_preview()
    at.radio(key="sh_format").set_value("markdown").run()
    assert export_preview().startswith("# Hermes memory export")
    at.selectbox(key="sh_a").select("default").run()
    at.selectbox(key="sh_b").select("zz-compare").run()
    compare = at.dataframe[-1].value
    assert "MEMORY.md: only in default" in set(compare["Difference"])
    assert "Deploys go through `make deploy ENV=staging` first." in set(compare["B: zz-compare"])
    assert URL not in rendered(at)


def test_cleanup_same_fact_in_both_files_keeps_one_copy(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    m = "The user prefers short answers with code first and the explanation after."
    u = "Prefers short answers: code first, explanation after."
    (home / "memories" / "MEMORY.md").write_text(serialise(["Tests need Postgres 16.", m]), encoding="utf-8")
    (home / "memories" / "USER.md").write_text(serialise(["Name: Sam.", u]), encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = page("cleanup")
    assert any(e.label == "In both files (1)" for e in at.expander)  # folded, with how many it holds
    [area] = [t for t in at.text_area if t.key.startswith("cu_cross_text_")]
    area.input("Prefers short answers, code first.").run()
    button(at, "Keep in USER.md, remove from MEMORY.md").click().run()
    assert any("Keep this text in USER.md and remove the copy in MEMORY.md?" in m.value for m in at.markdown)
    review_yes(at)
    ok(at)
    assert entries(home) == ["Tests need Postgres 16."]
    assert entries(home, "USER.md") == ["Name: Sam.", "Prefers short answers, code first."]
    assert "Kept one copy" in alerts(at)


@pytest.mark.parametrize("name", ["cleanup", "inbox", "migrate", "sharing"])  # History: test_app_history.py
def test_every_page_survives_awkward_files(tmp_path, monkeypatch, name):
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_bytes(b"caf\xe9 latin-1 notes\n\xa7\nsecond")
    os.symlink(tmp_path / "nowhere" / "USER.md", home / "memories" / "USER.md")
    (home / "memories" / "MEMORY.md.bak.20200101").write_bytes(b"\xff\xfe")
    (home / "pending" / "memory").mkdir(parents=True)
    (home / "pending" / "memory" / "abad1dea.json").write_bytes(b'\xef\xbb\xbf{"payload": 3}')
    (home / "config.yaml").write_text("memory: [not, a, mapping]\n")
    monkeypatch.setenv("HERMES_HOME", str(home))
    before = mem(home)
    at = page(name)
    ok(at)
    assert mem(home) == before
    if name == "cleanup":
        assert "This file cannot be changed safely." in alerts(at) and "Not valid UTF-8" in plain(at)
    if name == "inbox":
        assert "abad1dea.json: no 'payload' object" in plain(at)


# -- Undo after single-file curation writes -----------------------------------------------------


def _undo(at: AppTest) -> None:
    undo = [b for b in at.button if b.key.startswith("hd_undo_")]
    assert len(undo) == 1, [b.key for b in at.button]
    undo[0].click().run()
    ok(at)
    assert "Undone" in alerts(at)


def test_cleanup_merge_and_stale_removal_offer_undo(roomy):
    crafted = roomy
    before = mem(crafted)
    at = page("cleanup")
    button(at, "Review 1 merge for MEMORY.md").click().run()
    review_yes(at)
    ok(at)
    assert mem(crafted) != before
    _undo(at)
    assert mem(crafted) == before
    button(at, "Remove this entry").click().run()
    review_yes(at)
    assert mem(crafted) != before
    _undo(at)
    assert mem(crafted) == before


def test_cleanup_plan_offers_undo(crafted):
    before = mem(crafted)
    at = page("cleanup")
    at.button(key="cu_plan_apply_memory").click().run()
    review_yes(at)
    assert mem(crafted) != before
    _undo(at)
    assert mem(crafted) == before


def test_migrate_offers_undo(demo):
    old = mem(demo, "USER.md")
    at = page("migrate")
    at.radio(key="mg_target").set_value("user").run()
    at.radio(key="mg_by").set_value("bullet").run()
    at.button(key="mg_apply").click().run()
    at.button(key="mg_apply_yes").click().run()
    assert mem(demo, "USER.md") != old
    _undo(at)
    assert mem(demo, "USER.md") == old


def test_inbox_approve_of_one_offers_undo(demo):
    before = mem(demo)
    at = page("inbox")
    at.checkbox(key="in_pick_3fa91c0e").check().run()
    at.button(key="in_approve").click().run()
    at.button(key="in_confirm_yes").click().run()
    ok(at)
    assert mem(demo) != before and "Approved 1" in alerts(at)
    _undo(at)
    assert mem(demo) == before


def test_migrate_by_section_that_will_be_refused_says_so_and_points_to_bullets(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    (home / "config.yaml").write_text("memory:\n  user_char_limit: 60\n")
    (home / "memories" / "USER.md").write_text("# A\n- one two three\n# B\n- four five six\n# C\n- seven eight nine\n")
    (home / "memories" / "MEMORY.md").write_text("")
    monkeypatch.setenv("HERMES_HOME", str(home))
    before = mem(home, "USER.md")
    at = page("migrate")
    at.radio(key="mg_target").set_value("user").run()
    at.radio(key="mg_by").set_value("section").run()
    ok(at)
    assert "Will be refused" in alerts(at) and "66 characters is over the limit of 60" in alerts(at)
    assert any("one entry per **bullet** gives 3 entries, 48 characters" in c.value for c in at.caption)
    apply = at.button(key="mg_apply")
    assert not apply.disabled
    apply.click().run()
    at.button(key="mg_apply_yes").click().run()
    assert mem(home, "USER.md") == before and "Refused" in alerts(at)
    at.radio(key="mg_by").set_value("bullet").run()
    assert "Will be refused" not in alerts(at)


def test_cleanup_on_thousands_of_entries_shows_a_bounded_page(tmp_path, monkeypatch):
    from benchmarks.workloads import PLANTED, distinct_facts

    home = tmp_path / "big"
    (home / "memories").mkdir(parents=True)
    facts = [f"{e} Old copy in {tmp_path}/gone/{i}." for i, e in enumerate(distinct_facts(3000))]
    (home / "memories" / "MEMORY.md").write_text(serialise(facts), encoding="utf-8")
    monkeypatch.setenv("HERMES_HOME", str(home))
    at = page("cleanup")
    captions = "\n".join(c.value for c in at.caption)
    assert "Showing the first 50 of 3,000 candidates for removal" in captions
    assert not at.multiselect  # no list of thousands of steps to pick from
    assert len([c for c in at.checkbox if c.key.startswith("cu_plan_rm_")]) == 50
    # Each proposal once: the paths not found here are the plan's candidates, not listed again.
    assert not [b for b in at.button if b.label.startswith("Remove this entry")]
    # The planted pair now names two different paths (its "Old copy in .../gone/N"): two facts.
    assert not any(PLANTED[0][:40] in b.label for b in at.button)
