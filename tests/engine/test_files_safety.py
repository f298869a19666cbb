"""Files at the edges: planted links, FIFOs, devices, clock skew, unreadable backups, hostile
git config and state.db. Each test drives the real engine (or the real CLI in a subprocess,
where the old behaviour was to hang) on real files."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cli_support import invoke
from repo import ROOT as REPO
from unprivileged import run_unprivileged

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.engine.freeze import freeze_snapshot
from hermes_dash.engine.io import backups as _backups
from hermes_dash.engine.io.readfile import NotReadable, read_regular
from hermes_dash.engine.rules.errors import FileProblem, InvalidRequest, Refusal
from hermes_dash.engine.views.sessions import QUERY_TIMEOUT_S, read_sessions
from hermes_dash.engine.views.snapshot import FROZEN_NAME, load_frozen_snapshot

HANG_S = 30  # a call that used to block forever gets this long before the test calls it a hang


def cli(home: Path, *args: str, timeout: float = HANG_S) -> subprocess.CompletedProcess[str]:
    """The real command line in a child process: a hang becomes a test failure, not a stuck suite."""
    return invoke(*args, home=home, env={"HERMES_HOME": str(home)}, timeout=timeout)


def python_c(code: str, *, hang: str) -> subprocess.CompletedProcess[str]:
    """``python -c CODE`` in a child process: past HANG_S, the test fails saying ``hang``."""
    try:
        return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=HANG_S)
    except subprocess.TimeoutExpired:
        pytest.fail(hang)


def mem(home: Path) -> Path:
    folder = home / "memories"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- retention: the backup just made is never deleted, and every named backup exists ------------


def _future_backups(folder: Path, target: str, n: int) -> list[_backups.Backup]:
    start = datetime(2030, 1, 1, tzinfo=UTC)
    return [
        _backups.create_dated(folder, target, f"future {i}".encode(), now=start + timedelta(seconds=i))
        for i in range(n)
    ]


def test_future_dated_backups_do_not_make_restore_delete_the_current_content(store, home, write_mem):
    write_mem("memory", "the current content")
    made = _future_backups(mem(home), "memory", 50)
    result = store.restore(made[10].name)
    assert result.changed and result.backup is not None
    kept = result.backup.path
    assert kept.is_file(), f"restore named {result.backup.name}, which retention deleted at once"
    assert kept.read_bytes() == b"the current content"
    assert len([b for b in store.backups("memory") if b.style == "dated"]) == 50


def test_future_dated_backups_and_the_cli_reply(home, write_mem):
    write_mem("memory", "the current content")
    made = _future_backups(mem(home), "memory", 50)
    out = cli(home, "--json", "restore", made[0].name)
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["backup"]
    assert (home / "memories" / data["backup"]).read_bytes() == b"the current content"


@pytest.mark.parametrize("keep", [0, 1])
def test_small_backups_keep_never_names_a_deleted_backup(home, write_mem, write_config, keep):
    write_config(f"dashboard:\n  backups_keep: {keep}\n")
    store = MemoryStore(resolve_home(home))
    write_mem("memory", "first")
    for text in ("second", "third", "fourth"):
        before = store.read("memory").raw
        result = store.add("memory", text)
        assert result.backup is not None and result.backup.path.is_file(), f"{result.backup} was deleted"
        assert result.backup.path.read_bytes() == before
    dated = [b for b in store.backups("memory") if b.style == "dated"]
    assert len(dated) == 1  # keep 0 or 1: only the newest copy is kept
    assert dated[0].path.read_bytes() == "first\n§\nsecond\n§\nthird".encode()


def test_keep_zero_cli_reply_names_an_existing_backup(home, write_mem, write_config):
    write_config("dashboard:\n  backups_keep: 0\n")
    write_mem("memory", "old")
    out = cli(home, "--json", "add", "memory", "new")
    name = json.loads(out.stdout)["backup"]
    assert name and (home / "memories" / name).read_bytes() == b"old"


def test_ten_or_more_backups_in_one_second_keep_their_order(home):
    folder = mem(home)
    now = datetime(2026, 11, 29, 23, 5, 12, tzinfo=UTC)
    made = [_backups.create_dated(folder, "memory", f"v{i}".encode(), now=now) for i in range(12)]
    assert made[9].name.endswith("-9") and made[10].name.endswith("-10")
    listed = _backups.list_backups(folder, "memory")
    assert [b.name for b in listed] == [b.name for b in reversed(made)]  # -11, -10, -9, ... newest first
    removed = _backups.prune(folder, "memory", 3)
    assert {b.name for b in removed} == {b.name for b in made[:9]}
    assert [b.path.read_bytes() for b in _backups.list_backups(folder, "memory")] == [b"v11", b"v10", b"v9"]


def test_retention_sorts_the_listing_it_is_given(home):
    folder = mem(home)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    made = [
        _backups.create_dated(folder, "memory", f"v{i}".encode(), now=base + timedelta(minutes=i)) for i in range(8)
    ]
    listing = list(made)
    random.Random(7).shuffle(listing)  # whatever order a caller hands in
    removed = _backups.prune(folder, "memory", 3, listing)
    assert sorted(b.name for b in removed) == sorted(b.name for b in made[:5])
    assert [b.name for b in _backups.list_backups(folder, "memory")] == [b.name for b in made[:4:-1]]


# -- backups that are links are no backups ----------------------------------------------------------


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "shadow"
    path.write_bytes(b"root:$6$private-hash:19000::::::")
    os.chmod(path, 0o600)
    return path


def test_a_backup_that_is_a_link_is_not_listed_read_or_restored(store, home, write_mem, secret):
    write_mem("user", "likes tea")
    os.symlink(secret, home / "memories" / "USER.md.bak.20200101")
    assert [b.name for b in store.backups()] == []
    with pytest.raises(InvalidRequest):
        store.restore("USER.md.bak.20200101")
    assert (home / "memories" / "USER.md").read_bytes() == b"likes tea"
    from hermes_dash.curation.history import versions

    assert [v.name for v in versions(store, "user")] == ["current"]
    out = cli(home, "--json", "backups")
    assert json.loads(out.stdout)["backups"] == []
    out = cli(home, "restore", "USER.md.bak.20200101")
    assert out.returncode == 1 and "private-hash" not in (home / "memories" / "USER.md").read_text()


def test_a_backup_swapped_for_a_link_after_listing_is_not_followed(store, home, write_mem, secret, monkeypatch):
    write_mem("user", "likes tea")
    real = home / "memories" / "USER.md.bak.20200101"
    real.write_bytes(b"likes coffee")
    listing = store.backups()
    assert [b.name for b in listing] == [real.name]
    real.unlink()
    os.symlink(secret, real)  # swapped between the listing and the open
    with pytest.raises(NotReadable):
        _backups.read_backup(listing[0])
    monkeypatch.setattr(store, "backups", lambda target=None: listing)  # the stale listing
    with pytest.raises(FileProblem) as info:
        store.restore(real.name)
    assert "symbolic link" in info.value.message
    assert (home / "memories" / "USER.md").read_bytes() == b"likes tea"
    # The write path compares with the newest backup: a link there is not read, a fresh copy is made.
    result = store.add("user", "likes biscuits")
    assert result.backup is not None and result.backup.name != real.name
    assert result.backup.path.read_bytes() == b"likes tea"


def test_backup_page_view_does_not_read_through_a_link(home, write_mem, secret):
    from hermes_dash.ui import _cache

    write_mem("user", "likes tea")
    link = home / "memories" / "USER.md.bak.20200101"
    os.symlink(secret, link)
    fake = _backups.parse_name(link.name, link.parent)
    state = _cache.backup_state(fake, MemoryStore(resolve_home(home)))
    assert state is not None and not state.exists and b"private" not in state.raw
    assert "symbolic link" in (state.error or "")


# -- the frozen snapshot file ----------------------------------------------------------------------


def test_freeze_refuses_a_planted_link_and_never_writes_through_it(store, home, write_mem, tmp_path):
    """The one writer's rule (docs/safety.md): a link at the name is refused, link and target kept."""
    write_mem("user", "likes tea, private")
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"someone else's file")
    os.chmod(victim, 0o644)
    path = home / "memories" / FROZEN_NAME
    os.symlink(victim, path)
    with pytest.raises(FileProblem, match="is a symbolic link"):
        freeze_snapshot(store)
    assert victim.read_bytes() == b"someone else's file" and stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert path.is_symlink() and os.readlink(path) == str(victim)
    path.unlink()
    assert freeze_snapshot(store).entries["user"] == ("likes tea, private",)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_freeze_makes_the_snapshot_file_private_even_over_a_0644_one(store, home, write_mem):
    write_mem("memory", "fact")
    path = home / "memories" / FROZEN_NAME
    path.write_text("{}")
    os.chmod(path, 0o644)
    freeze_snapshot(store)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_snapshot_file_that_is_a_link_is_not_read(store, home, write_mem, tmp_path):
    write_mem("memory", "fact")
    elsewhere = tmp_path / "elsewhere.json"
    freeze_snapshot(store)
    (home / "memories" / FROZEN_NAME).rename(elsewhere)
    os.symlink(elsewhere, home / "memories" / FROZEN_NAME)
    assert load_frozen_snapshot(store) is None


