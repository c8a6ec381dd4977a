"""How close the atlas is to direct simulation, on held-out deals, per player count.

Run by hand (compiled install recommended; it plays 10,000 games per deal):

    python -m benchmarks.studies.atlas_accuracy [DEALS_PER_COUNT] [GAMES] [WORKERS] [CACHE] [COUNTS]

For each player count in the atlas in use, DEALS_PER_COUNT (default 20) deals whose Time
Pile is known are drawn with a fixed seed, from outside the training sample where the
count is fitted. Each is simulated directly (GAMES, default 10,000, with seeds no build
uses) and the win chance with nothing removed is compared with the atlas's. The issue's
bar: within 2 points on average and 6 at worst, at every player count.

COUNTS (e.g. 2,3) judges only those player counts (all: the default; "-" for no CACHE).
CACHE, a JSON file, keeps each direct result (by player count, deal, games, seed and the
policy's version), so a new atlas of the same build settings is judged without playing
the direct games again.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from benchmarks.common import positional
from coop_helper.atlas.deals import contracts_of, deal_at, deal_count, deal_size
from coop_helper.atlas.lookup import current_block, open_atlas
from coop_helper.atlas.plan import BuildParams, simulated_deals
from coop_helper.policies import policy_version
from coop_helper.setup.deals import time_pile
from coop_helper.sim.odds import compute_odds

SEED = 777  # odds-runner seed: its games are not the build's (those seeds are > 2**20)
MEAN_BAR, WORST_BAR = 0.02, 0.06


def held_out(players: int, params: BuildParams, count: int) -> list[int]:
    """Deal numbers with a known Time Pile, outside the training sample if fitted."""
    block = current_block(players)
    trained = set() if players in params.exhaustive else set(simulated_deals(params, players))
    pool = [d for d in range(deal_count(players)) if block.pile(d) is not None and d not in trained]
    return sorted(random.Random(f"accuracy-{players}").sample(pool, min(count, len(pool))))


def main() -> None:
    _, given = positional(defaults=["20", "10000", "2"], quick=["1", "100", "1"])
    count, games, workers = (int(text) for text in given[:3])
    cache_path = Path(given[3]) if len(given) > 3 and given[3] != "-" else None
    chosen = {int(p) for p in given[4].split(",")} if len(given) > 4 else None
    cache = json.loads(cache_path.read_text()) if cache_path and cache_path.exists() else {}
    header = open_atlas().header
    params = BuildParams.from_json(header.build)
    if params is None:
        raise SystemExit("the atlas does not say how it was built: build it again")
    for players in sorted(header.players):
        if chosen is not None and players not in chosen:
            continue
        block = current_block(players)
        signed: list[float] = []
        start = time.perf_counter()
        for index in held_out(players, params, count):
            contracts = contracts_of(deal_at(index, deal_size(players), 18))
            pile = time_pile(contracts)
            key = f"{players}:{index}:{games}:{SEED}:{policy_version('expert', players)}"
            if key not in cache:
                cache[key] = (
                    compute_odds(players, contracts, pile, games=games, seed=SEED, workers=workers)
                    .levels[0]
                    .win
                )
                if cache_path:
                    cache_path.write_text(json.dumps(cache, indent=0, sort_keys=True))
            direct = cache[key]
            signed.append(block.win(index, pile.size or 0) - direct)
        errors = [abs(e) for e in signed]
        mean, worst = sum(errors) / len(errors), max(errors)
        verdict = "ok" if mean <= MEAN_BAR and worst <= WORST_BAR else "NOT MET"
        print(
            f"{players} {'player' if players == 1 else 'players'}, "
            f"{block.info.get('method')}: {len(errors)} deals, "
            f"mean error {100 * mean:.2f} points, worst {100 * worst:.2f}, "
            f"atlas minus direct on average {100 * sum(signed) / len(signed):+.2f} "
            f"[{verdict}] ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
