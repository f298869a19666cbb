"""The Inbox's question to the agent's own model: does this staged write repeat or contradict an
entry? (docs/cleanup.md#the-agents-model). Advice only: the person still approves or rejects.

The same call as the review (:mod:`.model_review`), with the staged texts beside the file; each
answer must name one staged text and one entry of the file, exactly, or it is dropped and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import TARGETS
from hermes_dash.engine.rules.targets import Target
from hermes_dash.engine.views.humanize import n_of

from .model_call import DEFAULT_TIMEOUT_S, ask, describe
from .model_checks import WHY_CHARS
from .model_review import SCHEMA, Request, parse

STAGED_KINDS = {"duplicate": "repeats", "contradiction": "contradicts"}


@dataclass(frozen=True)
class StagedFinding:
    """A staged text that repeats or contradicts one entry; which the model would keep."""

    kind: str  # "duplicate" | "contradiction"
    staged: str
    entry: str
    keeps_staged: bool | None  # the model keeps the staged text (True), the entry (False), or says not
    why: str

    def sentence(self) -> str:
        keep = {True: "it keeps the staged text", False: "it keeps the entry", None: "it keeps neither"}
        return f"The staged text {STAGED_KINDS[self.kind]} this entry ({keep[self.keeps_staged]})."

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "staged": self.staged,
            "entry": self.entry,
            "keeps_staged": self.keeps_staged,
            "why": self.why,
        }


@dataclass(frozen=True)
class StagedReview:
    provider: str
    model: str
    findings: tuple[StagedFinding, ...]
    not_in_file: int

    @property
    def name(self) -> str:
        return f"{self.provider}/{self.model}"

    def notes(self) -> list[str]:
        n = self.not_in_file
        return [f"{n_of(n, 'finding')} named text not in the file or the write: dropped."] if n else []


def prepare_staged(store: MemoryStore, target: str, texts: Sequence[str]) -> Request:
    """What would be sent (the file and the staged texts) and to whom; no call to the model."""
    target = Target.of(target).key
    files = {t: store.read(t) for t in TARGETS}
    staged = tuple(dict.fromkeys(t.strip() for t in texts if t.strip()))
    return Request(describe(store), (target,), files, 80, staged)


def _check(item: dict[str, object], staged: tuple[str, ...], entries: tuple[str, ...]) -> StagedFinding | None:
    kind = str(item.get("kind") or "")
    named = item.get("entries")
    texts = [t.strip() for t in named if isinstance(t, str)] if isinstance(named, list) else []
    new = next((t for t in texts if t in staged), None)
    old = next((t for t in texts if t in entries and t not in staged), None)
    if kind not in STAGED_KINDS or new is None or old is None or len(texts) != 2:
        return None
    keep = item.get("keep")
    keeps = (
        None if not isinstance(keep, str) else True if keep.strip() == new else False if keep.strip() == old else None
    )
    why = item.get("why")
    return StagedFinding(kind, new, old, keeps, why.strip()[:WHY_CHARS] if isinstance(why, str) else "")


def review_staged(store: MemoryStore, request: Request, timeout: float = DEFAULT_TIMEOUT_S) -> StagedReview:
    """Send the staged texts and the file (the person asked); keep the answers that name both."""
    answer = ask(store, request.target, request.instructions, request.texts(), SCHEMA, timeout)
    entries = store.read(request.targets[0]).entries
    found = [_check(item, request.staged, tuple(entries)) for item in parse(answer.text)]
    kept = tuple(f for f in found if f is not None)
    return StagedReview(answer.provider, answer.model, kept, len(found) - len(kept))
