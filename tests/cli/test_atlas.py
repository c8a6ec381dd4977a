"""The atlas on the command line: info, deals by difficulty, contract effects, hooks."""

from __future__ import annotations

import pytest
from helpers.atlas import synthetic_atlas
from helpers.cli import ok_json

from coop_helper.setup.catalog import load_catalog
from coop_helper.setup.deals import deal_keeping


@pytest.fixture(scope="module")
def atlas_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("atlas") / "atlas.bin"
    synthetic_atlas(path, players=(1,))
    return path


@pytest.fixture(autouse=True)
def use_atlas(atlas_file, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(atlas_file))


def test_info_says_what_was_built(run):
    doc = ok_json(run("atlas", "info", "--json"))
    assert doc["current"] is True and doc["policy"] == "expert"
    assert doc["players"]["1"]["deals"] == 816
    assert doc["players"]["1"]["method"] == "simulated"
    result = run("atlas", "info")
    assert result.exit_code == 0 and "Current" in result.stdout


def test_info_wraps_each_player_count_under_itself_on_a_narrow_terminal(
    run, monkeypatch, atlas_file
):
    monkeypatch.setenv("COLUMNS", "44")
    result = run("atlas", "info")
    assert result.exit_code == 0
    lines = result.stdout.rstrip("\n").split("\n")
    assert lines[0] == "Atlas:" and lines[1].strip() == str(atlas_file)  # a path: never broken
    lines = lines[2:]
    assert all(len(line.rstrip()) <= 44 for line in lines)
    count = next(i for i, line in enumerate(lines) if line.startswith("  1 player:"))
    assert "816 deals" in lines[count]
    assert lines[count + 1].startswith(" " * len("  1 player: "))  # wrapped, indented


def test_a_stale_atlas_is_said_and_not_shown(run, monkeypatch, atlas_file):
    built = ok_json(run("atlas", "info", "--json"))["policy_versions"]["1"]
    monkeypatch.setattr("coop_helper.atlas.lookup.policy_version", lambda name, players: "2-newer")
    doc = ok_json(run("atlas", "info", "--json"))
    assert doc["current"] is False
    result = run("setup", "--players", "1", "--seed", "4", "--no-odds", "--explain")
    assert result.exit_code == 0
    assert (
        "Difficulty: not shown: the atlas's numbers for 1 player were made by expert "
        f"version {built}; current is 2-newer: run 'coop-helper atlas build --output "
        f"{atlas_file}'."
    ) in " ".join(result.stdout.split())  # the terminal's width wraps it
    assert "harder than" not in result.stdout
    doc = ok_json(run("setup", "--players", "1", "--seed", "4", "--no-odds", "--json"))
    assert doc["difficulty"]["available"] is False and doc["difficulty"]["win"] is None
    failed = run("deal", "--players", "1", "--difficulty", "hard")
    assert failed.exit_code == 2 and "current is 2-newer" in failed.stderr


def test_setup_and_deal_say_where_the_deal_stands(run):
    result = run(
        "setup", "Lady Killer", "Maritime Supremacy", "Galleon Foe", "--no-odds", "--explain"
    )
    assert result.exit_code == 0
    assert "of 1-player deals (atlas win chance with nothing removed:" in result.stdout
    doc = ok_json(run("deal", "--players", "1", "--seed", "8", "--json"))
    assert 0 <= doc["difficulty"]["harder_than"] <= 1
    assert doc["difficulty"]["available"] is True


