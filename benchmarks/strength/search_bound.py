"""How far the expert is from the best it could be: expert, search on top, clairvoyant bound.

Pair i of a player count is a seeded deal (contracts with known seals, the rules' Time
Pile, ``--removed`` cards removed) and one game seed, played to the end on the native core
by each arm on that same deal and seed:

- expert: the expert alone;
- search-draw, search-take, search: the search player over the expert, checking draws,
  takes or both (what a table that plays better could gain, split by decision kind);
- clairvoyant: the search handed the true hidden cards and draws
  (`coop_helper.policies.clairvoyant`): the gap from the search to it is luck, not skill.

Every pair is appended to a JSON-lines file as soon as it is played (``--out``, one line a
pair: the results of each arm, its searched and overridden decisions per kind, its CPU
seconds); a run picks up where the file ends, so a long measurement can be stopped and
resumed. The summary (also ``--summary`` alone, from the file) gives each arm's win rate
with a 95% interval, the paired differences (search - expert, clairvoyant - search, ...)
with their standard errors, and the search's cost per decision.

The seeds start at ``--seed-base`` (default 900,000: never used to tune the expert).
Run by hand:
    python -m benchmarks.strength.search_bound --players 2 --pairs 100 --out bound.jsonl
    python -m benchmarks.strength.search_bound --summary --out bound.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

from coop_helper.native import core, extension
from coop_helper.policies.native_expert import native_constants
from coop_helper.policies.search import native_search
from coop_helper.setup.catalog import Contract, load_catalog
from coop_helper.setup.deals import time_pile
from coop_helper.sim.statistics import wilson

ARMS = {  # name: (kinds searched, clairvoyant); None: the expert alone
    "expert": None,
    "search-draw": (("draw",), False),
    "search-take": (("take",), False),
    "search": (("draw", "take"), False),
    "clairvoyant": (("draw", "take"), True),
}
DIFFERENCES = [
    ("search", "expert"),
    ("search-draw", "expert"),
    ("search-take", "expert"),
    ("clairvoyant", "search"),
    ("clairvoyant", "expert"),
]


def deal(players: int, index: int) -> tuple[Contract, ...]:
    """Deal ``index`` of this player count: contracts whose seals are known."""
    catalog = load_catalog()
    known = [c for c in catalog.contracts if c.seal is not None]
    rng = random.Random(f"search-bound-{players}-{index}")
    return tuple(rng.sample(known, catalog.contracts_by_players[players]))


def play_pair(players: int, index: int, args: argparse.Namespace) -> dict[str, Any]:
    """Every arm on pair ``index``: one JSON line."""
    contracts = deal(players, index)
    size = time_pile(contracts).size
    assert size is not None
    removed = min(args.removed, size)
    seed = args.seed_base + 7_919 * index + players
    line: dict[str, Any] = {
        "players": players,
        "index": index,
        "removed": removed,
        "seed": seed,
        "samples": args.samples,
        "contracts": [c.key for c in contracts],
    }
    expert = native_constants("expert", players)
    search = native_search()
    for arm in args.arms:
        spec = ARMS[arm]
        start = time.process_time()
        if spec is None:
            [state] = core.play_games(
                contracts, players, size, [seed], "expert", removed, expert=expert
            )
            searched, overridden = (0, 0), (0, 0)
        else:
            kinds, clairvoyant = spec
            samples = args.clairvoyant_samples if clairvoyant else args.samples
            [state] = core.play_search_games(
                contracts, players, size, [seed], "expert", kinds, samples, search=search,
                removed=removed, clairvoyant=clairvoyant, expert=expert,
            )  # fmt: skip
            searched, overridden = state["searched"], state["overridden"]
        line[arm] = {
            "won": state["won"],
            "points": state["points"] if state["won"] else 0,
            "searched": list(searched),
            "overridden": list(overridden),
            "seconds": round(time.process_time() - start, 4),
        }
    return line


def load(path: Path) -> list[dict[str, Any]]:
    """The pairs written so far (a folder: those of every ``*.jsonl`` file in it)."""
    if path.is_dir():
        return [pair for part in sorted(path.glob("*.jsonl")) for pair in load(part)]
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def paired(a: list[int], b: list[int]) -> tuple[float, float]:
    """Mean paired difference a - b and its standard error."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def summary(pairs: list[dict[str, Any]]) -> list[str]:
    """The table of every player count and removal in ``pairs``."""
    out = []
    groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for pair in pairs:
        groups.setdefault((pair["players"], pair["removed"]), []).append(pair)
    for (players, removed), group in sorted(groups.items()):
        out.append(f"{players} players, {removed} removed, {len(group)} pairs:")
        for arm in ARMS:
            rows = [p[arm] for p in group if arm in p]
            if not rows:
                continue
            wins = sum(r["won"] for r in rows)
            low, high = wilson(wins, len(rows))
            decisions = sum(sum(r["searched"]) for r in rows)
            seconds = sum(r["seconds"] for r in rows)
            cost = f", {1000 * seconds / decisions:.1f} ms a decision" if decisions else ""
            overrides = sum(sum(r["overridden"]) for r in rows)
            share = f", {overrides / decisions:.1%} overridden" if decisions else ""
            out.append(
                f"  {arm:12} {wins / len(rows):6.1%} [{100 * low:4.1f}-{100 * high:4.1f}]"
                f"  {seconds / len(rows):7.3f} s a game{cost}{share}"
            )
        for a, b in DIFFERENCES:
            both = [p for p in group if a in p and b in p]
            if len(both) < 2:
                continue
            mean, se = paired([p[a]["won"] for p in both], [p[b]["won"] for p in both])
            out.append(
                f"  {a} - {b}: {100 * mean:+.1f} ± {100 * se:.1f} points "
                f"(95%: {100 * (mean - 1.96 * se):+.1f} to {100 * (mean + 1.96 * se):+.1f})"
            )
    return out


