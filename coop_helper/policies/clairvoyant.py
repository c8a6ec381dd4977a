"""The clairvoyant bound: the search player handed the true hidden cards, for measurement only.

`ClairvoyantSearch` checks its base policy's draw and take decisions as `SearchPolicy`
does, but its rollouts start from the game's true hidden cards (draw pile, Time Pile,
Victory Pile, coin cards) and a copy of the game's own random source, so they know every
card still to come, in the order it will come. Its win rate on a deal bounds from above
what a search over the same base could reach knowing nothing hidden: the gap from the
search to it is the luck of the hidden cards, not skill.

It sees what no table sees, so it is not a policy a user can name: the registry
(`coop_helper.policies.make_policy`) does not know it, and the odds, setup, the atlas
and the web page cannot play it. Only benchmarks make one, and must `watch` the game.

C++ twin: `coop_helper/native/src/policies/clairvoyant.hpp` and `.cpp`; whole games of it
are played natively by `coop_helper.native.core.play_search_games(..., clairvoyant=True)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from coop_helper.engine.fork import fork
from coop_helper.engine.game import Game, GameResult
from coop_helper.engine.state import Table
from coop_helper.policies.base import Policy
from coop_helper.policies.search import KINDS, Option, SearchPolicy

NAME = "clairvoyant_search"
CLAIRVOYANT_SAMPLES = 4  # the rollouts differ only by the base policies' own random sources


class ClairvoyantSearch(SearchPolicy):
    """The search player whose rollouts start from the true hidden cards and draws."""

    def __init__(
        self,
        base: Callable[[], Policy],
        kinds: Sequence[str] = KINDS,
        samples: int = CLAIRVOYANT_SAMPLES,
    ) -> None:
        super().__init__(base, NAME, kinds, samples)
        self.game: Game | None = None

    def watch(self, game: Game) -> None:
        """The game whose hidden cards and random source the rollouts start from."""
        self.game = game

    def _native_rollouts(self, table: Table) -> bool:
        """Its rollouts stay on the Python engine (whole games play natively)."""
        return False

    def _rollouts(
        self,
        table: Table,
        options: Sequence[Option],
        resume: Callable[[Game, Option], GameResult],
    ) -> list[list[float]]:
        """Wins (1/0) of each option per sample, every sample on the true hidden cards and
        the game's own draws; each sample's seed (drawn from this player's source) seeds
        the rollouts' policies only."""
        game = self.game
        if game is None:
            raise RuntimeError("a clairvoyant search must watch its game")
        results: list[list[float]] = [[] for _ in options]
        for _ in range(self.samples):
            seed = self.rng.getrandbits(62)
            for outcomes, option in zip(results, options, strict=True):
                rollout = fork(table, game.hidden, self.make_base(), seed)
                rollout.rng.setstate(game.rng.getstate())  # the game's own draws to come
                outcomes.append(1.0 if resume(rollout, option).won else 0.0)
        return results
