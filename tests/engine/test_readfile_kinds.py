"""The one reader's helpers: a script's first line, text that is not UTF-8, a named FIFO input."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from hermes_dash.engine.io import readfile


def test_start_only_reads_the_head_of_a_long_file_and_still_refuses_a_fifo(tmp_path: Path):
    script = tmp_path / "hermes"
    script.write_bytes(b"#!/venv/bin/python\n" + b"x" * 10_000)
    assert readfile.read_regular(script, 19, start_only=True)[0] == b"#!/venv/bin/python\n"
    with pytest.raises(readfile.NotReadable, match="more than the 19 bytes"):
        readfile.read_regular(script, 19)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(readfile.NotReadable, match="FIFO"):
        readfile.read_regular(tmp_path / "fifo", 19, start_only=True)


def test_text_that_is_not_utf8_is_a_reason_and_unreadable_is_none(tmp_path: Path):
    (tmp_path / "latin1").write_bytes(b"caf\xe9")
    with pytest.raises(readfile.NotReadable, match=r"not UTF-8 \(byte 0xe9 at offset 3\)"):
        readfile.read_text(tmp_path / "latin1", 100)
    assert readfile.read_text_or_none(tmp_path / "latin1", 100) is None
    assert readfile.read_text_or_none(tmp_path / "absent", 100) is None
    (tmp_path / "link").symlink_to("/dev/zero")
    assert readfile.read_text_or_none(tmp_path / "link", 100) is None
    assert readfile.read_text_or_none(tmp_path / "link", 100, follow=False) is None


def test_a_named_input_may_be_a_fifo_but_not_a_folder(tmp_path: Path):
    fifo = tmp_path / "ops"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b'[{"action": "add"}]'))
    writer.start()
    assert readfile.read_named_input(str(fifo), 1000) == b'[{"action": "add"}]'
    writer.join()
    with pytest.raises(readfile.NotReadable, match="a folder"):
        readfile.read_named_input(str(tmp_path), 1000)
    (tmp_path / "big").write_bytes(b"y" * 50)
    assert len(readfile.read_named_input(str(tmp_path / "big"), 10)) == 11  # the caller sees "too large"
