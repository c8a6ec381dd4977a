"""Play one simulated game from the names a user types: checks the input, runs the engine.

The CLI's `play` command calls `play_one`; the result carries the event log, which
`render_play` turns into a turn-by-turn account.
"""

from __future__ import annotations

from dataclasses import dataclass

from coop_helper.catalog import Catalog, Contract, load_catalog
from coop_helper.engine import EventLog, Game, GameConfig, GameResult
from coop_helper.engine.cards import build_deck
from coop_helper.engine.game import START_COINS
from coop_helper.errors import UserError
from coop_helper.policies import make_policy

__all__ = ["PlayedGame", "default_time_pile", "play_one"]


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: how it was set up, its log and its result."""

    config: GameConfig
    policy: str
    log: EventLog
    result: GameResult

    @property
    def unknown_coins(self) -> list[str]:
        """Contracts whose coin spaces no source gives (they pay 0 in simulation)."""
        return [c.name for c in self.config.contracts if c.coins is None]


def default_time_pile(catalog: Catalog, contracts: tuple[Contract, ...]) -> int:
    """13 + the seal numbers + one per distinct seal letter; UserError if a seal is unknown."""
    missing = [c.name for c in contracts if c.seal is None]
    if missing:
        raise UserError(
            f"the seal of {' and '.join(missing)} is not known, so the Time Pile size is "
            "not either: read the seal off the card and pass --time-pile T "
            "(13 + the seal numbers + 1 per distinct letter)."
        )
    seals = [c.seal for c in contracts if c.seal is not None]
    letters = {s.letter for s in seals}
    return catalog.time_pile_base + sum(s.number for s in seals) + len(letters)


def _players(catalog: Catalog, contracts: tuple[Contract, ...], players: int | None) -> int:
    if players is not None and not 1 <= players <= 5:
        raise UserError(f"--players must be 1 to 5, not {players}.")
    counts = ", ".join(f"{n} for {p}" for p, n in sorted(catalog.contracts_by_players.items()))
    counts = counts.replace(" for 1,", " contracts for 1 player,", 1)
    dealt = catalog.players_for_contracts(len(contracts))
    if dealt is None:
        raise UserError(
            f"{len(contracts)} contracts named, but the co-op game deals {counts} "
            "players: name that many."
        )
    if players is not None and players != dealt:
        raise UserError(
            f"{players} player(s) play with {catalog.contracts_by_players[players]} "
            f"contracts, but {len(contracts)} are named: drop --players or name "
            f"{catalog.contracts_by_players[players]}."
        )
    return dealt


def play_one(names: list[str], players: int | None, seed: int, policy: str,
             removed: int = 0, time_pile: int | None = None) -> PlayedGame:
    """Check the input, play one game with a fresh log, and return it."""
    catalog = load_catalog()
    if not names:
        raise UserError("name the face-up contracts, e.g. 'coop-helper play "
                        "\"Lady Killer\" Explorer Fighter'.")
    contracts = catalog.contracts_for(names)
    n_players = _players(catalog, contracts, players)
    chosen = make_policy(policy)
    if time_pile is None:
        time_pile = default_time_pile(catalog, contracts)
    deck = build_deck(n_players)
    room = deck.size - START_COINS * n_players - (deck.five_player_expedition is not None)
    if not 1 <= time_pile <= room:
        raise UserError(f"--time-pile must be 1 to {room} cards, not {time_pile}.")
    if not 0 <= removed <= time_pile:
        raise UserError(f"--removed must be 0 to {time_pile} (the Time Pile), not {removed}.")
    if seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    config = GameConfig(contracts, n_players, time_pile, removed, seed)
    log = EventLog()
    result = Game(config, chosen, log=log).run()
    return PlayedGame(config, chosen.name, log, result)
