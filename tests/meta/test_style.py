"""Checked style: silences say why, and the code, tests and docs cite only what a reader can open.

ruff and mypy are configured in pyproject.toml ([tool.ruff], [tool.mypy]) and run by
``bash scripts/lint``, a CI step of its own. A ``# type: ignore[code]`` carries a reason after it
on the same line. Comments, docstrings and docs cite docs/rules.md by section
("docs/rules.md#locking") and name files that exist, never a document a reader of the
repository cannot open.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest
from repo import ROOT

# A reason after the code: "# type: ignore[arg-type]  # why it is right here".
IGNORE_WITH_REASON = re.compile(r"type:\s*ignore\[[\w\-, ]+\]\s*#\s*\S.{2,}")
# What a reader cannot open: numbered sections of the old spec, issue numbers, a brief or an article.
FOREIGN_CITATION = re.compile(r"\bSPEC\b|(?i:\bissues?\s*#?\s*\d|\(issue\b|\bthe brief\b|\bthe article\b)")
RULES_LINK = re.compile(r"docs/rules\.md#([\w-]*)")


def _everything() -> list[Path]:
    """Every Python file of the repository: the package, app.py, the tests and the benchmarks."""
    return sorted({*_sources(), *(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")})


def _docs() -> list[Path]:
    return sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])


# A repository path written in a comment, a docstring or a doc: it must lead to a file that exists.
REPO_PATH = re.compile(r"(?<![\w./-])((?:hermes_dash|tests|benchmarks|scripts|docs)/[\w./*-]*[\w*])")


def _sources() -> list[Path]:
    """The package (its pages included) and app.py."""
    found = {p.resolve(): p for d in ("hermes_dash",) for p in (ROOT / d).rglob("*.py")}
    found.setdefault((ROOT / "app.py").resolve(), ROOT / "app.py")
    return sorted(found.values())


def _comments_and_docstrings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every comment and every string token that is a statement of its own."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    out = []
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
        elif tok.type == tokenize.STRING:
            before = next((t for t in reversed(tokens[:i]) if t.type not in (tokenize.NL, tokenize.COMMENT)), None)
            if before is None or before.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                out.append((tok.start[0], tok.string))
    return out


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=900)


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def test_every_type_ignore_has_a_code_and_says_why() -> None:
    bare = [
        f"{_where(path, line)}: {text}"
        for path in _sources()
        for line, text in _comments_and_docstrings(path)
        if text.startswith("#") and re.search(r"type:\s*ignore", text) and not IGNORE_WITH_REASON.search(text)
    ]
    assert not bare, "a `# type: ignore[code]` needs a reason after it (`  # why ...`):\n" + "\n".join(bare)


def test_no_comment_docstring_or_doc_cites_what_a_reader_cannot_open() -> None:
    found = [
        f"{_where(path, line)}: {' '.join(text.split())[:100]}"
        for path in _everything()
        for line, text in _comments_and_docstrings(path)
        if FOREIGN_CITATION.search(text)
    ]
    found += [
        f"{_where(path, n)}: {line.strip()[:100]}"
        for path in _docs()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FOREIGN_CITATION.search(line)
    ]
    assert not found, (
        "cite the docs/rules.md section it means (docs/rules.md#operations) or say it in plain "
        "words:\n" + "\n".join(found)
    )


def test_cited_rules_sections_exist() -> None:
    sections = set(re.findall(r"^## (\S+)\s*$", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), re.M))
    cited = {
        (_where(path, n), name)
        for path in _sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for name in RULES_LINK.findall(line)
    }
    assert cited, "the code cites docs/rules.md sections"
    missing = sorted(f"{where}: docs/rules.md#{name}" for where, name in cited if name not in sections)
    assert not missing, f"no such section in docs/rules.md ({', '.join(sorted(sections))}):\n" + "\n".join(missing)


def test_every_path_named_in_comments_and_docs_exists() -> None:
    named = [
        (f"{_where(path, line)}", found)
        for path in _everything()
        for line, text in _comments_and_docstrings(path)
        for found in REPO_PATH.findall(text)
    ]
    named += [
        (f"{_where(path, n)}", found)
        for path in _docs()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for found in REPO_PATH.findall(line)
    ]
    missing = sorted(
        {
            f"{where}: {found}"
            for where, found in named
            if "*" not in found and "<" not in found and not (ROOT / found.rstrip("./")).exists()
        }
    )
    assert not missing, "these paths do not exist (moved or renamed?):\n" + "\n".join(missing)


@pytest.mark.parametrize(
    ("text", "cites"),
    [
        ('"""The lock (SPEC §4)."""', True),
        ("# see issue 4", True),
        ("# (issue #2 §4)", True),
        ("# the brief's rule", True),
        ("# The article's style", True),
        ("# docs/rules.md#locking", False),
        ("# the spec says", False),
        ("# an issue with the file", False),
    ],
)
def test_the_citation_pattern(text: str, cites: bool) -> None:
    assert bool(FOREIGN_CITATION.search(text)) is cites


@pytest.mark.parametrize(
    ("comment", "ok"),
    [
        ("# type: ignore[arg-type]  # coerce checks the item itself", True),
        ("# type: ignore[arg-type]", False),
        ("# type: ignore", False),
        ("# type: ignore  # why", False),
        ("# type: ignore[index]  #", False),
    ],
)
def test_the_reason_pattern(comment: str, ok: bool) -> None:
    assert bool(IGNORE_WITH_REASON.search(comment)) is ok
