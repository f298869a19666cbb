"""The table of agent versions, the line that names the agent found, the rules in effect and the
per-home cache (engine/agents.py), each rule pinned in this process on real folders.

The agents here are venvs laid out as pip leaves them (a ``bin/hermes`` whose ``#!`` names the
venv's python, and a ``hermes_agent-<version>.dist-info``); tests/engine/test_agent_find.py does the
same around the real 0.19.0 venv.
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_agent_places import nothing_installed
from test_engine_agents import fake_checkout, fake_install

from hermes_dash.engine import agent_find, agents
from hermes_dash.engine.agents import AgentInfo, rules_for


@pytest.fixture(autouse=True)
def _bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A user home with nothing installed, no dashboard prefix, an empty cache; the process's rules
    put back after the test."""
    nothing_installed(tmp_path, monkeypatch)
    process = agents._PROCESS[0]
    agents._FOUND.clear()
    yield
    agents._PROCESS[0] = process
    agents._FOUND.clear()


@pytest.mark.parametrize(
    "version, row",
    [
        ("0.18.0", "0.18.0"),
        ("0.18.1", "0.18.1"),
        ("0.18.1.post1", "0.18.1"),  # the same release, one more number: that row
        ("0.19.0rc1", "0.19.0"),
        ("0.18.9", "0.18.1"),
        ("0.19.7", "0.19.0"),
        ("0.19.9", "0.19.0"),
        ("0.20.0", "0.19.0"),  # before the 0.20.1 row: nothing of it is known
        ("0.21.3", "0.20.1"),
        ("0.22.2.post1", "0.22.2"),  # the iot fork's own version
        ("1.0", "0.22.2"),
        ("0.17.9", "0.18.0"),  # older than every row: the oldest
        ("0.0", "0.18.0"),
        ("main", "main"),
        ("0", "0.19.0"),  # one number is no release: unknown
        ("v0.18.0", "0.19.0"),
        ("", "0.19.0"),
        (None, "0.19.0"),
    ],
)
def test_a_version_follows_the_newest_row_at_or_below_it(version: str | None, row: str) -> None:
    assert rules_for(version).version == row


def test_the_rows_in_order() -> None:
    assert [r.version for r in agents.TABLE] == ["0.18.0", "0.18.1", "0.19.0", "0.20.1", "0.22.2", "main"]
    assert [r.version for r in agents.RELEASES] == ["0.18.0", "0.18.1", "0.19.0", "0.20.1", "0.22.2"]
    assert agents.OLDEST.version == "0.18.0" and agents.LATEST.version == "0.22.2"
    assert agents.NEWEST.version == "0.19.0"  # an agent not found: the official package's newest
    assert agents._key("0.19.0") == (0, 19, 0) and agents._key("1.2.3.4") == (1, 2, 3) and agents._key("x") == ()


def _release(version: str, found_at: str = "/opt/bin/hermes") -> AgentInfo:
    return AgentInfo(version, "release", found_at, rules_for(version))


def test_the_line_for_a_release_names_its_rules_when_they_are_another_versions() -> None:
    code = lambda p: f"`{p}`"  # noqa: E731  # as a page shows a path
    assert _release("0.19.0").describe() == "Hermes 0.19.0 (found at /opt/bin/hermes)"
    assert _release("0.19.0").describe(code) == "Hermes 0.19.0 (found at `/opt/bin/hermes`)"
    assert _release("0.18.4").describe(code) == "Hermes 0.18.4 (found at `/opt/bin/hermes`): the rules of 0.18.1"
    assert _release("0.15.2").describe() == (
        "Hermes 0.15.2 (found at /opt/bin/hermes): the rules of 0.18.0"
        " (older than 0.18.0, the oldest release hermes-dash is checked against)"
    )
    assert _release("0.18.0").supported and _release("0.20.0").supported and not _release("0.17.9").supported


