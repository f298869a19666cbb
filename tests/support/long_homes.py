"""Homes that are long in the ways a person's home gets long, for page-fit tests and the
page-height benchmark: a near-full home (MEMORY.md at 91 % in 16 entries, 8 backups, made by
real writes through the engine) and an Inbox queue of 40 staged writes (the agent's file shape).
"""

from __future__ import annotations

from pathlib import Path

from pending_support import stage

# Sixteen entries of a working developer's memory: about 125 characters each, so the file sits at
# 91 % of the 2,200-character default limit once all are written.
_CHECKED = " Confirmed, Nov 2026."
NEAR_FULL_ENTRIES = tuple(
    entry + _CHECKED
    for entry in (
        "Project: payments-api. Python 3.12, FastAPI, SQLAlchemy 2; run tests with `make test`, never bare pytest.",
        "Redis for the job queue runs on port 6380 locally (6379 is taken by the cache container); URL in .env.",
        "Staging deploys need two approvals in #deploys and a green nightly; production deploys only on Tuesdays.",
        "The user prefers small pull requests, one concern each, with the ticket number first in the title line.",
        "Database migrations live in migrations/versions; generate with alembic revision --autogenerate -m name.",
        "Code style: ruff format and ruff check --fix before every commit; mypy strict on src/payments only.",
        "The invoice PDF service is a separate repo (invoice-renderer); it pins WeasyPrint 61, do not upgrade it.",
        "Feature flags come from LaunchDarkly; the local default file is config/flags.local.json (not committed).",
        "On-call rotation is in PagerDuty team PAY; the runbook index is docs/runbooks/README.md in this repo.",
        "Money is always integer cents with an ISO currency code beside it; never floats, never Decimal in JSON.",
        "The user works from Lisbon (UTC+0 / UTC+1 in summer) and wants times written in 24-hour form always.",
        "Sentry project payments-api; release names are the git short sha; source maps upload in the CI job.",
        "Load tests use k6 scripts in perf/; the baseline is 450 requests/s at p95 under 120 ms on staging.",
        "Secrets come from Vault at secret/payments/<env>; the CLI helper is scripts/vault-env, never .env files.",
        "Webhooks from the bank retry for 72 h with exponential backoff; handlers must be idempotent by event id.",
        "Docs are built with mkdocs-material; `make docs` serves them on port 8001 with live reload enabled.",
    )
)
USER_ENTRIES = (
    "Name: Rita. Senior backend engineer on the payments team; reviews in the morning, writes code after.",
    "Likes terse answers with the command first, then one line of why. Dislikes emoji in commit messages.",
)


def near_full_home(home: Path) -> Path:
    """MEMORY.md at 91 % (16 entries) with 8 dated backups, USER.md with 2 entries: the first 8
    entries are one hand-written file, the other 8 are added one by one through the engine (each
    write keeps a backup first, as every hermes-dash write does)."""
    from hermes_dash import MemoryStore

    memories = home / "memories"
    memories.mkdir(parents=True)
    (memories / "MEMORY.md").write_text("\n§\n".join(NEAR_FULL_ENTRIES[:8]), encoding="utf-8")
    (memories / "USER.md").write_text("\n§\n".join(USER_ENTRIES), encoding="utf-8")
    store = MemoryStore.open(home)
    for entry in NEAR_FULL_ENTRIES[8:]:
        store.add("memory", entry)

    return home


def queue_home(home: Path, writes: int = 40) -> Path:
    """A home whose Inbox holds ``writes`` staged writes (adds, and replaces pinned to an entry),
    as the agent stages them with ``memory.write_approval`` on (docs/pending.md)."""
    memories = home / "memories"
    memories.mkdir(parents=True)
    base = NEAR_FULL_ENTRIES[:6]
    (memories / "MEMORY.md").write_text("\n§\n".join(base), encoding="utf-8")
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n", encoding="utf-8")
    for n in range(writes):
        sid = f"{n:08x}"
        if n % 3 == 2:
            old = base[n % len(base)]
            payload = {
                "action": "replace",
                "target": "memory",
                "old_text": old[:24],
                "content": old.replace(".", f" (checked {n}).", 1),
                "matched_entry": old,
            }
            summary = "replace in memory"
        else:
            payload = {"action": "add", "target": "memory", "content": f"Note {n}: the agent learned fact {n}."}
            summary = "add to memory"
        origin = "background_review" if n % 2 else "foreground"
        stage(home, sid, payload, age=60 * (writes - n), origin=origin, summary=summary)
    return home


# A near-full home as a person's gets: a near-duplicate, a port contradiction worded
# freely, facts dated in the past, the repository's layout and the user's own name.
CROWDED_ENTRIES = (
    "Monorepo layout: services/ holds billing-api, ledger and notifier; shared code in libs/; "
    "one Makefile at the root.",
    "billing-api runs locally on 8081.",
    "Staging freeze until March 2025: no deploys to staging without the release manager's approval.",
    "We are migrating the ledger from MySQL to Postgres by Q3 2025; new tables go to Postgres only.",
    "Run the tests with `make test`, never bare pytest.",
    "Always run tests through `make test` and never with bare pytest.",
    "When it runs on a laptop the billing service answers on port 8090 (docker compose maps it).",
)


def crowded_home(home: Path) -> Path:
    """MEMORY.md at about 96 % of 2,200 characters (CROWDED_ENTRIES, then NEAR_FULL_ENTRIES until
    full), USER.md with the user's name; no state.db (no path can be looked up)."""
    memories = home / "memories"
    memories.mkdir(parents=True)
    entries = list(CROWDED_ENTRIES)
    for extra in NEAR_FULL_ENTRIES:
        if len("\n§\n".join([*entries, extra])) > 2_112:
            break
        entries.append(extra)
    (memories / "MEMORY.md").write_text("\n§\n".join(entries), encoding="utf-8")
    (memories / "USER.md").write_text("\n§\n".join(USER_ENTRIES), encoding="utf-8")
    return home
