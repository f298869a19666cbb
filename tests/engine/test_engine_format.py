"""The file format: parse, serialise, usage, percent, decode, drift."""

from __future__ import annotations

import pytest

from hermes_dash import FileProblem
from hermes_dash.engine.rules.format import (
    DELIMITER,
    decode,
    decode_lossy,
    detect_drift,
    parse,
    percent,
    serialise,
    usage,
)


def test_delimiter_is_newline_section_sign_newline():
    assert DELIMITER == "\n§\n"


def test_parse_splits_strips_and_drops_empty_pieces():
    text = "  first  \n§\n\n\n§\n second\nline two \n§\n"
    assert parse(text) == ["first", "second\nline two"]


def test_parse_keeps_section_sign_inside_an_entry():
    assert parse("costs 5 § per unit\n§\nx§y") == ["costs 5 § per unit", "x§y"]


def test_parse_drops_exact_duplicates_keeping_the_first():
    assert parse("b\n§\na\n§\nb\n§\na \n§\nc") == ["b", "a", "c"]


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "\n§\n", " \n§\n \n§\n "])
def test_blank_file_is_empty_list(text):
    assert parse(text) == []


def test_serialise_joins_without_trailing_newline_and_empty_is_empty():
    assert serialise(["a", "b\nc"]) == "a\n§\nb\nc"
    assert serialise([]) == ""


def test_usage_counts_code_points_of_joined_text_not_bytes_or_entries():
    entries = ["héllo", "日本語", "😀"]
    assert usage(entries) == len("héllo\n§\n日本語\n§\n😀") == 5 + 3 + 3 + 3 + 1
    assert usage([]) == 0


@pytest.mark.parametrize(
    "used,limit,expected",
    [(0, 2200, 0), (1474, 2200, 67), (2199, 2200, 99), (2200, 2200, 100), (5000, 2200, 100), (1, 3, 33)],
)
def test_percent_is_floor_capped_at_100(used, limit, expected):
    assert percent(used, limit) == expected


def test_decode_turns_crlf_and_lone_cr_into_lf_and_reads_the_bom_as_the_agent_version_does():
    from hermes_dash.engine.agents import following

    # 0.19.0 reads the file as UTF-8 without "-sig": the BOM is a character of the first entry.
    assert decode(b"\xef\xbb\xbfa\r\n\xc2\xa7\r\nb\rc") == "\ufeffa\n§\nb\nc"
    with following("main"):  # upstream main drops it
        assert decode(b"\xef\xbb\xbfa\r\n\xc2\xa7\r\nb\rc") == "a\n§\nb\nc"


def test_decode_error_names_offset_line_and_column():
    with pytest.raises(FileProblem) as info:
        decode(b"good\n\xc2\xa7\nbad \xff here")
    message = info.value.message
    assert "0xff" in message and "offset 12" in message and "line 3" in message and "column 5" in message
    assert info.value.hint


def test_decode_error_offset_counts_the_bom():
    # The BOM is 3 bytes of the file: the offset must point at the bad byte in the file itself.
    data = b"\xef\xbb\xbfab\n\xffc"
    with pytest.raises(FileProblem) as info:
        decode(data)
    assert "offset 6" in info.value.message and "line 2" in info.value.message
    assert "0xff" in info.value.message


def test_decode_lossy_shows_what_it_can():
    assert decode_lossy(b"ok\r\n\xc2\xa7\r\nbad\xff") == "ok\n§\nbad\ufffd"


def test_clean_file_has_no_drift():
    assert not detect_drift("a\n§\nb", 100)
    assert not detect_drift("", 100)
    assert not detect_drift("  a\n§\nb \n", 100)  # outer whitespace is stripped before comparing


def test_duplicates_are_not_drift():
    assert not detect_drift("a\n§\na", 100)


@pytest.mark.parametrize(
    "text",
    [
        "a\n\n§\nb",  # blank line around the delimiter
        "a\n§\n\n§\nb",  # empty piece
        "a\n§\n b",  # a piece with leading space
    ],
)
def test_round_trip_failure_is_drift(text):
    drift = detect_drift(text, 10_000)
    assert drift and "round-trip" in drift.reasons[0]