def test_deal_by_difficulty_is_seeded_and_shareable(run):
    first = ok_json(
        run(
            "deal",
            "-p",
            "1",
            "--difficulty",
            "brutal",
            "--keep",
            "Fighter",
            "--seed",
            "12",
            "--json",
        )
    )
    again = ok_json(
        run(
            "deal",
            "-p",
            "1",
            "--difficulty",
            "brutal",
            "--keep",
            "Fighter",
            "--seed",
            "12",
            "--json",
        )
    )
    assert first == again
    assert first["level"] == "brutal"
    assert "Fighter" in [c["name"] for c in first["contracts"]]
    shared = ok_json(run("timepile", "--code", first["code"], "--json"))
    assert [c["name"] for c in shared["contracts"]] == [c["name"] for c in first["contracts"]]
    text = run("deal", "-p", "1", "--difficulty", "brutal", "--keep", "Fighter", "--seed", "12")
    assert (
        "deal again: coop-helper deal --players 1 --difficulty brutal --keep Fighter "
        "--seed 12" in text.stdout
    )
    chance = round(100 * first["difficulty"]["win"])  # a win chance some deal has
    near = run("deal", "-p", "1", "--difficulty", str(chance / 100), "--seed", "12")
    assert near.exit_code == 0, near.stderr
    title = near.stdout.split("\n")[0]
    assert title.startswith(f"Deal for 1 player (win chance near {chance}%, ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--difficulty", "tough"], "--difficulty must be easy, medium, hard, brutal"),
        (["--difficulty", "easy", "--keep", "Ransom"], "drop --difficulty to deal it"),
        (["--keep", "Fightr"], "Did you mean"),
        (
            ["--difficulty", "50%", "--keep", "Fighter", "--keep", "Jinx", "--keep", "Explorer"],
            "the matching deals range from 100% to 100%",
        ),
    ],
)
def test_impossible_deals_are_one_line_errors(run, args, message):
    result = run("deal", "--players", "1", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_recorded_seal_lets_difficulty_deals_keep_its_contract(run):
    keep = ("deal", "--players", "1", "--difficulty", "easy", "--keep", "Ransom", "--seed", "3")
    refused = run(*keep)
    assert refused.exit_code == 2 and "record it (coop-helper seals set" in refused.stderr
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    doc = ok_json(run(*keep, "--json"))
    assert "Ransom" in [c["name"] for c in doc["contracts"]] and doc["level"] == "easy"
    assert doc["difficulty"]["win"] is not None  # rated at the Time Pile its seal gives
    assert ok_json(run(*keep, "--json")) == doc  # the same seed and seals deal the same
    assert doc["with_recorded_seals"] is True
    text = run(*keep).stdout
    assert "--seed 3, with your recorded seals)" in text


def test_a_narrow_deal_with_recorded_seals_says_so_before_the_command(run, monkeypatch):
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    monkeypatch.setenv("COLUMNS", "60")
    keep = ("deal", "--players", "1", "--difficulty", "easy", "--keep", "Ransom", "--seed", "3")
    lines = run(*keep).stdout.splitlines()
    at = lines.index("Seed: 3; with your recorded seals, deal again with:")
    assert lines[at + 1] == f"    coop-helper {' '.join(keep[:7])} --seed 3"


def test_contracts_with_players_adds_each_contracts_difficulty(run):
    doc = ok_json(run("contracts", "--players", "1", "--json"))
    first = doc["contracts"][0]["difficulty"]
    assert {"win", "win_low", "win_high", "turns", "turns_low", "turns_high"} <= set(first)
    assert first["win_low"] <= first["win"] <= first["win_high"]
    text = run("contracts", "--players", "1")
    assert "Contract difficulty, 1 player" in text.stdout
    assert "│ Ransom" in text.stdout and "not rated" in text.stdout  # no Time Pile: no chance
    missing = run("contracts", "--players", "3")
    assert missing.exit_code == 2 and "no 3-player deals" in missing.stderr


def test_a_recorded_blue_seal_rates_its_contract(run):
    def ransom(doc):
        return next(c["difficulty"] for c in doc["contracts"] if c["name"] == "Ransom")

    before = ok_json(run("contracts", "--players", "1", "--json"))
    unrated = ransom(before)  # every field there, null where not measured, and why
    assert unrated["win"] is None and unrated["win_low"] is None and unrated["win_pairs"] is None
    assert unrated["unrated"].endswith("record it with: coop-helper seals set Ransom NUMBER LETTER")
    household = next(
        c["difficulty"] for c in before["contracts"] if c["key"] == "tiny_royal_household"
    )
    assert household["unrated"].endswith("seals set 'Tiny Royal Household' NUMBER LETTER")
    note = run("contracts", "--players", "1").stdout
    assert "record its seal to rate it:\n" in note
    for name in ("'Tiny Royal Household'", "Ransom"):  # every contract not rated
        assert f"\n    coop-helper seals set {name} NUMBER LETTER\n" in note
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    after = ok_json(run("contracts", "--players", "1", "--json"))
    rated = ransom(after)
    assert rated["win_low"] <= rated["win"] <= rated["win_high"] and rated["unrated"] is None
    assert {k: v for k, v in rated.items() if k.startswith("turns")} == {
        k: v for k, v in unrated.items() if k.startswith("turns")
    }
    text = run("contracts", "--players", "1").stdout
    row = [line for line in text.splitlines() if line.startswith("│ Ransom")][-1]  # effects
    assert "not rated" not in row and "pt" in row
    assert "seals set 'Tiny Royal Household'" in text  # the one still unknown
    assert "seals set Ransom" not in text


def test_build_says_when_the_work_folder_cannot_be_written(run, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run(
        "atlas",
        "build",
        "--players",
        "1",
        "--exhaustive",
        "",
        "--train-deals",
        "50",
        "--work-dir",
        str(blocker / "work"),
        "--output",
        str(tmp_path / "a.bin"),
    )
    assert result.exit_code == 2
    assert "cannot write to the work folder" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "a.bin").exists()


def test_build_rejects_bad_settings(run):
    for args, message in (
        (["--players", "7"], "--players"),
        (["--players", "x"], "separated by commas"),
        (["--scheduler", "localhost"], "tcp://HOST:PORT"),
    ):
        result = run("atlas", "build", *args)
        assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_build_on_the_command_line_writes_a_current_atlas(run, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("coop_helper.atlas.model.PAIR_PENALTIES", (float("inf"),))
    output = tmp_path / "atlas.bin"
    doc = ok_json(
        run(
            "atlas",
            "build",
            "--players",
            "1",
            "--exhaustive",
            "",
            "--train-deals",
            "50",
            "--train-games",
            "2",
            "--workers",
            "1",
            "--work-dir",
            str(tmp_path / "work"),
            "--output",
            str(output),
            "--json",
        )
    )
    assert doc["games"] == 100 and doc["bytes"] == output.stat().st_size
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(output))
    info = ok_json(run("atlas", "info", "--json"))
    assert info["current"] and info["players"]["1"]["method"] == "model"
    assert info["build"]["train_deals"] == 50


def test_a_damaged_atlas_is_said_and_the_rest_still_works(run, tmp_path, monkeypatch, atlas_file):
    damaged = tmp_path / "atlas.bin"
    data = atlas_file.read_bytes()
    damaged.write_bytes(data[: len(data) // 2] + bytes(len(data) - len(data) // 2))
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(damaged))
    result = run("deal", "--players", "1", "--seed", "3")
    assert result.exit_code == 0
    assert "Difficulty: not shown: the atlas" in result.stdout and "damaged" in result.stdout
    failed = run("deal", "--players", "1", "--difficulty", "easy")
    assert failed.exit_code == 2 and "damaged" in failed.stderr
    info = run("atlas", "info")  # never "current"
    assert info.exit_code == 2 and "damaged" in info.stderr and "Current" not in info.stdout


def test_an_atlas_cut_short_or_with_a_flipped_byte_is_damaged(
    run, tmp_path, monkeypatch, atlas_file
):
    data = atlas_file.read_bytes()
    cut, flipped = tmp_path / "cut.bin", tmp_path / "flipped.bin"
    cut.write_bytes(data[:-10])  # the header is whole: only the end of a block is missing
    body = bytearray(data)
    body[-40] ^= 1
    flipped.write_bytes(bytes(body))
    for path in (cut, flipped):
        monkeypatch.setenv("COOP_HELPER_ATLAS", str(path))
        info = run("atlas", "info", "--json")
        assert info.exit_code == 2 and "damaged" in info.stderr
        assert f"atlas build -o {path}', or unset COOP_HELPER_ATLAS" in info.stderr
        assert ("(its 1-player part)" in info.stderr) == (path == flipped)
        assert "Difficulty: not shown" in run("deal", "--players", "1", "--seed", "3").stdout
        # the odds with their progress display (which shows the atlas's row at once) still run
        odds = run("odds", "Fighter", "Jinx", "Explorer", "--games", "20", "--workers", "1")
        assert odds.exit_code == 0, odds.stderr
        assert "20 simulated games" in odds.stdout and "Difficulty: not shown" in odds.stdout


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.write_text("junk"), "is not a coop-helper atlas"),
        (lambda p: None, "(named by COOP_HELPER_ATLAS): check the path"),
    ],
    ids=["not-an-atlas", "missing"],
)
def test_a_named_atlas_that_cannot_be_used_is_said_by_every_command(
    run, tmp_path, monkeypatch, make, words
):
    path = tmp_path / "atlas.bin"
    make(path)
    monkeypatch.setenv("COOP_HELPER_ATLAS", str(path))
    for command in (
        ("odds", "Jinx", "Fighter", "Explorer", "--games", "40", "--workers", "1"),
        ("setup", "--players", "1", "--seed", "3", "--no-odds", "--explain"),
        ("deal", "--players", "1", "--seed", "3"),
    ):
        result = run(*command)
        assert result.exit_code == 0, result.stderr
        text = " ".join(result.stdout.split())
        assert "Difficulty: not shown:" in text and words in text, command
    failed = run("deal", "--players", "1", "--difficulty", "easy")
    assert failed.exit_code == 2 and words in failed.stderr