# -- the snapshot command ----------------------------------------------------------------------------


def _state_db(home: Path, rows: list[tuple[str, float, list[str], list[str]]]) -> None:
    from hermes_dash.engine.views.render import render_block

    conn = sqlite3.connect(home / "state.db")
    conn.execute(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, ended_at REAL, system_prompt TEXT)"
    )
    for sid, started, memory, user in rows:
        blocks = [b for b in (render_block("memory", memory, 2200), render_block("user", user, 1375)) if b]
        conn.execute(
            "INSERT INTO sessions VALUES (?, 'cli', ?, NULL, ?)",
            (sid, started, "You are Hermes.\n\n" + "\n\n".join(blocks)),
        )
    conn.commit()
    conn.close()


def test_snapshot_command_without_any_snapshot_is_one_clear_refusal(home):
    out = cli(home, "snapshot")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "no snapshot" in out.stderr.lower() and "--freeze" in out.stderr
    out = cli(home, "--json", "snapshot")
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["success"] is False and "--freeze" in data["hint"]


def test_snapshot_freeze_then_diff(home):
    assert cli(home, "add", "memory", "Redis on port 6379").returncode == 0
    out = cli(home, "--json", "snapshot", "--freeze")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["frozen"] and data["files"]["memory"]["identical"]
    path = home / "memories" / FROZEN_NAME
    assert stat.S_IMODE(path.lstat().st_mode) == 0o600
    cli(home, "add", "memory", "Postgres 16 for everything else")
    cli(home, "add", "user", "Prefers short answers")
    cli(home, "remove", "memory", "Redis")
    out = cli(home, "snapshot")
    assert out.returncode == 0
    assert "+ Postgres 16 for everything else" in out.stdout and "- Redis on port 6379" in out.stdout
    assert "USER.md: 1 added" in out.stdout
    data = json.loads(cli(home, "snapshot", "--json").stdout)
    kinds = {(i["kind"], i["snapshot"], i["live"]) for i in data["files"]["memory"]["items"]}
    assert kinds == {("added", None, "Postgres 16 for everything else"), ("removed", "Redis on port 6379", None)}
    assert data["files"]["user"]["counts"] == {"added": 1, "removed": 0, "changed": 0, "unchanged": 0}


