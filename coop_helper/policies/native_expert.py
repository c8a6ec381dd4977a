"""The expert's constants as data for the native core.

The native expert types none of its constants: `expert_constants` gathers, for one player
count, the fields of `ExpertParams` and every constant `expert`, `planning` and
`last_turn` name, and `native_expert` hands them to the native core (as
`coop_helper.native.core.native_deck` hands over the deck). So a changed `ExpertParams`
plays natively with no rebuild.

C++ twin: `coop_helper/native/src/policies/expert_params.hpp` and `.cpp` (the struct these
constants fill, by name).
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from coop_helper.engine.cards import ABILITY
from coop_helper.native import core as native_core
from coop_helper.policies import (
    draw_model,
    expert,
    last_turn,
    planning,
    stop_wins,
    take_model,
)
from coop_helper.policies.expert_params import BASELINE, PARAMS, ExpertParams


def params_for(players: int, params: dict[int, ExpertParams] | None = None) -> ExpertParams:
    """The set the expert plays at this player count (`ExpertPolicy.start_game`'s choice)."""
    return (PARAMS if params is None else params).get(players, BASELINE)


def expert_constants(players: int, params: ExpertParams) -> dict[str, Any]:
    """Every constant the expert plays this player count with, by name."""
    constants: dict[str, Any] = dataclasses.asdict(params)
    constants.update(
        fill=expert.FILL,
        income_per_turn=[expert.INCOME_PER_TURN.get(a, 0.0) for a in range(len(ABILITY))],
        horizon=expert.HORIZON.get(players, expert.DEFAULT_HORIZON),
        jinx_value=expert.JINX_VALUE,
        gamester_value=expert.GAMESTER_VALUE,
        foe_value=expert.FOE_VALUE,
        share_ships=expert.SHARE_SHIPS,
        max_harbour=expert.MAX_HARBOUR,
        tax_hold=expert.TAX_HOLD,
        max_swords=expert.MAX_SWORDS,
        turns_per_contract=expert.TURNS_PER_CONTRACT.get(
            players, expert.DEFAULT_TURNS_PER_CONTRACT
        ),
        victory_margin=expert.VICTORY_MARGIN,
        round_up=expert.ROUND_UP,
        money_coin=expert.MONEY_COIN,
        hire_coin=expert.HIRE_COIN,
        rich_from=expert.RICH_FROM,
        trader_fill=expert.TRADER_FILL,
        cheap_fill_last=expert.CHEAP_FILL_LAST,
        cheap_fill=expert.CHEAP_FILL,
        pair_fill=expert.PAIR_FILL,
        first_fill=expert.FIRST_FILL,
        pack_first_swords=expert.PACK_FIRST_SWORDS,
        repel_swords=expert.REPEL_SWORDS,
        repel_value=expert.REPEL_VALUE,
        hire_price=expert.HIRE_PRICE,
        trade_coins=expert.TRADE_COINS,
        weak_option=expert.WEAK_OPTION,
        tiny_gamester_share=expert.TINY_GAMESTER_SHARE,
        jester_coin=expert.JESTER_COIN,
        progress_weight=planning.PROGRESS_WEIGHT,
        load_penalty=planning.LOAD_PENALTY,
        rich=planning.RICH,
        progress_full=planning.PROGRESS_FULL,
        sword_step=planning.SWORD_STEP,
        cheap_step=planning.CHEAP_STEP,
        tax_step=planning.TAX_STEP,
        vp_step=planning.VP_STEP,
        coin_step=planning.COIN_STEP,
        aside_step=planning.ASIDE_STEP,
        explorer_persons=planning.EXPLORER_PERSONS,
        explorer_step=planning.EXPLORER_STEP,
        shared_person=planning.SHARED_PERSON,
        shared_resource=planning.SHARED_RESOURCE,
        explorer_pair=planning.EXPLORER_PAIR,
        both_money=planning.BOTH_MONEY,
        open_max=last_turn.OPEN_MAX,
        short_max=last_turn.SHORT_MAX,
        take_time_coins=stop_wins.TAKE_TIME_COINS,
        take_count_scale=take_model.COUNT_SCALE,
        take_weights=list(take_model.take_weights(players)),
        draw_weights=list(draw_model.draw_weights(players)),
    )
    return constants


@functools.cache
def native_expert(players: int, params: ExpertParams) -> Any:
    """The expert's constants for this player count, as the native core's (built once)."""
    return native_core.make_expert(expert_constants(players, params))


def native_constants(
    policy: str, players: int, params: dict[int, ExpertParams] | None = None
) -> Any:
    """What the native core's ``policy`` needs handed over at this player count: the
    expert's constants for the expert (``params``, or the shipped `PARAMS`), else None."""
    if policy != "expert":
        return None
    return native_expert(players, params_for(players, params))
