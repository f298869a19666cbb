"""Values from files other programs write are parsed within their bounds (engine/io/outside.py):
each bound at its edge, each refusal's words, and the times at both ends of the range."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hermes_dash.engine.io import outside
from hermes_dash.engine.io.outside import OutsideValue, json_depth, loads, time_from_epoch, time_from_iso

UTC = UTC


@pytest.mark.parametrize(
    "text, depth",
    [
        ("", 0),
        ("1", 0),
        ("[]", 1),
        ("{}", 1),
        ("[][]{}", 1),  # side by side: each closes before the next opens
        ("[[]][[[]]]", 3),
        ('{"a": [1, {"b": [[]]}]}', 5),
        ('"[[[[" []', 1),  # brackets inside a string do not count
        ('["\\"]]]" , [[]]]', 3),  # nor after an escaped quote
        ('[ "]" ] [[ "{" ]]', 2),
        ('[ "unterminated [[[[', 1),  # not JSON: the count ends at the broken string
    ],
)
def test_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert json_depth(text) == depth


def test_depth_stops_just_past_the_bound() -> None:
    assert json_depth("[" * 50, stop_past=5) == 6
    assert json_depth("[" * 5 + "]" * 5, stop_past=5) == 5
    assert json_depth("[" * 5, stop_past=0) == 1
    assert json_depth("[[[]]]" + "[" * 10, stop_past=3) == 4


def test_a_number_of_up_to_forty_digits_is_read_and_a_longer_one_refused() -> None:
    assert json_depth("[" + "9" * 40 + "]") == 1
    assert loads("9" * 40) == int("9" * 40)
    assert loads('["' + "9" * 100 + '"]') == ["9" * 100]  # digits in a string are not a number
    with pytest.raises(OutsideValue) as info:
        json_depth("[" + "9" * 41 + "]")
    assert str(info.value) == "it holds a number of more than 40 digits"
    with pytest.raises(OutsideValue, match="^it holds a number of more than 40 digits$"):
        loads('{"n": 1' + "0" * 40 + "}")


def test_loads_reads_json_text_and_utf8_bytes() -> None:
    assert loads('{"a": [1, "é"]}') == {"a": [1, "é"]}
    assert loads('{"a": [1, "é"]}'.encode()) == {"a": [1, "é"]}
    assert outside.json_from_outside is loads


def test_bytes_that_are_not_utf8_name_the_first_bad_byte() -> None:
    with pytest.raises(OutsideValue) as info:
        loads(b'{"a": "\xc3\x28"}')
    assert str(info.value) == "it is not UTF-8 (byte 7)"


def test_text_longer_than_the_bound_is_refused_and_text_at_it_is_read() -> None:
    text = '["' + "x" * 96 + '"]'  # 100 characters
    assert loads(text, max_chars=100) == ["x" * 96]
    with pytest.raises(OutsideValue) as info:
        loads(text, max_chars=99)
    assert str(info.value) == "it is 100 characters long, more than the 99 read"
    with pytest.raises(OutsideValue) as info:
        loads(" " * (outside.MAX_JSON_CHARS + 1 - len(text)) + text)
    assert str(info.value) == "it is 4,194,305 characters long, more than the 4,194,304 read"
    assert loads(" " * (outside.MAX_JSON_CHARS - 2) + "[]") == []


def test_json_nested_to_the_bound_is_read_and_deeper_is_refused() -> None:
    assert loads("[" * 4 + "]" * 4, max_depth=4) == [[[[]]]]
    with pytest.raises(OutsideValue) as info:
        loads("[" * 5 + "]" * 5, max_depth=4)
    assert str(info.value) == "it nests more than 4 levels deep, more than is read"
    assert loads("[" * 32 + "]" * 32) == eval("[" * 32 + "]" * 32)  # the default bound: 32
    with pytest.raises(OutsideValue, match="^it nests more than 32 levels deep, more than is read$"):
        loads("[" * 33 + "]" * 33)


@pytest.mark.timeout(60)
def test_the_depth_check_stops_at_the_bound_so_the_longest_text_costs_no_more_than_a_short_one() -> None:
    """4 MiB of ``[`` is refused after 33 brackets, not counted to the end (about 15 s at load 11)."""
    import time

    text = "[" * outside.MAX_JSON_CHARS
    start = time.perf_counter()
    with pytest.raises(OutsideValue, match="nests more than 32 levels"):
        loads(text)
    assert time.perf_counter() - start < 1.5  # about 0.1 ms


def test_text_that_is_not_json_says_so_with_the_parsers_reason() -> None:
    with pytest.raises(OutsideValue) as info:
        loads("{not json")
    assert str(info.value).startswith("it is not JSON (Expecting property name enclosed in double quotes: line 1")
    with pytest.raises(OutsideValue, match=r"^it is not JSON \(Expecting value"):
        loads("")


def test_a_time_from_epoch_seconds_in_utc() -> None:
    assert time_from_epoch(0) == datetime(1970, 1, 1, tzinfo=UTC)
    assert time_from_epoch(0).tzinfo is UTC
    assert time_from_epoch(0.5) == datetime(1970, 1, 1, 0, 0, 0, 500000, tzinfo=UTC)
    assert time_from_epoch(1_700_000_000) == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
    assert time_from_epoch("1700000000") == time_from_epoch(b"1700000000.0") == time_from_epoch(1_700_000_000)
    assert time_from_epoch(" 1700000000 ") == time_from_epoch(1_700_000_000)
    last = outside.MAX_EPOCH_S - 1
    assert time_from_epoch(last) == outside.LATEST - timedelta(seconds=1)


@pytest.mark.parametrize(
    "value",
    [
        -1,
        -0.5,
        outside.MAX_EPOCH_S,  # 3000-01-01 itself: the first time refused
        99999999999999,
        float("nan"),
        float("inf"),
        "1e308",
        "soon",
        "",
        True,
        False,
        None,
        [1_700_000_000],
        "1" * 41,
        "1700000000" + "0" * 40,  # read as its first 40 characters: still too late
        "1" + "0" * 39 + "e-30",  # 10**39 s: the exponent after the 40th character is not read
    ],
)
def test_what_is_not_a_time_since_1970_is_none(value: object) -> None:
    assert time_from_epoch(value) is None


def test_a_time_from_iso_text_keeps_its_zone_and_takes_utc_without_one() -> None:
    assert time_from_iso("2026-12-01T17:42:00") == datetime(2026, 12, 1, 17, 42, tzinfo=UTC)
    assert time_from_iso("2026-12-01T17:42:00").tzinfo is UTC
    plus = time_from_iso("2026-12-01T17:42:00+05:30")
    assert plus is not None and plus.utcoffset() == timedelta(hours=5, minutes=30)
    assert time_from_iso("1970-01-01T00:00:00") == datetime(1970, 1, 1, tzinfo=UTC)  # the first time read
    assert time_from_iso("1970-01-01T00:00:00.5+00:00") is not None
    assert time_from_iso("2999-12-31T23:59:59.999999") == outside.LATEST - timedelta(microseconds=1)
    forty = "2026-12-01T17:42:00.1234+05:30:00.123456"
    assert len(forty) == 40 and time_from_iso(forty) is not None  # the longest text read


@pytest.mark.parametrize(
    "value",
    [
        "1969-12-31T23:59:59",
        "1970-01-01T00:00:00+00:01",  # 23:59 UTC the day before
        "3000-01-01T00:00:00",
        "2999-12-31T23:59:59-00:01",  # 3000-01-01 00:00 UTC
        "9999-12-31T23:59:59",
        "0001-01-01T00:00:00+23:59",
        "yesterday",
        "",
        "2026-12-01T17:42:00.12345+05:30:00.123456",  # 41 characters, a time otherwise
        "2026-12-01T17:42:00" + "0" * 100,
        1_700_000_000,
        None,
        b"2026-12-01T17:42:00",
    ],
)
def test_what_is_not_an_iso_time_from_1970_to_3000_is_none(value: object) -> None:
    assert time_from_iso(value) is None
