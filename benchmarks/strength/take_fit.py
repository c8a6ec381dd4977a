"""Could a learned correction to the expert's takes close the search's gap? Collect, then fit.

Collect (``--out FILE``): the expert plays `search_gain`'s deals (``--first``, ``--games``,
nothing removed) unchanged; at every take with at least one card to choose, each answer
(every card, and passing) is played out by the search's rollouts on the native core
(``--samples`` guesses of the hidden cards, the same guesses for every answer), and one JSON
line records the expert's value of each card (as it played it, its own take correction
included, and without the correction), its features and each answer's wins. The file is
resumable: a run plays only the games it does not hold yet.

Fit (``--fit FILE [FILE ...]``): a linear correction of the expert's values without
any correction, ``value + features . w`` (passing stays at 0, as in the expert), chosen
to pick the answers with the most rollout wins on one half of the games (a softmax
relaxation, scipy's L-BFGS), and judged on the other half, then the halves swapped. Files
collected with different corrections on may be pooled: each decision is judged from the
expert's uncorrected values, and its rollouts by whichever expert played on. With
``--add-to TABLE --add-weight W`` the values carry that table's correction at weight W
first, and the fit is what to add to it (a second stage, on games of an expert playing
that correction). The estimate is the rollout wins the corrected choices gain over the
expert's own, summed per game, in points: a one-decision-at-a-time estimate
(each answer is followed by the unchanged expert), so it bounds what the correction itself
could be worth only roughly. The same sum for the best answer of every decision (biased
upward: it picks the luckiest estimate) is printed as a ceiling.

Run by hand (native core required):
    python -m benchmarks.strength.take_fit --players 4 --games 1200 --samples 64 \
        --out take-4p.jsonl
    python -m benchmarks.strength.take_fit --fit take-4p.jsonl --save weights-4p.toml

The saved table goes into data/take_model.toml; `ExpertParams.take_model` at that player
count sets its weight (judge it in whole games with benchmarks/strength/strength.py,
``--policy expert:take_model=W``). The saved table is the whole correction, or with
``--add-to`` what to add to that table at its weight (the shipped table then is the sum).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from benchmarks.common import parse_args
from benchmarks.strength.search_gain import deal
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.native import native_in_use
from coop_helper.policies import POLICIES
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.search import SearchPolicy, paired_best
from coop_helper.policies.take_model import (
    TAKE_FEATURES,
    table_weights,
    take_features,
)
from coop_helper.setup.catalog import load_toml
from coop_helper.setup.deals import time_pile


class TakeProbe(SearchPolicy):
    """Plays exactly as the expert; at each take, rolls out every answer and records it."""

    def __init__(self, samples: int) -> None:
        super().__init__(POLICIES["expert"], "take-probe", ("take",), samples, base_name="expert")
        self.decisions: list[dict[str, Any]] = []

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """The expert's take; every answer's rollout wins recorded on the way."""
        expert = self.base
        assert isinstance(expert, ExpertPolicy)
        choice = expert.choose_take(table, player, options, takes_left)
        if not options:
            return choice
        fee, later = expert.take_terms(table, player)
        values, bases, rows = [], [], []
        for card in options:
            value, own, mates = expert.take_value(table, player, card, fee, later, takes_left)
            values.append(value)
            bases.append(own - fee - mates)  # the same value without any correction
            rows.append(take_features(expert, table, player, card, own, fee, mates, takes_left))
        answers: list[int | None] = [*options, None]
        results = self._option_wins(table, "take", answers, player.index, takes_left)
        self.decisions.append(
            {
                "turn": table.turn,
                "cards": [expert.deck.label(card) for card in options],
                "values": values,
                "base": bases,
                "features": rows,
                "wins": [int(sum(r)) for r in results],  # the cards', then passing's
                "outcomes": ["".join(str(int(x)) for x in r) for r in results],
                "choice": len(options) if choice is None else options.index(choice),
            }
        )
        return choice


def probed_game(
    probe: SearchPolicy, players: int, index: int, samples: int, names: Sequence[str], key: str
) -> dict[str, Any]:
    """One expert game of deal ``index`` (search_gain's seed) played by ``probe``, as one
    record: its decisions under ``key``, with the feature ``names`` they were made with."""
    contracts = deal(players, index)
    size = time_pile(contracts).size
    assert size is not None
    won = Game(GameConfig(contracts, players, size, 0, 7_919 * index + players), probe).run().won
    return {
        "game": index,
        "players": players,
        "samples": samples,
        "feature_names": list(names),
        "won": won,
        key: probe.decisions,  # type: ignore[attr-defined]
    }


def one_game(args: tuple[int, int, int]) -> dict[str, Any]:
    """One expert game of deal ``index`` with its takes probed."""
    players, index, samples = args
    return probed_game(TakeProbe(samples), players, index, samples, TAKE_FEATURES, "takes")


def collect(
    players: int,
    first: int,
    games: int,
    samples: int,
    workers: int,
    out: Path,
    play: Callable[[tuple[int, int, int]], dict[str, Any]] = one_game,
) -> None:
    """Append the games ``first .. first + games - 1`` that ``out`` does not hold yet,
    each played by ``play`` (a module-level function, for the worker processes)."""
    held = set()
    if out.exists():
        held = {json.loads(line)["game"] for line in out.read_text().splitlines() if line}
    todo = [(players, i, samples) for i in range(first, first + games) if i not in held]
    print(f"{players} players: {len(held)} games held, {len(todo)} to play ({samples} samples)")
    with multiprocessing.Pool(workers) as pool, out.open("a", encoding="utf-8") as file:
        for done, game in enumerate(pool.imap_unordered(play, todo), 1):
            file.write(json.dumps(game) + "\n")
            file.flush()
            if done % 25 == 0:
                print(f"  {done} of {len(todo)} games", flush=True)


Decision = tuple[np.ndarray, np.ndarray, np.ndarray, int]  # values, features, win rates, expert


def decisions_of(
    games: Sequence[dict[str, Any]], added: np.ndarray | None = None
) -> list[list[Decision]]:
    """Per game, its takes: values and features with passing first (0 and a zero row),
    each answer's win rate, and the expert's answer in that order. ``added``: weights
    whose correction the values carry first (a fit then finds what to add to them)."""
    out = []
    for game in games:
        samples = game["samples"]
        takes = []
        for take in game["takes"]:
            n = len(take["values"])
            values = np.array([0.0, *take["base"]])  # the values without any correction
            rows = np.vstack([np.zeros(len(TAKE_FEATURES)), np.array(take["features"])])
            wins = np.array([take["wins"][n], *take["wins"][:n]]) / samples
            expert = 0 if take["choice"] == n else take["choice"] + 1
            if added is not None:
                values = values + rows @ added
            takes.append((values, rows, wins, expert))
        out.append(takes)
    return out


def picks(takes: list[Decision], weights: np.ndarray) -> list[int]:
    """The answer with the highest corrected value (passing first wins ties, as the expert)."""
    return [int(np.argmax(values + rows @ weights)) for values, rows, _, _ in takes]


def fit(train: list[Decision], scale: np.ndarray, temperature: float, ridge: float) -> np.ndarray:
    """Weights that pick the answers with the most rollout wins (softmax relaxation)."""
    values = [t[0] for t in train]
    rows = [t[1] / scale for t in train]
    wins = [t[2] for t in train]

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total, grad = 0.0, np.zeros_like(w)
        for v, x, r in zip(values, rows, wins, strict=True):
            s = (v + x @ w) / temperature
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ r
            total += mean
            grad += (x.T @ (p * (r - mean))) / temperature
        n = len(values)
        return -total / n + ridge * (w @ w), -grad / n + 2 * ridge * w

    result = minimize(loss, np.zeros(len(scale)), jac=True, method="L-BFGS-B")
    return np.asarray(result.x) / scale


def per_game_gain(games: list[list[Decision]], weights: np.ndarray) -> list[float]:
    """Per game: rollout win rate of the corrected answers minus the expert's, summed."""
    out = []
    for takes in games:
        chosen = picks(takes, weights)
        out.append(sum(t[2][c] - t[2][t[3]] for t, c in zip(takes, chosen, strict=True)))
    return out


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


def read_games(
    paths: Sequence[Path], names: Sequence[str] = TAKE_FEATURES, kind: str = "take"
) -> list[dict[str, Any]]:
    """The games of these files, all of one player count, each deal once, collected with
    today's ``kind`` features ``names`` (a clear stop otherwise)."""
    games, seen = [], set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line:
                continue
            game = json.loads(line)
            if game.get("feature_names") != list(names):
                raise SystemExit(
                    f"{path}: game {game.get('game')} was collected with other {kind} features"
                    " (or without the values before correction): collect it again"
                )
            if game["game"] in seen:
                raise SystemExit(f"{path}: deal {game['game']} is in the files twice")
            seen.add(game["game"])
            games.append(game)
    counts = {game["players"] for game in games}
    if len(counts) != 1:
        raise SystemExit(f"the files hold games of {sorted(counts)} players: fit one count")
    return games


def report(
    paths: Sequence[Path],
    temperature: float,
    ridge: float,
    save: Path | None = None,
    add_to: tuple[Path, float] | None = None,
) -> None:
    """Fit on each half of the games (by deal number), judge on the other; print the
    estimates. ``save``: write the weights fitted on every game there (a TOML table);
    ``add_to``: a weights file and weight whose table for the games' player count the
    values carry first (`decisions_of`)."""
    games = read_games(paths)
    players = games[0]["players"]
    added = None
    if add_to is not None:
        path, weight = add_to
        doc = load_toml(path).get("players", {}).get(str(players))
        added = weight * np.array(table_weights(doc, f"{path}: players.{players}"))
    data = decisions_of(games, added)
    takes = [t for g in data for t in g]
    same = sum(int(np.argmax(t[0])) == t[3] for t in takes)
    names = ", ".join(str(path) for path in paths)
    which = "without correction" if added is None else "with the added table"
    print(f"{names}: {len(games)} games, {len(takes)} takes probed; the expert's values")
    print(f"  {which} give its answer at {same} of them ({100 * same / max(len(takes), 1):.1f}%)")
    if added is not None:
        m, se = mean_se(per_game_gain(data, np.zeros(len(TAKE_FEATURES))))
        print(
            f"  the added table alone, against the expert that played: {100 * m:+.2f} ±"
            f" {100 * se:.2f} points a game (a fit's estimates below include it)"
        )
    scale = np.std(np.vstack([t[1] for t in takes]), axis=0) + 1e-9
    halves = [[d for g, d in zip(games, data, strict=True) if g["game"] % 2 == k] for k in (0, 1)]
    gains: list[float] = []
    for k, (train, test) in enumerate([(halves[0], halves[1]), (halves[1], halves[0])]):
        weights = fit([t for g in train for t in g], scale, temperature, ridge)
        held = per_game_gain(test, weights)
        seen = per_game_gain(train, weights)
        gains += held
        m, se = mean_se(held)
        ms, _ = mean_se(seen)
        print(
            f"  fit on half {k}: judged on the other {100 * m:+.2f} ± {100 * se:.2f} points a game"
            f" (on its own half {100 * ms:+.2f})"
        )
        for name, w in zip(TAKE_FEATURES, weights, strict=True):
            print(f"      {name:24s} {w:+.3f}")
    m, se = mean_se(gains)
    search, _ = search_rule(games)
    ceiling = [sum(t[2].max() - t[2][t[3]] for t in g) for g in data]
    c, cse = mean_se(ceiling)
    print(f"  held out, both halves: {100 * m:+.2f} ± {100 * se:.2f} points a game")
    print(f"  best answer of every take (biased upward): {100 * c:+.2f} ± {100 * cse:.2f}")
    if save is not None:
        weights = fit([t for g in data for t in g], scale, temperature, ridge)
        lines = [f"[players.{players}]"]
        lines += [f"{name} = {w:.4f}" for name, w in zip(TAKE_FEATURES, weights, strict=True)]
        save.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"  the weights fitted on every game: {save}")
    if search:
        s, sse = mean_se(search)
        print("  the search's own rule, its guesses split in two (picked on the first half,")
        print(f"  judged on the second): {100 * s:+.2f} ± {100 * sse:.2f} points a game")


