"""The staged batch of five operations the Inbox's operation-by-operation tests share (AppTest,
the CLI with the real agent, and the browser), on a MEMORY.md of three entries: 1 applies,
2 is stale, 3 applies, 4 passes the limit, 5 is a patch."""

from __future__ import annotations

PG = "Tests need Postgres 16."
CI = "CI runs on GitHub."
SHIP = "Deploy with make ship."
FIVE = [
    {"action": "replace", "old_text": "Postgres 16", "content": "Tests need Postgres 17."},
    {"action": "remove", "old_text": "Jenkins"},
    {"action": "add", "content": "Lint with ruff."},
    {"action": "add", "content": "x" * 60},
    {"action": "patch", "old_text": "make ship", "new_text": "make deploy"},
]
