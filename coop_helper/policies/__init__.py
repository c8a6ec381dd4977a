"""Team policies, by name: the ladder random < basic < expert."""

from __future__ import annotations

from collections.abc import Callable

from coop_helper.errors import UserError
from coop_helper.names import suggest
from coop_helper.policies.base import Policy
from coop_helper.policies.basic import BasicPolicy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.random_policy import RandomPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy,
    "basic": BasicPolicy,
    "expert": ExpertPolicy,
}
DEFAULT_POLICY = "expert"


def make_policy(name: str) -> Policy:
    """A fresh policy by name; an unknown name is a UserError with a did-you-mean."""
    factory = POLICIES.get(name.strip().lower())
    if factory is None:
        close = suggest(name, list(POLICIES))
        hint = f" Did you mean '{close[0]}'?" if close else ""
        raise UserError(f"unknown policy '{name}'.{hint} Choose one of: {', '.join(POLICIES)}.")
    return factory()


def policy_version(name: str) -> str:
    """The version of the policy called ``name`` (it changes whenever its play changes)."""
    # read off an instance: a compiled (mypyc) class keeps class attributes per instance
    return str(getattr(make_policy(name), "version", "0"))
