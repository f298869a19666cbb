"""The MEMORY.md merge driver, through real git merges in real repositories (git-setup installs it).

Each case: a base commit, one branch per side, `git merge`, then the working file is read as the
agent reads it. Also the driver alone on files, and a property: nothing either side wrote is lost.
"""

from __future__ import annotations

from pathlib import Path

from cli_support import invoke
from git_support import Repo
from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import DELIMITER, parse
from hermes_dash.integrations.merge import Conflict, merge_entries, run_driver


def memory(*entries: str) -> str:
    return DELIMITER.join(entries)


def setup_repo(tmp_path: Path, base: str | bytes, name: str = "MEMORY.md") -> Repo:
    repo = Repo(tmp_path / "team")
    repo.write(name, base)
    repo.commit("base")
    done = invoke("git-setup", str(repo.path), environ=repo.env)
    assert done.returncode == 0, done.stderr
    repo.commit("use the hermes-memory merge driver")
    return repo


def two_sides(repo: Repo, ours: str | bytes, theirs: str | bytes, name: str = "MEMORY.md"):
    repo.branch("theirs")
    repo.write(name, theirs)
    repo.commit("their side")
    repo.checkout("main")
    repo.write(name, ours)
    repo.commit("our side")
    return repo.merge("theirs")


def entries_of(path: Path) -> list[str]:
    return parse(path.read_bytes().decode("utf-8").replace("\r\n", "\n"))