def test_snapshot_of_a_chosen_session(home):
    _state_db(
        home,
        [("old", 1764400000.0, ["alpha fact", "beta fact"], []), ("new", 1764500000.0, ["alpha fact"], ["likes tea"])],
    )
    mem(home)
    (home / "memories" / "MEMORY.md").write_text("alpha fact\n§\ngamma fact")
    (home / "memories" / "USER.md").write_text("likes tea")
    data = json.loads(cli(home, "--json", "snapshot").stdout)
    assert data["session_id"] == "new" and data["files"]["user"]["identical"]
    assert data["files"]["memory"]["counts"]["added"] + data["files"]["memory"]["counts"]["changed"] == 1
    data = json.loads(cli(home, "--json", "snapshot", "--session", "old").stdout)
    assert data["session_id"] == "old"
    assert data["files"]["user"]["counts"]["added"] == 1
    out = cli(home, "snapshot", "--session", "missing")
    assert out.returncode == 1 and "missing" in out.stderr and "Traceback" not in out.stderr


# -- git: reading repository state runs nothing the repository names ---------------------------------


def _hostile_repo(base: Path, markers: Path) -> Path:
    """A repository whose config names a program everywhere git could run one."""
    repo = base / "team-repo"
    repo.mkdir()

    def git(*args: str) -> None:
        subprocess.run(
            ["git", *args],
            cwd=repo,
            check=True,
            capture_output=True,
            env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(base)},
        )

    git("init", "-q", ".")
    git("config", "user.email", "t@example.invalid")
    git("config", "user.name", "t")
    (repo / "MEMORY.md").write_text("fact one")
    (repo / ".gitattributes").write_text("* filter=evil diff=evil\n")
    git("add", ".")
    git("commit", "-qm", "init")
    hooks = repo / "hooks"
    hooks.mkdir()
    for kind in ("fsmonitor", "pager", "external", "clean", "smudge", "process", "textconv", "hook"):
        script = base / f"{kind}.sh"
        script.write_text(f"#!/bin/sh\ntouch {markers}/{kind}\ncat\n")
        script.chmod(0o755)
    for hook in ("post-index-change", "reference-transaction", "pre-commit"):
        shutil.copy(base / "hook.sh", hooks / hook)
    for key, kind in (
        ("core.fsmonitor", "fsmonitor"),
        ("core.pager", "pager"),
        ("diff.external", "external"),
        ("filter.evil.clean", "clean"),
        ("filter.evil.smudge", "smudge"),
        ("diff.evil.textconv", "textconv"),
    ):
        git("config", key, str(base / f"{kind}.sh"))
    git("config", "core.hooksPath", str(hooks))
    (repo / "MEMORY.md").write_text("fact won")  # same size: git must hash it (the clean filter) to see it
    return repo


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("filter_kind", ["clean", "process"])
def test_sharing_runs_nothing_the_repository_config_names(home, tmp_path, filter_kind):
    markers = tmp_path / "markers"
    markers.mkdir()
    repo = _hostile_repo(tmp_path, markers)
    if filter_kind == "process":  # a long-running filter process, marked required
        subprocess.run(["git", "config", "--unset", "filter.evil.clean"], cwd=repo, check=True)
        subprocess.run(["git", "config", "filter.evil.process", str(tmp_path / "process.sh")], cwd=repo, check=True)
        subprocess.run(["git", "config", "filter.evil.required", "true"], cwd=repo, check=True)
    mem(home)
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    from hermes_dash.curation.sharing import sharing

    report = sharing(MemoryStore(resolve_home(home)))
    out = cli(home, "--json", "sharing")
    assert sorted(os.listdir(markers)) == [], "git ran a program named in the repository's config"
    memory = report.file("memory")
    assert memory.git is not None and memory.git.repo == repo and memory.git.tracked and memory.git.dirty
    assert json.loads(out.stdout)["files"][0]["git"]["dirty"] is True


