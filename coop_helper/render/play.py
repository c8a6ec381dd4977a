"""Render one played game: a readable turn-by-turn account, or its JSON document.

Both are built from the event log alone, so what a reader sees is what a referee can check.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from coop_helper.engine.cards import SHIP, build_deck
from coop_helper.engine.state import CUBES
from coop_helper.render.tables import contract_json
from coop_helper.render.words import plural
from coop_helper.setup.catalog import COLOURS, Seal, load_catalog
from coop_helper.sim.play import PlayedGame

Event = dict[str, Any]

LEGEND = (
    "How to read it: P1, P2, ... are the players. A ship 'Skiff 4/5' pays 4 coins when "
    "traded and is repelled by a player with 5 swords or more ('3/skull': never repelled). "
    "A person 'Gunner 6->2' costs 6 coins to hire and is worth 2 victory points (VP); a "
    "colour in brackets is the ship colour it works with. Each player has "
    f"{CUBES} cubes: one goes on every contract they complete or put a progress marker on, "
    f"so a player completes at most {CUBES} contracts; 'cubes left' counts the free ones."
)
"""What the card notation and the players' cubes mean: the first lines of `play`."""


def _p(index: int) -> str:
    return f"P{index + 1}"


class _Account:
    """Turns events into lines; one method per event kind that deserves a line."""

    def __init__(self, played: PlayedGame) -> None:
        self.deck = build_deck(played.config.players)
        self.names = {c.key: c.name for c in played.config.contracts}
        self.rules_pile = played.rules_pile
        self.contracts = {c.key: c for c in played.config.contracts}
        self.steps: dict[tuple[int, str], int] = {}  # (player, contract) -> markers placed
        self.done: dict[int, set[str]] = {}  # player -> contracts completed
        self.lines: list[str] = []

    def label(self, card: int) -> str:
        return self.deck.label(card)

    def say(self, text: str, indent: int = 1) -> None:
        self.lines.append("  " * indent + text)

    def setup(self, e: Event) -> None:
        names = ", ".join(self.names[k] for k in e["contracts"])
        self.say(f"Contracts: {names}", 0)
        turns = e["time_pile"] - e["removed"]
        self.say(
            f"Time Pile: {plural(e['time_pile'], 'card')}, {e['removed']} moved to the "
            f"Victory Pile before play: at most {plural(turns, 'turn')}.",
            0,
        )
        if self.rules_pile != e["time_pile"]:
            rules = (
                "a seal is unknown, so the contracts give no Time Pile"
                if self.rules_pile is None
                else f"the contracts give {self.rules_pile}"
            )
            self.say(f"(The Time Pile was set with --time-pile; {rules}.)", 0)

    def turn_start(self, e: Event) -> None:
        self.lines.append("")
        self.say(f"Turn {e['turn']}: {_p(e['active'])} is the active player", 0)

    def draw(self, e: Event) -> None:
        where = " from the Time Pile" if e["source"] == "time" else ""
        self.say(f"{_p(e['player'])} draws {self.label(e['card'])}{where}")

    def repel(self, e: Event) -> None:
        kept = ", set aside for Pack of Pirates" if e["aside"] else ""
        self.say(f"repels it{kept}", 2)

    def bust(self, e: Event) -> None:
        self.say(
            f"bust: a second ship of that colour; {_p(e['player'])}'s turn ends and "
            "the harbour is discarded",
            2,
        )

    def draw_stopped(self, e: Event) -> None:
        self.say("the draw pile ran out twice this turn: no more drawing", 2)

    def decision(self, e: Event) -> None:
        if e["kind"] == "draw_again" and not e["choice"]:
            self.say(f"{_p(e['player'])} stops drawing")
        elif e["kind"].startswith(("complete:", "pay:")) and not e["choice"]:
            key = e["kind"].split(":", 1)[1]
            contract, who = self.contracts[key], _p(e["player"])
            if self.steps.get((e["player"], key), 0) < contract.markers:
                action = f"could put a marker on {contract.name}"
            else:
                action = f"could complete {contract.name}"
            # a contract decided at its trigger is gone until the trigger comes again
            later = "declines" if contract.timing == "at_once" else "leaves it for now"
            self.say(f"{who} {action} but {later} ({self.cubes_text(e['player'])})")
        elif e["kind"] == "victory_move" and e["choice"]:
            self.say("the team moves a Time Pile card to the Victory Pile", 2)

    def trade(self, e: Event) -> None:
        who, ship = _p(e["player"]), self.label(e["card"])
        if e["declined"]:
            self.say(f"{who} trades {ship} and declines its coins")
        else:
            self.say(f"{who} trades {ship}: +{plural(e['coins'], 'coin')}")

    def hire(self, e: Event) -> None:
        self.say(f"{_p(e['player'])} hires {self.label(e['card'])} for {plural(e['cost'], 'coin')}")

    def fee(self, e: Event) -> None:
        self.say(
            f"{_p(e['player'])} pays {_p(e['to'])} {plural(e['coins'], 'coin')} for the take", 2
        )

    def income(self, e: Event) -> None:
        why = {
            "take_time": "from their persons at their take",
            "jester": "from Jesters",
            "gift": "given with the ship just traded",
        }[e["reason"]]
        self.say(f"{_p(e['player'])} gets {plural(e['coins'], 'coin')} {why}")

    def claim(self, e: Event) -> None:
        persons = ", ".join(self.label(c) for c in e["persons"])
        self.say(
            f"{_p(e['player'])} claims {self.label(e['card'])}, discarding {persons}: "
            f"+{plural(e['coins'], 'coin')}, +{e['vp']} VP"
        )

    def pay(self, e: Event) -> None:
        self.say(
            f"{_p(e['player'])} pays {plural(e['coins'], 'coin')} for {self.names[e['contract']]}"
        )

    def complete(self, e: Event) -> None:
        self.done.setdefault(e["player"], set()).add(e["contract"])
        bonus = f", +{e['bonus_vp']} VP" if e["bonus_vp"] else ""
        self.say(
            f"{_p(e['player'])} completes {self.names[e['contract']]}: "
            f"+{plural(e['coins'], 'coin')}{bonus}"
        )

    def cubes_left(self, player: int) -> int:
        """The player's cubes not yet on a contract (a progress marker holds one)."""
        marked = {key for (who, key), step in self.steps.items() if who == player and step}
        done = self.done.get(player, set())
        return CUBES - len(done) - len(marked - done)

    def cubes_text(self, player: int) -> str:
        """'2 of 3 cubes left'."""
        return f"{self.cubes_left(player)} of {plural(CUBES, 'cube')} left"

    def marker(self, e: Event) -> None:
        self.steps[(e["player"], e["contract"])] = e["step"]
        self.say(
            f"{_p(e['player'])} puts a marker on {self.names[e['contract']]} (step {e['step']})"
        )

    def tax(self, e: Event) -> None:
        if e["taxed"]:
            losses = ", ".join(
                f"{_p(p)} loses {plural(n, 'coin')}"
                for p, n in zip(e["taxed"], e["lost"], strict=True)
            )
            self.say(f"Tax Increase: {losses}", 2)
        else:
            self.say("Tax Increase: nobody holds 12 coins", 2)

    def tax_bonus(self, e: Event) -> None:
        why = "most swords" if e["most_swords"] else "fewest victory points"
        self.say(f"+1 coin to {', '.join(_p(p) for p in e['players'])} ({why})", 2)

    def reshuffle(self, e: Event) -> None:
        # The log tells it after the draw that emptied the pile (or, when the pile was
        # already empty, before the next card): the order a table sees.
        self.say(f"the discard pile ({plural(e['cards'], 'card')}) becomes the draw pile", 2)

    def snapshot(self, e: Event) -> None:
        if e["turn"] == 0:
            for card in e["expedition_row"]:
                self.say(f"Face up in the expedition row: {self.label(card)}", 0)
            return
        for index, p in enumerate(e["players"]):
            done = ", ".join(self.names[k] for k in p["contracts"]) or "none"
            self.say(
                f"{_p(index)}: {plural(p['coins'], 'coin')}, {p['vp']} VP, "
                f"{plural(p['swords'], 'sword')}, contracts: {done}, "
                f"{plural(self.cubes_left(index), 'cube')} left",
                2,
            )
        self.say(
            f"Time Pile {e['time_pile']}, Victory Pile {e['victory_pile']}, "
            f"draw pile {e['draw_pile']}, discard pile {e['discard_pile']}",
            2,
        )

    def time_out(self, e: Event) -> None:
        self.lines.append("")
        self.say(f"Turn {e['turn']} cannot start: the Time Pile is empty.", 0)


