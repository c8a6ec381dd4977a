"""The event log of one game: every card movement, every decision, a snapshot after each turn.

A referee can follow the whole game from it: each ``move`` names the card id and the zones
it left and entered. Zones: ``draw``, ``time``, ``discard``, ``harbour``,
``expedition_row``, ``victory``, and per player ``coins:P``, ``display:P``,
``expeditions:P``, ``aside:P`` (Pack of Pirates ships set aside).

No C++ twin: the native core plays the odds' games and keeps no event log.
"""

from __future__ import annotations

from typing import Any


class EventLog:
    """An append-only list of events, each a plain dict ready for JSON."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def move(self, card: int, source: str, target: str) -> None:
        """A card left ``source`` for ``target``."""
        self.events.append({"event": "move", "card": card, "from": source, "to": target})

    def decision(
        self, player: int | None, kind: str, choice: Any, chooser: str, options: Any = None
    ) -> None:
        """A policy answered a question; ``player`` is None for a team decision."""
        entry: dict[str, Any] = {
            "event": "decision",
            "player": player,
            "kind": kind,
            "choice": choice,
            "chooser": chooser,
        }
        if options is not None:
            entry["options"] = options
        self.events.append(entry)

    def note(self, event: str, **fields: Any) -> None:
        """Anything else worth telling: a turn start, a bust, a payout, a completion."""
        self.events.append({"event": event, **fields})
