"""The expert's tunable constants: `ExpertParams`, and the set tuned for each player count.

Each set was found with benchmarks/strength/tune_expert.py (Optuna, common random numbers)
and judged with benchmarks/strength/strength.py; docs/expert-tuning.md names the runs that chose it.

C++ twin: `coop_helper/native/src/policies/expert_params.hpp` and `.cpp`, filled with these
values at run time (`policies/native_expert.py`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExpertParams:
    """The expert's tunable constants (one set per player count, see `PARAMS`)."""

    draw_boldness: float = 0.4  # weight of what one more card brings against a bust's loss
    safe_bust: float = 0.05  # below this chance of busting, always draw on
    loss_weight: float = 1.0  # weight of the harbour already won, in the draw decision
    new_colour_gain: float = 2.0  # a new ship colour: more coins to come
    extra_take_gain: float = 4.0  # a 4th or 5th colour: one more take for the active player
    pack_step: float = 8.0  # one more colour set aside for Pack of Pirates
    pack_swords: int = 4  # swords the Pack of Pirates player builds up to
    sword_fill: float = 0.45  # share of FILL per sword still wanted
    rich_coin: float = 0.4  # a coin to a player with 10 or more and nothing to buy
    idle_coin: float = 0.7  # a coin to a player with fewer and nothing to buy
    save_for: int = 9  # coins a player who wants persons saves up to
    tax_coin: float = 1.2  # most a coin is worth from TAX_HOLD coins (unless saving for money)
    expedition_fill: float = 0.8  # a person an expedition lacks, for Explorer
    expedition_slack: int = 0  # Explorer aims at expeditions this many persons behind the nearest
    sticky: float = 0.0  # how much more another player must score to take over a contract
    coin_weight: float = 0.0  # contracts met by hiring go to players with coins (planning)
    explorer_saves: bool = False  # a player after an expedition saves coins for its persons
    team_fee: bool = False  # the 1-coin fee is a transfer: worth what it brings the active player
    endgame_weight: float = 0.0  # a wanted person counts (1 + this / open contracts) times
    tax_draw: float = 0.0  # share of FILL a Tax Increase is worth to a Tax Officer who is taxed
    income_weight: float = 0.6  # weight of the coins a person brings per turn over the game
    want_gain: float = 0.6  # share of FILL a wanted person drawn next is worth ...
    want_room: float = 0.25  # ... times this when the player already has a good option
    complete_gain: float = 0.0  # share of FILL more for a person that completes a pair contract
    pack_first: float = 0.0  # share of FILL per sword up to 2, for the Pack of Pirates player
    pack_clock: bool = False  # Pack of Pirates goes to the seat of the last turn, of those tied
    pack_seat: int = -1  # ... or to this seat of those tied, whatever the clock (-1: not set)
    stop_wins: bool = False  # stop drawing where stopping wins now (`policies.stop_wins`)
    take_model: float = 0.0  # weight of the learned take correction (`policies.take_model`)
    draw_model: float = 0.0  # weight of the learned draw correction (`policies.draw_model`)


BASELINE = ExpertParams()  # the constants as they were at 2ce9615

# Each field's sensible range, (low, high): whole numbers for the int fields, 0 or 1 for
# the flags. benchmarks/strength/tune_expert.py searches within them; the native parity
# test draws constants from them.
RANGES: dict[str, tuple[float, float]] = {
    "draw_boldness": (0.15, 1.2),
    "safe_bust": (0.0, 0.15),
    "loss_weight": (0.5, 1.6),
    "new_colour_gain": (0.0, 6.0),
    "extra_take_gain": (0.0, 10.0),
    "pack_step": (2.0, 20.0),
    "pack_swords": (3, 7),
    "sword_fill": (0.2, 0.9),
    "rich_coin": (0.1, 0.8),
    "idle_coin": (0.3, 1.0),
    "save_for": (5, 13),
    "tax_coin": (0.05, 1.2),
    "expedition_fill": (0.4, 1.2),
    "expedition_slack": (0, 2),
    "sticky": (0.0, 4.0),
    "coin_weight": (0.0, 4.0),
    "team_fee": (0, 1),
    "explorer_saves": (0, 1),
    "endgame_weight": (0.0, 3.0),
    "tax_draw": (0.0, 2.0),
    "income_weight": (0.2, 1.2),
    "want_gain": (0.2, 1.5),
    "want_room": (0.0, 1.0),
    "pack_first": (0.0, 1.5),
    "complete_gain": (0.0, 1.0),
    "pack_clock": (0, 1),
    "pack_seat": (-1, 4),
    "stop_wins": (0, 1),
    "take_model": (0.0, 2.0),
    "draw_model": (0.0, 2.0),
}