def render_account(played: PlayedGame, legend: bool = True) -> list[str]:
    """The game turn by turn, then the result, as lines of text (after the legend of the
    card notation unless ``legend`` is off)."""
    config = played.config
    account = _Account(played)
    account.say(
        f"Port Royal co-op: {plural(config.players, 'player')}, seed {config.seed}, "
        f"policy {played.policy}",
        0,
    )
    if legend:
        account.say(LEGEND, 0)
    for event in played.log.events:
        handler: Callable[[Event], None] | None = getattr(account, event["event"], None)
        if handler is not None:
            handler(event)
    account.lines.append("")
    account.lines.append(result_line(played))
    for name in played.unknown_coins:
        account.lines.append(f"Note: the coin spaces of {name} are unknown; they pay 0 here.")
    return account.lines


def wrap_account(lines: list[str], width: int) -> list[str]:
    """The account's lines wrapped at ``width``; a wrapped line keeps its indent, and its
    continuation lines are indented two spaces more."""
    wrapped: list[str] = []
    for line in lines:
        text = line.lstrip(" ")
        indent = " " * (len(line) - len(text))
        if not text or len(line) <= width:
            wrapped.append(line)
            continue
        wrapped += textwrap.wrap(
            text,
            max(20, width),
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
        )
    return wrapped


