"""Decision makers for the team, by name: ``make_policy("random")``.

More policies register themselves by adding an entry to `POLICIES` (a name and a
factory that builds a fresh policy for one game or one batch of games).
"""

from __future__ import annotations

from collections.abc import Callable

from coop_helper.errors import UserError
from coop_helper.names import suggest
from coop_helper.policies.base import Policy
from coop_helper.policies.basic import BasicPolicy
from coop_helper.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy,
    "basic": BasicPolicy,
}


def make_policy(name: str) -> Policy:
    """A fresh policy by name (any case); an unknown name raises UserError with a hint."""
    factory = POLICIES.get(name.strip().lower())
    if factory is None:
        close = suggest(name, list(POLICIES))
        hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise UserError(
            f"unknown policy '{name}'.{hint} Choose one of: {', '.join(sorted(POLICIES))}."
        )
    return factory()
