"""Shell completion: contract names (English, German, aliases) and policy names."""

from __future__ import annotations

from coop_helper.setup.names import normalise


def _matching(candidates: list[str], incomplete: str) -> list[str]:
    """The candidates that start with what was typed, ignoring case and umlauts."""
    typed = normalise(incomplete)
    return [name for name in candidates if normalise(name).startswith(typed)]


def complete_contract(incomplete: str) -> list[str]:
    """Contract names for the shell: every English and German name and alias."""
    from coop_helper.setup.catalog import load_catalog

    names = [name for c in load_catalog().contracts for name in c.names()]
    return _matching(list(dict.fromkeys(names)), incomplete)


def complete_policy(incomplete: str) -> list[str]:
    """The simulated teams of the policy registry (search players included)."""
    from coop_helper.policies import POLICY_NAMES

    return _matching(list(POLICY_NAMES), incomplete)
