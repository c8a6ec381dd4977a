"""The `play` command: bad input is one line and exit 2; a game reads turn by turn; --json
is a complete, deterministic event log a referee can replay."""

from __future__ import annotations

import json
import re

import pytest
from helpers.referee import referee
from typer.testing import CliRunner

from coop_helper.cli.app import app
from coop_helper.errors import UserError
from coop_helper.policies import POLICIES, make_policy

runner = CliRunner()
THREE = ["Lady Killer", "Explorer", "Fighter"]


def _play(*args: str):
    return runner.invoke(app, ["play", *args])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "name the face-up contracts"),
        (["Fightr", "Explorer", "Jinx"], "Did you mean 'Fighter'"),
        (["Fighter", "Explorer"], "2 contracts match no player count"),
        ([*THREE, "--players", "2"], "name 5 contracts or change --players"),
        ([*THREE, "--players", "6"], "--players must be 1 to 5"),
        (["Fighter", "Explorer", "Ransom"], "seals set Ransom NUMBER LETTER"),
        ([*THREE, "--removed", "99"], "--removed must be 0 to 18"),
        ([*THREE, "--policy", "rnd"], "Did you mean 'random'"),
        ([*THREE, "--time-pile", "0"], "--time-pile must be 1 to"),
        ([*THREE, "--seed", "-1"], "--seed must be 0 or more"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(args, message):
    result = _play(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_readable_account_shows_turns_draws_and_the_result():
    result = _play(*THREE, "--seed", "3", "--policy", "random")
    assert result.exit_code == 0
    out = result.output
    assert "seed 3, policy random" in out
    assert "Turn 1: P1 is the active player" in out
    assert "from the Time Pile" in out and "stops drawing" in out
    assert out.strip().splitlines()[-1].startswith(("Won in", "Lost after"))


def test_a_won_game_ends_with_points_and_rank():
    easy = [
        "Fighter",
        "Trader Prince",
        "Cheap Staff",
        "--policy",
        "basic",
        "--time-pile",
        "40",
        "--removed",
        "4",
    ]
    for seed in range(200):
        result = _play(*easy, "--seed", str(seed), "--json")
        doc = json.loads(result.output)
        if doc["result"]["won"]:
            break
    else:
        pytest.fail("no won game in 200 seeds")
    text = _play(*easy, "--seed", str(seed)).output
    rank = doc["result"]["rank"]
    points = doc["result"]["points"]
    assert points >= 4 and rank != "Landlubber"
    assert rank and f"with {points} point" in text and text.strip().endswith(f": {rank}.")


def test_unknown_coin_spaces_are_noted():
    out = _play("Fighter", "Explorer", "Ransom", "--time-pile", "15", "--seed", "1").output
    assert "the coin spaces of Ransom are unknown; they pay 0 here." in out
    doc = json.loads(
        _play("Fighter", "Explorer", "Ransom", "--time-pile", "15", "--seed", "1", "--json").output
    )
    assert doc["unknown_coin_spaces"] == doc["unknown_coins"] == ["Ransom"]  # as odds names it
    assert doc["result"]["moves"] == doc["result"]["victory_moves"]  # as the journal does


def test_json_log_replays_and_is_deterministic():
    args = ["Charmeur", "Entdecker", "Kämpfer", "Jinx", "Gamester", "--seed", "11", "--json"]
    first, second = _play(*args), _play(*args)
    assert first.exit_code == 0 and first.output == second.output
    doc = json.loads(first.output)
    assert doc["players"] == 2 and doc["seed"] == 11 and len(doc["cards"]) == 143
    end = referee(doc["events"])
    assert end["won"] == doc["result"]["won"] and end["turns"] == doc["result"]["turns"]
    kinds = {e["event"] for e in doc["events"]}
    assert {"setup", "move", "decision", "snapshot", "turn_start", "draw", "game_end"} <= kinds
    decisions = [e for e in doc["events"] if e["event"] == "decision"]
    assert all(e["chooser"] == "expert" for e in decisions)  # the default team
    snapshot = next(e for e in doc["events"] if e["event"] == "snapshot" and e["turn"] == 1)
    assert set(snapshot["players"][0]) >= {"coins", "display", "swords", "vp", "contracts"}
    assert {
        "harbour",
        "expedition_row",
        "draw_pile",
        "discard_pile",
        "time_pile",
        "victory_pile",
    } <= set(snapshot)


def test_referee_catches_a_tampered_log():
    doc = json.loads(_play(*THREE, "--seed", "5", "--json").output)
    events = doc["events"]
    moves = [i for i, e in enumerate(events) if e["event"] == "move" and e["from"] == "draw"]
    with pytest.raises(AssertionError):
        referee(events[: moves[5]] + events[moves[5] + 1 :])
    snap = next(i for i, e in enumerate(events) if e["event"] == "snapshot" and e["turn"] == 2)
    forged = json.loads(json.dumps(events))
    forged[snap]["players"][0]["coins"] += 1
    with pytest.raises(AssertionError):
        referee(forged)


def test_the_log_tells_the_draw_that_empties_the_pile_before_the_reshuffle():
    seals = ["--seal", "Tiny Royal Household=1F", "--seal", "Ransom=2I"]
    args = ["--code", "PR1-0EG30D", "--seed", "1457037410", "--policy", "basic", *seals]
    events = json.loads(_play(*args, "--json").output)["events"]
    referee(events)  # never a reshuffle into a draw pile that still holds a card
    emptied = [i for i, e in enumerate(events) if e["event"] == "reshuffle" and e["emptied"]]
    assert emptied
    for at in emptied:
        cards = events[at]["cards"]
        refill = events[at - cards : at]
        assert all((e["from"], e["to"]) == ("discard", "draw") for e in refill)
        last_draw = events[at - cards - 1]  # the old pile's last card, drawn just before
        assert last_draw["event"] == "move" and last_draw["from"] == "draw"


def test_a_tampered_reshuffle_order_is_caught():
    seals = ["--seal", "Tiny Royal Household=1F", "--seal", "Ransom=2I"]
    args = ["--code", "PR1-0EG30D", "--seed", "1457037410", "--policy", "basic", *seals]
    events = json.loads(_play(*args, "--json").output)["events"]
    at = next(i for i, e in enumerate(events) if e["event"] == "reshuffle" and e["emptied"])
    cards = events[at]["cards"]
    draw = events[at - cards - 1]
    # the old order: the discard pile moved in first, the last card's draw after it
    old_order = [*events[: at - cards - 1], *events[at - cards : at], draw, *events[at:]]
    with pytest.raises(AssertionError, match="reshuffle into a draw pile"):
        referee(old_order)


def test_policy_registry():
    assert set(POLICIES) >= {"random", "basic"}
    assert make_policy("Basic").name == "basic"
    with pytest.raises(UserError, match=r"unknown policy .* Choose one of: .*basic"):
        make_policy("greedy-expert-9000")


def test_the_account_wraps_at_the_terminal_width_and_keeps_its_indents(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    seals = ["--seal", "Ransom=1A"]
    out = _play("--code", "PR1-0M2PCS", *seals, "--seed", "1").output.splitlines()
    assert max(len(line) for line in out) <= 80
    busts = [i for i, line in enumerate(out) if line.startswith("    bust: a second ship")]
    assert busts and all(out[i + 1].startswith("      ") for i in busts)  # continued deeper


def test_the_account_says_what_a_declined_decision_was():
    seals = ["--seal", "Ransom=1A", "--seal", "Tiny Royal Household=0B"]
    out = _play("--code", "PR1-0ZRRCZ", *seals, "--seed", "4").output
    assert "P1 could put a marker on Tiny Gamester but declines" in out  # first sighting
    assert "could complete Tiny Gamester but leaves it for now" not in out
    assert "could complete Tiny Royal Household but leaves it for now" in out  # any take


def test_a_reshuffle_is_told_after_the_draw_that_emptied_the_pile():
    out = _play("--code", "PR1-0M2PCS", "--seal", "Ransom=1A", "--seed", "4").output.splitlines()
    at = next(i for i, line in enumerate(out) if "becomes the draw pile" in line)
    assert re.match(r"\s*P\d draws ", out[at - 1])  # the draw that emptied the pile, then
    doc = json.loads(
        _play("--code", "PR1-0M2PCS", "--seal", "Ransom=1A", "--seed", "4", "--json").output
    )
    reshuffles = [e for e in doc["events"] if e["event"] == "reshuffle"]
    assert reshuffles[0]["emptied"] is True  # the log says which draw emptied the pile


def test_a_time_pile_set_by_hand_is_said_beside_the_rules_one():
    out = _play(*THREE, "--time-pile", "10", "--seed", "1").output
    assert "(The Time Pile was set with --time-pile; the contracts give 18.)" in out
    assert "set with --time-pile" not in _play(*THREE, "--seed", "1").output


def test_play_reports_each_turn_for_its_progress_bar():
    from coop_helper.sim.play import play_one

    seen: list[tuple[int, int]] = []
    played = play_one(
        ["Fighter", "Jinx", "Explorer"],
        None,
        7,
        "expert",
        removed=3,
        on_turn=lambda t, n: seen.append((t, n)),
    )
    assert [t for t, _ in seen] == list(range(1, played.result.turns + 1))
    assert {n for _, n in seen} == {played.config.time_pile - 3}  # the turns the game has


def test_play_one_finds_the_seals_once_the_face_up_contracts_are_known():
    """The CLI hands `play_one` a way to find the seals; it is asked only for a valid
    deal, with that deal's contracts, and the game keeps what it answered."""
    from coop_helper.setup.catalog import Seal
    from coop_helper.sim.play import play_one

    asked: list[tuple[str, ...]] = []

    def seals(dealt):
        asked.append(tuple(c.name for c in dealt))
        return {"ransom": Seal(2, "B")}

    played = play_one(["Fighter", "Ransom", "Explorer"], None, 7, "basic", seals=seals)
    assert asked == [("Fighter", "Ransom", "Explorer")]
    assert played.seals == {"ransom": Seal(2, "B")}
    assert played.rules_pile == default_pile_with_ransom(2, "B")
    with pytest.raises(UserError):
        play_one(["Fighter", "No Such Card", "Explorer"], None, 7, "basic", seals=seals)
    assert len(asked) == 1  # a bad name is found before the settings would be read


def default_pile_with_ransom(number: int, letter: str) -> int:
    from coop_helper.setup.catalog import Seal, load_catalog
    from coop_helper.sim.play import default_time_pile

    catalog = load_catalog()
    by_name = {c.name: c for c in catalog.contracts}
    dealt = tuple(by_name[n] for n in ("Fighter", "Ransom", "Explorer"))
    return default_time_pile(catalog, dealt, {"ransom": Seal(number, letter)})


def test_play_with_only_a_player_count_says_how_to_get_a_deal(run):
    result = run("play", "--players", "3", "--seed", "1")
    assert result.exit_code == 2
    assert "play does not deal: deal with 'coop-helper deal --players 3'" in result.stderr
    assert "--code CODE" in result.stderr


def test_the_account_starts_with_the_legend_of_the_card_notation():
    out = _play(*THREE, "--seed", "3").output.splitlines()
    assert out[1].startswith("How to read it:")
    text = " ".join(_play(*THREE, "--seed", "3").output.split())
    for words in ("'Skiff 4/5' pays 4 coins", "5 swords or more", "'3/skull': never repelled"):
        assert words in text
    assert "'Gunner 6->2' costs 6 coins to hire and is worth 2 victory points" in text
    assert "Each player has 3 cubes" in text
    plain = _play(*THREE, "--seed", "3", "--no-legend").output
    assert "How to read it" not in plain and plain.splitlines()[1].startswith("Contracts:")
    assert "'Skiff 4/5' pays 4 coins" in " ".join(runner.invoke(app, ["play", "-h"]).output.split())


def test_the_account_shows_the_cubes_left_where_a_decision_depends_on_them():
    """Each player has 3 cubes: one on every contract completed or marked. The snapshot and
    every declined contract say how many are free, counted here from the account's lines."""
    seals = ["--seal", "Ransom=1A", "--seal", "Tiny Royal Household=0B"]
    out = _play("--code", "PR1-0ZRRCZ", *seals, "--seed", "1").output.splitlines()
    done: dict[str, set[str]] = {}
    marked: dict[str, set[str]] = {}
    declines = snapshots = 0
    for line in (raw.strip() for raw in out):
        who = line.split(" ", 1)[0].rstrip(":")
        if " completes " in line:
            done.setdefault(who, set()).add(line.split(" completes ", 1)[1].split(":")[0])
        elif " puts a marker on " in line:
            marked.setdefault(who, set()).add(line.split(" puts a marker on ", 1)[1].split(" (")[0])
        free = 3 - len(done.get(who, set()) | marked.get(who, set()))
        if " but declines (" in line or " but leaves it for now (" in line:
            declines += 1
            assert line.endswith(f"({free} of 3 cubes left)"), line
        elif line.startswith(f"{who}: ") and " cube" in line:
            snapshots += 1
            assert line.endswith(f"{free} {'cube' if free == 1 else 'cubes'} left"), line
    assert declines and snapshots
    assert any(marked.values())  # a progress marker holds a cube here