def result_line(played: PlayedGame) -> str:
    """'Won in 12 turns with 4 points: Pirate.' or 'Lost after 15 turns ...'."""
    result = played.result
    if result.won:
        rank = load_catalog().rank(result.points).name
        return (
            f"Won in {plural(result.turns, 'turn')} with {plural(result.points, 'point')}: {rank}."
        )
    done = {k for k, who in result.completers.items() if who}
    left = [c.name for c in played.config.contracts if c.key not in done]
    return f"Lost after {plural(result.turns, 'turn')}: still open: {', '.join(left)}."


def game_document(played: PlayedGame, seals: Mapping[str, Seal] | None = None) -> dict[str, Any]:
    """The JSON document of ``play --json``: setup, card labels, result and the event log."""
    config, result = played.config, played.result
    deck = build_deck(config.players)
    return {
        "seed": config.seed,
        "players": config.players,
        "policy": played.policy,
        "time_pile": config.time_pile,
        "removed": config.removed,
        "contracts": [contract_json(c, seals or {}) for c in config.contracts],
        "unknown_coin_spaces": played.unknown_coins,  # as `odds` names them
        "unknown_coins": played.unknown_coins,  # the same: the name schema 1 began with
        "cards": [
            {
                "id": c,
                "label": deck.label(c),
                "colour": COLOURS[deck.colour[c]] if deck.type[c] == SHIP else None,
            }
            for c in range(deck.size)
        ],
        "zones": "draw, time, discard, harbour, expedition_row, victory; per player P "
        "(0-based): coins:P, display:P, expeditions:P, aside:P",
        "result": {
            "won": result.won,
            "turns": result.turns,
            "points": result.points if result.won else 0,
            "rank": load_catalog().rank(result.points).name if result.won else None,
            "completers": result.completers,
            "moves": result.victory_moves,  # as the journal names them
            "victory_moves": result.victory_moves,  # the same: schema 1's first name
        },
        "events": played.log.events,
    }


__all__ = ["LEGEND", "game_document", "render_account", "result_line"]
