"""A staged batch operation by operation (docs/pending.md): each operation's verdict against the
file now, the kept ones approved as one pinned write, the rest written back as a smaller record
that the released agent 0.19.0's own ``apply_memory_pending`` approves (or refuses the same way);
an over-budget batch fitted with removals the person picks; "approve all that apply" naming
every failure; the shapes of newer releases. Real files, the real store, the real agent."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from agent_db import agent_python
from cli_support import run
from pending_support import batch, stage
from staged_batch import CI, FIVE, PG, SHIP

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import pending
from hermes_dash.engine.rules.format import serialise

AGENT = Path(agent_python())
needs_agent = pytest.mark.skipif(not AGENT.exists(), reason="the released agent 0.19.0 is not installed")


@pytest.fixture
def small(home, write_mem):
    """MEMORY.md of three entries, its limit 120 characters."""
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 120\n", encoding="utf-8")
    write_mem("memory", serialise([PG, CI, SHIP]))
    return home


@pytest.fixture
def small_store(small):
    """The store on ``small``, made after its config (the limit of 120 is read when the store is
    made: the shared ``store`` fixture could be made first and keep the default limit)."""
    return MemoryStore(resolve_home(small))


def _tree(home: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock") and "backups" not in p.parts
    }


def _agent_approves(home: Path, sid: str) -> dict:
    """What 0.19.0's own approval does with the staged record ``sid`` in ``home``."""
    script = (
        "import json, sys\n"
        "from tools.memory_tool import load_on_disk_store, apply_memory_pending\n"
        "from tools import write_approval as wa\n"
        "rec = wa.get_pending('memory', sys.argv[1])\n"
        "print(json.dumps(apply_memory_pending(rec['payload'], load_on_disk_store())))\n"
    )
    proc = subprocess.run(
        [str(AGENT), "-c", script, sid],
        env=dict(os.environ, HERMES_HOME=str(home)),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=home,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_each_operation_gets_its_own_verdict_and_word_diff(small_store, small):
    staged = pending.read_one(stage(small, "a0000001", batch(FIVE)))
    shown = pending.preview_parts(small_store, staged)
    verdicts = [p.verdict for p in shown.parts]
    assert verdicts == ["applies", "stale", "applies", "over_limit", "over_limit"]
    assert shown.parts[0].diff == "Tests need Postgres [-16-]{+17+}."
    assert shown.parts[4].diff == "Deploy with make [-ship-]{+deploy+}."
    assert "Jenkins" in shown.parts[1].reason
    assert "of 120 characters" in shown.parts[3].reason
    assert shown.keep == (1, 3, 4, 5) and shown.left == (2,) and shown.over_by == 32
    assert shown.refusal is not None and "Over by 32" in (shown.refusal.hint or "")
    # Without the long add, the rest fits: none is over the limit any more.
    fits = pending.preview_parts(small_store, staged, keep=[1, 3, 5])
    assert fits.refusal is None and [p.verdict for p in fits.parts][4] == "applies"


def test_ambiguous_and_changed_pin_are_named(small_store, home, write_mem):
    write_mem("memory", serialise(["redis on 6380", "redis cache off", CI]))
    ops = [
        {"action": "remove", "old_text": "redis"},
        {"action": "replace", "old_text": CI, "matched_entry": "CI runs on Jenkins.", "content": "CI: GitHub."},
    ]
    shown = pending.preview_parts(small_store, pending.read_one(stage(home, "a0000002", batch(ops))))
    assert [p.verdict for p in shown.parts] == ["ambiguous", "pin_changed"]
    assert not shown.keep


@needs_agent
def test_only_1_3_approves_them_as_one_write_and_leaves_the_rest_for_the_agent(small_store, small, tmp_path):
    stage(small, "a0000003", batch(FIVE[:4]))  # 0.19.0 has no patch: the fifth is upstream main's
    decision = pending.approve_parts(small_store, "a0000003", keep=[1, 3])
    assert decision.ok, decision.message
    assert (small / "memories" / "MEMORY.md").read_text() == serialise(
        ["Tests need Postgres 17.", CI, SHIP, "Lint with ruff."]
    )
    left = json.loads((small / "pending" / "memory" / "a0000003.json").read_text())
    assert left["id"] == "a0000003" and left["payload"]["operations"] == [FIVE[1], FIVE[3]]
    journal = [json.loads(x) for x in (small / "memories" / ".hermes-dash-journal.jsonl").read_text().splitlines()]
    assert journal[-1]["staged_id"] == "a0000003"
    assert journal[-1]["staged_parts"] == "operations 1, 3 of 4 approved; 2, 4 left staged"
    # The agent reads what is left and refuses it as it refuses any batch with a stale operation.
    twin = tmp_path / "twin"
    shutil.copytree(small, twin)
    assert "Jenkins" in _agent_approves(twin, "a0000003")["error"]
    # Dropped in turn, the stale one goes; what is left then is the agent's to approve.
    assert pending.approve_parts(small_store, "a0000003", keep=[], drop=[1]).ok
    again = tmp_path / "again"
    shutil.copytree(small, again)
    result = _agent_approves(again, "a0000003")
    ours = pending.approve_parts(small_store, "a0000003", keep=[1])
    assert result["success"] is False and not ours.ok  # 60 more characters pass 120, for both
    assert "120" in result["error"] and "120" in ours.message


@needs_agent
def test_what_is_left_after_dropping_the_stale_one_is_approved_by_the_agent_as_by_us(small_store, small, tmp_path):
    ops = [FIVE[0], FIVE[1], FIVE[2]]
    stage(small, "a0000004", batch(ops))
    assert pending.approve_parts(small_store, "a0000004", keep=[], drop=[2]).ok
    assert [
        o["action"] for o in json.loads((small / "pending/memory/a0000004.json").read_text())["payload"]["operations"]
    ] == ["replace", "add"]
    twin = tmp_path / "twin"
    shutil.copytree(small, twin)
    assert _agent_approves(twin, "a0000004")["success"] is True
    assert pending.approve_parts(small_store, "a0000004").ok
    assert not (small / "pending/memory/a0000004.json").exists()  # every operation decided: the file goes
    assert (small / "memories/MEMORY.md").read_bytes() == (twin / "memories/MEMORY.md").read_bytes()


def test_drop_alone_approves_the_others_and_the_file_goes(small_store, small):
    stage(small, "a0000005", batch([FIVE[0], FIVE[1], FIVE[2]]))
    decision = pending.approve_parts(small_store, "a0000005", drop=[2])
    assert decision.ok and "2 dropped" in decision.message
    assert not (small / "pending/memory/a0000005.json").exists()


def test_a_refused_approval_leaves_every_file_byte_identical(small_store, small):
    stage(small, "a0000006", batch(FIVE))
    before = _tree(small)
    assert not pending.approve_parts(small_store, "a0000006", keep=[1, 3, 4, 5]).ok  # over budget
    assert not pending.approve_parts(small_store, "a0000006", keep=[2]).ok  # stale
    assert not pending.approve_parts(small_store, "a0000006", keep=[1], removals=[PG]).ok  # touched by the batch
    assert not pending.approve_parts(small_store, "a0000006", keep=[9]).ok
    assert _tree(small) == before


@needs_agent
def test_over_budget_fitted_with_removals_the_person_picks_as_one_write(small_store, small, tmp_path):
    stage(small, "a0000007", batch([FIVE[0], FIVE[3]]))
    twin = tmp_path / "twin"
    shutil.copytree(small, twin)
    assert _agent_approves(twin, "a0000007")["success"] is False  # refused whole by the agent too
    shown = pending.preview_parts(small_store, pending.well_formed(small_store, "a0000007"))
    assert shown.over_by == 12 and shown.touched == {PG}
    picks = [c.entry for c in pending.fit_candidates(small_store, shown)]
    assert picks == [CI, SHIP]  # Cleanup's ranking (here: by length), without the entry the batch touches
    decision = pending.approve_parts(small_store, "a0000007", removals=[CI])
    assert decision.ok, decision.message
    assert (small / "memories/MEMORY.md").read_text() == serialise(["Tests need Postgres 17.", SHIP, "x" * 60])
    journal = (small / "memories/.hermes-dash-journal.jsonl").read_text().splitlines()
    assert len(journal) == 1  # one write


def _long_add(chars: int) -> dict:
    text = ("Release checklist: " + "run the tests, tag the build, deploy, watch the logs; " * (chars // 50))[
        : chars - 1
    ] + "."
    return {"action": "add", "content": text}


def test_a_file_too_small_for_cleanup_to_plan_still_gets_its_entries_offered(home, write_mem):
    """A MEMORY.md at 1% of its limit or less is below anything Cleanup plans for, yet a long
    staged add can push it over the limit: its entries are still offered to make room, ranked
    on Cleanup's evidence (the superseded port, the entry USER.md says too, then the rest)."""
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 10000\n", encoding="utf-8")
    name = "The user's name is Sam."
    entries = ["Uses vim.", "Tests use port 5432.", "Tests now use port 5433.", name]
    write_mem("memory", serialise(entries))  # 85 characters: 0.85% of the limit
    write_mem("user", serialise([name, "Works remotely."]))
    store = MemoryStore(resolve_home(home))
    stage(home, "a0000011", batch([_long_add(9922)]))
    shown = pending.preview_parts(store, pending.well_formed(store, "a0000011"))
    assert shown.over_by == 10
    ranked = pending.fit_candidates(store, shown)
    assert [(c.entry, c.evidence) for c in ranked] == [
        ("Tests use port 5432.", "superseded"),
        (name, "duplicate"),
        ("Uses vim.", "no evidence"),
        ("Tests now use port 5433.", "newer value"),
    ]
    decision = pending.approve_parts(store, "a0000011", removals=["Uses vim."])
    assert decision.ok, decision.message
    assert (home / "memories/MEMORY.md").read_text() == serialise([*entries[1:], _long_add(9922)["content"]])


def test_a_file_written_by_hand_gets_no_entry_offered_to_make_room(home, write_mem):
    """Headings and bullets with no §: the agent sees one entry, which Cleanup will not plan for
    until the file is normalised; fitting offers nothing there either."""
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 1000\n", encoding="utf-8")
    write_mem("memory", "# Tools\n\n- Uses vim.\n- Lint with ruff.\n\n# Tests\n\n- Postgres 16.\n")
    store = MemoryStore(resolve_home(home))
    stage(home, "a0000013", batch([_long_add(990)]))
    shown = pending.preview_parts(store, pending.well_formed(store, "a0000013"))
    assert shown.over_by > 0 and len(shown.before) == 1
    assert pending.fit_candidates(store, shown) == []


def test_fitting_leaves_to_cleanup_an_entry_its_plan_would_shorten(home, write_mem):
    """Cleanup plans a file over 1% of its limit; an entry its plan words shorter is not offered."""
    wordy = "Please note that it is important to remember that the tests need Postgres."
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 4650\n", encoding="utf-8")
    write_mem("memory", serialise([wordy, "Lint with ruff."]))  # 93 characters: 2% of the limit
    store = MemoryStore(resolve_home(home))
    stage(home, "a0000012", batch([_long_add(4600)]))
    shown = pending.preview_parts(store, pending.well_formed(store, "a0000012"))
    assert shown.over_by > 0
    assert [c.entry for c in pending.fit_candidates(store, shown)] == ["Lint with ruff."]


@needs_agent
def test_approve_all_names_every_failure_and_the_agent_refuses_the_same_ones(small_store, small, tmp_path):
    stage(small, "b0000001", batch([{"action": "remove", "old_text": "Jenkins"}]), age=50)
    stage(small, "b0000002", batch([{"action": "add", "content": "y" * 90}]), age=40)
    stage(small, "b0000003", batch([{"action": "add", "content": "Lint with ruff."}]), age=30)
    (small / "pending/memory/b0000004.json").write_text("{not json", encoding="utf-8")
    stage(
        small, "b0000005", batch([{"action": "replace", "old_text": "Lint", "content": "Lint with ruff 0.6."}]), age=20
    )
    twin = tmp_path / "twin"
    shutil.copytree(small, twin)
    decisions = {d.id: d for d in pending.approve_all(small_store)}
    assert {i: d.ok for i, d in decisions.items()} == {
        "b0000001": False,
        "b0000002": False,
        "b0000003": True,
        "b0000005": True,  # applies once b0000003, before it, is approved
        "b0000004": False,
    }
    assert decisions["b0000001"].kind == "stale" and "stale" in decisions["b0000001"].message
    assert decisions["b0000002"].kind == "over_limit" and "over budget" in decisions["b0000002"].message
    assert decisions["b0000004"].kind == "malformed"
    for sid in ("b0000001", "b0000002"):
        assert _agent_approves(twin, sid)["success"] is False
    lines = (small / "memories/.hermes-dash-journal.jsonl").read_text().splitlines()
    assert [json.loads(x)["staged_id"] for x in lines] == ["b0000003", "b0000005"]  # each its own write


@needs_agent
def test_an_operation_with_no_action_is_listed_and_can_be_re_aimed_or_dropped(small_store, small, tmp_path):
    ops = [
        {"action": None, "old_text": "Postgres", "content": "Tests need Postgres 17."},
        {"content": "Lint with ruff."},
    ]
    stage(small, "c0000001", batch(ops))
    staged = pending.well_formed(small_store, "c0000001")
    assert staged.ok and [p.verdict for p in pending.preview_parts(small_store, staged).parts] == [
        "no_action",
        "no_action",
    ]
    twin = tmp_path / "twin"
    shutil.copytree(small, twin)
    assert _agent_approves(twin, "c0000001")["success"] is False  # the agent refuses it whole
    decision = pending.approve_parts(small_store, "c0000001", keep=[1], drop=[2], aims={1: PG})
    assert decision.ok, decision.message
    assert (small / "memories/MEMORY.md").read_text() == serialise(["Tests need Postgres 17.", CI, SHIP])
    assert not (small / "pending/memory/c0000001.json").exists()


def test_a_disposition_a_newer_release_stores_is_read(small_store, small):
    stage(small, "c0000002", batch([FIVE[2]]), needs_review=True)
    stage(small, "c0000003", batch([FIVE[2]]), disposition="needs_review: limit")
    assert pending.well_formed(small_store, "c0000002").disposition == "needs_review"
    assert pending.well_formed(small_store, "c0000003").disposition == "needs_review: limit"


def test_a_pattern_patch_with_old_text_is_malformed_not_applied_literally(small_store, small):
    path = stage(
        small,
        "c0000004",
        batch([{"action": "patch", "pattern": "make \\w+", "old_text": "make ship", "new_text": "x"}]),
    )
    staged = pending.read_one(path)
    assert not staged.ok and "#45777" in (staged.problem or "")
    before = _tree(small)
    assert not pending.approve(small_store, ["c0000004"])[0].ok and _tree(small) == before


# -- the command line ------------------------------------------------------------------------------


def test_cli_lists_each_operation_and_approves_some(small):
    stage(small, "d0000001", batch(FIVE))
    code, out, _ = run(small, "pending", "list", "d0000001", json_out=False)
    assert code == 0, out
    assert "1. replace: applies" in out and "Postgres [-16-]{+17+}" in out
    assert "2. remove: stale" in out and "4. add: over the limit" in out
    code, data, _ = run(small, "pending", "list", "d0000001")
    assert [o["verdict"] for o in data["operations"]] == ["applies", "stale", "applies", "over_limit", "over_limit"]
    code, data, _ = run(small, "pending", "approve", "d0000001", "--only", "1,3", "--drop", "2")
    assert code == 0 and data["success"], data
    left = json.loads((small / "pending/memory/d0000001.json").read_text())
    assert left["payload"]["operations"] == [FIVE[3], FIVE[4]]
    code, data, _ = run(small, "pending", "approve", "d0000001", "--only", "2", "--remove", "GitHub")
    assert code == 0, data
    assert "GitHub" not in (small / "memories/MEMORY.md").read_text()


def test_cli_approve_all_prints_each_failure_with_its_reason(small):
    stage(small, "d0000002", batch([{"action": "remove", "old_text": "Jenkins"}]), age=50)
    stage(small, "d0000003", batch([{"action": "add", "content": "Lint with ruff."}]), age=40)
    code, out, err = run(small, "pending", "approve", "--all", json_out=False)
    assert code == 1
    assert "Approved 1 of 2" in err and "d0000002, stale" in err and "Jenkins" in err


def test_cli_fits_a_single_add_over_the_limit_with_a_removal_picked(small):
    folder = small / "pending" / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    doc = {"id": "d0000004", "action": "add", "created_at": 1, "payload": {"action": "add", "content": "y" * 60}}
    (folder / "d0000004.json").write_text(json.dumps(doc), encoding="utf-8")
    before = _tree(small)
    code, data, _ = run(small, "pending", "approve", "d0000004")
    assert code == 1 and _tree(small) == before  # over the limit alone
    code, data, _ = run(small, "pending", "approve", "d0000004", "--remove", "GitHub")
    assert code == 0, data
    assert (small / "memories/MEMORY.md").read_text() == serialise([PG, SHIP, "y" * 60])
    assert not (folder / "d0000004.json").exists()


def test_cli_list_shows_a_stored_disposition(small):
    stage(small, "d0000005", batch([FIVE[2]]), needs_review=True)
    code, out, _ = run(small, "pending", "list", json_out=False)
    assert code == 0 and "the agent marked it: needs_review" in out


def test_a_pin_broken_after_the_preview_refuses_and_puts_the_record_back_byte_for_byte(small_store, small):
    path = stage(small, "a0000008", batch(FIVE[:3]))
    shown = pending.preview_parts(small_store, pending.read_one(path), keep=[1])
    raw = path.read_bytes()
    (small / "memories/MEMORY.md").write_text(serialise(["Tests need Postgres 16 and Redis.", CI, SHIP]))
    before = _tree(small)
    decision = pending.approve_parts(small_store, "a0000008", keep=[1], shown=shown.operation)
    assert not decision.ok and decision.refusal is not None and decision.refusal.code == "entry_changed"
    assert path.read_bytes() == raw and _tree(small) == before