def test_markdown_file_without_section_signs():
    # One piece with no delimiter round-trips (the agent's check), so a short hand-written
    # markdown file is one clean entry; a longer one is caught by the entry-size signal.
    text = "# Heading\n\n- one\n- two\n\n# Other\n- three"
    assert parse(text) == [text]
    assert not detect_drift(text, 2200)
    long_text = text + "\n" + "- more notes\n" * 200
    drift = detect_drift(long_text, 2200)
    assert drift and "longer than the whole limit" in drift.reasons[0]


def test_one_entry_longer_than_the_limit_is_drift():
    drift = detect_drift("x" * 101, 100)
    assert drift and "101" in drift.reasons[0]
    assert not detect_drift("x" * 100, 100)


def test_crlf_alone_is_not_drift_after_decoding():
    assert not detect_drift(decode(b"a\r\n\xc2\xa7\r\nb"), 100)


UTF8_HINT = (
    "Only UTF-8 files can be changed safely. Re-save the file as UTF-8 (for example "
    "`iconv -f latin1 -t utf-8`), or restore a backup."
)


@pytest.mark.parametrize(
    "data,offset,line,column",
    [
        (b"\xff", 0, 1, 1),
        (b"\nab\xff\ncd\nef", 3, 2, 3),  # newlines after the bad byte do not count
        (b"\n\n\xff", 2, 3, 1),  # a newline at offset 0 counts
        (b"ab\n\xffcd\n", 3, 2, 1),
    ],
)
def test_a_decode_error_names_the_exact_offset_line_and_column(data, offset, line, column):
    with pytest.raises(FileProblem) as info:
        decode(data)
    assert info.value.message == f"Not valid UTF-8: byte 0xff at offset {offset} (line {line}, column {column})."
    assert info.value.hint == UTF8_HINT


def test_lossy_decoding_reads_the_bom_like_strict_decoding():
    from hermes_dash.engine.agents import following

    assert decode_lossy(b"\xef\xbb\xbfa\xff\r\nb") == "\ufeffa\ufffd\nb"  # 0.19.0 keeps it
    with following("main"):
        assert decode_lossy(b"\xef\xbb\xbfa\xff\r\nb") == "a\ufffd\nb"


def test_drift_reasons_are_exact_and_an_empty_file_has_none():
    assert detect_drift("", 10).reasons == () and detect_drift("  \n ", 10).reasons == ()
    assert detect_drift("a\n\n§\nb", 10).reasons == (
        "the text does not round-trip through the § format (hand edits, blank lines around §, or headings with no §)",
    )
    # only delimiters: no entry at all, so no entry can be longer than even a limit of 0
    assert len(detect_drift("\n§\n", 0).reasons) == 1


def test_percent_of_a_limit_of_one_and_below():
    assert percent(1, 1) == 100 and percent(0, 1) == 0
    assert percent(3, 0) == 0 and percent(3, -5) == 0


def test_a_bad_byte_after_a_dropped_bom_is_named_at_its_offset_in_the_file():
    """Where the agent version drops a leading BOM, the offset still counts the BOM's 3 bytes."""
    import dataclasses

    from hermes_dash.engine.agents import NEWEST, following

    with following(dataclasses.replace(NEWEST, keeps_bom=False)), pytest.raises(FileProblem) as refused:
        decode(b"\xef\xbb\xbfab\n\xffc")
    assert refused.value.message == "Not valid UTF-8: byte 0xff at offset 6 (line 2, column 1)."


@pytest.mark.parametrize(
    "used,limit,said",
    [
        (2200, 2200, ""),
        (2199, 2200, ""),
        (2201, 2200, "over the limit by 1 character"),
        (2202, 2200, "over the limit by 2 characters"),
        (4200, 2200, "over the limit by 2,000 characters"),
    ],
)
def test_over_budget_says_by_how_many_characters(used, limit, said):
    from hermes_dash.engine.rules.format import over_budget_text

    assert over_budget_text(used, limit) == said
