"""History's usage-over-time chart: one point per version (the backups, then the live file), the
limit as a line, and the same figures in words beside it. AppTest on the real app and demo home."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import streamlit as st

from app_support import open_app
from hermes_dash import MemoryStore
from hermes_dash.curation import history
from hermes_dash.demo import create_demo_home


@pytest.fixture(autouse=True)
def fresh_cache():
    st.cache_data.clear()
    yield
    st.cache_data.clear()


@pytest.fixture
def demo(tmp_path, monkeypatch) -> Path:
    path = create_demo_home(tmp_path / "demo")
    monkeypatch.setenv("HERMES_HOME", str(path))
    return path


def chart_spec(at) -> dict:
    charts = at.get("vega_lite_chart")
    assert len(charts) == 1, "History shows no usage chart"
    return json.loads(charts[0].proto.spec)


def test_history_charts_each_versions_usage_with_the_limit_line(demo) -> None:
    store = MemoryStore.open(demo)
    store.add("memory", "Chart test: the nightly job runs at 02:00 UTC.")  # one more version
    at = open_app("curation_history")
    assert not at.exception, [e.value for e in at.exception]
    line = history.timeline(store, "memory")
    spec = chart_spec(at)
    usage, limit = spec["layer"]
    assert [p["Chars"] for p in usage["data"]["values"]] == [v.usage for v in line.versions]
    assert [p["Version"].split("] ")[1] for p in usage["data"]["values"]] == [v.name for v in line.versions]
    assert usage["encoding"]["x"]["type"] == "temporal"
    state = store.read("memory")
    assert limit["mark"]["type"] == "rule" and limit["data"]["values"] == [{"Limit": state.limit}]
    words = [c.value for c in at.caption if "usage over time" in c.value]
    assert words and f"{state.usage:,} now" in words[0] and f"{state.limit:,}-character limit" in words[0]
    # It follows the file chosen.
    at.radio(key="hi_target").set_value("user").run()
    values = chart_spec(at)["layer"][0]["data"]["values"]
    assert [p["Chars"] for p in values] == [v.usage for v in history.timeline(store, "user").versions]