# The expert's version per player count, raised at a count whenever a change alters the
# games it plays there (docs/expert-tuning.md: the versions). The atlas and the journal
# keep a count's numbers while its version stands: a change at some counts rebuilds only
# their atlas blocks and repredicts only their games.
VERSIONS: dict[int, str] = {1: "7", 2: "6", 3: "6", 4: "6", 5: "6"}

# Tuned per player count with benchmarks/strength/tune_expert.py; each set's runs and checks
# are in docs/expert-tuning.md.
PARAMS: dict[int, ExpertParams] = {
    1: ExpertParams(
        draw_boldness=0.255,
        safe_bust=0.037,
        loss_weight=1.145,
        new_colour_gain=4.864,
        extra_take_gain=8.867,
        pack_step=3.381,
        pack_swords=7,
        sword_fill=0.416,
        rich_coin=0.178,
        idle_coin=0.312,
        save_for=7,
        tax_coin=0.407,
        expedition_fill=0.983,
        expedition_slack=0,
        sticky=0.777,
        coin_weight=0.1,
        endgame_weight=0.031,
        tax_draw=0.464,
        income_weight=0.213,
        want_gain=0.253,
        want_room=0.278,
        complete_gain=0.618,
        pack_first=0.106,
        stop_wins=True,
        draw_model=0.35,
        take_model=1.0,
    ),
    2: ExpertParams(
        draw_boldness=1.113,
        safe_bust=0.02,
        loss_weight=1.523,
        new_colour_gain=3.998,
        extra_take_gain=0.572,
        pack_step=14.222,
        pack_swords=5,
        sword_fill=0.721,
        rich_coin=0.465,
        idle_coin=0.577,
        save_for=9,
        tax_coin=0.459,
        expedition_fill=1.144,
        expedition_slack=0,
        sticky=3.15,
        coin_weight=1.666,
        team_fee=True,
        endgame_weight=0.067,
        tax_draw=0.514,
        income_weight=0.364,
        want_gain=0.224,
        want_room=0.223,
        complete_gain=0.337,
        pack_first=0.063,
        pack_clock=True,
        stop_wins=True,
        take_model=0.75,
    ),
    3: ExpertParams(
        draw_boldness=0.898,
        safe_bust=0.046,
        loss_weight=1.049,
        new_colour_gain=4.237,
        extra_take_gain=0.632,
        pack_step=8.096,
        pack_swords=5,
        sword_fill=0.693,
        rich_coin=0.405,
        idle_coin=0.369,
        save_for=10,
        tax_coin=0.354,
        expedition_fill=0.995,
        expedition_slack=0,
        sticky=2.026,
        coin_weight=2.278,
        team_fee=True,
        endgame_weight=0.259,
        tax_draw=0.371,
        income_weight=0.279,
        want_gain=0.279,
        want_room=0.313,
        complete_gain=0.3,
        pack_clock=True,
        stop_wins=True,
        take_model=0.75,
    ),
    4: ExpertParams(
        draw_boldness=1.034,
        safe_bust=0.024,
        loss_weight=1.591,
        new_colour_gain=3.123,
        extra_take_gain=0.452,
        pack_step=19.421,
        pack_swords=5,
        sword_fill=0.576,
        rich_coin=0.686,
        idle_coin=0.378,
        save_for=11,
        tax_coin=0.26,
        expedition_fill=1.078,
        expedition_slack=0,
        sticky=0.093,
        coin_weight=0.425,
        team_fee=True,
        pack_first=0.5,
        stop_wins=True,
        take_model=1.0,
    ),
    5: ExpertParams(
        draw_boldness=0.721,
        safe_bust=0.013,
        loss_weight=1.239,
        new_colour_gain=3.767,
        extra_take_gain=0.251,
        pack_step=18.479,
        pack_swords=5,
        sword_fill=0.51,
        rich_coin=0.396,
        idle_coin=0.43,
        save_for=11,
        tax_coin=0.402,
        expedition_fill=0.899,
        expedition_slack=0,
        sticky=0.067,
        coin_weight=1.491,
        team_fee=True,
        endgame_weight=2.392,
        tax_draw=0.512,
        pack_first=0.5,
        stop_wins=True,
        take_model=1.0,
    ),
}
