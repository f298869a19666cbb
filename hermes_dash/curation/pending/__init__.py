"""The pending-write inbox: the agent's staged writes (docs/pending.md).

With ``memory.write_approval`` on, the agent stages each write as
``<home>/pending/memory/<8 hex>.json`` instead of applying it (newer agents also stage a
background review's replace and remove proposals with approval off). Here they are listed (a
malformed file is listed as malformed, with the reason, and never raises), triaged (what can no
longer apply, what repeats another staged write, what the file already says), previewed (the
file after approval, computed with the same pure rules the store uses), edited (the same write
with other text, previewed and approved the same way), approved (applied through the store; the
staged file is deleted only after that succeeded) or rejected (the staged file deleted).

Every shape the agents write is read: the released 0.19.0 record (``payload`` of add /
replace / remove / batch), and upstream's additions: ``patch`` (``old_text`` replaced by
``new_text`` inside the entry: exactly one span under 0.22's rules, see :mod:`.replay`),
``new_text`` as another name for ``content``,
``matched_entry`` pins (on a single write and on each operation of a batch), ``origin:
background_review``. A ``patch`` is applied as what it amounts to: a replace of the whole entry
by its patched text, pinned to that entry, so the store refuses it if the entry changed.

Only plain files named ``<8 hex>.json`` directly in that folder are touched: ids are
validated, symlinks are never followed.

One concern per module:

==============  =================================================================================
``model``       a staged write, its preview, the triage's marks, a decision, as plain data
``reading``     every shape the agents write; a malformed file listed with the reason
``lowering``    a patch as the pinned replace it amounts to; pinned operations against the file now
``replay``      what the home's agent refuses to replay from a record (0.22: no target, no pin)
``words``       a patch shown word by word inside its entry
``previews``    the file after approval (or why it would be refused), edits previewed alike
``triage``      stale, repeated and no-change writes marked; the orders the Inbox offers
``decisions``   approve (through the store) and reject, one decision at a time
``parts``       a batch operation by operation: each one's verdict, the kept ones as one write
``fitting``     over budget: Cleanup's ranked removal candidates the write does not touch
``partial``     some operations approved, the rest written back; approve every one that applies
==============  =================================================================================

Callers use this package's names (``from hermes_dash.curation import pending``), not its modules.
"""

from __future__ import annotations

from .decisions import approve, reject
from .fitting import fit_candidates
from .lowering import agent_actions, lower, patch_rule, pin_states, span_patch
from .model import (
    ACTIONS,
    AIMED,
    MARK_LABELS,
    MARKS,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PARTS,
    ORIGIN_LABELS,
    PART_ACTIONS,
    SORTS,
    Decision,
    PinState,
    Preview,
    Staged,
    Triaged,
)
from .partial import FAILURE_WORDS, approve_all, approve_parts, well_formed
from .parts import KEEPABLE, VERDICT_LABELS, VERDICTS, PartsPreview, PartVerdict, aimed, kind_of, preview_parts
from .previews import preview, preview_edit
from .reading import MAX_READ_BYTES, MAX_READ_FILES, NotRead, list_pending, not_read, read_one
from .triage import marked, sort_items, triage
from .words import word_diff

__all__ = [
    "FAILURE_WORDS",
    "KEEPABLE",
    "VERDICTS",
    "VERDICT_LABELS",
    "PartVerdict",
    "PartsPreview",
    "aimed",
    "fit_candidates",
    "approve_all",
    "approve_parts",
    "kind_of",
    "preview_parts",
    "well_formed",
    "ACTIONS",
    "AIMED",
    "MARKS",
    "MARK_LABELS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_PARTS",
    "ORIGIN_LABELS",
    "PART_ACTIONS",
    "SORTS",
    "Decision",
    "PinState",
    "Preview",
    "Staged",
    "Triaged",
    "approve",
    "list_pending",
    "agent_actions",
    "MAX_READ_BYTES",
    "MAX_READ_FILES",
    "NotRead",
    "not_read",
    "lower",
    "patch_rule",
    "span_patch",
    "marked",
    "pin_states",
    "preview",
    "preview_edit",
    "read_one",
    "reject",
    "sort_items",
    "triage",
    "word_diff",
]
