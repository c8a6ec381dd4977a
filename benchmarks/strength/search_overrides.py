"""Where the search overrides the expert, written down, each override judged again.

Games of the search player over the expert (the Python engine plays, each decision's
rollouts on the native core: `play`'s way) on the deals and seeds of
`benchmarks.strength.search_bound`. At every decision the search answers differently from
the expert, the position is recorded: the public table, the expert's answer, the search's,
and the gain of the search's answer over the expert's re-estimated on fresh rollouts
(``--rejudge`` guesses from a generator of its own, both answers paired): the rollouts that
chose an override overstate it, fresh ones do not. Each override is appended to a JSON-lines
file as it is found (``--out``); a run skips the games already in it.

The summary (also ``--summary`` alone) counts the overrides per player count by kind
(a draw the expert would stop, a stop where it would draw, a pass where it would take, a
take where it would pass, another card) with the mean re-estimated gain and its standard
error: the commonest kinds are where rules for the expert are to be learned.

Run by hand:
    python -m benchmarks.strength.search_overrides --players 2 --games 50 --out overrides.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
from pathlib import Path
from typing import Any

from benchmarks.strength.search_bound import deal
from benchmarks.strength.search_gain import public_view
from coop_helper.engine import Game, GameConfig
from coop_helper.engine.state import PlayerState, Table
from coop_helper.native import core, extension
from coop_helper.policies.expert import ExpertPolicy
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import Option, SearchPolicy
from coop_helper.setup.deals import time_pile


def kind_of(kind: str, base: Option, pick: Option) -> str:
    """The override's kind, in words."""
    if kind == "draw":
        return "draws where the expert stops" if pick else "stops where the expert draws"
    if pick is None:
        return "passes where the expert takes"
    if base is None:
        return "takes where the expert passes"
    return "takes another card"


class RecordingSearch(SearchPolicy):
    """The search over the expert, recording and re-judging every override."""

    def __init__(self, samples: int, rejudge: int, seed: int) -> None:
        super().__init__(ExpertPolicy, "search", samples=samples, base_name="expert")
        self.rejudge = rejudge
        self.judge_rng = random.Random(seed)  # fresh guesses, apart from the search's
        self.found: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}

    def _judged(
        self, table: Table, kind: str, base: Option, pick: Option, player: int, takes: int
    ) -> tuple[float, float]:
        results = core.search_rollouts(
            table,
            self.judge_rng,
            "expert",
            self.rejudge,
            kind,
            [pick, base],
            player,
            takes,
            native_constants("expert", table.n_players),
        )
        diffs = [a - b for a, b in zip(results[0], results[1], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)

    def _note(self, kind: str, base: Option, pick: Option, extra: dict[str, Any]) -> None:
        self.found.append(
            {"kind": kind, "override": kind_of(kind, base, pick), **extra, "table": self.view}
        )

    def draw_again(self, table: Table, player: PlayerState) -> bool:
        """The search's answer; an override recorded with its re-judged gain."""
        before = self.overridden["draw"]
        self.view = public_view(table, player)
        pick = super().draw_again(table, player)
        if self.overridden["draw"] != before:
            gain, se = self._judged(table, "draw", not pick, pick, player.index, 0)
            self._note(
                "draw", not pick, pick, {"base": not pick, "pick": pick, "gain": gain, "se": se}
            )
        return pick

    def choose_take(
        self, table: Table, player: PlayerState, options: list[int], takes_left: int
    ) -> int | None:
        """The search's answer; an override recorded with its re-judged gain."""
        before = self.overridden["take"]
        self.view = public_view(table, player)
        pick = super().choose_take(table, player, options, takes_left)  # the table unchanged
        if self.overridden["take"] != before and self.record:
            base = self.record[-1].base_choice
            gain, se = self._judged(table, "take", base, pick, player.index, takes_left)
            label = table.deck.label
            self._note(
                "take",
                base,
                pick,
                {
                    "base": None if base is None else label(base),  # type: ignore[arg-type]
                    "pick": None if pick is None else label(pick),
                    "options": [label(c) for c in options],
                    "takes_left": takes_left,
                    "gain": gain,
                    "se": se,
                },
            )
        return pick


def play_game(players: int, index: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The overrides of game ``index`` (each tagged with the game)."""
    contracts = deal(players, index)
    size = time_pile(contracts).size
    assert size is not None
    seed = args.seed_base + 7_919 * index + players
    search = RecordingSearch(args.samples, args.rejudge, seed ^ 0x0DD)
    search.record = []
    won = Game(GameConfig(contracts, players, size, 0, seed), search).run().won
    tag = {"players": players, "game": index, "won": won}
    return [{**tag, **found} for found in search.found] or [{**tag, "kind": None}]


def summary(lines: list[dict[str, Any]]) -> list[str]:
    """Overrides per player count and kind, commonest first, with the re-judged gain."""
    out = []
    for players in sorted({line["players"] for line in lines}):
        mine = [line for line in lines if line["players"] == players]
        games = len({line["game"] for line in mine})
        found = [line for line in mine if line["kind"] is not None]
        out.append(f"{players} players: {len(found)} overrides in {games} games")
        kinds: dict[str, list[float]] = {}
        for line in found:
            kinds.setdefault(line["override"], []).append(line["gain"])
        for name, gains in sorted(kinds.items(), key=lambda item: -len(item[1])):
            n = len(gains)
            mean = sum(gains) / n
            se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
            out.append(
                f"  {n:5d}  {name:30}  re-judged gain {100 * mean:+.1f} ± {100 * se:.1f} points"
            )
    return out


def main() -> None:
    """Play the games not yet in the file, appending their overrides; then summarise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=50, help="games per player count")
    parser.add_argument("--samples", type=int, default=32, help="guesses a search decision")
    parser.add_argument("--rejudge", type=int, default=128, help="fresh guesses an override")
    parser.add_argument("--seed-base", type=int, default=900_000)
    parser.add_argument("--out", type=Path, default=Path("search_overrides.jsonl"))
    parser.add_argument("--summary", action="store_true", help="only summarise the file")
    parser.add_argument("--quick", action="store_true", help="2 games a count, 4 and 16 guesses")
    args = parser.parse_args()
    if args.quick:
        args.games, args.samples, args.rejudge = 2, 4, 16
    lines = (
        [json.loads(x) for x in args.out.read_text(encoding="utf-8").splitlines() if x]
        if args.out.exists()
        else []
    )
    if not args.summary:
        if extension() is None:
            raise SystemExit("the native core is not built")
        os.environ["COOP_HELPER_ENGINE"] = "native"
        done = {(line["players"], line["game"]) for line in lines}
        with args.out.open("a", encoding="utf-8") as sink:
            for players in args.players:
                for index in range(args.games):
                    if (players, index) in done:
                        continue
                    for line in play_game(players, index, args):
                        sink.write(json.dumps(line) + "\n")
                        lines.append(line)
                    sink.flush()
    print("\n".join(summary(lines)))


if __name__ == "__main__":
    main()
