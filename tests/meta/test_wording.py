"""Wording: counts agree with their nouns, and messages say what is true.

Messages are built in many places; these tests hold them to one plural helper and check the
outputs a person reads (CLI text, engine messages), each of which read "1 entries", "step(s)"
or "Rejectd" before.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from cli_support import run
from repo import ROOT

from hermes_dash.curation import pending as _pending
from hermes_dash.engine.views import humanize as _humanize
from hermes_dash.engine.views.humanize import NEXT_SESSION

# The agent's own words, reproduced byte for byte: the rendered prompt's placeholder, the demo's tool replies.
AGENT_WORDING = {"hermes_dash/engine/views/render.py", "hermes_dash/demo/sessions.py"}


def test_count_and_past_tense() -> None:
    assert _humanize.n_of(1, "step") == "1 step"
    assert _humanize.n_of(3, "step") == "3 steps"
    assert _humanize.n_of(0, "merge") == "0 merges"
    assert _humanize.n_of(2, "entry", "entries") == "2 entries"
    assert _humanize.n_entries(1) == "1 entry" and _humanize.n_entries(1200) == "1,200 entries"
    assert _humanize.past_of("reject") == "rejected" and _humanize.past_of("approve") == "approved"


def _strings(path: Path) -> list[tuple[int, str]]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [(t.start[0], t.string) for t in tokens if t.type == tokenize.STRING and not t.string.startswith('"""')]


def test_no_message_falls_back_on_parenthesised_plurals_or_counts_without_agreement() -> None:
    sources = [p for d in ("hermes_dash",) for p in (ROOT / d).rglob("*.py")] + [ROOT / "app.py"]
    bad = []
    for path in sources:
        rel = path.relative_to(ROOT).as_posix()
        if rel in AGENT_WORDING or not path.exists():
            continue
        for line, text in _strings(path):
            if (
                re.search(r"[a-z]\(s\)", text)
                or re.search(r"\{len\([^{}]*\)[^{}]*\} entries", text)
                or re.search(r"\{verb\}d\b", text)
            ):
                bad.append(f"{rel}:{line}: {text}")
    assert not bad, "use n_of, n_entries, past_of (from hermes_dash):\n" + "\n".join(bad)


def test_history_and_export_say_one_entry(home, store) -> None:
    store.add("memory", "Only fact")
    store.add("memory", "Second fact")
    store.remove("memory", "Second fact")
    code, text, _ = run(home, "history", "memory", json_out=False)
    assert code == 0 and " 1 entry " in text and "1 entries" not in text and "version(s)" not in text
    code, text, _ = run(home, "export", "--format", "markdown", json_out=False)
    assert code == 0 and "1 entry)" in text and "1 entries" not in text


def test_add_says_the_running_session_does_not_see_it(home) -> None:
    code, text, _ = run(home, "add", "memory", "A fact", json_out=False)
    assert code == 0 and NEXT_SESSION in text
    assert "does not see" in NEXT_SESSION and "next session will" in NEXT_SESSION
    assert "sees this from its next session" not in text


def test_show_on_a_missing_home_says_so_and_an_empty_home_is_fine(tmp_path, home) -> None:
    missing = tmp_path / "no-such-home"
    code, out, _ = run(missing, "show")
    assert code == 1 and out["success"] is False
    assert "does not exist" in out["error"] and str(missing) in out["error"]
    code, text, err = run(missing, "show", json_out=False)
    assert code == 1 and "does not exist" in text + err and "Traceback" not in err
    assert not missing.exists()
    code, out, _ = run(home, "show")  # present but empty: nothing wrong
    assert code == 0 and out["success"] is True


def test_reject_failure_names_the_id_like_approve(store) -> None:
    (decision,) = _pending.reject(store, ["0badf00d"])
    assert not decision.ok and decision.message.startswith("Not rejected (0badf00d): ")
    (decision,) = _pending.approve(store, ["0badf00d"])
    assert decision.message.startswith("Not approved (0badf00d): ")
