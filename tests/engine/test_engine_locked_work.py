"""The work one request does under the agent's lock is bounded (size x operations).

2,000 replaces on a 10 MB file (limit raised) held the lock 84 s: every replace looks through
the whole file. Above the bound the request is refused with the reason, before the lock and
again under it, and nothing changes.
"""

from __future__ import annotations

import threading

import pytest
from filelock import FileLock

from hermes_dash import MAX_LOCKED_WORK, InvalidRequest


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
