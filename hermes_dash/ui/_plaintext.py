"""Text from outside shown as text: the one helper for any string that comes from a file, git or
state.db and goes into Streamlit's markdown (``st.markdown``, ``st.caption``, ``st.warning`` ...).

Such a string was drawn as markdown: a commit author ``![x](http://host/a.png)`` made the browser
fetch the image when the entry was opened, a commit subject became a link, a session's ``cwd``
could carry Streamlit's directives (``:red[...]``, ``:material/...:``) or LaTeX. :func:`md_text`
puts a backslash before every ASCII punctuation character (CommonMark shows each such escaped
character as itself) and turns line breaks into spaces (a caption is one paragraph). Escapes do
not stop GitHub-style bare links: Streamlit finds ``http://...``, ``www....`` and e-mail addresses
in the text after the escapes are read, so each such run goes into a code span, which holds no
link. The words read as written and nothing in them is markup (checked in Chromium by
tests/e2e/test_browser_plain_text.py). ``lit`` (a code span) is the other way, for names and paths.
tests/meta/test_plain_text.py keeps every such string going through one of them.
"""

from __future__ import annotations

import re

_PUNCTUATION = re.compile(r"""([!-/:-@\[-`{-~])""")
#: What Streamlit would turn into a link even when escaped: a scheme and ``//``, ``www.``, an address.
_LINKABLE = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://\S*|\bwww\.\S*|[^\s@]+@[^\s@]+")


def _code(text: str) -> str:
    """``text`` as a code span: the fence one backtick longer than any run inside."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text[0] == "`" or text[-1] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_text(value: object) -> str:
    """``value`` as markdown that shows exactly its words: no link, image, emphasis, heading,
    list, directive, emoji code or formula; line breaks become spaces."""
    text = " ".join(str(value).splitlines())
    out, at = [], 0
    for found in _LINKABLE.finditer(text):
        out += [_PUNCTUATION.sub(r"\\\1", text[at : found.start()]), _code(found.group())]
        at = found.end()
    return "".join(out) + _PUNCTUATION.sub(r"\\\1", text[at:])
