"""The refusals' one family: what a refusal carries and how it reads (to people, to --json)."""

from __future__ import annotations

import pytest

from hermes_dash.engine.rules import errors
from hermes_dash.engine.rules.errors import EntryChanged, FileProblem, NoMatch, OverLimit, Refusal


def test_a_refusal_keeps_its_message_hint_target_and_details() -> None:
    r = OverLimit("Too long.", hint="Shorten it.", target="memory", limit=10, current=None)
    assert (r.message, r.hint, r.target, r.details) == (
        "Too long.",
        "Shorten it.",
        "memory",
        {"limit": 10, "current": None},
    )
    assert r.args == ("Too long.",)  # the message alone, as an exception's own text
    assert str(r) == "Too long. Shorten it."


def test_a_refusal_without_a_hint_reads_as_its_message_alone() -> None:
    r = Refusal("Nothing to do.")
    assert (r.hint, r.target, r.details) == ("", None, {})
    assert str(r) == "Nothing to do."
    assert r.to_dict() == {"code": "refused", "error": "Nothing to do."}


def test_the_json_of_a_refusal_has_its_code_hint_and_the_details_that_are_set() -> None:
    r = FileProblem("Cannot read.", hint="Check it.", target="user", errno=13, path=None)
    assert r.to_dict() == {"code": "file", "error": "Cannot read.", "hint": "Check it.", "errno": 13}


def test_an_entry_changed_refusal_keeps_current_null_as_the_answer_gone() -> None:
    gone = EntryChanged("Changed.", expected="old", current=None)
    assert gone.to_dict() == {"code": "entry_changed", "error": "Changed.", "expected": "old", "current": None}
    now = EntryChanged("Changed.", hint="Look again.", expected="old", current="new")
    assert now.to_dict() == {
        "code": "entry_changed",
        "error": "Changed.",
        "hint": "Look again.",
        "expected": "old",
        "current": "new",
    }
    assert isinstance(gone, NoMatch)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("InvalidRequest", "invalid"),
        ("OverLimit", "over_limit"),
        ("NoMatch", "no_match"),
        ("AmbiguousMatch", "ambiguous"),
        ("ContentBlocked", "blocked"),
        ("DriftDetected", "drift"),
        ("FileProblem", "file"),
        ("EntryChanged", "entry_changed"),
        ("FileChanged", "file_changed"),
    ],
)
def test_each_kind_of_refusal_has_its_stable_code(name: str, code: str) -> None:
    kind = getattr(errors, name)
    assert issubclass(kind, Refusal) and kind.code == code
    assert kind("x").to_dict()["code"] == code