def test_the_line_for_a_checkout_says_what_it_knows() -> None:
    main = rules_for("main")
    assert AgentInfo(None, "checkout", "/h/hermes-agent", main).describe(lambda p: f"<{p}>") == (
        "Hermes git checkout (found at </h/hermes-agent>): the rules of upstream main"
    )
    assert AgentInfo("0.20.0", "checkout", "/h/hermes-agent", main, "0123456789abcdef" * 2).describe() == (
        "Hermes git checkout (version 0.20.0), commit 0123456789 (found at /h/hermes-agent): the rules of upstream main"
    )
    assert AgentInfo("0.1.0", "checkout", "/h/hermes-agent", main).supported  # a checkout is main, whatever it says


def test_the_line_for_an_unknown_agent() -> None:
    unknown = AgentInfo(None, "unknown", None, agents.NEWEST)
    assert unknown.describe(lambda p: "never called") == (
        "Hermes not found here; using the rules of 0.19.0, the newest release of hermes-agent"
    )
    assert unknown.supported


def test_the_json_of_the_agent_found() -> None:
    info = AgentInfo("0.18.4", "release", "/opt/bin/hermes", rules_for("0.18.4"), "c" * 40)
    assert info.to_dict() == {
        "version": "0.18.4",
        "kind": "release",
        "found_at": "/opt/bin/hermes",
        "commit": "c" * 40,
        "package_record": None,
        "release_date": None,
        "rules": "0.18.1",
        "supported": True,
        "description": "Hermes 0.18.4 (found at /opt/bin/hermes): the rules of 0.18.1",
    }
    old = _release("0.15.2").to_dict()
    assert old["supported"] is False and old["commit"] is None


def test_detect_without_a_home_root_looks_at_the_launcher_only(tmp_path: Path) -> None:
    bin_dir = fake_install(tmp_path, "0.18.1")
    info = agents.detect(None, path=str(bin_dir))
    assert info == AgentInfo("0.18.1", "release", str(bin_dir / "hermes"), rules_for("0.18.1"))
    assert agents.detect(None, path=str(tmp_path / "empty-bin")) == AgentInfo(None, "unknown", None, agents.NEWEST)


def test_the_first_release_found_is_the_answer(tmp_path: Path) -> None:
    first, second = fake_install(tmp_path / "a", "0.18.0"), fake_install(tmp_path / "b", "0.19.0")
    info = agents.detect(tmp_path / "root", path=os.pathsep.join([str(first), str(second)]))
    assert (info.version, info.found_at, info.rules.version) == ("0.18.0", str(first / "hermes"), "0.18.0")


def test_the_dashboards_own_agent_beats_the_checkout_unless_it_runs_from_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    repo = fake_checkout(root, "0.19.0", "ef" * 20)
    elsewhere = fake_install(tmp_path / "pip", "0.18.1").parent
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(elsewhere))
    info = agents.detect(root, path=str(tmp_path / "empty-bin"))
    assert info == AgentInfo("0.18.1", "release", f"{elsewhere} (the dashboard that started this)", rules_for("0.18.1"))
    inside = fake_install(repo, "0.19.0").parent  # the installer's venv inside its checkout
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(inside))
    info = agents.detect(root, path=str(tmp_path / "empty-bin"))
    assert info == AgentInfo("0.19.0", "checkout", str(repo), rules_for("0.19.0"), "ef" * 20)
    # Without a checkout under the home, that venv is the dashboard's agent.
    assert agents.detect(tmp_path / "other", path=str(tmp_path / "empty-bin")).kind == "release"
    # A dashboard whose prefix holds no agent is not the answer: the checkout is.
    monkeypatch.setenv(agent_find.DASHBOARD_PREFIX, str(tmp_path / "nothing"))
    assert agents.detect(root, path=str(fake_install(tmp_path / "c", "0.18.0"))).kind == "checkout"


