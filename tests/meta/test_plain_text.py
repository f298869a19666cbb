"""Markup from outside is text (docs/safety.md, "Text from outside is shown as text"): a string
from a file, git or state.db reaches Streamlit's markdown only through ``md_text`` (escaped) or
``lit`` (a code span), hermes_dash/ui/_plaintext.py and _widgets.py.

Checked from the source of every module under hermes_dash/ui/:
* in the modules that show where an entry came from (the entry panel's origin section and the
  turn around a memory call: ui/_origins.py), everything given to a markdown call is a literal or
  goes through a helper: no f-string, ``+`` or name with a value of outside text;
* everywhere, an f-string given to a markdown call formats no attribute that holds outside text (a
  commit's author or subject, a session's model, source or cwd, a message's role or text, an
  origin's label, a staged write's summary, a reader's problem) except through a helper.
"""

from __future__ import annotations

import ast
from pathlib import Path

from repo import ROOT

UI = ROOT / "hermes_dash" / "ui"
#: Streamlit calls whose text is drawn as markdown.
MARKDOWN = {"markdown", "caption", "write", "info", "warning", "error", "success", "toast", "title", "header",
            "subheader"}  # fmt: skip
HELPERS = {"md_text", "lit"}
#: Modules that show git's and state.db's strings: every markdown argument is a literal or a helper's.
STRICT = {"_origins.py"}
#: Attributes that hold outside text.
OUTSIDE = {"author", "subject", "model", "source", "cwd", "role", "text", "label", "short", "summary", "problem",
           "problems", "message", "user", "assistant"}  # fmt: skip


def _helper(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) in HELPERS


def _names(node: ast.AST) -> set[str]:
    """The attributes ``node`` reads, not looking inside a helper's call."""
    if _helper(node):
        return set()
    own = {node.attr} if isinstance(node, ast.Attribute) else set()
    return own.union(*(_names(child) for child in ast.iter_child_nodes(node)))


def _formatted(node: ast.AST) -> list[ast.FormattedValue]:
    """The f-string values inside ``node``, not looking inside a helper's call."""
    if _helper(node):
        return []
    own = [node] if isinstance(node, ast.FormattedValue) else []
    return own + [v for child in ast.iter_child_nodes(node) for v in _formatted(child)]


def _safe_strict(node: ast.AST) -> bool:
    """A literal, a helper's call, or an f-string / ``+`` of those only."""
    if isinstance(node, ast.Constant) or _helper(node):
        return True
    if isinstance(node, ast.JoinedStr):
        return all(isinstance(v, ast.Constant) or (isinstance(v, ast.FormattedValue) and _helper(v.value))
                   for v in node.values)  # fmt: skip
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _safe_strict(node.left) and _safe_strict(node.right)
    if isinstance(node, ast.IfExp):
        return _safe_strict(node.body) and _safe_strict(node.orelse)
    return False


def _markdown_args(tree: ast.AST) -> list[tuple[int, ast.AST]]:
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MARKDOWN
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in ("st", "box", "left", "right", "col", "side")
        ):
            found += [(node.lineno, arg) for arg in node.args[:1]]
    return found


def problems(path: Path, source: str) -> list[str]:
    out = []
    for line, arg in _markdown_args(ast.parse(source)):
        if path.name in STRICT and not _safe_strict(arg):
            out.append(f"{path.name}:{line}: {ast.unparse(arg)[:100]} (give it through md_text)")
            continue
        for node in _formatted(arg):
            if named := _names(node.value) & OUTSIDE:
                out.append(f"{path.name}:{line}: {{{ast.unparse(node.value)[:60]}}} holds {sorted(named)} (md_text)")
    return out


def test_outside_text_reaches_markdown_only_through_a_helper() -> None:
    found = [p for path in sorted(UI.rglob("*.py")) for p in problems(path, path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_forbids() -> None:
    strict, loose = UI / "_origins.py", UI / "screens" / "x.py"
    assert problems(strict, 'st.caption(f"git: {life.git.label}")')
    assert problems(strict, "st.caption(problem)")
    assert problems(strict, 'st.caption(event.label + " · x")')
    assert not problems(strict, 'st.caption(md_text(f"git: {life.git.label}"))')
    assert not problems(strict, 'st.markdown(f"**{md_text(message.role)}** {md_text(when)}")')
    assert problems(loose, 'st.markdown(f"**{message.role}** said")')
    assert problems(loose, 'st.caption(f"by {commit.author}")')
    assert not problems(loose, 'st.caption(f"by {md_text(commit.author)}")')
    assert not problems(loose, 'st.caption(f"{n:,} entries in {state.filename}")')
