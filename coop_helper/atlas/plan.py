"""What an atlas build simulates: its parameters, the deals per player count, the tasks.

Everything here follows from the parameters alone, so every machine, every number of
workers and every resumed run plans the same tasks with the same seeds. Game ``i`` of
deal ``d`` of ``p`` players in a build with seed ``s`` has the seed
``game_seed(deal_seed(s, p, d), i)``: no other game, task or worker changes it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from coop_helper.atlas.deals import deal_count
from coop_helper.atlas.defaults import (
    DEFAULT_EXHAUSTIVE,
    DEFAULT_EXTRA_TURNS,
    DEFAULT_GAMES,
    DEFAULT_PLAYERS,
    DEFAULT_SEED,
    DEFAULT_TRAIN_DEALS,
    DEFAULT_TRAIN_GAMES,
    TASK_GAMES,
    counts_text,
)
from coop_helper.atlas.turns import deal_turn_cap
from coop_helper.errors import UserError
from coop_helper.policies import make_policy, policy_version
from coop_helper.setup.catalog import Catalog, load_catalog
from coop_helper.text.words import plural


@dataclass(frozen=True)
class BuildParams:
    """The settings of one atlas build; they, and the policy's version at each player
    count, fix every number."""

    players: tuple[int, ...] = DEFAULT_PLAYERS
    exhaustive: tuple[int, ...] = DEFAULT_EXHAUSTIVE  # counts with every deal simulated
    games: int = DEFAULT_GAMES
    train_deals: int = DEFAULT_TRAIN_DEALS
    train_games: int = DEFAULT_TRAIN_GAMES
    extra_turns: int = DEFAULT_EXTRA_TURNS
    seed: int = DEFAULT_SEED
    policy: str = "expert"
    policy_versions: tuple[str, ...] = field(default=())  # one per count of ``players``

    def version_at(self, players: int) -> str:
        """The policy's version at a player count of this build."""
        return self.policy_versions[self.players.index(players)]

    def settings_at(self, players: int) -> dict[str, Any]:
        """What fixes the numbers of one player count: its block is the same whenever these
        are (a build keeps such a block of the atlas it replaces)."""
        doc: dict[str, Any] = {
            "policy": self.policy,
            "policy_version": self.version_at(players),
            "seed": self.seed,
            "extra_turns": self.extra_turns,
            "games": games_per_deal(self, players),
            "simulated": players in self.exhaustive,
        }
        if players not in self.exhaustive:
            doc["train_deals"] = self.train_deals
        return doc

    def to_json(self) -> dict[str, Any]:
        """The parameters as a JSON-able dict (lists for tuples, the versions by count)."""
        doc = asdict(self)
        doc["players"] = list(self.players)
        doc["exhaustive"] = list(self.exhaustive)
        doc["policy_versions"] = {str(p): self.version_at(p) for p in self.players}
        return doc

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> BuildParams | None:
        """The parameters ``to_json`` wrote (an atlas made before versions were kept per
        player count gives its one version to every count); None if they are not there."""
        try:
            players = tuple(int(p) for p in doc["players"])
            versions = doc.get("policy_versions")
            if isinstance(versions, Mapping):
                by_count = tuple(str(versions[str(p)]) for p in players)
            else:
                by_count = tuple(str(doc["policy_version"]) for _ in players)
            return cls(
                players=players,
                exhaustive=tuple(int(p) for p in doc["exhaustive"]),
                games=int(doc["games"]),
                train_deals=int(doc["train_deals"]),
                train_games=int(doc["train_games"]),
                extra_turns=int(doc["extra_turns"]),
                seed=int(doc["seed"]),
                policy=str(doc["policy"]),
                policy_versions=by_count,
            )
        except (KeyError, TypeError, ValueError):
            return None