def test_the_rules_in_effect_adopted_for_the_process_and_used_in_one_context() -> None:
    assert agents.active() is agents.NEWEST
    old = AgentInfo("0.18.0", "release", "/x", rules_for("0.18.0"))
    assert agents.adopt(old) is old
    assert agents.active() is agents.OLDEST and agents.agent_rules_in_effect() is agents.OLDEST
    with agents.following("main") as row:
        assert row is agents.active() is rules_for("main")
        with agents.following(agents.NEWEST):
            assert agents.active() is agents.NEWEST
        assert agents.active() is row
    assert agents.active() is agents.OLDEST

    def in_one_context() -> agents.AgentRules:
        checkout = AgentInfo(None, "checkout", "/h", rules_for("main"))
        assert agents.use(checkout) is checkout
        return agents.active()

    assert contextvars.copy_context().run(in_one_context) is rules_for("main")
    assert agents.active() is agents.OLDEST  # another context's choice stays there


def test_the_agent_for_a_home_is_remembered_for_its_time_to_live(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    first = agents.for_home(root)
    assert first.kind == "unknown" and agents.for_home(root) is first and agents.for_home(str(root)) is first
    bin_dir = fake_install(tmp_path, "0.18.0")
    (tmp_path / "user" / ".local" / "bin").mkdir(parents=True)
    (tmp_path / "user" / ".local" / "bin" / "hermes").symlink_to(bin_dir / "hermes")  # installed meanwhile
    assert agents.for_home(root) is first  # within its time to live: not looked for again
    found = agents.for_home(root, ttl=0)  # no time to live: looked for again, and remembered
    assert found.version == "0.18.0" and agents.for_home(root) is found
    monkeypatch.setenv("PATH", str(bin_dir))  # another PATH is another question
    on_path = agents.for_home(root)
    assert on_path.found_at == str(bin_dir / "hermes") and agents.for_home(root) is on_path
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    assert agents.for_home(root) is found
    key = next(k for k, (_, info) in agents._FOUND.items() if info is found)
    when, _ = agents._FOUND[key]
    agents._FOUND[key] = (when - agents.DETECT_TTL_S - 1, found)  # older than its time to live
    again = agents.for_home(root)
    assert again is not found and again == found
    agents._FOUND[key] = (agents._FOUND[key][0] - 5, again)  # 5 s old: still fresh
    assert agents.for_home(root) is again
    assert agents.for_home(root, ttl=4) is not again


def test_the_cache_is_emptied_once_it_holds_more_than_64_homes(tmp_path: Path) -> None:
    stale = AgentInfo(None, "unknown", None, agents.NEWEST)
    for n in range(64):
        agents._FOUND[(f"/home-{n}",)] = (0.0, stale)
    agents.for_home(tmp_path / "a")
    assert len(agents._FOUND) == 65
    agents.for_home(tmp_path / "b")
    assert len(agents._FOUND) == 1 and agents.for_home(tmp_path / "b") is agents.for_home(tmp_path / "b")


def test_the_agent_for_a_home_is_looked_for_under_that_home(tmp_path: Path) -> None:
    repo = fake_checkout(tmp_path / "root", "0.19.0", "ab" * 20)
    assert agents.for_home(tmp_path / "root") == AgentInfo(
        "0.19.0", "checkout", str(repo), rules_for("0.19.0"), "ab" * 20
    )


def test_no_path_and_an_empty_path_are_two_questions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty ``PATH`` searches nothing; with none, the system's default path is searched (here
    a folder holding a launcher), so the answer remembered for the one is not the other's."""
    system = fake_install(tmp_path, "0.18.1")
    monkeypatch.setattr(os, "confstr", lambda name: str(system) if name == "CS_PATH" else None)
    monkeypatch.setenv("PATH", "")
    assert agents.for_home(tmp_path / "root").kind == "unknown"
    monkeypatch.delenv("PATH")
    assert agents.for_home(tmp_path / "root").found_at == str(system / "hermes")
