"""Generated memory files for the benchmark (and the tests that need a file of thousands of entries)."""

from __future__ import annotations

import random

VOCAB = """account adapter agent alert alias archive artifact audit backend badge banner batch binary bucket buffer
build bundle cache calendar certificate channel checkout chunk client cluster column command commit compiler config
console container context contract cookie cron cursor daemon dashboard database dataset deadline debug default
dependency deploy design device digest directory disk docker domain draft driver editor email encoder endpoint engine
environment error event export extension feature fetch field filter firewall fixture flag folder font format formatter
frontend gateway generator gpu grammar graph handler hash header heap helper history hook host image import index
inventory invoice issue job journal kernel key keyboard label language laptop latency layer layout ledger library
license limit linter listener loader locale lock logger login loop mailbox manifest mapping marker memory merge message
metric migration mirror mobile model module monitor mount namespace network node notebook notice object offset package
page pager palette parser partition patch payload pipeline platform plugin policy pool port printer process profile
project prompt proxy queue quota ranking reader record redirect region registry release remote render replica report
repository request resolver resource response retry review role router runner runtime sample scanner schema scope
screen script search secret sector segment selector sensor server service session shard shell signal sitemap snapshot
socket source spec sprint stack staging storage stream style subnet suite switch syntax table tag target task
template tenant terminal test theme thread ticket timeout timer token toolchain topic trace tracker transport trigger
tunnel upload user utility vault vendor version viewer volume wallet watcher webhook widget window worker workflow
workspace always never usually before after nightly weekly slow fast broken flaky stable legacy internal public
private shared local remote primary secondary old new large small manual automatic""".split()
LEADS = [
    "Deploys",
    "The CI cache",
    "Staging",
    "Code review",
    "The API client",
    "Backups",
    "Logs",
    "Docs",
    "Release notes",
    "The build server",
    "Tests",
    "Migrations",
    "The VPN",
    "Monitoring",
    "On-call",
    "Packaging",
]
PLANTED = (
    "The nightly backup of the billing database runs at 03:15 UTC from cron on db-backup-2; logs in /var/log/pgbackup.",
    "Nightly backup of the billing database: runs 03:15 UTC via cron on db-backup-2, logs go to /var/log/pgbackup.",
)


def distinct_facts(count: int, seed: int = 13) -> list[str]:
    """``count`` entries of one kind: a topic, 9-15 words drawn from ~300 technical words, a path
    and a port, so that two entries share a few words by chance, as notes on one project do.
    Entry 5 and the fifth from the end are a planted near-duplicate pair."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        body = " ".join(rng.choices(VOCAB, k=rng.randint(9, 15)))
        out.append(
            f"{rng.choice(LEADS)}: {body}; see /srv/{rng.choice(VOCAB)}/{rng.randint(1, 999)} "
            f"(port {rng.randint(1024, 65535)})."
        )
    out[5], out[-5] = PLANTED
    return out