def test_both_sides_add_keeps_both_ours_first(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "beta"))
    done = two_sides(repo, memory("alpha", "beta", "ours: uses pnpm"), memory("alpha", "beta", "theirs: CI on arm64"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert (repo.path / "MEMORY.md").read_text() == memory("alpha", "beta", "ours: uses pnpm", "theirs: CI on arm64")
    assert "1 added here, 1 added there" in done.stdout + done.stderr
    assert repo.run("status", "--porcelain").stdout == ""  # merged and committed, nothing left over


def test_one_removes_the_other_adds(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "stale: node 16", "gamma"))
    done = two_sides(repo, memory("alpha", "gamma"), memory("alpha", "stale: node 16", "gamma", "new: node 22"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert entries_of(repo.path / "MEMORY.md") == ["alpha", "gamma", "new: node 22"]


def test_an_entry_edited_on_one_side_takes_that_edit(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "deploys with make deploy", "gamma"))
    done = two_sides(
        repo,
        memory("alpha", "deploys with make deploy", "gamma", "delta"),
        memory("alpha", "deploys with make deploy-prod", "gamma"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert entries_of(repo.path / "MEMORY.md") == ["alpha", "deploys with make deploy-prod", "gamma", "delta"]


def test_both_edit_one_entry_differently_is_a_conflict_with_both_full_texts(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "the API runs on port 8000", "gamma"))
    ours_text = "the API runs on port 8080 (changed in March)"
    theirs_text = "the API runs on port 9000\nbehind nginx"
    done = two_sides(repo, memory("alpha", ours_text, "gamma", "ours added"), memory("alpha", theirs_text, "gamma"))
    assert done.returncode == 1
    assert "CONFLICT" in done.stdout
    text = (repo.path / "MEMORY.md").read_text()
    assert text == memory(
        "alpha", f"<<<<<<< ours\n{ours_text}\n=======\n{theirs_text}\n>>>>>>> theirs", "gamma", "ours added"
    )
    assert "UU MEMORY.md" in repo.run("status", "--porcelain").stdout  # git knows it is unresolved


def test_changed_on_one_side_removed_on_the_other_is_a_conflict_not_a_loss(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "uses yarn 1", "gamma"))
    done = two_sides(repo, memory("alpha", "uses yarn 4 (berry)", "gamma"), memory("alpha", "gamma"))
    assert done.returncode == 1
    text = (repo.path / "MEMORY.md").read_text()
    assert "<<<<<<< ours\nuses yarn 4 (berry)\n=======\n>>>>>>> theirs" in text


def test_crlf_on_one_side_merges_as_the_same_entries(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha", "line one\nline two", "gamma"))
    theirs = memory("alpha", "line one\nline two", "gamma", "theirs added").replace("\n", "\r\n")
    done = two_sides(repo, memory("alpha", "line one\nline two", "gamma", "ours added"), theirs)
    assert done.returncode == 0, done.stdout + done.stderr
    data = (repo.path / "MEMORY.md").read_bytes()
    assert b"\r" not in data  # written as the memory tool writes: LF
    assert entries_of(repo.path / "MEMORY.md") == ["alpha", "line one\nline two", "gamma", "ours added", "theirs added"]


def test_a_hand_written_side_with_no_delimiter(tmp_path: Path) -> None:
    """The file began as notes written by hand (headings, no §): one entry to the agent. Our agent
    added an entry after it; a teammate edited the notes by hand. Both changes survive."""
    notes = "# Project notes\n\n- build: make\n- tests: pytest -q"
    repo = setup_repo(tmp_path, notes)
    edited = notes + "\n- lint: ruff check ."
    done = two_sides(repo, memory(notes, "the staging host is stg-2"), edited + "\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert entries_of(repo.path / "MEMORY.md") == [edited, "the staging host is stg-2"]


def test_a_hand_written_rewrite_against_an_agent_edit_conflicts(tmp_path: Path) -> None:
    """A teammate rewrote the file by hand as one block with no § while our side changed an entry:
    the changed entry is not silently dropped."""
    repo = setup_repo(tmp_path, memory("uses pnpm", "deploys on Fridays"))
    done = two_sides(repo, memory("uses pnpm", "deploys on Thursdays"), "uses pnpm, deploys on Fridays\n")
    text = (repo.path / "MEMORY.md").read_text()
    assert "deploys on Thursdays" in text and "uses pnpm, deploys on Fridays" in text
    assert done.returncode == 1 and "<<<<<<< ours" in text


def test_exact_duplicates_collapse(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha"))
    done = two_sides(repo, memory("alpha", "same fact"), memory("alpha", "same fact"))
    assert done.returncode == 0
    assert (repo.path / "MEMORY.md").read_text() == memory("alpha", "same fact")
    # git resolves identical sides itself; the driver collapses duplicates when they differ elsewhere:
    repo2 = setup_repo(tmp_path / "two", memory("alpha"))
    done = two_sides(repo2, memory("alpha", "same fact", "x"), memory("alpha", "same fact", "y"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert entries_of(repo2.path / "MEMORY.md") == ["alpha", "same fact", "x", "y"]
    assert "1 duplicates collapsed" in done.stdout + done.stderr


def test_over_the_limit_is_kept_whole_and_reported(tmp_path: Path) -> None:
    repo = setup_repo(tmp_path, memory("alpha"))
    big_ours, big_theirs = "o" * 1200, "t" * 1200
    done = two_sides(repo, memory("alpha", big_ours), memory("alpha", big_theirs))
    assert done.returncode == 0, done.stdout + done.stderr
    assert entries_of(repo.path / "MEMORY.md") == ["alpha", big_ours, big_theirs]
    out = done.stdout + done.stderr
    assert "2,411 characters, over the limit of 2,200 by 211" in out and "nothing was cut" in out


def test_through_a_symlinked_memory_file(tmp_path: Path) -> None:
    """A common team practice: the home's MEMORY.md is a link into the repository. hermes-dash
    writes through the link on our side; after the merge the agent's file (still a link) has both."""
    repo = setup_repo(tmp_path, memory("alpha", "beta"))
    home = tmp_path / "home"
    (home / "memories").mkdir(parents=True)
    link = home / "memories" / "MEMORY.md"
    link.symlink_to(repo.path / "MEMORY.md")
    repo.branch("theirs")
    repo.write("MEMORY.md", memory("alpha", "beta", "theirs: the VPN is wg0"))
    repo.commit("their side")
    repo.checkout("main")
    store = MemoryStore.open(home, "default")
    assert store.add("memory", "ours: the cache lives in /var/cache/app").changed
    repo.commit("our side, written by hermes-dash through the link")
    done = repo.merge("theirs")
    assert done.returncode == 0, done.stdout + done.stderr
    assert link.is_symlink()
    assert list(store.read("memory").entries) == [
        "alpha",
        "beta",
        "ours: the cache lives in /var/cache/app",
        "theirs: the VPN is wg0",
    ]


def test_a_side_that_is_not_utf8_is_a_whole_file_conflict_keeping_every_byte(tmp_path: Path) -> None:
    base, ours, theirs, out = (tmp_path / n for n in ("O", "A", "B", "out"))
    base.write_bytes(b"alpha")
    ours.write_bytes(b"alpha\n\xc2\xa7\nours")
    theirs.write_bytes(b"alpha\n\xc2\xa7\ncaf\xe9")  # latin-1, not UTF-8
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 1
    assert ours.read_bytes() == (
        b"<<<<<<< ours\nalpha\n\xc2\xa7\nours\n=======\nalpha\n\xc2\xa7\ncaf\xe9\n>>>>>>> theirs\n"
    )
    assert any("not valid utf-8" in line.lower() for line in report.lines)
    assert not out.exists()


def test_the_driver_command_exit_status(tmp_path: Path) -> None:
    base, ours, theirs = (tmp_path / n for n in ("O", "A", "B"))
    base.write_text(memory("a", "the build uses make"))
    ours.write_text(memory("a", "the build uses make -j8"))
    theirs.write_text(memory("a", "the build uses gmake"))
    done = invoke("merge-driver", str(base), str(ours), str(theirs), "team/MEMORY.md")
    assert done.returncode == 1
    assert "1 entry changed on both sides" in done.stderr
    assert ours.read_text() == memory(
        "a", "<<<<<<< ours\nthe build uses make -j8\n=======\nthe build uses gmake\n>>>>>>> theirs"
    )


texts = st.text(alphabet="abcdefgh §\n", min_size=1, max_size=12).map(str.strip).filter(bool)
lists = st.lists(texts, max_size=6).map(lambda xs: parse(DELIMITER.join(xs)))


@settings(max_examples=300, deadline=None)
@given(lists, lists, lists)
def test_nothing_either_side_wrote_is_lost(base: list[str], ours: list[str], theirs: list[str]) -> None:
    result = merge_entries(base, ours, theirs)
    shown = set()
    for item in result.items:
        if isinstance(item, Conflict):
            shown.update(t for t in (item.ours, item.theirs) if t is not None)
        else:
            shown.add(item)
    for entry in [*ours, *theirs]:
        if entry not in base:
            assert entry in shown, (base, ours, theirs, result)
    for entry in base:
        if (
            entry in ours
            and entry in theirs
            and not any(isinstance(i, Conflict) and i.base == entry for i in result.items)
        ):
            assert entry in shown
    plain = [i for i in result.items if not isinstance(i, Conflict)]
    assert len(plain) == len(set(plain))  # exact duplicates collapse
    # A clean result is written exactly as the memory tool writes those entries.
    if not result.conflicts:
        assert result.text() == DELIMITER.join(plain)


def test_a_side_too_large_to_read_leaves_ours_untouched(tmp_path: Path) -> None:
    from hermes_dash.integrations import merge

    base, ours, theirs = (tmp_path / n for n in ("O", "A", "B"))
    base.write_text("alpha")
    ours.write_text(memory("alpha", "ours"))
    theirs.write_bytes(b"x" * (merge.MAX_BYTES + 1))
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 1 and ours.read_text() == memory("alpha", "ours")
    assert "git checkout --theirs -- MEMORY.md" in report.lines[0] and "more than" in report.lines[1]


def test_a_leading_bom_is_dropped_on_read_as_the_agents_of_today_read_it(tmp_path: Path) -> None:
    """The module says a BOM is dropped, as 0.20 and later read it (``utf-8-sig``):
    one side saved with a BOM has not changed its first entry, and the result has no BOM."""
    base, ours, theirs = (tmp_path / n for n in ("O", "A", "B"))
    base.write_text(memory("alpha", "beta"))
    ours.write_bytes(b"\xef\xbb\xbf" + memory("alpha", "beta").encode())  # an editor added the BOM
    theirs.write_text(memory("alpha: now with detail", "beta", "gamma"))
    report = run_driver(base, ours, theirs, "MEMORY.md")
    assert report.code == 0, report.lines
    assert ours.read_bytes() == memory("alpha: now with detail", "beta", "gamma").encode()
    for side in (base, theirs):  # a BOM on any side, through the command git runs
        side.write_bytes(b"\xef\xbb\xbf" + side.read_bytes())
    ours.write_bytes(b"\xef\xbb\xbf" + memory("alpha", "beta", "delta").encode())
    done = invoke("merge-driver", str(base), str(ours), str(theirs), "MEMORY.md")
    assert done.returncode == 0, done.stderr
    assert ours.read_bytes() == memory("alpha: now with detail", "beta", "delta", "gamma").encode()
