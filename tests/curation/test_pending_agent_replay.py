"""Staged records as the home's agent replays them (docs/pending.md#the-agents-own-rules).

Every record here is staged by hermes-agent 0.22's own ``memory_tool()`` (write approval on, in
its own venv), or is such a record with one field taken out. Each test approves it twice, on two
copies of the same home: with the agent's own ``apply_memory_pending`` and with hermes-dash under
the rules of that agent, and compares the memory files byte for byte and whether each applied it.
On the code before this change hermes-dash gave ``condog dog`` for the agent's ``concat dog``.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from agent_venvs import agent_venv

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import pending as _pending
from hermes_dash.engine import agents

DRIVER = Path(__file__).parent.parent / "support" / "agent_pending_driver.py"


def _rules() -> agents.AgentRules:
    """The 0.22 row (until the version table has one, main's rules named 0.22.2: both replay pinned)."""
    row = agents.rules_for("0.22.2")
    return row if row.version == "0.22.2" else dataclasses.replace(agents.rules_for("main"), version="0.22.2")


@pytest.fixture(autouse=True)
def _agent_022():
    agent_venv("0.22.2")
    with agents.following(_rules()):
        yield


def _drive(verb: str, home: Path, arg: str) -> dict:
    done = subprocess.run(
        [str(agent_venv("0.22.2") / "bin" / "python"), str(DRIVER), verb, str(home), arg],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _home(root: Path, memory: str) -> Path:
    (root / "memories").mkdir(parents=True)
    (root / "memories" / "MEMORY.md").write_text(memory, encoding="utf-8")
    return root


def _staged_id(home: Path, args: dict) -> str:
    answer = _drive("stage", home, json.dumps(args))
    assert answer.get("staged"), answer
    return str(answer["pending_id"])


def _files(home: Path) -> dict[str, bytes]:
    folder = home / "memories"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name.endswith(".md")}


def _both(tmp_path: Path, home: Path, sid: str) -> tuple[dict, _pending.Decision, Path, Path]:
    """Approve ``sid`` on two copies of ``home``: by the agent, by hermes-dash."""
    by_agent, by_dash = tmp_path / "agent", tmp_path / "dash"
    shutil.copytree(home, by_agent)
    shutil.copytree(home, by_dash)
    agent = _drive("approve", by_agent, sid)
    decision = _pending.approve(MemoryStore(resolve_home(by_dash)), [sid])[0]
    return agent, decision, by_agent, by_dash


def _same(tmp_path: Path, home: Path, sid: str) -> tuple[dict, _pending.Decision, Path]:
    agent, decision, by_agent, by_dash = _both(tmp_path, home, sid)
    assert decision.ok == bool(agent.get("success")), (agent, decision.message)
    assert _files(by_dash) == _files(by_agent)
    staged = f"pending/memory/{sid}.json"
    assert (by_dash / staged).exists() == (by_agent / staged).exists()
    return agent, decision, by_dash


def test_the_agents_staged_patch_edits_one_span_byte_for_byte(tmp_path):
    home = _home(tmp_path / "h", "concat cat\n§\nThe user drinks tea.")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    agent, decision, dash = _same(tmp_path, home, sid)
    assert agent["patched_entry_after"] == "concat dog"
    assert (dash / "memories" / "MEMORY.md").read_text(encoding="utf-8").startswith("concat dog\n§\n")
    assert "one span" in decision.message


@pytest.mark.parametrize(
    "memory,old,new,words",
    [
        ("Port 1000 is the test port.", "00", "11", "appears 2 times in the matched entry"),  # overlapping: 3 '0's
        ("The cat sat on the cat mat.", "cat", "dog", "appears 2 times in the matched entry"),
        ("The user drinks tea.", "tea", "tea", "Patch is a no-op"),
    ],
    ids=["overlapping-span", "repeated-span", "no-op"],
)
def test_a_patch_the_agent_refuses_is_refused_and_nothing_changes(tmp_path, memory, old, new, words):
    home = _home(tmp_path / "h", memory)
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": old, "content": new})
    agent, decision, _ = _same(tmp_path, home, sid)
    assert words in agent["error"] and words in decision.message


def test_a_patch_span_keeps_its_whitespace(tmp_path):
    home = _home(tmp_path / "h", "Tests need Postgres 16 on port 5433.\n§\nThe user drinks green tea.")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": "green tea", "content": "black  coffee"})
    _same(tmp_path, home, sid)


def test_a_batch_with_a_patch_is_replayed_as_the_agent_replays_it(tmp_path):
    home = _home(tmp_path / "h", "concat cat\n§\nThe user drinks tea.")
    ops = [
        {"action": "patch", "old_text": " cat", "content": " dog"},
        {"action": "add", "content": "Deploys go through CI."},
    ]
    sid = _staged_id(home, {"target": "memory", "operations": ops})
    _same(tmp_path, home, sid)


def _rewrite(home: Path, sid: str, change) -> None:
    path = home / "pending" / "memory" / f"{sid}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    change(record["payload"])
    path.write_text(json.dumps(record), encoding="utf-8")


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda p: p.pop("target"), "target"),
        (lambda p: p.pop("matched_entry"), "predates entry pinning"),
        (lambda p: p.update(target=None), "target"),
    ],
    ids=["no-target", "no-pin", "null-target"],
)
def test_records_the_agent_will_not_replay_are_refused(tmp_path, change, words):
    home = _home(tmp_path / "h", "The user drinks tea.\n§\nTests run on CI.")
    sid = _staged_id(home, {"action": "remove", "target": "memory", "old_text": "tea"})
    _rewrite(home, sid, change)
    agent, decision, _ = _same(tmp_path, home, sid)
    assert not agent["success"] and words in agent["error"] and words in decision.message