def test_without_an_atlas_the_text_says_nothing_and_json_says_why(run, tmp_path, monkeypatch):
    monkeypatch.delenv("COOP_HELPER_ATLAS")  # an install without its atlas file
    monkeypatch.setattr("coop_helper.atlas.lookup.ATLAS_FILE", "not-installed.bin")
    result = run("deal", "--players", "1", "--seed", "3")
    assert result.exit_code == 0 and "Difficulty" not in result.stdout
    doc = ok_json(run("deal", "--players", "1", "--seed", "3", "--json"))
    assert doc["difficulty"]["available"] is False
    assert "atlas build" in doc["difficulty"]["reason"]


def test_build_defaults_are_the_plans(run):
    import re

    from coop_helper.atlas import plan

    text = " ".join(run("atlas", "build", "--help").stdout.split())
    for option, value in (
        ("--games", plan.DEFAULT_GAMES),
        ("--train-deals", plan.DEFAULT_TRAIN_DEALS),
        ("--train-games", plan.DEFAULT_TRAIN_GAMES),
        ("--extra-turns", plan.DEFAULT_EXTRA_TURNS),
        ("--seed", plan.DEFAULT_SEED),
    ):
        shown = re.search(rf"{option} .*?\[default: (\d+)\]", text)
        assert shown is not None and int(shown.group(1)) == value, option
    default = ",".join(str(p) for p in plan.DEFAULT_EXHAUSTIVE)
    assert f"(default: {default} among --players)" in text


