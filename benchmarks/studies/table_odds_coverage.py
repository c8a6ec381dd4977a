"""How well the table's own odds hold up on small journals: Firth's penalised fit against
the plain maximum-likelihood one.

Run by hand:  python -m benchmarks.studies.table_odds_coverage [--journals 2000] [--seed 2026]

For each journal size (5, 10, 20, 40 games) and true shift of the table against the expert
(-1, 0, +1, +2 on the log-odds scale), many synthetic journals are drawn: each game's expert
chance uniform in 5%-90%, the table winning with expit(logit(p) + shift). Printed per cell:

- how many journals the plain fit cannot fit at all (the table won or lost every game: its
  estimate is infinite), and how many of those the penalised fit still gives odds to;
- the coverage of the penalised fit's 95% profile interval, with a 95% Wilson interval for
  that coverage from the number of journals;
- the median estimate of each fit (the plain one over the journals it can fit), beside the
  true shift;
- for journals the table won every game of, how often the interval's lower end (what the
  table is shown as "at least") stays at or below the true shift.
"""

from __future__ import annotations

import argparse
import random
import statistics

from benchmarks.common import parse_args
from coop_helper.journal.calibration import expit, fit_shift, logit
from coop_helper.sim.statistics import interval


def _journal(rng: random.Random, shift: float, games: int) -> tuple[list[float], list[bool]]:
    expert = [rng.uniform(0.05, 0.9) for _ in range(games)]
    return expert, [rng.random() < expit(logit(p) + shift) for p in expert]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journals", type=int, default=2000, help="journals per cell")
    parser.add_argument("--seed", type=int, default=2026)
    args = parse_args(parser, journals=20)
    rng = random.Random(args.seed)
    print(f"{args.journals:,} synthetic journals per row, seed {args.seed}")
    print(
        f"{'games':>5} {'shift':>5} | {'one-sided':>9} | {'coverage (95% CI)':>22} | "
        f"{'median Firth':>12} {'median plain':>12} | {'all-won: low <= true':>20}"
    )
    for games in (5, 10, 20, 40):
        for shift in (-1.0, 0.0, 1.0, 2.0):
            one_sided = covered = won_all = won_all_ok = 0
            firth, plain = [], []
            for _ in range(args.journals):
                expert, won = _journal(rng, shift, games)
                fit = fit_shift(expert, won)
                assert fit is not None  # the penalised fit exists for every journal
                firth.append(fit.shift)
                covered += fit.low <= shift <= fit.high
                if fit.one_sided is not None:
                    one_sided += 1
                    if fit.one_sided == "won":
                        won_all += 1
                        won_all_ok += fit.low <= shift
                ordinary = fit_shift(expert, won, penalised=False)
                if ordinary is not None:
                    plain.append(ordinary.shift)
            low, high = interval(covered, args.journals, 0.95, "wilson")
            share = f"{covered / args.journals:.1%} ({low:.1%}-{high:.1%})"
            plain_median = f"{statistics.median(plain):+.2f}" if plain else "-"
            won_text = f"{won_all_ok}/{won_all}" if won_all else "-"
            print(
                f"{games:>5} {shift:>+5.1f} | {one_sided:>9,} | {share:>22} | "
                f"{statistics.median(firth):>+12.2f} {plain_median:>12} | {won_text:>20}"
            )


if __name__ == "__main__":
    main()
