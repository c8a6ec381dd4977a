"""The setup commands through typer's CliRunner: output, JSON fields, exit codes."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import ok_json
from helpers.processes import run_cli

from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import deal, decode_share_code, encode_share_code

CATALOG = load_catalog()
EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]


# ---------------------------------------------------------------- contracts


def test_contracts_table(run):
    result = run("contracts")
    assert result.exit_code == 0
    for contract in CATALOG.contracts:
        assert contract.name in result.stdout
    assert "Handelsfürst" in result.stdout and "Little Gamester" in result.stdout
    assert "-1H" in result.stdout


def test_contracts_json(run):
    rows = ok_json(run("contracts", "--json"))["contracts"]
    assert len(rows) == 18
    by_name = {r["name"]: r for r in rows}
    assert by_name["Lady Killer"]["seal"] == {"number": 1, "letter": "G"}
    assert by_name["Lady Killer"]["name_de"] == "Charmeur"
    assert by_name["Tax Officer"]["coins"] == [7, 7, 7, 7, 7]
    assert by_name["Tiny Gamester"]["aliases"] == ["Little Gamester"]
    assert by_name["Ransom"]["seal"] is None and by_name["Ransom"]["coins"] is None
    assert by_name["Ransom"]["blue_seal"] is True and by_name["Ransom"]["name_de"] is None


# ---------------------------------------------------------------- deal


@pytest.mark.parametrize("players, count", [(1, 3), (2, 5), (3, 7), (4, 9), (5, 11)])
def test_deal_json(run, players, count):
    doc = ok_json(run("deal", "--players", str(players), "--seed", "42", "--json"))
    assert doc["players"] == players and doc["seed"] == 42
    assert [c["name"] for c in doc["contracts"]] == [c.name for c in deal(players, 42)]
    assert len(doc["contracts"]) == count
    for row in doc["contracts"]:
        contract = CATALOG.contract(row["name"])
        expected = (
            None
            if contract.seal is None
            else {"number": contract.seal.number, "letter": contract.seal.letter}
        )
        assert row["seal"] == expected
    coded_players, coded = decode_share_code(doc["code"])
    assert coded_players == players
    assert {c.name for c in coded} == {c["name"] for c in doc["contracts"]}


def test_deal_same_seed_same_deal_and_a_fresh_seed_is_printed(run):
    a = ok_json(run("deal", "-p", "3", "--seed", "5", "--json"))
    b = ok_json(run("deal", "-p", "3", "--seed", "5", "--json"))
    assert a == b
    fresh = ok_json(run("deal", "-p", "3", "--json"))
    again = ok_json(run("deal", "-p", "3", "--seed", str(fresh["seed"]), "--json"))
    assert again == fresh


def test_deal_table_shows_the_contracts_and_code(run):
    result = run("deal", "--players", "2", "--seed", "7")
    assert result.exit_code == 0
    dealt = deal(2, 7)
    for contract in dealt:
        assert contract.name in result.stdout
    assert f"Share code: {encode_share_code(2, dealt)}" in result.stdout
    assert "--seed 7" in result.stdout


def test_deal_shows_a_recorded_seal(run):
    assert run("seals", "set", "Ransom", "2", "A").exit_code == 0
    seed = next(s for s in range(200) if CATALOG.contract("Ransom") in deal(1, s))
    doc = ok_json(run("deal", "-p", "1", "--seed", str(seed), "--json"))
    ransom = next(c for c in doc["contracts"] if c["name"] == "Ransom")
    assert ransom["seal"] == {"number": 2, "letter": "A"} and ransom["seal_source"] == "recorded"
    assert "2A (yours)" in run("deal", "-p", "1", "--seed", str(seed)).stdout


def test_yours_is_said_only_of_a_seal_recorded_in_the_settings(run):
    given = run("setup", "--code", "PR1-0C50H6", "--seal", "Ransom=1A", "--no-odds").stdout
    assert "1A (--seal)" in given and "(yours)" not in given
    assert run("seals", "set", "Ransom", "2", "A").exit_code == 0
    recorded = run("setup", "--code", "PR1-0C50H6", "--no-odds").stdout
    assert "2A (yours)" in recorded
    again = run("setup", "--code", "PR1-0C50H6", "--seal", "Ransom=1A", "--no-odds").stdout
    assert "1A (--seal)" in again and "(yours)" not in again  # this call's seal wins


def test_a_seal_given_for_one_call_is_told_apart_from_a_recorded_one(run):
    doc = ok_json(run("timepile", "Fighter", "Jinx", "Ransom", "--seal", "Ransom=1A", "--json"))
    assert [c["seal_source"] for c in doc["contracts"]] == ["catalogue", "catalogue", "given"]
    assert run("seals", "set", "Ransom", "2", "A").exit_code == 0
    doc = ok_json(run("timepile", "Fighter", "Jinx", "Ransom", "--json"))
    assert doc["contracts"][2]["seal_source"] == "recorded"


# ---------------------------------------------------------------- timepile


def test_timepile_rulebook_example(run):
    result = run("timepile", *EXAMPLE)
    assert result.exit_code == 0
    assert "13 + (1 + 0 - 1) + 2 (G, H) = 15" in result.stdout


def test_timepile_json(run):
    doc = ok_json(run("timepile", "Charmeur", "seehoheit", "GALEONENSCHRECK", "--json"))
    assert doc["time_pile"] == 15 and doc["base"] == 13 and doc["seal_sum"] == 0
    assert doc["letters"] == ["G", "H"] and doc["missing_seals"] == []
    assert doc["time_pile_range"] is None and doc["players"] == 1


def test_timepile_from_a_share_code(run):
    doc = ok_json(run("timepile", "--code", "PR1-0040HM", "--json"))
    assert doc["time_pile"] == 15


def test_timepile_with_an_unknown_seal(run):
    args = ["Lady Killer", "Maritime Supremacy", "Ransom"]
    doc = ok_json(run("timepile", *args, "--json"))
    assert doc["time_pile"] is None
    assert doc["time_pile_range"] == [14, 18]
    assert doc["missing_seals"] == ["Ransom"]
    assert doc["record_seal_with"] == ["coop-helper seals set Ransom NUMBER LETTER"]
    text = run("timepile", *args).stdout
    assert "14..18" in text and "your Ransom card" in text
    assert "coop-helper seals set Ransom NUMBER LETTER" in text


def test_timepile_names_the_command_for_a_multi_word_contract(run):
    text = run("timepile", "Fighter", "Jinx", "Tiny Royal Household").stdout
    assert "coop-helper seals set 'Tiny Royal Household' NUMBER LETTER" in text


def test_timepile_seal_option_and_recorded_seal(run):
    args = ["Lady Killer", "Maritime Supremacy", "Ransom"]
    doc = ok_json(run("timepile", *args, "--seal", "Ransom=2A", "--json"))
    assert doc["time_pile"] == 13 + 3 + 2 and doc["letters"] == ["A", "G"]
    assert run("seals", "set", "ransom", "-1", "g").exit_code == 0
    doc = ok_json(run("timepile", *args, "--json"))
    assert doc["time_pile"] == 13 + 0 + 1 and doc["missing_seals"] == []
    # --seal overrides the recorded one for this call only
    assert ok_json(run("timepile", *args, "--seal", "Ransom=2A", "--json"))["time_pile"] == 18


def test_timepile_checks_players(run):
    assert ok_json(run("timepile", *EXAMPLE, "-p", "1", "--json"))["players"] == 1
    result = run("timepile", *EXAMPLE, "--players", "2")
    assert result.exit_code == 2
    assert "2 players play with 5 contracts, but 3 were given" in result.stderr


# ---------------------------------------------------------------- rank


@pytest.mark.parametrize(
    "points, rank",
    [
        (0, "Landlubber"),
        (1, "Landlubber"),
        (2, "Sailor"),
        (3, "Sailor"),
        (4, "Pirate"),
        (5, "Pirate"),
        (6, "Captain"),
        (7, "Captain"),
        (8, "Ruler of the Seas"),
        (21, "Ruler of the Seas"),
    ],
)
def test_rank(run, points, rank):
    assert ok_json(run("rank", str(points), "--json")) == {
        "schema": 1,
        "points": points,
        "rank": rank,
    }
    assert rank in run("rank", str(points)).stdout


def test_rank_counts_points_as_written(run):
    assert run("rank", "1").stdout.strip() == "1 point: Landlubber"
    assert run("rank", "21").stdout.strip() == "21 points: Ruler of the Seas"


@pytest.mark.parametrize("points", ["32", "1200", "99999999999999999999999"])
def test_rank_refuses_points_no_time_pile_allows_and_names_the_most(run, points):
    """A point is a Victory Pile card and each came from the Time Pile, whose largest is 31
    cards (11 contracts, the blue seals at 2 with letters of their own)."""
    result = run("rank", points)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {points} points: no game scores more than 31")
    assert "31 points: Ruler of the Seas" in run("rank", "31").stdout


def test_the_most_points_is_the_largest_time_pile_of_every_deal():
    """The knapsack's answer is the walk over every deal of every player count's."""
    from coop_helper.atlas.turns import deal_turn_cap

    catalog = load_catalog()
    assert catalog.largest_time_pile() == max(deal_turn_cap(p, catalog) for p in range(1, 6))


# ---------------------------------------------------------------- seals


def test_seals_set_and_list(run):
    listed = ok_json(run("seals", "list", "--json"))
    assert [s["name"] for s in listed["seals"]] == ["Tiny Royal Household", "Ransom"]
    assert all(s["seal"] is None for s in listed["seals"])
    assert listed["config"] == os.environ["COOP_HELPER_CONFIG"]
    result = run("seals", "set", "Tiny", "Royal", "Household", "-1", "b")
    assert result.exit_code == 0 and "Tiny Royal Household: -1B" in result.stdout
    doc = ok_json(run("seals", "set", "Ransom", "2C", "--json"))
    assert doc["seal"] == {"number": 2, "letter": "C"}
    listed = ok_json(run("seals", "list", "--json"))
    assert [s["seal"] for s in listed["seals"]] == [
        {"number": -1, "letter": "B"},
        {"number": 2, "letter": "C"},
    ]
    assert "-1B" in run("seals", "list").stdout


# ---------------------------------------------------------------- setup


def test_setup_deals_for_players(run):
    doc = ok_json(run("setup", "--no-odds", "--players", "4", "--seed", "11", "--json"))
    assert doc["players"] == 4 and doc["seed"] == 11 and doc["dealt"] is True
    assert [c["name"] for c in doc["contracts"]] == [c.name for c in deal(4, 11)]
    assert decode_share_code(doc["code"])[0] == 4
    for field in ("time_pile", "base", "seal_sum", "letters", "missing_seals", "time_pile_range"):
        assert field in doc


def test_setup_without_seed_prints_one_that_repeats_the_deal(run):
    text = run("setup", "--no-odds", "--players", "2").stdout
    seed = int(text.split("Seed: ")[1].split()[0])
    for contract in deal(2, seed):
        assert contract.name in text


def test_setup_from_names_and_code(run):
    by_names = ok_json(run("setup", "--no-odds", *EXAMPLE, "--json"))
    by_code = ok_json(run("setup", "--no-odds", "--code", by_names["code"], "--json"))
    assert by_names["time_pile"] == by_code["time_pile"] == 15
    assert by_names["code"] == by_code["code"] == "PR1-0040HM"
    text = run("setup", "--no-odds", "--code", "pr1-0040hm").stdout
    assert "Share code: PR1-0040HM" in text and "= 15 cards" in text


def test_setup_with_unknown_seal_names_the_card(run):
    doc = ok_json(run("setup", "--no-odds", "Fighter", "Jinx", "Ransom", "--json"))
    # Fighter 0A, Jinx -1F, Ransom unknown: 13 - 1 + (-1..2) + (2..3 letters)
    assert doc["time_pile"] is None and doc["time_pile_range"] == [13, 17]
    assert "your Ransom card" in run("setup", "--no-odds", "Fighter", "Jinx", "Ransom").stdout
    fixed = ok_json(
        run("setup", "--no-odds", "Fighter", "Jinx", "Ransom", "--seal", "Ransom=1A", "--json")
    )
    assert fixed["time_pile"] == 13 + 0 + 2


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["timepile", "Lady Killer", "Maritime Supremacy", "Galeon Foe"],
            "unknown contract 'Galeon Foe'. Did you mean 'Galleon Foe'",
        ),
        (["timepile", "Jinx", "Pechvogel", "Fighter"], "already in the list"),
        (["timepile", "Jinx", "Fighter"], "2 contracts match no player count"),
        (["timepile", *EXAMPLE, "--players", "3"], "3 players play with 7 contracts"),
        (["timepile"], "name the face-up contracts"),
        (["timepile", "Jinx", "--code", "PR1-0040HM"], "not both"),
        (["timepile", "--code", "PR1-0040HM", "--players", "2"], "is for 1 player, not 2"),
        (["timepile", "--code", "PR1-0040HN"], "fails its check"),
        (["timepile", *EXAMPLE, "--seal", "Ransom=5A"], "'5A' is not a seal"),
        (["timepile", *EXAMPLE, "--seal", "Ransom"], "is not NAME=SEAL"),
        (["timepile", *EXAMPLE, "--seal", "Jinx=1A"], "Jinx's seal is known"),
        (["deal"], "--players N"),
        (["deal", "--players", "0"], "players must be 1 to 5, not 0"),
        (["deal", "--players", "6"], "players must be 1 to 5, not 6"),
        (["deal", "--players", "-2"], "players must be 1 to 5, not -2"),
        (["setup", "--players", "9"], "players must be 1 to 5"),
        (["setup"], "say what to set up"),
        (["setup", "--code", "XYZ"], "is not a share code"),
        (["setup", "--code", "PR2-0040HM"], "version '2'"),
        (["setup", "--code", "PR1-0040H"], "has 5 symbols"),
        (["setup", "--code", "PR1-0040HM", "--players", "3"], "is for 1 player, not 3"),
        (["setup", "Jinx", "Fighter", "Explorer", "Gamester"], "4 contracts match no player"),
        (["rank", "-1"], "points must be 0 or more, not -1"),
        (["rank", "many"], "points must be a whole number"),
        (["seals", "set", "Ransom", "3", "A"], "seal number must be -1, 0, 1 or 2, not '3'"),
        (["seals", "set", "Ransom", "1", "7"], "seal letter must be one letter A-Z"),
        (["seals", "set", "Ransom", "1", "AB"], "one letter A-Z, not 'AB'"),
        (["seals", "set", "Ransom", "+7", "A"], "-1, 0, 1 or 2, not '+7'"),
        (["seals", "set", "Ransom", "9Z"], "'9Z' is not a seal"),
        (["seals", "set", "Ransom"], "give the contract, the seal number and the seal letter"),
        (["seals", "set", "Lady Killer", "1", "G"], "Lady Killer's seal is known (1G)"),
        (["seals", "set", "Ransum", "1", "A"], "Did you mean 'Ransom'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run, args, message):
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["contracts"],
        ["timepile", *EXAMPLE[:2], "Ransom"],
        ["setup", "--no-odds", *EXAMPLE[:2], "Ransom"],
        ["seals", "list"],
        ["seals", "set", "Ransom", "1", "A"],
    ],
)
def test_broken_config_is_named_and_left_alone(run, args):
    # Commands that need no recorded seal do not read it (tests/setup/test_settings.py).
    path = Path(os.environ["COOP_HELPER_CONFIG"])
    path.write_text("[seals\nransom = 1A\n", encoding="utf-8")
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert f"config file {path} is not valid TOML" in result.stderr
    assert path.read_text(encoding="utf-8") == "[seals\nransom = 1A\n"


# ---------------------------------------------------------------- entry points


def test_python_dash_m_runs_the_cli(tmp_path):
    env = {**os.environ, "COOP_HELPER_CONFIG": str(tmp_path / "c.toml")}
    done = subprocess.run(
        [sys.executable, "-m", "coop_helper", "timepile", *EXAMPLE, "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["time_pile"] == 15
    bad = subprocess.run(
        [sys.executable, "-m", "coop_helper", "rank", "-3"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and bad.stdout == ""


@pytest.mark.parametrize(
    "args, message",
    [
        (["deal", "--players", "abc"], "--players: 'abc' is not a whole number."),
        (["deal", "--bogus"], "no such option: --bogus"),
        (
            ["rank"],
            "coop-helper rank needs POINTS: cards in the Victory Pile. Example: coop-helper rank 6",
        ),
        (["setpu"], "coop-helper has no command 'setpu': did you mean 'setup'?"),
        (["history", "dlete"], "coop-helper history has no command 'dlete': did you mean"),
        (
            ["rank", "3", "4"],
            "unexpected argument '4': coop-helper rank takes POINTS only. "
            "Example: coop-helper rank 6",
        ),
        (
            ["--json", "rank", "3"],
            "--json goes after the command's name: coop-helper rank 3 --json",
        ),
        (
            ["--players", "2", "setup", "--seed", "3"],
            "--players goes after the command's name: coop-helper setup --seed 3 --players 2",
        ),
        (
            ["setup", "--interval", "exact"],
            "setup has no option --interval ('coop-helper odds' has",
        ),
        (["deal", "--sed", "3"], "no such option: --sed. Did you mean --seed?"),
        (["rank", "3", "--quiet"], "rank has no option --quiet ('coop-helper odds', 'coop"),
        (["rank", "--foo"], "no such option: --foo (see 'coop-helper rank --help')"),
        (["seals", "set", "Ransom", "1", "A", "-q"], "no such option: -q (see 'coop-helper seals"),
        (["--json", "--players", "2", "deal"], "coop-helper deal --json --players 2"),
        (["--players=2", "setup"], "--players goes after the command's name"),
        (["rank", "--", "3", "--json"], "unexpected argument '--json'"),
        (["deal", "-p"], "error: -p needs a value (see 'coop-helper deal --help')"),
    ],
)
def test_usage_errors_are_one_line_too(tmp_path, args, message):
    env = {**os.environ, "COOP_HELPER_CONFIG": str(tmp_path / "c.toml")}
    done = subprocess.run(
        [sys.executable, "-m", "coop_helper", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
    assert message in done.stderr
    assert "--help" in done.stderr or " Example: coop-helper " in done.stderr  # the fix
    first = done.stderr.removeprefix("error: ")[:1]
    assert not first.isupper(), "an error starts in lower case, as every other one does"


def test_help_still_exits_0(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "coop_helper", "setup", "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0 and "--players" in done.stdout


def test_seal_number_with_a_fraction_is_named(run):
    result = run("seals", "set", "Ransom", "1.5", "A")
    assert result.exit_code == 2
    assert "seal number must be -1, 0, 1 or 2, not '1.5'" in result.stderr


def test_a_very_long_name_is_cut_in_the_error(run):
    result = run("timepile", "x" * 500, "Jinx", "Fighter")
    assert result.exit_code == 2 and "x" * 60 not in result.stderr
    # the cut name, the hint at the cards without a German name, and the pointer to the list
    assert len(result.stderr) < 300


def test_the_foes_say_when_they_complete_as_the_rules_do(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    out = run("contracts").stdout
    assert "(completes at once on the 3rd)" in out and "(completes at once on the 2nd)" in out
    assert "(decide at once)" in out and "(completes by itself; " in out  # the others


def test_setup_ends_with_what_to_do_with_the_cards(run):
    from coop_helper.render.tables import setup_steps
    from coop_helper.setup.deals import prepare_game

    solo = prepare_game(names=["Fighter", "Jinx", "Explorer"])
    assert setup_steps(solo, 3) == (
        "To set up: take the 5-player expedition (no coin on its back) out of the deck; "
        "deal 16 cards face down as the Time Pile; move 3 of them to the Victory Pile "
        "(the recommended level)."
    )
    assert setup_steps(solo, 0).endswith(
        "move none of them to the Victory Pile (the recommended level)."
    )
    assert setup_steps(solo, None).endswith("deal 16 cards face down as the Time Pile.")
    five = prepare_game(players=5, seed=4)
    assert "lay the 5-player expedition face up in the expedition row" in setup_steps(five, None)
    unknown = prepare_game(names=["Fighter", "Jinx", "Ransom"])
    assert setup_steps(unknown, None).endswith("deal the Time Pile once you know the seal (above).")
    text = " ".join(run("setup", "Fighter", "Jinx", "Explorer", "--no-odds").stdout.split())
    assert text.endswith("deal 16 cards face down as the Time Pile.")
    beyond = ("setup", "Fighter", "Jinx", "Explorer", "--games", "40", "--workers", "1")
    text = " ".join(run(*beyond, "--target", "99.9%").stdout.split())
    assert text.endswith("move none of them to the Victory Pile (no level reaches the target).")


# games enough that no recommendation is called rough: the output as a table meets it
AT_THE_TABLE = ("--games", "2000", "--workers", "1", "--quiet")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_two_player_setup_fits_one_screen(run, monkeypatch, seed):
    """What the table needs now (contracts, Time Pile, odds, advice, steps) in at most 30
    lines at 80 columns; the explanations only with --explain."""
    monkeypatch.setenv("COLUMNS", "80")
    result = run("setup", "--players", "2", "--seed", str(seed), *AT_THE_TABLE)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) <= 30, result.stdout
    assert max(len(line) for line in lines) <= 80
    text = result.stdout
    for needed in ("Contracts dealt for 2 players", "Time Pile: ", "Win odds by ", "To set up:"):
        assert needed in text
    assert "Recommend" in text or "No removal level reaches" in text
    for explanation in ("Win with rank", "On each Tax Increase", "Difficulty:", " │"):
        assert explanation not in text


def test_explain_adds_the_explanations_and_leaves_the_json_alone(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    args = ("setup", "--players", "2", "--seed", "1", *AT_THE_TABLE)
    brief, explained = run(*args).stdout, run(*args, "--explain").stdout
    for explanation in ("Win with rank", "On each Tax Increase", "Difficulty:", "remove  0 │"):
        assert explanation in explained and explanation not in brief
    assert len(explained.splitlines()) > len(brief.splitlines()) + 20
    # the same advice and steps either way
    assert brief.split("To set up:")[1] == explained.split("To set up:")[1]
    assert run(*args, "--json").stdout == run(*args, "--json", "--explain").stdout


def test_after_a_double_dash_an_option_like_word_is_an_argument(tmp_path):
    done = run_cli(tmp_path, "rank", "--", "--foo")
    assert done.returncode == 2
    assert (
        done.stderr.decode() == "error: points must be a whole number of 0 or more, not '--foo'.\n"
    )


@pytest.mark.parametrize("command", ["setup", "timepile", "record", "odds", "play"])
def test_an_unquoted_share_code_with_spaces_is_told_to_be_quoted(run, command):
    """`--code pr1 0851 cm` unquoted: the shell hands "0851" and "cm" over as contract
    names, and the message was "give contract names or --code, not both"."""
    result = run(command, "--code", "pr1", "0851", "cm")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --code takes one word, and the shell split 'pr1 0851 cm' at its spaces: "
        "quote it, --code 'pr1 0851 cm', or write it without spaces, --code PR1-0851CM.\n"
    )
    both = run(command, "--code", "PR1-0851CM", "Fighter")
    assert both.exit_code == 2 and "give contract names or --code, not both" in both.stderr


def test_an_unknown_contract_among_english_names_gets_no_note_on_german_names(run):
    result = run("odds", "Fighter", "Jinx", "Comedian", "Foo")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: unknown contract 'Foo'. Run 'coop-helper contracts' to list them.\n"
    )
