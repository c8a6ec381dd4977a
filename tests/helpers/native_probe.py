"""Positions from Python games, for the native policies' decision-level test.

`Recorder` wraps a Python policy in a game of the Python engine and writes every question
put to it, with the public table before the question and the Python answer, in the line
format `tests/native/policy_probe.cpp` reads. The probe asks the C++ policy
the same questions in the same order and reports every answer that differs.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import IO, Any

from coop_helper.engine import Game, GameConfig
from coop_helper.engine.cards import Deck, build_deck
from coop_helper.engine.state import PlayerState, Table
from coop_helper.policies import make_policy
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.expert_params import ExpertParams
from coop_helper.policies.native_expert import expert_constants, params_for
from coop_helper.setup.deals import deal
from coop_helper.sim.traces import TraceRecorder

KINDS = {
    "draw_again": 0,
    "repel": 1,
    "choose_take": 2,
    "decline_coins": 3,
    "complete": 4,
    "claim_expedition": 5,
    "coin_recipient": 6,
    "victory_move": 7,
    "victory_threshold": 8,
}
NO_LOOK = -2  # the expert's stop_left_open before a question: left alone if it did not look


def deck_line(deck: Deck) -> str:
    """The deck tables as one `deck` record."""
    five = -1 if deck.five_player_expedition is None else deck.five_player_expedition
    out = ["deck", deck.players, deck.size, len(deck.kinds), deck.start_coins, five]
    for c in range(deck.size):
        out += [deck.kind[c], deck.type[c], deck.colour[c], deck.coins[c], deck.swords[c]]
        out += [deck.cost[c], deck.vp[c], deck.ability[c], int(deck.coin_to_other[c])]
        out += [int(deck.most_swords[c]), len(deck.needs[c])]
        for ability, count in deck.needs[c]:
            out += [ability, count]
    return " ".join(map(str, out))


def _player_tokens(p: PlayerState) -> list[Any]:
    out: list[Any] = [p.coins, p.swords, p.vp, p.cheap_persons]
    out += [len(p.persons), *p.persons, len(p.expeditions), *p.expeditions]
    out += [*p.abilities, *p.traders, *p.clerks]
    out += [len(p.completed), *p.completed, len(p.markers)]
    for key, step in p.markers.items():
        out += [key, step, p.marker_turn.get(key, 0)]
    out.append(len(p.aside))
    for colour, card in p.aside.items():
        out += [colour, card]
    return out


def table_tokens(t: Table) -> list[Any]:
    """The public table, in the order the probe's read_table reads it."""
    out: list[Any] = [t.active, t.turn, t.time_size, t.time_owed, t.victory_size, t.draw_size]
    out += [t.unseen_total, int(t.reshuffled), t.draw_runouts, int(t.over), int(t.won)]
    out += [len(t.harbour), *t.harbour, len(t.expedition_row), *t.expedition_row]
    out += [len(t.discard), *t.discard, len(t.open), *t.open, len(t.completers)]
    for key, who in t.completers.items():
        out += [key, len(who), *who]
    out += [*t.unseen, *t.unseen_ships]
    for p in t.players:
        out += _player_tokens(p)
    return out


def expert_line(players: int, params: ExpertParams) -> str:
    """The expert's constants for this player count as one `expert` record."""
    out: list[Any] = ["expert"]
    for name, value in expert_constants(players, params).items():
        if name == "income_per_turn":
            out += [name, *map(repr, value)]
        elif name in ("take_weights", "draw_weights"):
            out += [name, len(value), *map(repr, value)]
        else:
            out += [name, repr(float(value))]
    return " ".join(map(str, out))


def _answer(value: Any) -> int:
    if value is None:
        return -1
    return int(value)