def search_rule(games: Sequence[dict[str, Any]]) -> tuple[list[float], int]:
    """Per game, the search's pick (`paired_best` on the first half of each answer's
    guesses, the expert's answer as the base) judged on the second half: its rollout win
    rate minus the expert's, summed; and the overrides. Empty where outcomes are missing."""
    out, overrides = [], 0
    for game in games:
        total = 0.0
        for take in game["takes"]:
            if "outcomes" not in take:
                return [], 0
            n = len(take["values"])
            rows = [[float(c) for c in o] for o in take["outcomes"]]
            half = len(rows[0]) // 2
            order = [take["choice"], *[i for i in range(n + 1) if i != take["choice"]]]
            first = [rows[i][:half] for i in order]
            pick = order[paired_best(first, 0)]
            if pick != take["choice"]:
                overrides += 1
                total += (sum(rows[pick][half:]) - sum(rows[take["choice"]][half:])) / (
                    len(rows[0]) - half
                )
        out.append(total)
    return out, overrides


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=60_000, help="index of the first deal")
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="collect into this file (JSON lines)")
    parser.add_argument(
        "--fit", type=Path, nargs="+", help="fit and judge on these files (one player count)"
    )
    parser.add_argument("--temperature", type=float, default=0.5)
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument(
        "--add-to",
        type=Path,
        help="with --fit: a weights file (data/take_model.toml, say) whose table for the"
        " games' player count the values carry first; the fit is what to add to it",
    )
    parser.add_argument("--add-weight", type=float, default=1.0, help="that table's weight")
    parser.add_argument(
        "--save",
        type=Path,
        help="with --fit: write the weights fitted on every game (a TOML table)",
    )
    args = parse_args(parser, games=2, samples=4, workers=1)
    if args.quick and args.out is None and args.fit is None:  # a scratch file
        args.out = Path(tempfile.mkdtemp()) / "take-fit.jsonl"
        args.fit = [args.out]
    if args.out is None and args.fit is None:
        parser.error("give --out FILE to collect, --fit FILE to fit, or both")
    if args.out is not None:
        if not native_in_use():
            parser.error("the rollouts need the native core (install with a C++ compiler)")
        collect(args.players, args.first, args.games, args.samples, args.workers, args.out)
    if args.fit is not None:
        add_to = None if args.add_to is None else (args.add_to, args.add_weight)
        report(args.fit, args.temperature, args.ridge, args.save, add_to)


if __name__ == "__main__":
    main()
