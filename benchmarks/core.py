"""What every section shares: figures, plans, alternated timing, temporary homes, synced writes."""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hermes_dash.engine.rules.format import DELIMITER, serialise

REPO = Path(__file__).resolve().parent.parent
DAY_ZERO = "20260101"  # pre-made backups are dated before any real run, so retention prunes them first


@dataclass(frozen=True)
class Figure:
    """One measured figure, with the goal set for it (if any)."""

    name: str
    value: float
    unit: str
    baseline: float | None = None
    goal: float | None = None  # the figure should be at most this
    detail: str = ""
    must: bool = True  # a side condition of the goal (for example "no megabyte in one cell")

    @property
    def verdict(self) -> str:
        if self.goal is None:
            return ""
        return "met" if self.value <= self.goal and self.must else "MISSED"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "value": self.value, "unit": self.unit}
        if self.baseline is not None:
            out["baseline"] = self.baseline
        return out


@dataclass(frozen=True)
class Plan:
    """How many repetitions each section makes (``--quick`` scales them down)."""

    op_rounds: int = 300
    cli_rounds: int = 40
    concurrent_ops: int = 60  # per process; nine processes
    crash_trials: int = 400
    page_rounds: int = 40
    browser_rounds: int = 8
    suggest_rounds: int = 7
    quick: bool = False


FULL = Plan()
QUICK = Plan(
    op_rounds=30,
    cli_rounds=10,
    concurrent_ops=10,
    crash_trials=40,
    page_rounds=6,
    browser_rounds=2,
    suggest_rounds=2,
    quick=True,
)


# -- helpers ------------------------------------------------------------------------------------


def median_ms(samples: list[int]) -> float:
    return statistics.median(samples) / 1e6


def interleaved(
    rounds: int, baseline: Callable[[int], int], subject: Callable[[int], int], warmup: int = 2
) -> tuple[list[int], list[int]]:
    """Run both sides ``rounds`` times in ABBA order; each callable returns its own ns timing."""
    base, subj = [], []
    for i in range(-warmup, rounds):
        pair = [(base, baseline), (subj, subject)]
        if i % 2:
            pair.reverse()
        for samples, run in pair:
            value = run(i)
            if i >= 0:
                samples.append(value)
    return base, subj


def ratio_figures(name: str, base: list[int], subj: list[int], goal: float | None, what: str) -> Figure:
    b, s = median_ms(base), median_ms(subj)
    # Each round's own ratio as a cross-check: it cancels load that drifts between rounds.
    paired = statistics.median(x / y for x, y in zip(subj, base))
    return Figure(
        name,
        round(s / b, 3),
        "x",
        round(b, 3),
        goal,
        f"{what}: {s:.2f} ms vs baseline {b:.2f} ms (median of {len(subj)}; median of per-round ratios {paired:.2f})",
    )


def entries_of_size(total: int, tag: str) -> list[str]:
    """Realistic-looking entries whose serialised text is exactly ``total`` characters."""
    facts = [
        "Project repo lives at ~/src/atlas; run `make test` before every push, CI is slow on Mondays.",
        "The staging database is Postgres 15 on db-stage.internal:5432; migrations go through alembic.",
        "User prefers short answers, British spelling, and code blocks without line numbers.",
        "Deploys happen from the release branch only; tag as vYYYY.MM.N and let the pipeline publish.",
        "The laptop runs Debian 12 with zsh; Homebrew is not available, use apt or pipx instead.",
        "Docs are written in reStructuredText and built with Sphinx 7; `make html` in docs/ builds them.",
        "Timezone is Europe/Lisbon; meetings before 10:00 local time are to be avoided if possible.",
        "The API client retries 3 times with exponential backoff; never lower this below 2 retries.",
        "Code review wants small PRs (< 400 lines) and a linked issue in the description.",
        "Python 3.11 everywhere; type hints required, mypy in strict mode on the core package.",
        'Logs are shipped to Loki; query with {app="atlas"} and keep dashboards in grafana/ folder.',
        "The user's name is Sam; they maintain the CLI and the packaging, not the web frontend.",
    ]
    entries = [f"[{tag}] {facts[0]}"]
    k = 1
    while len(serialise(entries)) + len(DELIMITER) + len(facts[k % len(facts)]) + 5 < total - 40:
        entries.append(f"({k:02d}) {facts[k % len(facts)]}")
        k += 1
    pad = total - len(serialise(entries)) - len(DELIMITER)
    filler = "Filler note to reach the size: " + "lorem ipsum dolor sit amet " * 20
    entries.append(filler[:pad].strip().ljust(pad, "x"))
    text = serialise(entries)
    assert len(text) == total, (len(text), total)
    return entries


CONFIG = (
    "model: anthropic/claude-sonnet-4\nmemory:\n  memory_enabled: true\n  user_profile_enabled: true\n"
    "  memory_char_limit: {memory}\n  user_char_limit: {user}\n"
)


def make_home(root: Path, memory: str = "", user: str = "", memory_limit: int = 2200, user_limit: int = 1375) -> Path:
    """A Hermes home with a config.yaml (real homes have one) and the two files (an empty text: none)."""
    from tests.support.homes import make_home as build

    config = CONFIG.format(memory=memory_limit, user=user_limit)
    return build(root, memory=memory or None, user=user or None, config=config)


def premade_backups(folder: Path, filename: str, count: int, data: bytes) -> None:
    """``count`` old dated backups, as a folder that has been in use for a while holds."""
    for n in range(count):
        path = folder / f"{filename}.bak.{DAY_ZERO}-{n // 3600:02d}{n // 60 % 60:02d}{n % 60:02d}"
        path.write_bytes(data)


@contextlib.contextmanager
def temp_root(prefix: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix=f"hermes-bench-{prefix}-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_synced(path: Path, data: bytes, flags: int = os.O_WRONLY | os.O_CREAT | os.O_TRUNC) -> None:
    fd = os.open(path, flags, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


# -- 1. one engine operation against the file-system floor -----------------------------------------


def as_the_agent_writes(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as the agent's memory tool does (temp file, fsync, rename), then
    fsync the folder, outside the timing: each round starts from a file at rest on disk, as a real
    write finds it (the agent wrote it seconds or days before, and the file system has long since
    committed the rename). Without the folder fsync, the first fsync inside the timed part would
    pay for committing this set-up's rename, on either side."""
    tmp = path.with_name(f".mem_setup_{os.getpid()}.tmp")
    write_synced(tmp, data)
    os.replace(tmp, path)
    fsync_dir(path.parent)
