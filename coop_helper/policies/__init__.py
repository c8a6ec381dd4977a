"""Team policies, by name: the ladder random < basic < expert, and search on top of any.

``search`` checks the expert's draw and take decisions by rollouts, ``search-draw`` and
``search-take`` only one kind; ``search:<base>`` (and ``search-draw:<base>``,
``search-take:<base>``) lays it on another policy, e.g. ``search:basic``.

C++ twin: `coop_helper/native/src/policies/registry.cpp`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from coop_helper.errors import UserError
from coop_helper.setup.names import suggest

if TYPE_CHECKING:
    from coop_helper.policies.base import Policy
    from coop_helper.policies.expert_params import ExpertParams

# The policies load (with the rules engine) only when one is made: a command that only
# names them, for its help or its checks, starts without them.


def _random() -> Policy:
    from coop_helper.policies.random_policy import RandomPolicy

    return RandomPolicy()


def _basic() -> Policy:
    from coop_helper.policies.basic import BasicPolicy

    return BasicPolicy()


def _expert() -> Policy:
    from coop_helper.policies.expert import ExpertPolicy

    return ExpertPolicy()


POLICIES: dict[str, Callable[[], Policy]] = {
    "random": _random,
    "basic": _basic,
    "expert": _expert,
}
SEARCH_KINDS: dict[str, tuple[str, ...]] = {
    "search": ("draw", "take"),
    "search-draw": ("draw",),
    "search-take": ("take",),
}
DEFAULT_POLICY = "expert"
SEARCH_BASE = "expert"
POLICY_NAMES = (*POLICIES, *SEARCH_KINDS)  # every name make_policy takes (and search:BASE)


def _unknown(name: str) -> UserError:
    names = [*POLICIES, *SEARCH_KINDS, *(f"{s}:{b}" for s in SEARCH_KINDS for b in POLICIES)]
    close = suggest(name, names)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    return UserError(
        f"unknown policy '{name}'.{hint} Choose one of: "
        f"{', '.join([*POLICIES, *SEARCH_KINDS])} (or search:BASE)."
    )


def make_policy(name: str, params: dict[int, ExpertParams] | None = None) -> Policy:
    """A fresh policy by name; an unknown name is a UserError with a did-you-mean.

    ``params``: the expert's constants per player count, for the expert and a search laid
    on it (None: the shipped `PARAMS`)."""
    key = name.strip().lower()
    factories = POLICIES
    if params is not None:
        from coop_helper.policies.expert import ExpertPolicy

        factories = {**POLICIES, "expert": functools.partial(ExpertPolicy, params)}
    factory = factories.get(key)
    if factory is not None:
        return factory()
    search, _, base = key.partition(":")
    kinds = SEARCH_KINDS.get(search)
    base = base.strip() or SEARCH_BASE
    base_factory = factories.get(base)
    if kinds is None or base_factory is None:
        raise _unknown(name)
    canonical = search if base == SEARCH_BASE else f"{search}:{base}"
    from coop_helper.policies.search import SearchPolicy

    return SearchPolicy(base_factory, canonical, kinds, base_name=base)


def is_time_blind(policy: Policy) -> bool:
    """Does no decision of this policy depend on the turns left, but its Victory Pile
    move and its last turn (which the odds runner branches, see `policies.last_turn`)?
    Only such a policy can answer every removal level from one game."""
    return policy.time_blind


def clock_seats(name: str, players: int, keys: Collection[str]) -> int:
    """How many kinds of game the policy called ``name`` plays with these contracts, by the
    seat that takes the last turn (the expert's Pack of Pirates by the clock): the odds
    runner plays one game per kind, each answering the removal levels of its seat."""
    seats = getattr(make_policy(name), "clock_seats", None)
    return 1 if seats is None else int(seats(players, keys))


def policy_version(name: str, players: int) -> str:
    """The version of the policy called ``name`` at this player count (it changes whenever
    its play there changes)."""
    return make_policy(name).version_at(players)