class Recorder:
    """A policy that asks ``inner`` and writes each question and answer to ``out``."""

    def __init__(self, inner: Any, out: IO[str], last_turn: bool, tag: str = "q") -> None:
        self.inner = inner
        self.name = inner.name
        self.out = out
        self.last_turn = last_turn
        self.tag = tag  # "q", or "c" for the questions of a last-turn play-through
        self.questions = 0
        self.version = str(getattr(inner, "version", "0"))
        self.version_at = getattr(inner, "version_at", lambda players: self.version)
        self.time_blind = bool(getattr(inner, "time_blind", True))
        self.plays_last_turn = last_turn

    @property
    def stop_left_open(self) -> int:
        """The inner policy's (the odds runner reads it of a branch's team)."""
        return int(getattr(self.inner, "stop_left_open", -1))

    def clone(self) -> Recorder:
        """The odds runner's copy for a branch: a "clone" line, then its questions as "b"
        lines (one branch at a time: the runner keeps one pending position)."""
        self.out.write("clone\n")
        return Recorder(type(self.inner).clone(self.inner), self.out, self.last_turn, "b")

    def _recorded_clone(self) -> Recorder:
        """A clone of the inner expert whose questions are written too (as "c" lines)."""
        clone = type(self.inner).clone(self.inner)
        recorder = Recorder(clone, self.out, self.last_turn, "c")
        return recorder

    def start_game(self, table: Table, rng: random.Random) -> None:
        contracts: list[Any] = []
        for c in table.contracts:
            coins = [] if c.coins is None else list(c.coins)
            contracts += [c.key, -1 if c.coins is None else len(coins), *coins, c.markers]
        state = rng.getstate()[1]
        if isinstance(self.inner, ExpertPolicy):
            params = params_for(table.n_players, self.inner.params)
            self.out.write(expert_line(table.n_players, params) + "\n")
        head = ["game", self.name, int(self.last_turn), table.n_players, len(table.contracts)]
        line = [*head, *contracts, *state, *table_tokens(table)]
        self.out.write(" ".join(map(str, line)) + "\n")
        self.inner.start_game(table, rng)

    def _ask(
        self,
        kind: str,
        table: Table,
        player: PlayerState | None,
        a: int,
        b: Any,
        options: list[int],
        *args: Any,
    ) -> Any:
        tokens = table_tokens(table)  # before the question: the policy may not change it
        looks = kind == "draw_again" and isinstance(self.inner, ExpertPolicy)
        before = self.stop_left_open
        if looks:
            self.inner.stop_left_open = NO_LOOK
            _watch_clones(self.inner, self._recorded_clone)
        try:
            answer = getattr(self.inner, kind)(table, *((player,) if player else ()), *args)
        finally:
            if looks:
                _watch_clones(self.inner, None)
        left_open = self.inner.stop_left_open if looks else NO_LOOK
        if left_open == NO_LOOK and looks:
            self.inner.stop_left_open = before  # untouched, as without the recorder
        who = -1 if player is None else player.index
        line = [self.tag, KINDS[kind], who, a, b, len(options), *options]
        line += [_answer(answer), left_open]
        self.out.write(" ".join(map(str, [*line, *tokens])) + "\n")
        self.questions += 1
        return answer

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        return bool(self._ask("draw_again", table, player, 0, 0, []))

    def repel(self, table: Table, player: PlayerState, card: int) -> bool:
        return bool(self._ask("repel", table, player, card, 0, [], card))

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        return self._ask("choose_take", table, player, takes_left, 0, options, options, takes_left)  # type: ignore[no-any-return]

    def decline_coins(self, table: Table, player: PlayerState, card: int, contract: str) -> bool:
        return bool(self._ask("decline_coins", table, player, card, contract, [], card, contract))

    def complete(self, table: Table, player: PlayerState, contract: str) -> bool:
        return bool(self._ask("complete", table, player, 0, contract, [], contract))

    def claim_expedition(self, table: Table, player: PlayerState, options: list[int]) -> int | None:
        return self._ask("claim_expedition", table, player, 0, 0, options, options)  # type: ignore[no-any-return]

    def coin_recipient(self, table: Table, player: PlayerState, options: list[int]) -> int:
        return int(self._ask("coin_recipient", table, player, 0, 0, options, options))

    def victory_threshold(self, table: Table) -> int:
        return int(self._ask("victory_threshold", table, None, 0, 0, []))

    def victory_move(self, table: Table) -> bool:
        return bool(self._ask("victory_move", table, None, 0, 0, []))


def _watch_clones(policy: Any, clone: Any) -> None:
    """Have the expert's last-turn look clone through ``clone`` (None: as before)."""
    if clone is None:
        vars(policy).pop("clone", None)
    else:
        policy.clone = clone


