"""Shell completion: contract names (English, German, aliases) and policy names."""

from __future__ import annotations

from coop_helper.setup.names import normalise


def _matching(candidates: list[str], incomplete: str) -> list[str]:
    """The candidates that start with what was typed, ignoring case and umlauts."""
    typed = normalise(incomplete)
    return [name for name in candidates if normalise(name).startswith(typed)]


def _contract_names(unknown_seal_only: bool = False) -> list[str]:
    """Every English and German name and alias, with '_' for each space. Shells split
    completions at spaces, so 'Lady Killer' would arrive as two words; 'Lady_Killer' names
    the same contract (names ignore punctuation)."""
    from coop_helper.setup.catalog import load_catalog

    names = [
        name.replace(" ", "_")
        for c in load_catalog().contracts
        if not unknown_seal_only or c.seal is None
        for name in c.names()
    ]
    return list(dict.fromkeys(names))


def complete_contract(incomplete: str) -> list[str]:
    """Contract names for the shell (`_contract_names`)."""
    return _matching(_contract_names(), incomplete)


def complete_policy(incomplete: str) -> list[str]:
    """The simulated teams of the policy registry (search players included: for `play`)."""
    from coop_helper.policies import POLICY_NAMES

    return _matching(list(POLICY_NAMES), incomplete)


def complete_odds_policy(incomplete: str) -> list[str]:
    """The simulated teams the odds can use (one game answers every removal level)."""
    from coop_helper.policies import POLICIES

    return _matching(list(POLICIES), incomplete)


def complete_unknown_seal_contract(incomplete: str) -> list[str]:
    """The contracts whose seal the card data lacks: the only ones `seals` records."""
    return _matching(_contract_names(unknown_seal_only=True), incomplete)


def complete_difficulty(incomplete: str) -> list[str]:
    """The difficulty levels (a win chance like 40% is typed, not completed)."""
    from coop_helper.atlas.choose import LEVELS

    return _matching(list(LEVELS), incomplete)


def complete_as(incomplete: str) -> list[str]:
    """Whose odds `--as` shows: the table's own or the expert's."""
    return _matching(["table", "expert"], incomplete)
