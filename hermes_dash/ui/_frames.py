"""Who may frame the dashboard: headers on every HTTP answer of the server ``hermes-dash`` starts.

Streamlit has no option for response headers, and it builds its web server before any script
runs, so the headers are added where ``hermes-dash serve`` starts it: its function that lists
the server's middleware (``create_streamlit_middleware``, in Streamlit 1.61 and later) is given
one more, first, that puts :func:`hermes_dash.frame_headers` on every HTTP response (the page,
its scripts, health, media; a websocket has no such headers). A bare ``streamlit run app.py``
sends none: docs/safety.md says so.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from hermes_dash import Refusal
from hermes_dash.engine.serving import frame_headers

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class FrameHeaders:
    """ASGI middleware: the given headers on every HTTP response, replacing any of the same name."""

    def __init__(self, app: App, headers: tuple[tuple[str, str], ...]) -> None:
        self.app = app
        self.headers = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers]
        self.names = {name for name, _ in self.headers}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in self.names]
                message["headers"] = kept + self.headers
            await send(message)

        await self.app(scope, receive, sending)


def seal_frames(framed_by: int | None = None) -> None:
    """Before the server starts: every HTTP answer says who may frame the page (its own origin,
    and the agent's dashboard on port ``framed_by`` when given). Refused when this Streamlit has
    no place for it, rather than serving a page any site can frame."""
    from starlette.middleware import Middleware  # Streamlit's own dependency since its server moved to Starlette

    try:
        from streamlit.web.server.starlette import starlette_app
    except ImportError:  # an older Streamlit, still on Tornado
        made = None
    else:
        made = getattr(starlette_app, "create_streamlit_middleware", None)
    if made is None:
        raise Refusal(
            "This Streamlit has no create_streamlit_middleware, where hermes-dash adds the headers that keep "
            "other sites from framing the dashboard; it was not started.",
            hint="Install a Streamlit that hermes-dash supports (pyproject.toml names the range).",
        )
    original = getattr(made, "__wrapped__", made)
    headers = frame_headers(framed_by)

    def with_frame_headers() -> list[Middleware]:
        return [Middleware(FrameHeaders, headers=headers), *original()]

    functools.update_wrapper(with_frame_headers, original)  # its __wrapped__: a second call replaces, never stacks
    starlette_app.create_streamlit_middleware = with_frame_headers