# -- files that are not files --------------------------------------------------------------------------


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_fifo_as_memory_md_is_refused_not_waited_on(home):
    _fifo(home / "memories" / "MEMORY.md")
    out = cli(home, "--json", "show", "memory")
    data = json.loads(out.stdout)
    assert "FIFO" in data["error"] and "not a regular file" in data["error"]
    out = cli(home, "add", "memory", "a fact")
    assert out.returncode == 1 and "FIFO" in out.stderr and "Traceback" not in out.stderr
    assert stat.S_ISFIFO(os.lstat(home / "memories" / "MEMORY.md").st_mode)


def test_a_fifo_as_config_or_active_profile_is_not_waited_on(home):
    _fifo(home / "config.yaml")
    _fifo(home / "active_profile")
    out = cli(home, "show")
    assert out.returncode == 0
    assert "config.yaml" in out.stderr and "FIFO" in out.stderr  # the warning says what is wrong


def test_a_fifo_as_the_snapshot_file_is_not_waited_on(home):
    _fifo(home / "memories" / FROZEN_NAME)
    code = (
        "from hermes_dash import MemoryStore, resolve_home\n"
        "from hermes_dash.engine.views.snapshot import load_frozen_snapshot\n"
        f"print(load_frozen_snapshot(MemoryStore(resolve_home({str(home)!r}))))"
    )
    out = python_c(code, hang="reading the snapshot file blocked on a FIFO")
    assert out.stdout.strip() == "None"


def test_a_link_to_dev_zero_is_not_read(home):
    mem(home)
    os.symlink("/dev/zero", home / "memories" / "MEMORY.md")
    out = cli(home, "--json", "show", "memory")
    assert "character device" in json.loads(out.stdout)["error"]


