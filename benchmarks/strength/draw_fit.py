"""Could a learned correction to the expert's draws close the search's gap? Collect, then fit.

The draw twin of `take_fit`. Collect (``--out FILE``): the expert plays `search_gain`'s
deals (``--first``, ``--games``, nothing removed) unchanged; at every draw it weighs (some
ship colour to bust on, a chance of busting above its safe one, not its last turn, and not
where stopping wins at once), drawing on and stopping are each played out by the search's
rollouts on the native core (``--samples`` guesses of the hidden cards, the same for both),
and one JSON line per game records the expert's margin (before any correction), the
time-blind features of `policies.draw_model` (none reads the Time Pile) and each answer's
wins. Resumable, as `take_fit`.

Fit (``--fit FILE [FILE ...]``): a linear correction of the expert's margin, draw on where
``(1 - bust) * (gain * boldness + bonus) - bust * loss + features . w > 0``, chosen to pick
the answers with the most rollout wins on one half of the games (by deal number) and judged
on the other, then the halves swapped; the estimate is summed per game, in points, one
decision at a time (each answer is followed by the unchanged expert), so it bounds what a
correction could be worth only roughly. The search's own rule is judged the same way.

Run by hand (native core required):
    python -m benchmarks.strength.draw_fit --players 1 --games 1200 --samples 64 \
        --out draw-1p.jsonl --fit draw-1p.jsonl
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import parse_args
from benchmarks.strength.take_fit import (
    Decision,
    collect,
    fit,
    mean_se,
    per_game_gain,
    probed_game,
    read_games,
)
from coop_helper.engine.state import PlayerState, Table
from coop_helper.native import native_in_use
from coop_helper.policies import POLICIES
from coop_helper.policies.draw_model import DRAW_FEATURES, draw_features
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.search import SearchPolicy, paired_best


class DrawProbe(SearchPolicy):
    """Plays exactly as the expert; at each weighed draw, rolls out both answers."""

    def __init__(self, samples: int) -> None:
        super().__init__(POLICIES["expert"], "draw-probe", ("draw",), samples, base_name="expert")
        self.decisions: list[dict[str, Any]] = []

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """The expert's answer; both answers' rollout wins recorded where it weighed them."""
        expert = self.base
        assert isinstance(expert, ExpertPolicy)
        choice = expert.draw_again(table, player)
        terms = expert.draw_terms(table, player)
        if isinstance(terms, bool) or table.time_size == 0:
            return choice  # not weighed, or the last turn (its own rule)
        if (expert.draw_margin(table, player, terms) > 0.0) != choice:
            return choice  # stopping wins at once: no correction would change it
        bust, gain, bonus, loss = terms
        margin = (1.0 - bust) * (gain * expert.tuned.draw_boldness + bonus) - bust * loss
        results = self._option_wins(table, "draw", [True, False])
        self.decisions.append(
            {
                "turn": table.turn,
                "margin": margin,  # before any correction
                "features": draw_features(table, player, terms),
                "wins": [int(sum(r)) for r in results],  # drawing on's, then stopping's
                "outcomes": ["".join(str(int(x)) for x in r) for r in results],
                "choice": int(choice),
            }
        )
        return choice


def one_game(args: tuple[int, int, int]) -> dict[str, Any]:
    """One expert game of deal ``index`` with its weighed draws probed."""
    players, index, samples = args
    return probed_game(DrawProbe(samples), players, index, samples, DRAW_FEATURES, "draws")


def decisions_of(games: Sequence[dict[str, Any]]) -> list[list[Decision]]:
    """Per game, its draws as `take_fit` decisions: stopping first (value 0, a zero row),
    then drawing on (the expert's margin, its features)."""
    out = []
    for game in games:
        samples = game["samples"]
        draws = []
        for draw in game["draws"]:
            values = np.array([0.0, draw["margin"]])
            rows = np.vstack([np.zeros(len(DRAW_FEATURES)), np.array(draw["features"])])
            wins = np.array([draw["wins"][1], draw["wins"][0]]) / samples
            draws.append((values, rows, wins, draw["choice"]))
        out.append(draws)
    return out


def search_rule(games: Sequence[dict[str, Any]]) -> list[float]:
    """Per game, the search's pick on the first half of each draw's guesses (the expert's
    answer as the base), judged on the second half, summed."""
    out = []
    for game in games:
        total = 0.0
        for draw in game["draws"]:
            rows = [[float(c) for c in o] for o in draw["outcomes"]]  # drawing on, stopping
            half = len(rows[0]) // 2
            expert = 0 if draw["choice"] else 1
            order = [expert, 1 - expert]
            pick = order[paired_best([rows[i][:half] for i in order], 0)]
            rest = len(rows[0]) - half
            total += (sum(rows[pick][half:]) - sum(rows[expert][half:])) / rest
        out.append(total)
    return out


def report(
    paths: Sequence[Path], temperature: float, ridge: float, save: Path | None = None
) -> None:
    """Fit on each half of the games (by deal number), judge on the other; print it.
    ``save``: write the weights fitted on every game there (a TOML table)."""
    games = read_games(paths, DRAW_FEATURES, "draw")
    data = decisions_of(games)
    draws = [d for g in data for d in g]
    drawn = sum(d[3] for d in draws)
    print(f"{len(games)} games, {len(draws)} weighed draws probed ({drawn} drawn on)")
    if not draws:
        return
    scale = np.std(np.vstack([d[1] for d in draws]), axis=0) + 1e-9
    scale[0] = 1.0  # the constant feature
    halves = [[d for g, d in zip(games, data, strict=True) if g["game"] % 2 == k] for k in (0, 1)]
    gains: list[float] = []
    for k, (train, test) in enumerate([(halves[0], halves[1]), (halves[1], halves[0])]):
        weights = fit([d for g in train for d in g], scale, temperature, ridge)
        held = per_game_gain(test, weights)
        gains += held
        m, se = mean_se(held)
        print(f"  fit on half {k}: judged on the other {100 * m:+.2f} ± {100 * se:.2f} a game")
        for name, w in zip(DRAW_FEATURES, weights, strict=True):
            print(f"      {name:12s} {w:+.3f}")
    m, se = mean_se(gains)
    print(f"  held out, both halves: {100 * m:+.2f} ± {100 * se:.2f} points a game")
    if save is not None:
        weights = fit(draws, scale, temperature, ridge)
        lines = [f"[players.{games[0]['players']}]"]
        lines += [f"{name} = {w:.4f}" for name, w in zip(DRAW_FEATURES, weights, strict=True)]
        save.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"  the weights fitted on every game: {save}")
    s, sse = mean_se(search_rule(games))
    print(f"  the search's own rule, its guesses split in two: {100 * s:+.2f} ± {100 * sse:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=60_000, help="index of the first deal")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="collect into this file (JSON lines)")
    parser.add_argument("--fit", type=Path, nargs="+", help="fit and judge on these files")
    parser.add_argument("--temperature", type=float, default=0.5)
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument(
        "--save", type=Path, help="with --fit: write the weights fitted on every game"
    )
    args = parse_args(parser, games=2, samples=4, workers=1)
    if args.quick and args.out is None and args.fit is None:  # a scratch file
        args.out = Path(tempfile.mkdtemp()) / "draw-fit.jsonl"
        args.fit = [args.out]
    if args.out is None and args.fit is None:
        parser.error("give --out FILE to collect, --fit FILE to fit, or both")
    if args.out is not None:
        if not native_in_use():
            parser.error("the rollouts need the native core (install with a C++ compiler)")
        collect(
            args.players, args.first, args.games, args.samples, args.workers, args.out, one_game
        )
    if args.fit is not None:
        report(args.fit, args.temperature, args.ridge, args.save)


if __name__ == "__main__":
    main()
