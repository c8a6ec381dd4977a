"""Setting up a game and getting its odds: the one path that `setup` and `odds`, the web
page and the Python API take.

`find_deal` works out the face-up game (dealt from a seed, or named, or from a share
code) with its seals and Time Pile; `set_up` runs the odds for it with settings checked
once (`sim.odds.odds_settings`), adds the table's own odds from the journal, and says which
advice stands (`GameSetup.advice`). Showing any of it is left to the caller: a ``watch``
sees the run as it goes (the command line's live table, the page's stream).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Catalog, Contract, load_catalog
from coop_helper.setup.deals import PreparedGame, TimePile, face_up, prepare_game, time_pile
from coop_helper.setup.seal_options import check_seal_options

if TYPE_CHECKING:  # the simulation and the journal load when odds are asked for
    from coop_helper.journal.table_odds import TableOdds
    from coop_helper.sim.levels import Level, WinsByBudget
    from coop_helper.sim.odds import OddsResult, OddsSettings


@dataclass(frozen=True)
class Deal:
    """A game to set up: its face-up contracts (with the seals the table gave or
    recorded) and its Time Pile."""

    game: PreparedGame
    seals: config.Seals

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return self.game.contracts

    @property
    def pile(self) -> TimePile:
        return self.game.time_pile


@dataclass(frozen=True)
class Watching:
    """What watches a run: games finished, and the tally after every batch."""

    progress: Callable[[int], None] | None = None
    on_batch: Callable[[WinsByBudget], None] | None = None


# Made for a deal and its settings, around the run: the command line's live table.
Watch = Callable[[Deal, "OddsSettings"], AbstractContextManager[Watching]]
# Plays a deal's games somewhere else (the web page's simulation process); returns the odds.
Runner = Callable[[Deal, "OddsSettings", Watching], "OddsResult"]


@dataclass(frozen=True)
class GameSetup:
    """A game set up: the deal, its odds (None without a simulation) and the table's own
    odds (None without enough recorded games, or with ``--as expert``)."""

    deal: Deal
    odds: OddsResult | None = None
    table_odds: TableOdds | None = None
    note: str | None = None  # why the table's own odds are missing, when it is worth saying

    @property
    def advice(self) -> Level | None:
        """The recommended level that stands (the table's or the expert's); None without
        odds, a target, or a level that reaches it."""
        if self.odds is None:
            return None
        from coop_helper.journal.table_odds import advice

        return advice(self.odds, self.table_odds)


def find_deal(
    *,
    players: int | None = None,
    names: Sequence[str] = (),
    code: str | None = None,
    seed: int | None = None,
    seal_options: Sequence[str] = (),
    may_deal: bool = True,
    catalog: Catalog | None = None,
) -> Deal:
    """The game to set up, from a player count (dealt from ``seed``, if ``may_deal``),
    contract names or a share code, with the seals of its contracts (``--seal NAME=NL``
    options first, then those recorded in the settings)."""
    catalog = catalog or load_catalog()
    if not (may_deal or names or code):
        face_up(players=players, catalog=catalog)  # says to name the contracts
    game = prepare_game(players=players, names=names, code=code, seed=seed, catalog=catalog)
    seals = config.seals_for(catalog, list(seal_options), game.contracts)
    if seals:  # the deal does not depend on seals; its Time Pile does
        game = replace(game, time_pile=time_pile(game.contracts, seals, catalog))
    if names or code:  # a dealt game may leave out a card whose seal the table gave
        check_seal_options(catalog, list(seal_options), game.contracts)
    return Deal(game, seals)


def deal_of(game: PreparedGame, seals: config.Seals) -> Deal:
    """A deal worked out elsewhere (the Python API takes seals as a mapping)."""
    return Deal(game, seals)


def set_up(
    deal: Deal,
    settings: OddsSettings | None,
    as_who: str = "table",
    watch: Watch | None = None,
    runner: Runner | None = None,
) -> GameSetup:
    """The deal's odds with these settings (checked: `sim.odds.odds_settings`), the
    table's own odds from the journal unless ``as_who`` is 'expert', and so the advice
    that stands. Without settings, the deal alone. The games are played here, or by
    ``runner``."""
    if settings is None:
        return GameSetup(deal)
    from coop_helper.journal.table_odds import for_odds

    with watch(deal, settings) if watch is not None else nullcontext(Watching()) as watching:
        result = (runner or _play_here)(deal, settings, watching)
    table_odds, note = for_odds(result, as_who)
    return GameSetup(deal, result, table_odds, note)


def _play_here(deal: Deal, settings: OddsSettings, watching: Watching) -> OddsResult:
    """Play the deal's games in this process (and its workers)."""
    from coop_helper.sim.odds import run_odds

    return run_odds(
        deal.players, deal.contracts, deal.pile, settings, watching.progress, watching.on_batch
    )
