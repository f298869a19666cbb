"""The memory files as one table (docs/rules.md#files).

Each row is one file the agent injects into its system prompt: what commands and JSON call it,
its file name, the config keys of its limit and of its on/off switch, the title of its block in
the rendered prompt, and its counterpart (where "move to the other file" sends an entry). A
further file (the agent's proposed POSTURE.md, say) is one more row. ``TARGETS``, ``FILENAMES``
and ``DEFAULT_LIMITS`` in ``_format`` are views of this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from hermes_dash.engine.rules.errors import InvalidRequest


@dataclass(frozen=True)
class Target:
    """One memory file. Compare and store ``key`` (plain data); pass a Target inside the engine."""

    key: str  # "memory": the name commands, JSON and the store's methods take
    filename: str  # "MEMORY.md"
    limit_key: str  # "memory_char_limit": its limit under ``memory:`` in config.yaml (and in Settings)
    default_limit: int  # the agent's default for that limit
    enabled_key: str  # "memory_enabled": the switch under ``memory:`` that injects the block
    title: str  # its block's title in the rendered prompt
    other_key: str  # the counterpart file's key

    @property
    def other(self) -> Target:
        """The counterpart file: where a move sends an entry, where a cross-file overlap is."""
        return _BY_KEY[self.other_key]

    @staticmethod
    def of(target: str | Target | None) -> Target:
        """The row for ``target`` (a key or a Target; None: memory, as the agent's tool takes it);
        :class:`InvalidRequest` for an unknown key.

        The store calls this once at each public entry, so a write checks its target once."""
        if isinstance(target, Target):
            return target
        if target is None:
            # The agent's tool reads ``target: null`` as omitted, which means memory (0.18.1 and
            # later); the version in effect says (docs/agents.md).
            from hermes_dash.engine.agents import active

            if active().null_target_is_memory:
                return _BY_KEY["memory"]
            choices = " or ".join(f"'{t.key}' ({t.filename})" for t in TABLE)
            raise InvalidRequest("No target given (null): say which file to write.", hint=f"Use {choices}.")
        found = _BY_KEY.get(target) if isinstance(target, str) else None
        if found is None:
            choices = " or ".join(f"'{t.key}' ({t.filename})" for t in TABLE)
            raise InvalidRequest(f"Unknown target {target!r}.", hint=f"Use {choices}.")
        return found


#: Every memory file, in the order the agent renders their blocks.
TABLE: tuple[Target, ...] = (
    Target("memory", "MEMORY.md", "memory_char_limit", 2200, "memory_enabled", "MEMORY (your personal notes)", "user"),
    Target(
        "user", "USER.md", "user_char_limit", 1375, "user_profile_enabled", "USER PROFILE (who the user is)", "memory"
    ),
)
_BY_KEY = {t.key: t for t in TABLE}


def target_of(target: str | Target) -> Target:
    """The row for a key (``"memory"``), refused when there is none: :meth:`Target.of`."""
    return Target.of(target)


__all__ = ["Target", "target_of"]
