"""Play one simulated game from the names a user types: checks the input, runs the engine.

The CLI's `play` command calls `play_one`; the result carries the event log, which
`render_play` turns into a turn-by-turn account.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from coop_helper.engine import EventLog, Game, GameConfig, GameResult
from coop_helper.engine.cards import build_deck
from coop_helper.errors import UserError
from coop_helper.policies import make_policy
from coop_helper.setup.catalog import Catalog, Contract, Seal, load_catalog
from coop_helper.setup.deals import TimePile, face_up, time_pile
from coop_helper.setup.seal_options import check_seal_options
from coop_helper.text.i18n import _

__all__ = ["PlayedGame", "default_time_pile", "play_one"]

# Seals for `play_one`: known, found for the face-up contracts, or none recorded.
SealSource = Mapping[str, Seal] | Callable[[tuple[Contract, ...]], Mapping[str, Seal]] | None


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: how it was set up, its log and its result."""

    config: GameConfig
    policy: str
    log: EventLog
    result: GameResult
    rules_pile: int | None = None  # the Time Pile the contracts give (None: a seal unknown)
    seals: Mapping[str, Seal] = field(default_factory=dict)  # the seals the game was set up with

    @property
    def unknown_coins(self) -> list[str]:
        """Contracts whose coin spaces no source gives (they pay 0 in simulation)."""
        return [c.name for c in self.config.contracts if c.coins is None]


def default_time_pile(
    catalog: Catalog, contracts: tuple[Contract, ...], seals: Mapping[str, Seal] | None = None
) -> int:
    """13 + the seal numbers + one per distinct seal letter; UserError if a seal is unknown."""
    return _known_size(time_pile(contracts, seals or {}, catalog))


def _known_size(pile: TimePile) -> int:
    """The Time Pile's size; a UserError saying how to give the seal while one is unknown."""
    if pile.size is None:
        raise pile.unknown_seals_error(or_else="pass --time-pile T")
    return pile.size


def play_one(
    names: list[str],
    players: int | None,
    seed: int,
    policy: str,
    removed: int = 0,
    time_pile: int | None = None,
    code: str | None = None,
    seals: SealSource = None,
    seal_options: Sequence[str] = (),
    on_turn: Callable[[int, int], None] | None = None,
) -> PlayedGame:
    """Check the input, play one game with a fresh log, and return it; ``on_turn`` is
    told (turn, turns the game has) after every turn.

    ``seals`` are the known seals, or a function that finds them for the face-up
    contracts once those are known (the CLI's reads the settings only if they are needed).
    """
    catalog = load_catalog()
    if players is not None and not 1 <= players <= 5:
        raise UserError(_("--players must be 1 to 5, not {n}.").format(n=players))
    if not names and code is None and players is not None:  # `setup --players N` deals
        raise UserError(
            _(
                "play does not deal: deal with 'coop-helper deal --players {n}' and give "
                "its share code with --code CODE, or name the face-up contracts."
            ).format(n=players)
        )
    if not names and code is None:
        raise UserError(
            _(
                "name the face-up contracts, e.g. 'coop-helper play "
                '"Lady Killer" Explorer Fighter\', or give --code CODE.'
            )
        )
    n_players, contracts = face_up(names=names, code=code, players=players, catalog=catalog)
    if callable(seals):
        seals = seals(contracts)
    if seal_options:
        check_seal_options(catalog, seal_options, contracts)
    chosen = make_policy(policy)
    rules = _rules_pile(catalog, contracts, seals)
    if time_pile is None:
        time_pile = _known_size(rules)
    deck = build_deck(n_players)
    room = deck.size - deck.start_coins * n_players - (deck.five_player_expedition is not None)
    if not 1 <= time_pile <= room:
        raise UserError(f"--time-pile must be 1 to {room} cards, not {time_pile}.")
    if not 0 <= removed <= time_pile:
        raise UserError(f"--removed must be 0 to {time_pile} (the Time Pile), not {removed}.")
    if seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    config = GameConfig(contracts, n_players, time_pile, removed, seed)
    log = EventLog()
    game = Game(config, chosen, log=log)
    if on_turn is not None:
        game.on_turn_end = lambda: on_turn(game.table.turn, time_pile - removed)
    result = game.run()
    return PlayedGame(config, chosen.name, log, result, rules.size, seals or {})


def _rules_pile(
    catalog: Catalog, contracts: tuple[Contract, ...], seals: Mapping[str, Seal] | None
) -> TimePile:
    """The Time Pile by the rules for these contracts (``play_one``'s ``time_pile``
    argument hides the function of that name there)."""
    return time_pile(contracts, seals or {}, catalog)
