"""Exact behaviour that mutation testing showed no other test pinned down.

Each test states a behaviour a person relies on (an exact message, an edge of a rule), found
by `bash scripts/mutation` as a mutant that survived: a change to the engine that no test
noticed. They test what the engine does, not how, so a refactor keeps them green.
"""

from __future__ import annotations

import pytest

from hermes_dash._errors import FileProblem
from hermes_dash._format import decode, decode_lossy, detect_drift, percent

# -- _format ----------------------------------------------------------------------------------------------------------

UTF8_HINT = ("Only UTF-8 files can be changed safely. Re-save the file as UTF-8 (for example "
             "`iconv -f latin1 -t utf-8`), or restore a backup.")


@pytest.mark.parametrize("data,offset,line,column", [
    (b"\xff", 0, 1, 1),
    (b"\nab\xff\ncd\nef", 3, 2, 3),            # newlines after the bad byte do not count
    (b"\n\n\xff", 2, 3, 1),                    # a newline at offset 0 counts
    (b"ab\n\xffcd\n", 3, 2, 1),
])
def test_a_decode_error_names_the_exact_offset_line_and_column(data, offset, line, column):
    with pytest.raises(FileProblem) as info:
        decode(data)
    assert info.value.message == f"Not valid UTF-8: byte 0xff at offset {offset} (line {line}, column {column})."
    assert info.value.hint == UTF8_HINT


def test_lossy_decoding_drops_the_bom_like_strict_decoding():
    assert decode_lossy(b"\xef\xbb\xbfa\xff\r\nb") == "a\ufffd\nb"


def test_drift_reasons_are_exact_and_an_empty_file_has_none():
    assert detect_drift("", 10).reasons == () and detect_drift("  \n ", 10).reasons == ()
    assert detect_drift("a\n\n§\nb", 10).reasons == (
        "the text does not round-trip through the § format (hand edits, blank lines around §, or headings with no §)",)
    # only delimiters: no entry at all, so no entry can be longer than even a limit of 0
    assert len(detect_drift("\n§\n", 0).reasons) == 1


def test_percent_of_a_limit_of_one_and_below():
    assert percent(1, 1) == 100 and percent(0, 1) == 0
    assert percent(3, 0) == 0 and percent(3, -5) == 0
