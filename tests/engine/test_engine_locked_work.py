"""The work one request does under the agent's lock is bounded (size x operations).

2,000 replaces on a 10 MB file (limit raised) held the lock 84 s: every replace looks through
the whole file. Above the bound the request is refused with the reason, before the lock and
again under it, and nothing changes.
"""

from __future__ import annotations

import threading

import pytest
from filelock import FileLock

from hermes_dash import InvalidRequest, MemoryStore, resolve_home
from hermes_dash.engine.change import MAX_LOCKED_WORK


def _big_file(write_mem, write_config, size: int) -> list[str]:
    write_config(f"memory:\n  memory_char_limit: {size * 2}\n")
    entries = [f"Entry {i:06d} " + "x" * 40 for i in range(size // 56)]
    write_mem("memory", "\n§\n".join(entries))
    return entries


def test_many_replaces_on_a_big_file_are_refused_at_once_with_the_reason(store, home, write_mem, write_config, tree):
    entries = _big_file(write_mem, write_config, 1_000_000)
    ops = [{"action": "replace", "old_text": f"Entry {i:06d} ", "content": f"Changed {i}."} for i in range(200)]
    # "At once": refused before the lock is asked for. Another thread holds the agent's lock all
    # along, so a request that waited for it would end in the lock's timeout, not this refusal.
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with FileLock(str(home / "memories" / "MEMORY.md.lock")):
            taken.set()
            done.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert taken.wait(10)
        before = tree(home)
        with pytest.raises(InvalidRequest) as refused:
            store.batch("memory", ops)
    finally:
        done.set()
        holder.join()
    message = refused.value.message
    assert "200 operations on MEMORY.md" in message and f"at most {MAX_LOCKED_WORK:,}" in message
    assert "holding the lock the agent waits on" in message and "Nothing was changed" in message
    assert "Split it into batches of at most" in refused.value.hint
    assert tree(home) == before and len(entries) > 1000


def test_the_bound_is_checked_again_under_the_lock(store, home, write_mem, write_config, monkeypatch):
    """A file that grew between the dry run and the locked read is measured again."""
    write_config("memory:\n  memory_char_limit: 2000000\n")
    write_mem("memory", "Small entry.")
    original = store._read_writable

    def grown(spec):
        write_mem("memory", "\n§\n".join(f"Entry {i:06d} " + "x" * 40 for i in range(20_000)))
        return original(spec)

    monkeypatch.setattr(store, "_read_writable", grown)
    with pytest.raises(InvalidRequest, match="bytes x operations"):
        store.batch("memory", [{"action": "add", "content": f"New {i}."} for i in range(100)])


def test_a_batch_on_a_full_default_file_is_far_below_the_bound(store, write_mem):
    write_mem("memory", "\n§\n".join(f"e{i:03d}" for i in range(300)))  # about 2,100 characters
    result = store.batch(
        "memory", [{"action": "replace", "old_text": f"e{i:03d}", "content": f"f{i:03d}"} for i in range(300)]
    )
    assert result.changed


def test_work_of_exactly_the_bound_is_accepted_and_one_operation_more_is_refused(home, write_mem, write_config):
    """The bound is inclusive, and the refusal carries its figures and says how to split."""
    write_config("memory:\n  memory_char_limit: 200000\n")
    store = MemoryStore(resolve_home(home))
    size = 50_000  # 1,000 operations on it are exactly MAX_LOCKED_WORK
    head = "\n§\n".join(f"Entry {i:04d} " + "x" * 39 for i in range(900)).encode() + "\n§\n".encode()
    write_mem("memory", head + b"Last " + b"y" * (size - len(head) - 5))
    assert len((home / "memories" / "MEMORY.md").read_bytes()) == size
    adds = [{"action": "add", "content": f"New {i}."} for i in range(MAX_LOCKED_WORK // size)]
    before = (home / "memories" / "MEMORY.md").read_bytes()
    with pytest.raises(InvalidRequest) as refused:
        store.batch("memory", [*adds, {"action": "add", "content": "One more."}])
    assert refused.value.message == (
        f"1,001 operations on MEMORY.md (50,000 bytes) would be 50,050,000 units of work (bytes x operations) "
        f"done while holding the lock the agent waits on; at most {MAX_LOCKED_WORK:,} are accepted in one "
        "request. Nothing was changed."
    )
    assert refused.value.hint == (
        "Split it into batches of at most 1,000 operations, or shorten the file first (a file within the "
        "agent's limits never comes near this bound)."
    )
    assert refused.value.target == "memory"
    assert refused.value.details == {"work": 50_050_000, "max_work": MAX_LOCKED_WORK}
    assert (home / "memories" / "MEMORY.md").read_bytes() == before
    assert store.batch("memory", adds).changed