def test_a_huge_memory_file_is_refused_with_its_size(store, home):
    path = mem(home) / "MEMORY.md"
    with open(path, "wb") as handle:
        handle.truncate(17 << 20)  # sparse: 17 MiB of zeros on no disk space
    state = store.read("memory")
    assert not state.exists and "17,825,792 bytes" in state.error and "more than" in state.error
    with pytest.raises(FileProblem):
        store.add("memory", "x")
    assert path.stat().st_size == 17 << 20


def test_read_regular_reads_exactly_up_to_the_cap(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 100)[0] == b"x" * 100
    with pytest.raises(NotReadable):
        read_regular(path, 99)
    with pytest.raises(NotReadable):
        read_regular(tmp_path, 99)  # a folder


def _recursive_view_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE VIEW sessions AS WITH RECURSIVE r(id, source, started_at, ended_at, system_prompt) AS "
        "(SELECT 1, 'cli', 1.0, NULL, 'x' UNION ALL SELECT id + 1, source, started_at, ended_at, "
        "system_prompt FROM r) SELECT * FROM r"
    )
    conn.commit()
    conn.close()


def test_an_endless_sessions_view_is_stopped_and_explained(home):
    _recursive_view_db(home / "state.db")
    code = (
        "from pathlib import Path\nfrom hermes_dash.engine.views.sessions import read_sessions\n"
        f"print(read_sessions(Path({str(home / 'state.db')!r})).problem)"
    )
    out = python_c(code, hang="reading sessions from an endless view never returned")
    assert f"longer than {QUERY_TIMEOUT_S:g} s" in out.stdout and "view" in out.stdout


def test_an_endless_sessions_view_does_not_hang_overview_or_snapshot(tmp_path, monkeypatch):
    from app_support import open_app, texts

    from hermes_dash import ui
    from hermes_dash.demo import create_demo_home

    ui.clear_caches()
    demo = create_demo_home(tmp_path / "demo")
    monkeypatch.setenv("HERMES_HOME", str(demo))
    for name in ("state.db", "state.db-wal", "state.db-shm"):
        (demo / name).unlink(missing_ok=True)
    _recursive_view_db(demo / "state.db")
    at = open_app("snapshot")  # the Overview first, then the Snapshot page
    assert not at.exception, [e.value for e in at.exception]
    assert any("longer than" in t for t in texts(at))
    ui.clear_caches()


def test_a_corrupt_state_db_is_called_corrupt(home):
    (home / "state.db").write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    problem = read_sessions(home / "state.db").problem
    assert "corrupt" in problem and "busy" not in problem
    (home / "state.db").write_bytes(b"not a database at all" * 100)
    problem = read_sessions(home / "state.db").problem
    assert "corrupt" in problem and "busy" not in problem


# -- drift copies ---------------------------------------------------------------------------------------


def test_repeated_refusals_on_a_drifted_file_leave_one_drift_copy(store, home, write_mem, monkeypatch):
    import time as time_module

    write_mem("memory", "hand written\n\n§\n\nsecond")
    now = [1_900_000_000.0]
    monkeypatch.setattr(time_module, "time", lambda: now[0])
    names = set()
    for _ in range(3):
        with pytest.raises(Refusal) as info:
            store.remove("memory", "second")
        names.add(info.value.details["backup"])
        now[0] += 2  # a new second: the old code made a new copy each time
    drift = [b for b in store.backups("memory") if b.style == "drift"]
    assert len(drift) == 1 and names == {drift[0].name}
    # A different drifted content gets its own copy.
    write_mem("memory", "edited again\n\n§\n\nsecond")
    with pytest.raises(Refusal):
        store.remove("memory", "second")
    assert len([b for b in store.backups("memory") if b.style == "drift"]) == 2


# -- precise errors ---------------------------------------------------------------------------------------

as_nobody = run_unprivileged  # the shared fork-and-drop helper


@pytest.fixture
def nobody_home() -> Path:
    """A home that uid 65534 can reach and write (tmp_path's parents are root's 0700)."""
    if os.geteuid() != 0:
        reason = "the permission tests drop to uid 65534, which needs root (root ignores file modes)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)  # never a silent skip in CI
        pytest.skip(reason)
    base = Path(tempfile.mkdtemp(prefix="hermes-nobody-", dir="/tmp"))
    os.chmod(base, 0o755)
    home = base / "hermes"
    (home / "memories").mkdir(parents=True)
    for path in (home, home / "memories"):
        os.chown(path, 65534, 65534)
    yield home
    shutil.rmtree(base)