def test_build_refuses_exhaustive_counts_it_does_not_build(run):
    result = run("atlas", "build", "--players", "2", "--exhaustive", "1")
    assert result.exit_code == 2
    assert "--exhaustive must list player counts this build makes (--players 2)" in result.stderr
    fitted = run("atlas", "build", "--players", "1", "--exhaustive", "")
    assert fitted.exit_code == 2
    assert "for 1 player (the number of deals), not 6000" in fitted.stderr
    assert "--exhaustive 1." in fitted.stderr
    kept = run("atlas", "build", "--players", "1,3", "--exhaustive", "3")
    assert kept.exit_code == 2 and "--exhaustive 1,3." in kept.stderr  # keeps the 3 asked for


def _with_format(data: bytes, number: int) -> bytes:
    """An atlas file's bytes with another format number in its header."""
    import json
    import struct

    from coop_helper.atlas.store import MAGIC

    (size,) = struct.unpack(">I", data[len(MAGIC) : len(MAGIC) + 4])
    start = len(MAGIC) + 4
    head = json.loads(data[start : start + size])
    head["format"] = number
    packed = json.dumps(head).encode()
    return MAGIC + struct.pack(">I", len(packed)) + packed + data[start + size :]


def test_build_never_replaces_an_atlas_with_less_or_a_file_that_is_no_atlas(
    run, tmp_path, atlas_file
):
    bigger = tmp_path / "atlas.bin"
    synthetic_atlas(bigger, players=(1, 2))
    before = bigger.read_bytes()
    args = ("atlas", "build", "--exhaustive", "", "--train-deals", "50", "--workers", "1")
    work = ("--work-dir", str(tmp_path / "work"))
    result = run(*args, "--players", "1", *work, "--output", str(bigger))
    assert result.exit_code == 2
    assert "holds 1, 2 players and this build makes only 1 player" in result.stderr
    assert "--players 1,2" in result.stderr
    assert bigger.read_bytes() == before and not (tmp_path / "work").exists()
    newer = tmp_path / "newer.bin"
    newer.write_bytes(_with_format(bigger.read_bytes(), 99))
    result = run(*args, "--players", "1,2", *work, "--output", str(newer))
    assert result.exit_code == 2 and "written by a newer coop-helper (format 99)" in result.stderr
    assert not (tmp_path / "work").exists()
    notes = tmp_path / "notes.txt"
    notes.write_text("our games")
    result = run(*args, "--players", "1", *work, "--output", str(notes))
    assert result.exit_code == 2 and "is not a coop-helper atlas" in result.stderr
    assert notes.read_text() == "our games"