def policy_for(name: str, params: dict[int, ExpertParams] | None = None) -> tuple[Any, bool]:
    """A fresh Python policy by probe name: expert, expert-plain (no last-turn rule),
    basic, random; and whether it plays its last turn for the win. ``params``: the
    expert's constants (None: the shipped ones)."""
    if name == "expert-plain":
        return ExpertPolicy(params, last_turn=False), False
    policy = make_policy(name, params)
    return policy, bool(getattr(policy, "plays_last_turn", False))


def random_config(rng: random.Random, players: int, max_time: int = 60) -> GameConfig:
    """A random deal, Time Pile (1 to ``max_time``), removal level and partial dealing."""
    contracts = deal(players, rng.randrange(10**9))
    time_pile = rng.randint(1, max_time)
    # cards removed before play come off the dealt Time Pile, which a pile longer than the
    # deal's (the atlas's long piles) does not have
    removed = rng.randint(0, time_pile) if time_pile <= 60 and rng.random() < 0.3 else 0
    dealt = rng.randint(0, time_pile) if not removed and rng.random() < 0.2 else None
    return GameConfig(contracts, players, time_pile, removed, rng.randrange(2**40), dealt)


def record_games(
    out: IO[str],
    policy: str,
    players: int,
    games: int,
    seed: int,
    max_time: int = 60,
    params: dict[int, ExpertParams] | None = None,
) -> Iterator[int]:
    """Play ``games`` Python games and write their questions; yields each game's count."""
    out.write(deck_line(build_deck(players)) + "\n")
    rng = random.Random(f"{policy}/{players}/{seed}")
    for _ in range(games):
        inner, last_turn = policy_for(policy, params)
        recorder = Recorder(inner, out, last_turn)
        Game(random_config(rng, players, max_time), recorder).run()  # type: ignore[arg-type]
        yield recorder.questions


def record_traces(
    out: IO[str],
    policy: str,
    players: int,
    games: int,
    seed: int,
    params: dict[int, ExpertParams] | None = None,
) -> Iterator[int]:
    """As `record_games`, but the games played as the odds runner plays them: Victory
    Pile moves declined (their thresholds asked), and for the expert the last-turn
    branches, whose questions are written as "b" lines after a "clone" line."""
    out.write(deck_line(build_deck(players)) + "\n")
    rng = random.Random(f"trace/{policy}/{players}/{seed}")
    for _ in range(games):
        inner, last_turn = policy_for(policy, params)
        recorder = Recorder(inner, out, last_turn)
        config = random_config(rng, players)
        config = GameConfig(config.contracts, players, config.time_pile, 0, config.seed)
        traced = TraceRecorder(recorder, config.seed)  # type: ignore[arg-type]
        game = Game(config, traced)  # type: ignore[arg-type]
        traced.attach(game)
        game.run()
        yield recorder.questions


def record_play_throughs(out: IO[str]) -> None:
    """Write each turn played through in the head (the last-turn rule's, or a check that
    stopping wins) as a "p" line with what it left open, after its clone's questions: the
    probe's play-through gives that result, and checks the C++ policy played as many."""
    from coop_helper.policies import last_turn, stop_wins

    original = last_turn.left_open_on_stopping

    def recorded(table: Table, rng: random.Random, team: Any) -> int:
        left_open = original(table, rng, team)
        out.write(f"p {left_open}\n")
        return left_open

    last_turn.left_open_on_stopping = recorded
    stop_wins.left_open_on_stopping = recorded  # type: ignore[attr-defined]


def main(argv: list[str]) -> None:
    """``policy players games seed [max_time [params]]``: write the questions of those
    games to stdout; a negative ``max_time``: the games as the odds runner plays them;
    ``params``: the expert's constants for this player count, as a JSON object of
    `ExpertParams` fields (default: the shipped ones)."""
    record_play_throughs(sys.stdout)
    policy, players, games, seed = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    max_time = int(argv[4]) if len(argv) > 4 else 60
    params = {players: ExpertParams(**json.loads(argv[5]))} if len(argv) > 5 else None
    if max_time < 0:  # as the odds runner plays them
        games_played = record_traces(sys.stdout, policy, players, games, seed, params)
    else:
        games_played = record_games(sys.stdout, policy, players, games, seed, max_time, params)
    for _ in games_played:
        pass
    sys.stdout.flush()
