"""Inbox page (AppTest, real files, no engine mocks): a staged batch operation by operation (each
verdict shown, one dropped, the kept ones approved as one write, the rest left staged); an
over-budget batch fitted with a removal the person picks; "approve all that apply" naming each
failure; a 40-write queue paged and folded with the bulk actions on top; the marks counted once;
the file after approving in the gauge's own colours, one figure; the text approved never cut."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from app_support import alerts, no_exception, open_app, texts
from pending_support import batch, stage
from staged_batch import CI, FIVE, PG, SHIP
from streamlit.testing.v1 import AppTest

from hermes_dash.engine.rules.format import parse, serialise

BATCH = "9a9a9a9a"


pytestmark = pytest.mark.home(
    memory=[PG, CI, SHIP], config="memory:\n  write_approval: true\n  memory_char_limit: 120\n"
)


def memory(home: Path) -> list[str]:
    return parse((home / "memories" / "MEMORY.md").read_text(encoding="utf-8"))


def inbox() -> AppTest:
    at = open_app("curation_inbox")
    no_exception(at)
    return at


def said(at: AppTest) -> str:
    return "\n".join([*texts(at), *(m.value for m in at.markdown), *(c.value for c in at.caption)])


def test_a_batch_operation_by_operation_one_dropped_the_kept_approved_the_rest_left(home: Path) -> None:
    path = stage(home, BATCH, batch(FIVE))
    at = inbox()
    shown = said(at)
    for n, verdict in ((1, "applies"), (2, "stale"), (3, "applies"), (4, "over the limit"), (5, "over the limit")):
        assert any(f"{n}. " in m.value and verdict in m.value for m in at.markdown), (n, verdict)
    assert "No entry contains 'Jenkins'." in shown
    assert at.button(key=f"in_parts_{BATCH}").disabled  # the kept ones together pass the limit
    at.segmented_control(key=f"in_part_{BATCH}_4").set_value("drop").run()
    no_exception(at)
    assert not at.button(key=f"in_parts_{BATCH}").disabled
    assert "approves operations 1, 3, 5, drops 4; 2 stay staged" in said(at)
    assert memory(home) == [PG, CI, SHIP]  # a preview writes nothing
    at.button(key=f"in_parts_{BATCH}").click().run()
    no_exception(at)
    assert memory(home) == ["Tests need Postgres 17.", CI, "Deploy with make deploy.", "Lint with ruff."]
    left = json.loads(path.read_text(encoding="utf-8"))
    assert left["id"] == BATCH and left["payload"]["operations"] == [FIVE[1]]
    assert "Approved 1" in alerts(at)


def test_an_over_budget_batch_is_fitted_with_a_removal_the_person_picks(home: Path) -> None:
    path = stage(home, BATCH, batch([FIVE[0], FIVE[3], FIVE[4]]))
    at = inbox()
    assert "Over the limit by" in said(at)
    fit = at.multiselect(key=f"in_fit_{BATCH}")
    assert len(fit.options) == 1 and fit.options[0].startswith(CI) and fit.value == []  # none picked for you
    fit.set_value([CI]).run()
    no_exception(at)
    at.button(key=f"in_parts_{BATCH}").click().run()
    no_exception(at)
    assert memory(home) == ["Tests need Postgres 17.", "Deploy with make deploy.", "x" * 60]
    assert not path.exists()


def test_approve_all_that_apply_names_each_failure_with_its_reason(home: Path) -> None:
    stage(home, "8a8a8a8a", {"target": "memory", "action": "remove", "old_text": "Jenkins"}, age=50)
    stage(home, "8b8b8b8b", {"target": "memory", "action": "add", "content": "y" * 90}, age=40)
    stage(home, "8c8c8c8c", {"target": "memory", "action": "add", "content": "Lint with ruff."}, age=30)
    at = inbox()
    at.button(key="in_apply_all").click().run()
    at.button(key="in_all_yes").click().run()
    no_exception(at)
    assert memory(home) == [PG, CI, SHIP, "Lint with ruff."]
    assert "Approved 1" in alerts(at) and "2 not approved" in alerts(at)
    shown = said(at)
    assert "Not approved (8a8a8a8a, stale" in shown and "Not approved (8b8b8b8b, over budget" in shown


def test_forty_writes_are_paged_folded_with_the_bulk_actions_on_top(home: Path) -> None:
    for n in range(40):
        stage(home, f"{n:08x}", {"target": "memory", "action": "add", "content": f"Fact number {n}."}, age=1000 - n)
    at = inbox()
    folds = [e for e in at.expander if e.label.startswith("`0000")]
    assert len(folds) == 10 and not [b for b in at.button if (b.key or "").startswith("in_approve_0")]
    assert "Fact number 0." not in texts(at)  # folded: one line a write until opened
    keys = [k for k in (getattr(e, "key", None) for e in at.main) if k]
    assert keys.index("in_bulk") < keys.index("in_page_4")
    at.selectbox(key="in_page_4").set_value(3).run()
    assert [e.label.split("`")[1] for e in at.expander if e.label.startswith("`0000")][0] == f"{30:08x}"
    at.session_state[f"in_fold_{31:08x}"] = True
    at.run()
    no_exception(at)
    assert at.button(key=f"in_approve_{31:08x}")
    for path in sorted((home / "pending" / "memory").glob("*.json"))[15:]:
        path.unlink()  # approved or rejected elsewhere: two pages left
    at.run()
    no_exception(at)
    assert at.selectbox(key="in_page_2").value == 1  # the last page, as the person was on it


def test_the_marks_are_counted_once(home: Path) -> None:
    stage(home, "7a7a7a7a", {"target": "memory", "action": "remove", "old_text": "Jenkins"}, age=50)
    stage(
        home, "7b7b7b7b", {"target": "memory", "action": "remove", "old_text": "Jenkins"}, age=40
    )  # stale and a repeat
    stage(home, "7c7c7c7c", {"target": "memory", "action": "add", "content": CI}, age=30)
    at = inbox()
    line = next(m.value for m in at.markdown if "marked:" in m.value)
    assert "3 marked: 2 can no longer apply, 1 repeats another staged write, 1 the file already says this" in line
    assert "(1 has more than one reason)" in line


def test_after_approving_is_the_gauge_in_its_own_colours_with_one_figure(home: Path) -> None:
    stage(home, "6a6a6a6a", {"target": "memory", "action": "add", "content": "z" * 55})  # 69 + 58 = 127 of 120: over
    stage(home, "6b6b6b6b", {"target": "memory", "action": "add", "content": "z" * 45})  # 117 of 120: red
    at = inbox()
    assert not at.get("progress")  # no plain progress bar (always blue)
    gauge = at.get_by_key("in_gauge_6b6b6b6b-hdlvl-red")
    assert gauge is not None
    changes = [c.value for c in at.caption if c.value.startswith("After approving:")]
    assert changes == ["After approving: +48 characters"]
    at.text_area(key="in_text_6b6b6b6b_0").input("z" * 40).run()
    changes = [c.value for c in at.caption if c.value.startswith("After approving:")]
    assert changes == ["After approving: +43 characters"]  # the edit's figure, said once
    assert at.get_by_key("in_gauge_6b6b6b6b-hdlvl-orange") is not None  # 112 of 120: its colour moves too


def test_a_single_add_over_the_limit_is_fitted_with_a_removal_the_person_picks(home: Path) -> None:
    path = stage(home, "5a5a5a5a", {"target": "memory", "action": "add", "content": "y" * 60})
    at = inbox()
    assert "Over the limit by 12 characters" in said(at)
    at.multiselect(key="in_fit_5a5a5a5a").set_value([CI]).run()
    at.button(key="in_parts_5a5a5a5a").click().run()
    no_exception(at)
    assert memory(home) == [PG, SHIP, "y" * 60] and not path.exists()


def test_a_stranded_queue_like_upstream_109215_is_drained_keeping_every_good_operation(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Eight consolidation batches staged over five days: seven with an anchor that no longer
    matches, one landing at 5,512 of 5,500 characters. Each is opened, its stale operation
    dropped (or a removal picked), and its good ones approved; nothing else is removed."""
    facts = [f"Project fact {n:02d}: " + "detail " * 10 + f"end {n:02d}." for n in range(50)]
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n  memory_char_limit: 5500\n", encoding="utf-8")
    (home / "memories" / "MEMORY.md").write_text(serialise(facts), encoding="utf-8")
    size = len(serialise(facts))
    good: list[str] = []
    for n in range(7):
        new = f"Lesson {n}: run the migrations before the tests."
        ops = [
            {"action": "replace", "old_text": f"anchor that moved on {n}", "content": "stale"},
            {"action": "add", "content": new},
            {"action": "replace", "old_text": f"end {n:02d}.", "content": facts[n].replace("detail", "fact", 1)},
        ]
        good += [new, facts[n].replace("detail", "fact", 1)]
        stage(home, f"1090{n:04d}", batch(ops), age=5 * 86400 - n * 3600)
    settled = [*(f.replace("detail", "fact", 1) if n < 7 else f for n, f in enumerate(facts)), *good[::2]]
    over = "Z" * (5512 - len(serialise(settled)) - 3)  # lands at 5,512 of 5,500 once the seven are in
    stage(home, "10900007", {"target": "memory", "action": "add", "content": over}, age=3600)
    folder = home / "pending" / "memory"
    queued = sum(p.stat().st_size for p in folder.glob("*.json"))
    steps, started = 0, time.perf_counter()
    at = inbox()
    for n in range(7):
        sid = f"1090{n:04d}"
        at.session_state[f"in_fold_{sid}"] = True
        at.run()
        at.segmented_control(key=f"in_part_{sid}_1").set_value("drop").run()
        at.button(key=f"in_parts_{sid}").click().run()
        no_exception(at)
        steps += 3
    at.session_state["in_fold_10900007"] = True
    at.run()
    assert "Over the limit by 12 characters" in said(at)  # 5,512 of 5,500
    picked = facts[49]  # the person's pick among Cleanup's ranked candidates
    at.multiselect(key="in_fit_10900007").set_value([picked]).run()
    at.button(key="in_parts_10900007").click().run()
    no_exception(at)
    steps += 3
    seconds = time.perf_counter() - started
    after = memory(home)
    assert not list(folder.glob("*.json"))  # drained
    assert all(g in after for g in good) and over in after  # every good operation kept
    assert [f for f in facts if f not in after] == [*facts[:7], picked]  # replaced ones, and the pick only
    assert len(serialise(after)) <= 5500
    with capsys.disabled():
        print(
            f"\n#109215-like queue: 8 batches ({queued:,} bytes staged) drained in {steps} steps, {seconds:.1f} s; "
            f"MEMORY.md {size:,} -> {len(serialise(after)):,} characters"
        )