def test_the_missing_player_count_advice_keeps_the_counts_held(run):
    import os
    import shlex

    missing = run("deal", "--players", "3", "--difficulty", "hard")
    assert missing.exit_code == 2
    # the atlas in use is named by COOP_HELPER_ATLAS: the command writes that one
    named = shlex.quote(os.environ["COOP_HELPER_ATLAS"])
    assert f"'coop-helper atlas build --players 1,3 --output {named}'" in missing.stderr


@pytest.mark.parametrize("difficulty", [[], ["--difficulty", "hard"]], ids=["any", "hard"])
def test_the_deal_again_line_names_each_contract_once_as_the_catalogue_does(run, difficulty):
    import shlex

    asked = ("--keep", "jinx", "--keep", "Pechvogel", "--avoid", "lady killer")
    first = run("deal", "--players", "1", *difficulty, *asked, "--seed", "4")
    assert first.exit_code == 0, first.stderr
    again = first.stdout.split("(deal again: ")[1].split(")")[0]
    assert "--keep Jinx --avoid 'Lady Killer'" in again and "Pechvogel" not in again
    second = run(*shlex.split(again)[1:])
    code = first.stdout.split("Share code: ")[1].split()[0]
    assert f"Share code: {code}" in second.stdout


def test_keep_and_avoid_without_a_difficulty_deal_from_every_contract(run):
    # Without --difficulty the atlas is not needed: a kept contract may be one whose seal
    # is unknown, and the others are dealt from all the contracts, those included.
    doc = ok_json(run("deal", "-p", "1", "--keep", "Ransom", "--seed", "2", "--json"))
    assert doc["contracts"][0]["name"] == "Ransom" and doc["candidates"] == 136  # C(17, 2)
    seen = {
        name
        for seed in range(60)
        for name in (
            c["name"]
            for c in ok_json(
                run("deal", "-p", "5", "--keep", "Fighter", "--seed", str(seed), "--json")
            )["contracts"]
        )
    }
    assert {"Ransom", "Tiny Royal Household", "Fighter"} <= seen
    text = run("deal", "-p", "2", "--avoid", "Fighter", "--seed", "4").stdout
    assert "one of 6,188 matching deals" in text  # C(17, 5): every contract but Fighter
    assert "deal again: coop-helper deal --players 2 --avoid Fighter --seed 4" in text


def test_a_keep_deal_is_uniform_among_the_matching_deals():
    catalog = load_catalog()
    keep = catalog.contracts_for(["Fighter", "Jinx"])
    counts: dict[frozenset, int] = {}
    draws = 1700
    for seed in range(draws):
        contracts, candidates = deal_keeping(1, seed, keep, [], catalog)
        assert contracts[:2] == tuple(keep)
        counts[frozenset(contracts)] = counts.get(frozenset(contracts), 0) + 1
    assert candidates == 16 and len(counts) == 16  # any third contract, seal known or not
    expected = draws / candidates
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 37.7  # the 0.1% tail of chi-square with 15 degrees of freedom


def test_the_shipped_atlas_damaged_is_restored_by_a_reinstall():
    from coop_helper.atlas.store import damaged
    from coop_helper.setup.catalog import data_dir

    said = damaged(data_dir() / "atlas.bin", 3)
    assert said.endswith("is damaged (its 3-player part): reinstall coop-helper to restore it.")


def test_build_warns_about_a_given_setting_it_does_not_use(run, tmp_path, monkeypatch):
    """--games is for the simulated-deal counts: with none, it was dropped without a word."""
    pytest.importorskip("distributed")
    monkeypatch.setattr("coop_helper.atlas.model.PAIR_PENALTIES", (float("inf"),))
    args = ["atlas", "build", "--players", "1", "--exhaustive", "", "--train-deals", "50"]
    args += ["--train-games", "2", "--workers", "1", "--work-dir", str(tmp_path / "work")]
    result = run(*args, "--output", str(tmp_path / "atlas.bin"), "--games", "7", "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.strip() == (
        "warning: --games is not used: it is for the player counts in --exhaustive, and "
        "there are none."
    )
    assert (tmp_path / "atlas.bin").stat().st_size > 0