def test_a_stale_pin_is_refused_by_both(tmp_path):
    home = _home(tmp_path / "h", "concat cat\n§\nThe user drinks tea.")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    (home / "memories" / "MEMORY.md").write_text("concat cat!\n§\nThe user drinks tea.", encoding="utf-8")
    agent, decision, _ = _same(tmp_path, home, sid)
    assert not agent["success"] and decision.refusal is not None and decision.refusal.code == "entry_changed"


def test_a_single_patch_with_new_text_only_is_refused_as_the_agent_refuses_it(tmp_path):
    """0.22 replays a single patch's ``content``; a record carrying only ``new_text`` has no new text."""
    home = _home(tmp_path / "h", "concat cat")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    _rewrite(home, sid, lambda p: p.update(new_text=p.pop("content")))
    agent, decision, _ = _same(tmp_path, home, sid)
    assert "new_text cannot be empty" in agent["error"] and "new_text cannot be empty" in decision.message


def test_the_preview_says_what_approving_will_do(tmp_path):
    home = _home(tmp_path / "h", "concat cat")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    store = MemoryStore(resolve_home(home))
    shown = _pending.preview(store, _pending.read_one(home / "pending" / "memory" / f"{sid}.json"))
    assert shown.refusal is None and shown.after == ("concat dog",)
    _rewrite(home, sid, lambda p: p.pop("matched_entry"))
    shown = _pending.preview(store, _pending.read_one(home / "pending" / "memory" / f"{sid}.json"))
    assert shown.refusal is not None and "predates entry pinning" in shown.refusal.message


def test_an_older_agent_keeps_todays_reading(tmp_path):
    """0.19.0 has no patch; hermes-dash's reading of a patch record stays every occurrence."""
    home = _home(tmp_path / "h", "concat cat")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    with agents.following("0.19.0"):
        assert _pending.approve(MemoryStore(resolve_home(home)), [sid])[0].ok
    assert (home / "memories" / "MEMORY.md").read_text(encoding="utf-8") == "condog dog"


def test_the_022_row_replays_pinned():
    row = agents.rules_for("0.22.2")
    if row.version != "0.22.2":
        pytest.skip("the version table has no 0.22 row yet (the rules engineer's part of issue 42)")
    assert row.pinned_replay and row.strict_config  # its apply_memory_pending, its hermes_yaml config reader
    assert not agents.rules_for("0.20.1").pinned_replay and not agents.rules_for("0.20.1").strict_config


def test_a_patch_ending_in_a_space_leaves_the_entries_the_agent_reads(tmp_path):
    """The one byte difference (docs/pending.md): the agent writes the patched entry with the
    space its new text ends in, which its next read strips; hermes-dash writes the entry as read."""
    home = _home(tmp_path / "h", "concat cat\n§\nThe user drinks tea.")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog "})
    agent, decision, by_agent, by_dash = _both(tmp_path, home, sid)
    assert agent["success"] and decision.ok
    assert (by_agent / "memories" / "MEMORY.md").read_bytes() == "concat dog \n§\nThe user drinks tea.".encode()
    assert (by_dash / "memories" / "MEMORY.md").read_bytes() == "concat dog\n§\nThe user drinks tea.".encode()


def test_pending_approve_on_the_command_line_follows_the_homes_agent(tmp_path):
    """End to end: the home's agent found by detection (the installer's checkout, declaring no
    version: upstream main's rules, which replay pinned), ``hermes-dash pending approve``."""
    from cli_support import run

    home = _home(tmp_path / "h", "concat cat\n§\nThe user drinks tea.")
    sid = _staged_id(home, {"action": "patch", "target": "memory", "old_text": " cat", "content": " dog"})
    (home / "hermes-agent" / ".git").mkdir(parents=True)
    (home / "hermes-agent" / ".git" / "HEAD").write_text("e" * 40 + "\n", encoding="utf-8")
    by_agent = tmp_path / "agent"
    shutil.copytree(home, by_agent)
    assert _drive("approve", by_agent, sid)["success"]
    code, out, err = run(home, "pending", "approve", sid)
    assert code == 0, (out, err)
    assert _files(home) == _files(by_agent)
    assert (home / "memories" / "MEMORY.md").read_text(encoding="utf-8").startswith("concat dog\n")
