"""The odds and setup commands through CliRunner: fields, reproducibility, bad input."""

import pytest
from helpers.cli import ok_json

from coop_helper.errors import UserError
from coop_helper.render import progress as progress_bar

EXAMPLE = ["Lady Killer", "Maritime Supremacy", "Galleon Foe"]
FAST = ["--games", "120", "--quiet"]


def test_odds_json_fields(run):
    doc = ok_json(run("odds", *EXAMPLE, *FAST, "--seed", "3", "--json"))
    assert doc["time_pile"] == 15 and doc["players"] == 1
    assert doc["policy"] == "expert" and doc["games"] == 120 and doc["seed"] == 3
    levels = doc["levels"]
    assert [lv["removed"] for lv in levels] == list(range(len(levels)))
    assert [lv["turns"] for lv in levels] == [15 - lv["removed"] for lv in levels]
    for lv in levels:
        assert set(lv) >= {"removed", "turns", "win", "ci_low", "ci_high", "games"}
        assert lv["games"] == 120
        assert lv["ci_low"] <= lv["win"] <= lv["ci_high"]
    assert levels[-1]["win"] == 0 and all(lv["win"] > 0 for lv in levels[:-1])
    wins = [lv["win"] for lv in levels]
    assert wins == sorted(wins, reverse=True)
    assert "Tax Increase" in doc["tax_increase_moves"]


def test_same_seed_same_json_and_workers_do_not_matter(run):
    first = run("odds", *EXAMPLE, *FAST, "--seed", "9", "--json", "--workers", "1")
    again = run("odds", *EXAMPLE, *FAST, "--seed", "9", "--json", "--workers", "1")
    two = run("odds", *EXAMPLE, *FAST, "--seed", "9", "--json", "--workers", "2")
    assert first.stdout == again.stdout == two.stdout
    other = run("odds", *EXAMPLE, *FAST, "--seed", "10", "--json", "--workers", "1")
    assert other.stdout != first.stdout
    # --sim-seed is setup's name for it; --seed, its earlier name on odds, still works
    renamed = run("odds", *EXAMPLE, *FAST, "--sim-seed", "9", "--json", "--workers", "1")
    assert renamed.stdout == first.stdout


def test_odds_help_names_the_simulation_seed_as_setup_does(run):
    text = " ".join(run("odds", "--help").stdout.split())
    assert "--sim-seed" in text and "--seed" in text and "earlier name" in text


def test_target_recommends_the_highest_level_reaching_it(run):
    doc = ok_json(run("odds", *EXAMPLE, *FAST, "--target", "40%", "--json"))
    rec = doc["recommended"]
    by_removed = {lv["removed"]: lv for lv in doc["levels"]}
    assert by_removed[rec["removed"]]["win"] >= 0.4
    assert all(lv["win"] < 0.4 for r, lv in by_removed.items() if r > rec["removed"])
    assert rec["rank"] in ("Landlubber", "Sailor", "Pirate", "Captain", "Ruler of the Seas")
    level = by_removed[rec["removed"]]
    assert (rec["ci_low"], rec["ci_high"]) == (level["ci_low"], level["ci_high"])
    text = run("odds", *EXAMPLE, *FAST, "--target", "0.4").stdout
    assert f"move {rec['removed']} card" in text


def test_exact_interval_and_confidence(run):
    wilson = ok_json(run("odds", *EXAMPLE, *FAST, "--json"))
    exact = ok_json(
        run("odds", *EXAMPLE, *FAST, "--json", "--interval", "exact", "--confidence", "0.99")
    )
    assert exact["confidence"] == 0.99 and exact["interval"] == "exact"
    assert exact["levels"][0]["ci_low"] < wilson["levels"][0]["ci_low"]


def test_odds_table_states_how_tax_moves_are_treated(run):
    result = run("odds", *EXAMPLE, *FAST)
    assert result.exit_code == 0
    assert "Time Pile: 13 + (1 + 0 - 1) + 2 (G, H) = 15 cards" in result.stdout
    assert "On each Tax Increase" in result.stdout
    assert "95% interval" in result.stdout
    assert result.stderr == ""  # no progress bar when not on a terminal