def test_the_text_a_person_approves_is_never_cut(home: Path) -> None:
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n", encoding="utf-8")
    long = "Runbook: " + " ".join(f"step {n} checks the build cache and the deploy key." for n in range(30))
    stage(home, "4a4a4a4a", {"target": "memory", "action": "add", "content": long})
    stage(
        home,
        "4b4b4b4b",
        {"target": "memory", "action": "replace", "old_text": "Postgres 16", "content": long + " Postgres 17."},
    )
    at = inbox()
    assert texts(at).count(long) == 1  # the add, whole
    assert any(long.rsplit(" ", 3)[-1] in h.value and "17" in h.value for h in at.get("html"))  # the replace, whole


def test_an_operation_with_no_action_is_re_aimed_at_an_entry_and_approved(home: Path) -> None:
    path = stage(
        home, "3a3a3a3a", batch([{"action": None, "old_text": "GitHub", "content": "CI runs on Forgejo."}, FIVE[2]])
    )
    at = inbox()
    assert any("1. no action" in m.value and "no action (JSON null or missing)" in m.value for m in at.markdown)
    at.selectbox(key="in_aimto_3a3a3a3a_1").set_value(CI).run()
    no_exception(at)
    assert any("1. no action" in m.value and "applies" in m.value for m in at.markdown)
    at.button(key="in_parts_3a3a3a3a").click().run()
    no_exception(at)
    assert memory(home) == [PG, "CI runs on Forgejo.", SHIP, "Lint with ruff."] and not path.exists()