def _rate(group: list[dict[str, Any]], arm: str) -> str:
    rows = [p[arm]["won"] for p in group if arm in p]
    if not rows:
        return "-"
    low, high = wilson(sum(rows), len(rows))
    return f"{100 * sum(rows) / len(rows):.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def _gap(group: list[dict[str, Any]], a: str, b: str) -> str:
    both = [p for p in group if a in p and b in p]
    if len(both) < 2:
        return "-"
    mean, se = paired([p[a]["won"] for p in both], [p[b]["won"] for p in both])
    return f"{100 * mean:+.1f} ± {100 * se:.1f}"


def markdown(pairs: list[dict[str, Any]]) -> list[str]:
    """The summary as a Markdown table (win rates with 95% intervals, paired differences in
    points with their standard errors), for docs/strength.md."""
    out = [
        "| players | removed | pairs | expert | search | clairvoyant | search - expert "
        "| draws only - expert | takes only - expert | clairvoyant - search |",
        "|---:|---:|---:|---|---|---|---|---|---|---|",
    ]
    groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for pair in pairs:
        groups.setdefault((pair["players"], pair["removed"]), []).append(pair)
    for (players, removed), group in sorted(groups.items()):
        out.append(
            f"| {players} | {removed} | {len(group):,} | {_rate(group, 'expert')} "
            f"| {_rate(group, 'search')} | {_rate(group, 'clairvoyant')} "
            f"| {_gap(group, 'search', 'expert')} | {_gap(group, 'search-draw', 'expert')} "
            f"| {_gap(group, 'search-take', 'expert')} | {_gap(group, 'clairvoyant', 'search')} |"
        )
    return out


def main() -> None:
    """Play the pairs not yet in the file, appending each; then print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--pairs", type=int, default=100, help="pairs per player count")
    parser.add_argument("--removed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=32, help="guesses a search decision")
    parser.add_argument("--clairvoyant-samples", type=int, default=4)
    parser.add_argument("--seed-base", type=int, default=900_000)
    parser.add_argument("--arms", nargs="+", choices=list(ARMS), default=list(ARMS))
    parser.add_argument("--out", type=Path, default=Path("search_bound.jsonl"))
    parser.add_argument("--summary", action="store_true", help="only summarise the file")
    parser.add_argument("--markdown", action="store_true", help="the summary as a table")
    parser.add_argument("--quick", action="store_true", help="2 pairs a count at 4 guesses")
    args = parser.parse_args()
    if args.quick:
        args.pairs, args.samples = 2, 4
    if args.markdown:
        args.summary = True
    if not args.summary:
        if extension() is None:
            raise SystemExit("the native core is not built")
        done = {(p["players"], p["removed"], p["index"]) for p in load(args.out)}
        with args.out.open("a", encoding="utf-8") as sink:
            for players in args.players:
                for index in range(args.pairs):
                    if (players, args.removed, index) in done:
                        continue
                    sink.write(json.dumps(play_pair(players, index, args)) + "\n")
                    sink.flush()
    print("\n".join((markdown if args.markdown else summary)(load(args.out))))


if __name__ == "__main__":
    main()