def make_params(
    *,
    players: tuple[int, ...] = DEFAULT_PLAYERS,
    exhaustive: tuple[int, ...] | None = None,
    games: int = DEFAULT_GAMES,
    train_deals: int = DEFAULT_TRAIN_DEALS,
    train_games: int = DEFAULT_TRAIN_GAMES,
    extra_turns: int = DEFAULT_EXTRA_TURNS,
    seed: int = DEFAULT_SEED,
    policy: str = "expert",
) -> BuildParams:
    """Checked build parameters, with the policy's current version filled in; ``exhaustive``
    None: the default counts among ``players``."""
    name = make_policy(policy).name
    if not players or any(p not in DEFAULT_PLAYERS for p in players):
        listed = counts_text(players) or "nothing"
        raise UserError(f"--players must list player counts from 1 to 5, not {listed}.")
    if not 1 <= games <= 1_000_000:
        raise UserError(f"--games must be 1 to 1,000,000 per deal, not {games}.")
    if not 1 <= train_games <= 1_000_000:
        raise UserError(f"--train-games must be 1 to 1,000,000, not {train_games}.")
    if not 0 <= extra_turns <= 30:
        raise UserError(f"--extra-turns must be 0 to 30, not {extra_turns}.")
    if seed < 0:
        raise UserError(f"--seed must be 0 or more, not {seed}.")
    if exhaustive is None:
        exhaustive = tuple(p for p in DEFAULT_EXHAUSTIVE if p in players)
    elif any(p not in players for p in exhaustive):
        listed, built = counts_text(exhaustive), counts_text(players)
        raise UserError(
            f"--exhaustive must list player counts this build makes (--players {built}), "
            f"not {listed}."
        )
    model_counts = [p for p in players if p not in exhaustive]
    for count in model_counts:
        if not 50 <= train_deals <= deal_count(count):
            raise UserError(
                f"--train-deals must be 50 to {deal_count(count):,} for {plural(count, 'player')} "
                f"(the number of deals), not {train_deals}: give another, or simulate "
                f"every deal with --exhaustive {counts_text(tuple(sorted({*exhaustive, count})))}."
            )
    # Settings no player count of this build uses are kept at their defaults: they change
    # nothing, so they must not keep a stopped build from resuming (`unused_settings` names
    # them for a warning).
    if not model_counts:
        train_deals, train_games = DEFAULT_TRAIN_DEALS, DEFAULT_TRAIN_GAMES
    if not exhaustive:
        games = DEFAULT_GAMES
    counts = tuple(sorted(set(players)))
    return BuildParams(
        players=counts,
        exhaustive=tuple(sorted(set(exhaustive))),
        games=games,
        train_deals=train_deals,
        train_games=train_games,
        extra_turns=extra_turns,
        seed=seed,
        policy=name,
        policy_versions=tuple(policy_version(name, p) for p in counts),
    )


def unused_settings(params: BuildParams) -> dict[str, str]:
    """The build options this build does not use, each with why: the per-deal games are for
    the --exhaustive counts, the training ones for the fitted counts."""
    unused = {}
    if not params.exhaustive:
        unused["--games"] = "it is for the player counts in --exhaustive, and there are none"
    if all(p in params.exhaustive for p in params.players):
        for name in ("--train-deals", "--train-games"):
            unused[name] = "every player count of this build is in --exhaustive"
    return unused


def turns_stored(params: BuildParams, players: int, catalog: Catalog | None = None) -> int:
    """The turns every deal of this player count is simulated with (and stored up to)."""
    return deal_turn_cap(players, catalog or load_catalog()) + params.extra_turns


def deal_seed(seed: int, players: int, index: int) -> int:
    """The seed of a deal's games in a build with ``seed``."""
    return ((seed * 8 + players) << 17) | index


def simulated_deals(params: BuildParams, players: int) -> tuple[int, ...]:
    """The deal numbers simulated for a player count: all, or a seeded training sample."""
    total = deal_count(players)
    if players in params.exhaustive:
        return tuple(range(total))
    rng = random.Random(f"atlas-training-{params.seed}-{players}")
    return tuple(sorted(rng.sample(range(total), params.train_deals)))


def games_per_deal(params: BuildParams, players: int) -> int:
    """Games simulated per deal for this player count."""
    return params.games if players in params.exhaustive else params.train_games


@dataclass(frozen=True)
class Task:
    """One unit of work: some deals of one player count, each with the same games."""

    players: int
    first: int  # position of its first deal in the player count's list
    deals: tuple[int, ...]
    games: int
    turns: int
    seed: int
    policy: str
    version: str  # the policy's at this player count

    @property
    def key(self) -> str:
        """A name for the task's saved result (a new version of the policy at this count
        makes new names: its results never answer for another version's)."""
        return f"p{self.players}-v{self.version}-{self.first:06d}"

    @property
    def total_games(self) -> int:
        """Games the task plays."""
        return self.games * len(self.deals)


def plan_tasks(
    params: BuildParams, catalog: Catalog | None = None, counts: Collection[int] | None = None
) -> list[Task]:
    """Every task of the build (of ``counts`` only, when given), in a fixed order."""
    catalog = catalog or load_catalog()
    tasks: list[Task] = []
    for players in params.players:
        if counts is not None and players not in counts:
            continue
        deals = simulated_deals(params, players)
        games = games_per_deal(params, players)
        per_task = max(1, TASK_GAMES // games)
        turns = turns_stored(params, players, catalog)
        for first in range(0, len(deals), per_task):
            tasks.append(
                Task(
                    players,
                    first,
                    deals[first : first + per_task],
                    games,
                    turns,
                    params.seed,
                    params.policy,
                    params.version_at(players),
                )
            )
    return tasks