def test_a_recommendation_from_few_games_says_it_is_rough(run):
    few = run("odds", *EXAMPLE, "--games", "20", "--workers", "1", "--target", "50%")
    assert few.exit_code == 0
    assert "Only 20 games: the expert's chance there may be anywhere from" in few.stdout
    assert "leave out --games" in few.stdout
    rough = run(
        "odds",
        *EXAMPLE,
        "--precision",
        "10",
        "--confidence",
        "99.9%",
        "--workers",
        "1",
        "--target",
        "50%",
    )
    assert "a smaller --precision narrows it" in " ".join(rough.stdout.split())
    assert "--games" not in rough.stdout
    enough = run("odds", *EXAMPLE, "--games", "2000", "--workers", "1", "--target", "50%")
    assert enough.exit_code == 0 and "Recommended" in enough.stdout
    assert "rough" not in enough.stdout  # within 5 points either side


@pytest.mark.parametrize("level, header", [("99.5%", "99.5% interval"), ("0.9", "90% interval")])
def test_the_interval_header_shows_the_level_asked_for(run, level, header):
    result = run("odds", *EXAMPLE, *FAST, "--confidence", level)
    assert result.exit_code == 0 and header in result.stdout
    assert "100% interval" not in result.stdout


def test_unknown_seal_gives_odds_by_turns(run):
    doc = ok_json(run("odds", "Fighter", "Jinx", "Ransom", *FAST, "--target", "50%", "--json"))
    assert doc["time_pile"] is None and doc["time_pile_range"] == [13, 17]
    assert all(lv["removed"] is None for lv in doc["levels"])
    assert doc["levels"][0]["turns"] == 17
    assert doc["recommended"] is None
    assert doc["unknown_coin_spaces"] == ["Ransom"]
    text = run("odds", "Fighter", "Jinx", "Ransom", *FAST, "--target", "50%").stdout
    assert "needs the unknown seal" in text and "pay 0 coins" in text
    known = ok_json(
        run("odds", "Fighter", "Jinx", "Ransom", *FAST, "--seal", "Ransom=1A", "--json")
    )
    assert known["time_pile"] == 15 and known["levels"][0]["removed"] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--games", "0"], "--games must be"),
        (["--workers", "0"], "--workers must be"),
        (["--confidence", "150%"], "--confidence must be"),
        (["--policy", "exprt"], "Did you mean 'expert'"),
        (["--policy", "foo"], "The odds take one of: random, basic, expert."),
        (["--policy", "search"], "plays by the turns left"),
        (["--target", "150%"], "target must be"),
        (["--target", "lots"], "--target must be a percentage"),
        (["--players", "3"], "3 players play with 7 contracts"),
    ],
)
def test_odds_bad_input(run, args, message):
    result = run("odds", *EXAMPLE, *FAST, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_setup_includes_odds_and_recommendation_and_explains_with_a_chart(run):
    args = ("setup", "--players", "2", "--seed", "7", "--seal", "Ransom=0A", *FAST)
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "Contracts dealt for 2 players" in text and "Share code:" in text
    assert "Win odds by cards removed (" in text and "\n  win " in text
    assert "Recommended for a 50% chance" in text or "No removal level reaches" in text
    assert "Win odds, 2 players" not in text and "remove  0 │" not in text
    explained = run(*args, "--explain").stdout
    assert "Win odds, 2 players" in explained and "remove  0 │" in explained


def test_a_target_no_level_reaches_says_what_to_do_instead(run):
    text = " ".join(run("odds", *EXAMPLE, *FAST, "--target", "99%").stdout.split())
    assert "No removal level reaches a 99% chance of winning (even with nothing removed:" in text
    assert "play with nothing removed, or aim lower with --target." in text


def test_setup_json_has_odds(run):
    doc = ok_json(run("setup", *EXAMPLE, *FAST, "--json"))
    assert doc["time_pile"] == 15 and doc["odds"]["time_pile"] == 15
    assert doc["odds"]["target"] == 0.5
    assert doc["odds"]["levels"][0]["removed"] == 0


def test_progress_bar_only_on_a_terminal(monkeypatch):
    class Tty:
        def isatty(self):
            return True

        def write(self, text):
            return len(text)

        def flush(self):
            pass

    monkeypatch.setattr(progress_bar.sys, "stderr", Tty())
    with progress_bar.ProgressReporter(100, enabled=True, delay=0.0) as progress:
        progress(50)
        assert progress.progress is not None
    assert progress.progress is None
    with progress_bar.ProgressReporter(100, enabled=False, delay=0.0) as quiet:
        quiet(50)
        assert quiet.progress is None


def test_a_resumed_build_starts_its_bar_where_it_stopped():
    reporter = progress_bar.ProgressReporter(0, enabled=False, delay=0.0, label="atlas")
    callback = reporter.begin(1_000, 400)
    callback(50)
    assert (reporter.total, reporter.done) == (1_000, 450)


def test_runs_until_every_level_is_precise(run):
    doc = ok_json(run("odds", *EXAMPLE, "--precision", "4", "--seed", "2", "--json", "--quiet"))
    games = doc["games"]
    assert games % 400 == 0 and games < 2_000
    assert all((lv["ci_high"] - lv["ci_low"]) / 2 <= 0.04 for lv in doc["levels"])
    assert all(lv["games"] == games for lv in doc["levels"])
    finer = ok_json(run("odds", *EXAMPLE, "--precision", "2", "--seed", "2", "--json"))
    assert finer["games"] > games
    assert all((lv["ci_high"] - lv["ci_low"]) / 2 <= 0.02 for lv in finer["levels"])


def test_precise_runs_do_not_depend_on_workers(run):
    args = ["odds", *EXAMPLE, "--precision", "4", "--seed", "5", "--json"]
    assert run(*args, "--workers", "1").stdout == run(*args, "--workers", "2").stdout


@pytest.mark.parametrize("value", ["0", "-1", "80", "nan", "1 point", "%"])
def test_bad_precision(run, value):
    result = run("odds", *EXAMPLE, "--precision", value)
    assert result.exit_code == 2 and result.stderr.startswith("error: --precision must be")


def test_precision_may_carry_a_percent_sign(run):
    args = ["odds", *EXAMPLE, "--seed", "5", "--json", "--precision"]
    assert ok_json(run(*args, "4%")) == ok_json(run(*args, "4"))


@pytest.mark.parametrize(
    "args, message",
    [
        (["odds", *EXAMPLE, "--games", "100", "--precision", "2"], "not both"),
        (["odds", *EXAMPLE, "--seed", "-3"], "--sim-seed (or --seed) must be 0 or more"),
        (["odds", *EXAMPLE, "--sim-seed", "-3"], "--sim-seed (or --seed) must be 0 or more"),
        (["odds", *EXAMPLE, "--target", "50%%"], "--target must be a percentage"),
        (["odds", *EXAMPLE, "--seal", "Ransom=1A"], "which is not face up"),
        (["setup", *EXAMPLE, "--seal", "Ransom=1A"], "which is not face up"),
        (["setup", "--players", "2", "--seed", "-1"], "--seed must be 0 or more"),
        (["timepile", *EXAMPLE, "--seal", "Ransom=1A"], "which is not face up"),
        (["play", *EXAMPLE, "--seal", "Ransom=1A"], "which is not face up"),
        (["deal", "--players", "1", "--seed", "-5"], "--seed must be 0 or more"),
    ],
)
def test_more_bad_input(run, args, message):
    result = run(*args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "text, value",
    [
        ("50%", 0.5),
        ("50", 0.5),
        ("0.5", 0.5),
        ("100%", 1.0),
        ("1%", 0.01),
        ("1.5%", 0.015),
        ("7.5%", 0.075),
        (" 20 % ", 0.2),
        ("2", 0.02),
        ("100", 1.0),
    ],
)
def test_target_forms(text, value):
    from coop_helper.sim.odds import parse_target

    assert parse_target(text) == pytest.approx(value)


@pytest.mark.parametrize("option", ["--target", "--confidence"])
@pytest.mark.parametrize("text", ["1", "1.0", "1.0001", "1.5", "1.99"])
def test_bare_numbers_from_1_to_2_are_ambiguous(run, option, text):
    result = run("odds", *EXAMPLE, *FAST, option, text)
    assert result.exit_code == 2
    assert f"error: {option} {text} is ambiguous: write {float(text):g}%" in result.stderr


@pytest.mark.parametrize("text", ["-5%", "-0.5", " -40 "])
def test_a_negative_chance_is_called_negative(text):
    from coop_helper.sim.chances import parse_chance

    with pytest.raises(UserError, match=f"--target must be 0% or more, not '{text}'"):
        parse_chance(text, "--target")


@pytest.mark.parametrize("text", ["95%", "0.95", "95"])
def test_confidence_follows_the_same_rule(run, text):
    doc = ok_json(run("odds", *EXAMPLE, *FAST, "--confidence", text, "--json"))
    assert doc["confidence"] == pytest.approx(0.95)


def test_one_rounding_rule_for_win_and_rank():
    from coop_helper.render.odds import _ranks_cell
    from coop_helper.sim.levels import Level
    from coop_helper.text.percentages import chance_percent

    level = Level(
        removed=4, turns=12, wins=113, games=400, ci_low=0.2, ci_high=0.3, ranks={"Pirate": 0.2825}
    )
    assert chance_percent(level.win) == "28.3%" and _ranks_cell(level) == "Pirate 28.3%"


def test_a_fixed_number_of_games_claims_no_precision(run):
    doc = ok_json(run("odds", *EXAMPLE, *FAST, "--json"))
    assert doc["precision"] is None and doc["precision_reached"] is None


def test_precision_not_reached_is_said(run, monkeypatch):
    from coop_helper.sim import odds

    monkeypatch.setattr(odds, "MAX_AUTO_GAMES", 800)
    doc = ok_json(run("odds", *EXAMPLE, "--precision", "0.5", "--json"))
    assert doc["precision"] == 0.005 and doc["precision_reached"] is False
    assert doc["games"] == 800
    text = run("odds", *EXAMPLE, "--precision", "0.5").stdout
    assert "Stopped at 800 games before every level was within 0.5 points" in " ".join(text.split())


@pytest.mark.parametrize(
    "args, message",
    [
        (["odds", *EXAMPLE, "--workers", "40000"], "--workers must be 1 to 64"),
        (["odds", *EXAMPLE, "--confidence", "0.9999999999999999"], "--confidence must be 50%"),
        (["setup", "--players", "2", "--sim-seed", "-1"], "--sim-seed must be 0 or more"),
        (["setup", *EXAMPLE, "--seed", "4"], "--seed repeats a deal"),
        (["setup", "--players", "2", "--games", "5", "--precision", "2"], "not both"),
        (["setup", "--players", "2", "--games", "0"], "--games must be 1 to"),
        (["setup", "--players", "2", "--games", "-1"], "--games must be 1 to"),
        (["setup", "--players", "2", "--workers", "0"], "--workers must be 1 to"),
        (["setup", "--players", "2", "--precision", "0"], "--precision must be"),
        # a simulation setting with --no-odds would be ignored: refused, whatever its value
        (["setup", "--players", "2", "--no-odds", "--games", "400"], "--games is for the"),
        (["setup", "--players", "2", "--no-odds", "--games", "0"], "--games is for the"),
        (["setup", "--players", "2", "--no-odds", "--precision", "2"], "--precision is for"),
        (["setup", "--players", "2", "--no-odds", "--target", "30%"], "--target is for the"),
        (["setup", "--players", "2", "--no-odds", "--workers", "1"], "--workers is for the"),
        (["setup", "--players", "2", "--no-odds", "--sim-seed", "3"], "--sim-seed is for the"),
        (["setup", "--players", "2", "--no-odds", "--policy", "basic"], "--policy is for the"),
        (["setup", "--players", "2", "--no-odds", "--as", "expert"], "--as is for the"),
    ],
)
def test_settings_out_of_range(run, args, message):
    result = run(*args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    assert message in result.stderr


def test_interval_name_in_any_case(run):
    doc = ok_json(run("odds", *EXAMPLE, *FAST, "--interval", "EXACT", "--json"))
    assert doc["interval"] == "exact"


def _children(pid: int) -> list[str]:
    """Process ids whose parent is ``pid`` (from /proc, Linux)."""
    from pathlib import Path

    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == str(pid):
            found.append(stat.parent.name)
    return found


def _started_alone(tmp_path, *args: str, engine: str | None = None):
    """``python -m coop_helper ARGS --quiet`` in a process group of its own (as a shell
    starts it), its output read as text; ``engine`` sets COOP_HELPER_ENGINE."""
    import os
    import subprocess
    import sys

    return subprocess.Popen(
        [sys.executable, "-m", "coop_helper", *args, "--quiet"],
        cwd=tmp_path,
        env={
            **os.environ,
            "COOP_HELPER_CONFIG": str(tmp_path / "c.toml"),
            **({"COOP_HELPER_ENGINE": engine} if engine else {}),
        },
        start_new_session=True,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.mark.skipif(not __import__("os").path.isdir("/proc"), reason="needs /proc")
def test_ctrl_c_stops_a_run_with_workers(tmp_path):
    """Ctrl-C reaches the whole process group, as from a terminal: one line, exit 130.
    Worker processes are the Python engine's (the native core runs threads)."""
    import os
    import signal
    import time

    args = ["odds", *EXAMPLE, "--precision", "0.2", "--workers", "2"]
    run = _started_alone(tmp_path, *args, engine="python")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(_children(run.pid)) < 2:
        time.sleep(0.1)  # wait until the workers are at work
    time.sleep(0.5)
    assert run.poll() is None, "the run ended before it could be interrupted"
    os.killpg(run.pid, signal.SIGINT)
    try:
        _, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert err.strip() == "interrupted"


def test_ctrl_c_during_setups_simulation_leaves_the_deal_on_screen(tmp_path):
    """The deal, its seed and share code are printed before the odds are simulated: a
    table that stops the simulation can still play (or repeat) the deal."""
    import os
    import queue
    import signal
    import threading

    # A million games: many minutes of simulation, so the deal can only come before it.
    args = ["setup", "--players", "2", "--seed", "5", "--games", "1000000", "--workers", "1"]
    run = _started_alone(tmp_path, *args)
    lines: queue.Queue[str] = queue.Queue()
    assert run.stdout is not None
    reader = threading.Thread(target=lambda: [lines.put(line) for line in run.stdout], daemon=True)
    reader.start()
    shown: list[str] = []
    try:
        while not shown or not shown[-1].startswith("Time Pile:"):
            shown.append(lines.get(timeout=60))  # the deal arrives while the games run
        assert run.poll() is None
        os.killpg(run.pid, signal.SIGINT)
        run.wait(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    reader.join(timeout=10)
    assert run.returncode == 130
    assert run.stderr is not None and run.stderr.read().strip() == "interrupted"
    text = "".join(shown)
    assert "Seed: 5" in text and "Share code: PR1-" in text


def test_setup_dealing_takes_seals_for_cards_it_may_not_deal(run, tmp_path, monkeypatch):
    """A table owning both blue-seal cards gives both seals; setup deals, and uses the one
    it dealt (a seal for a card left out is no mistake when setup chose the cards)."""
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / "none.toml"))
    seals = ["--seal", "Ransom=1A", "--seal", "Tiny Royal Household=2B"]
    dealt_ransom = dealt_neither = 0
    for seed in range(1, 25):
        doc = ok_json(
            run("setup", "--players", "2", "--seed", str(seed), "--no-odds", "--json", *seals)
        )
        keys = {c["key"] for c in doc["contracts"]}
        if "ransom" in keys:
            dealt_ransom += 1
            ransom = next(c for c in doc["contracts"] if c["key"] == "ransom")
            assert ransom["seal"] == {"number": 1, "letter": "A"}
        if not keys & {"ransom", "tiny_royal_household"}:
            dealt_neither += 1
            assert doc["missing_seals"] == []
    assert dealt_ransom and dealt_neither  # both cases were tried


@pytest.mark.parametrize("text", ["-5", "-5%", "0", "0%", "-0"])
def test_a_target_of_zero_or_less_gets_one_message(text):
    """--target -5 said 'must be 0% or more' and --target 0 'must be above 0%'."""
    from coop_helper.sim.odds import parse_target

    with pytest.raises(UserError, match=f"--target must be above 0%, not '{text}'"):
        parse_target(text)


def test_the_note_on_equal_neighbouring_levels_appears_only_where_the_game_makes_it_so():
    """Pack of Pirates is finished only on its collector's own turns: a last turn that falls
    to another player cannot help, so two equal levels are the game's and get the note.
    Without such a contract, alone at the table, or with every game won or lost at both
    levels, equal levels are chance's or the team's: no note."""
    from helpers.odds import odds_result

    from coop_helper.render.odds import _caption
    from coop_helper.setup.catalog import load_catalog
    from coop_helper.text.i18n import language

    catalog = load_catalog()
    pack = catalog.contract("Pack of Pirates")
    jinx = catalog.contract("Jinx")  # only the active player completes it, in one turn
    others = tuple(c for c in catalog.contracts if c.seal and not c.active_only)[:4]
    with_pack = (*others, pack)
    note = "Equal chances at neighbouring levels: Pack of Pirates is finished only on its"
    assert note in _caption(odds_result([800, 800, 600, 0, 0], players=2, contracts=with_pack))
    assert "Equal chances" not in _caption(
        odds_result([800, 700, 600, 0, 0], players=2, contracts=with_pack)
    )  # two at 0: none or all of the games say nothing about one turn more
    assert "Equal chances" not in _caption(
        odds_result([1000, 1000, 600, 0], players=2, contracts=with_pack)
    )
    assert "Equal chances" not in _caption(
        odds_result([800, 790, 790, 786, 0], players=2, contracts=with_pack)
    )  # the turn below changes only 4 games: a repeat there may be the sample's luck
    assert note in _caption(odds_result([800, 790, 790, 780, 0], players=2, contracts=with_pack))
    # a run of repeats is judged by the turns on either side of it
    assert note in _caption(odds_result([800, 700, 700, 700, 600], players=2, contracts=with_pack))
    assert "Equal chances" not in _caption(
        odds_result([800, 700, 700, 700, 698], players=2, contracts=with_pack)
    )
    assert "Equal chances" not in _caption(
        odds_result([800, 800, 600, 0, 0], players=2, contracts=(*others, jinx))
    )
    assert "Equal chances" not in _caption(
        odds_result([800, 800, 600, 0], players=1, contracts=(*others[:2], pack))
    )
    with language("de"):
        german = _caption(odds_result([800, 800, 600, 0, 0], players=2, contracts=with_pack))
    assert "Gleiche Chancen auf benachbarten Stufen: Piratenpack wird nur" in german


def test_an_unknown_seal_whose_largest_time_pile_misses_the_target_says_so():
    """setup --players 3 --seed 7 (21 turns at most, 45.6%) said "record it first", though
    no seal could bring the target within reach."""
    import dataclasses

    from helpers.odds import odds_result

    from coop_helper.render.odds import recommendation_lines
    from coop_helper.sim.levels import Level

    by_turns = tuple(Level(None, t, 25 * t - 69, 1000, 0.0, 1.0) for t in range(21, 12, -1))
    far = dataclasses.replace(
        odds_result([], 0.5), time_pile=None, time_pile_range=(13, 21), levels=by_turns
    )
    assert recommendation_lines(far) == [
        "No Time Pile the unknown seal allows reaches a 50% chance of winning: even the "
        "largest, of 21 cards, gives 45.6% with nothing removed. Play with nothing removed, "
        "or aim lower with --target."
    ]
    near = dataclasses.replace(far, target=0.4)
    assert recommendation_lines(near) == [
        "Recommendation for a 40% chance needs the unknown seal: record it first."
    ]