def test_an_unreadable_newest_backup_does_not_block_writes(nobody_home):
    home = nobody_home
    path = home / "memories" / "MEMORY.md"
    path.write_bytes(b"old entry")
    os.chown(path, 65534, 65534)
    foreign = home / "memories" / "MEMORY.md.bak.20300101-000000"  # another user's, sorts as newest
    foreign.write_bytes(b"someone else's copy")
    os.chmod(foreign, 0o000)

    def add() -> str:
        store = MemoryStore(resolve_home(home))
        try:
            result = store.add("memory", "new entry")
        except Refusal as refusal:
            return f"REFUSED {refusal.message}"
        return f"ACCEPTED {result.backup.name if result.backup else None}"

    out = as_nobody(add)
    assert out.startswith("ACCEPTED MEMORY.md.bak."), out
    made = home / "memories" / out.split()[1]
    assert made.read_bytes() == b"old entry" and made != foreign
    assert path.read_bytes() == "old entry\n§\nnew entry".encode()
    assert foreign.read_bytes() == b"someone else's copy"


def test_backups_lists_an_unreadable_backup_as_unreadable_not_empty(nobody_home):
    home = nobody_home
    foreign = home / "memories" / "MEMORY.md.bak.20300101-000000"
    foreign.write_bytes(b"someone else's copy")
    os.chmod(foreign, 0o000)

    def listing() -> str:
        import contextlib
        import io

        from hermes_dash.cli import main

        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            main(["--home", str(home), "--json", "backups"])
        return buffer.getvalue()

    data = json.loads(as_nobody(listing))
    (entry,) = data["backups"]
    assert entry["size"] is None and entry["entries"] is None
    assert "Permission denied" in entry["error"]


def test_a_dangling_memories_link_is_named_as_such(store, home, tmp_path):
    os.symlink(tmp_path / "repo-not-mounted" / "memories", home / "memories")
    with pytest.raises(FileProblem) as info:
        store.add("memory", "a fact")
    message = info.value.message
    assert "symbolic link" in message and "does not exist" in message and "File exists" not in message
    assert (home / "memories").is_symlink() and not (tmp_path / "repo-not-mounted").exists()


def test_a_fifo_as_state_db_is_named_not_opened(home):
    _fifo(home / "state.db")
    problem = read_sessions(home / "state.db").problem
    assert "FIFO" in problem and "not a regular file" in problem


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("driver", ["a=b", "x.y=z", "plain"])
def test_sharing_runs_no_filter_whatever_its_name(home, tmp_path, driver):
    """A filter whose name holds ``=`` escaped the blanking (``-c filter.a=b.clean=`` is the
    key ``filter.a``). Sharing now asks git only questions that run no filter at all, and still
    tells a changed file from a clean one, by blob ids."""
    pwned = tmp_path / "PWNED"
    repo = tmp_path / "team-repo"
    repo.mkdir()
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(tmp_path)}

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)

    git("init", "-q", ".")
    git("config", "user.email", "t@example.invalid")
    git("config", "user.name", "t")
    (repo / "MEMORY.md").write_text("fact one")
    git("add", "MEMORY.md")
    git("commit", "-qm", "init")
    for kind in ("clean", "smudge", "process"):
        git("config", f"filter.{driver}.{kind}", f"sh -c 'echo {kind} >> {pwned}; cat'")
    (repo / ".gitattributes").write_text(f"* filter={driver}\n")
    mem(home)
    os.symlink(repo / "MEMORY.md", home / "memories" / "MEMORY.md")
    from hermes_dash.curation.sharing import sharing

    store = MemoryStore(resolve_home(home))
    clean = sharing(store).file("memory").git
    assert clean is not None and clean.tracked and clean.dirty is False, clean
    (repo / "MEMORY.md").write_text("fact won")  # same size and time resolution: only the bytes tell
    changed = sharing(store).file("memory").git
    out = cli(home, "--json", "sharing")
    assert not pwned.exists(), f"git ran the repository's filter: {pwned.read_text()}"
    assert changed is not None and changed.dirty and changed.status == "M MEMORY.md", changed
    assert json.loads(out.stdout)["files"][0]["git"]["dirty"] is True
    git("add", "MEMORY.md")  # the test's own git runs the filter; sharing's must not
    pwned.unlink(missing_ok=True)
    staged = sharing(store).file("memory").git
    assert staged is not None and staged.status == "M  MEMORY.md" and not pwned.exists()
