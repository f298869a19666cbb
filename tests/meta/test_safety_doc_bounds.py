"""docs/safety.md states the work and memory bounds of round four with the code's own numbers:
the entry and word diffs' steps, the secret scan's characters per text, the git reader's
address space, and the staged files read at once."""

from __future__ import annotations

from repo import ROOT

from hermes_dash.curation import gitread, history, secrets
from hermes_dash.curation.pending import reading
from hermes_dash.engine.views import diff

DOC = " ".join((ROOT / "docs" / "safety.md").read_text(encoding="utf-8").split())


def test_every_work_and_memory_bound_is_stated_with_its_number() -> None:
    numbers = {
        "diff steps": f"at most {diff.DIFF_STEPS:,} steps for a diff of two files",
        "pairing by place": f"then {diff.PLACE_STEPS:,} for pairing by place",
        "word diff steps": f"and {diff.WORD_STEPS:,} for a word diff",
        "word diffs of a listing": f"share {diff.LISTING_WORD_STEPS:,} steps for the listing",
        "entry diffs of a listing": f"share {diff.LISTING_DIFF_STEPS:,} steps for the listing's entry diffs",
        "characters scanned for secrets": f"up to its first {secrets.MAX_CHARS:,} characters",
        "the mark of text not scanned": "[NOT SCANNED: N more characters left out]",
        "time per text": f"scanned for at most {secrets.SCAN_SECONDS:g} s",
        "the finding past it": f'"{secrets.NOT_SCANNED}"',
        "time per command": f"scans for at most {secrets.COMMAND_SCAN_SECONDS:g} s in all",
        "git reader memory": f"limited to {gitread.GIT_MEMORY_BYTES >> 20} MiB (`RLIMIT_AS`",
        "git reader message": f"needs more than {gitread.GIT_MEMORY_BYTES >> 20} MiB of memory",
        "history versions read": f"at most the newest {history.MAX_VERSIONS} backups of a file, and at most "
        f"{history.MAX_VERSION_BYTES >> 20} MiB of them together",
        "staged files read": f"at most {reading.MAX_READ_FILES} staged files and {reading.MAX_READ_BYTES:,} bytes",
    }
    missing = {what: text for what, text in numbers.items() if text not in DOC}
    assert not missing, missing
    assert secrets.redact("x" * (secrets.MAX_CHARS + 5))[0].endswith("[NOT SCANNED: 5 more characters left out]")
