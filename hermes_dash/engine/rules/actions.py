"""The actions of the memory tool, and what each one uses (docs/rules.md#operations).

One table, read by everything that has to know which fields an action takes: the operation
rules (``ops``), the staged-write inbox, the edit pages and the command line.
"""

from __future__ import annotations

from enum import Enum

from hermes_dash.engine.rules.errors import InvalidRequest


class Action(str, Enum):  # noqa: UP042 - StrEnum would change str() and format() of an action
    """An action of the agent's ``memory`` tool. A ``str``: ``Action.ADD == "add"``, so
    operations read from JSON compare equal without conversion."""

    ADD = "add"
    REPLACE = "replace"
    REMOVE = "remove"
    BATCH = "batch"

    @property
    def uses_content(self) -> bool:
        """Takes ``content`` (the new entry text, scanned before it is written)."""
        return self in (Action.ADD, Action.REPLACE)

    @property
    def uses_old_text(self) -> bool:
        """Takes ``old_text`` (the substring that finds the entry) and may be pinned to the entry
        it hits (``expect_entry``, ``matched_entry`` of a staged write)."""
        return self in (Action.REPLACE, Action.REMOVE)

    @property
    def fields(self) -> tuple[str, ...]:
        """The payload fields the action uses, in the agent's order."""
        if self is Action.BATCH:
            return ("operations",)
        return tuple(f for f, used in (("content", self.uses_content), ("old_text", self.uses_old_text)) if used)

    @classmethod
    def of(cls, value: object, *, where: str = "", batch: bool = True) -> Action:
        """The action ``value`` names; :class:`InvalidRequest` for anything else (``batch=False``:
        inside a batch, where only add, replace and remove are allowed)."""
        try:
            action = cls(value)
        except ValueError:
            action = None
        if action is None or (action is Action.BATCH and not batch):
            if value in (None, "") and not where:
                raise InvalidRequest(
                    "No action given: a call needs an action (add, replace, remove) or a list of operations.",
                    hint="Set action, or give operations for a batch.",
                ) from None
            shown = f"Unknown action {value!r}." if not where else f"{where}unknown action."
            raise InvalidRequest(shown, hint="Use add, replace or remove.") from None
        return action


#: The three single actions (not batch), in the agent's order.
SINGLE = (Action.ADD, Action.REPLACE, Action.REMOVE)

__all__ = ["Action"]
