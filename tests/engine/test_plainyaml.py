"""config.yaml's common shape read without PyYAML (engine/plainyaml.py): whatever it accepts it
reads exactly as ``yaml.safe_load`` does; the rest it leaves to PyYAML (UNSURE)."""

from __future__ import annotations

import os
import subprocess

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hermes_dash import MemoryStore
from hermes_dash.engine import plainyaml
from repo import ROOT

AGENT_PYTHON = os.environ.get("HD_AGENT_PYTHON", "/opt/hermes-agent/v0.19.0/bin/python")


def _same_as_pyyaml(text: str) -> object:
    """What plainyaml read, after checking it is what PyYAML reads (an empty document as {})."""
    got = plainyaml.read(text)
    if got is not plainyaml.UNSURE:
        try:
            expected = yaml.safe_load(text) or {}
        except yaml.YAMLError:
            pytest.fail(f"plainyaml accepted text PyYAML refuses: {text!r}")
        assert got == expected and type(got) is type(expected), text
        assert repr(got) == repr(expected), text  # 1 and True, 1 and 1.0 compare equal; their reprs do not
    return got


def test_the_agents_own_full_config_is_read_without_pyyaml():
    """Every key the agent knows, dumped as its config writer dumps it (yaml.dump, keys in order)."""
    if not os.path.exists(AGENT_PYTHON):
        pytest.skip(f"the released agent is not installed at {AGENT_PYTHON}")
    dump = ("import sys, yaml, hermes_cli.config as c; sys.stdout.write("
            "yaml.dump(c.DEFAULT_CONFIG, default_flow_style=False, sort_keys=False, allow_unicode=True))")
    text = subprocess.run([AGENT_PYTHON, "-c", dump],
                          capture_output=True, text=True, check=True, timeout=120,
                          env={"HOME": "/nonexistent", "PATH": os.environ.get("PATH", ""),
                               "HERMES_HOME": "/nonexistent/hermes"}).stdout
    assert text.count("\n") > 300
    assert _same_as_pyyaml(text) is not plainyaml.UNSURE


def test_the_demo_and_the_benchmarks_configs_are_read_without_pyyaml():
    from benchmarks.core import CONFIG

    for text in ((ROOT / "hermes_dash" / "demo_home" / "config.yaml").read_text(encoding="utf-8"),
                 CONFIG.format(memory=2200, user=1375)):
        assert _same_as_pyyaml(text) is not plainyaml.UNSURE


@pytest.mark.parametrize("text", [
    "a: yes", "on: 1", "a: 0123", "a: 1e3", "a: -0", "a: 1:20", "a: 2001-12-14", "a: .5", "a: .inf",
    "a: &x 1\nb: *x", "a: !!str 1", "a: [1, 2]", "a: {b: 1}", "a: |\n  text", "--- \na: 1", "a:\tb",
    "a: b\r\nc: d", "a: 'x\n  y'", 'a: "\\u00e9"', "a: b\n  c: d", "a:\n  b: 1\n c: 2", "- a\n- b: 1\n  c", "a: 0x1F",
    "a: y", "a: b #c\n#d\n  e: f", "a: x\u2028y", "a: \ufeffx", "a: 5e", "a: 0b1",
])
def test_what_it_is_not_sure_of_is_left_to_pyyaml(text):
    assert _same_as_pyyaml(text) is plainyaml.UNSURE


@pytest.mark.parametrize("text", [
    "", "# only a comment\n", "a:", "a: ~", "a: null", "a: True", "a: -5", "a: 0.10", "a: ''", "a: 'it''s # not'",
    'a: "x # y"', "a: []", "a: {}", "a: 5m  # five minutes", "a: ~/.hermes", "a: .", "a: img:tag", "a: b c (d)",
    "a:\n- x\n- 'y'\nb: 2", "a:\n  - x\n  - k: 1\n    z: 2\n  - w", "a:\n  b:\n    c: 1\n  d: 2\ne: 3",
    "a: 1\na: 2", "a: 'é ▉'", "memory:\n  memory_char_limit: 3000   \n\n  user_char_limit: 1200 # c\n",
])
def test_what_it_reads_is_what_pyyaml_reads(text):
    assert _same_as_pyyaml(text) is not plainyaml.UNSURE


_SCALARS = st.sampled_from([
    "1", "0", "-3", "012", "1.5", "-0.0", ".5", "1e3", "5m", "0x10", "true", "False", "yes", "off", "null", "~",
    "Null", "y", "''", "'a''b'", "'a", '""', '"q"', '"\\n"', "[]", "{}", "[1]", "abc", "a b", "a  b", "a:b", "a: b",
    "a #c", "a#c", "/p/q", "~/x", ".", ".inf", "&a x", "*a", "!t x", "|", ">", "@x", "%x", "`x", "é", "- x",
    "2001-01-01", "1:30", "=", "<<", "a,b", "a:", " ", "",
])
_KEYS = st.sampled_from(["a", "b", "memory", "on", "yes", "null", "a-b", "_x", "1", "a b", "'q'", "a.b", "True"])


@st.composite
def documents(draw):
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        indent = " " * draw(st.sampled_from([0, 0, 2, 2, 4, 1, 3]))
        kind = draw(st.sampled_from(["pair", "pair", "open", "item", "item-pair", "comment", "blank"]))
        tail = draw(st.sampled_from(["", "", " ", "  # note", "\t"]))
        if kind == "pair":
            lines.append(f"{indent}{draw(_KEYS)}: {draw(_SCALARS)}{tail}")
        elif kind == "open":
            lines.append(f"{indent}{draw(_KEYS)}:{tail}")
        elif kind == "item":
            lines.append(f"{indent}- {draw(_SCALARS)}{tail}")
        elif kind == "item-pair":
            lines.append(f"{indent}- {draw(_KEYS)}: {draw(_SCALARS)}")
        else:
            lines.append(f"{indent}# c" if kind == "comment" else indent)
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=800, deadline=None)
@given(documents())
@example("a:\n- 1\n- b: 2\n  c:\n  - 3\nd: x")
def test_any_document_it_accepts_reads_as_pyyaml_reads_it(text):
    _same_as_pyyaml(text)


def test_show_reads_the_limits_without_pyyaml_and_falls_back_for_the_rest(tmp_path):
    (tmp_path / "config.yaml").write_text("memory:\n  memory_char_limit: 3000\n", encoding="utf-8")
    assert MemoryStore.open(tmp_path).settings.limit("memory") == 3000
    (tmp_path / "config.yaml").write_text("memory:\n  memory_char_limit: 0x10\n", encoding="utf-8")
    assert MemoryStore.open(tmp_path).settings.limit("memory") == 16  # PyYAML's reading (YAML 1.1 hex)
    (tmp_path / "config.yaml").write_text("memory: [broken\n", encoding="utf-8")
    settings_ = MemoryStore.open(tmp_path).settings
    assert settings_.limit("memory") == 2200 and "not valid YAML" in settings_.warnings[0]


_NAMES = st.from_regex(r"[a-z_][a-z0-9_-]{0,8}", fullmatch=True)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**12) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.sampled_from("ab zZ09:#-_./~'\"é▉[]{},&*!|>%@`\\"), max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_NAMES, inner, max_size=4),
    max_leaves=12)


@settings(max_examples=250, deadline=None)
@given(st.dictionaries(_NAMES, _VALUES, min_size=1, max_size=6))
def test_any_config_dumped_as_the_agent_dumps_it_reads_as_pyyaml_reads_it(config):
    _same_as_pyyaml(yaml.dump(config, default_flow_style=False, sort_keys=False, allow_unicode=True))
