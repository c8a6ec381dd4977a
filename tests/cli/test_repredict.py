"""`history repredict`: today's expert chance for hand-made and older games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers.cli import ok_json
from helpers.journal import add, make_record
from helpers.journal_cli import (
    open_journal,
)

from coop_helper.journal import predict
from coop_helper.policies import policy_version


def test_repredict_gives_hand_made_and_older_games_todays_chance(run, tmp_path, monkeypatch):
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 40)  # keep the simulation short
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,won\n"
        "2025-12-01,PR1-0040HM,2,won\n"  # the rulebook deal, twice: simulated once
        "2025-12-08,PR1-0040HM,4,lost\n"
        "2025-12-15,PR1-010H0D,1,won\n"
    )
    assert run("history", "import", str(log)).exit_code == 0
    done = ok_json(run("history", "repredict", "--workers", "1", "--json"))
    assert (done["games"], done["deals_simulated"], done["skipped"]) == (3, 2, 0)
    games = ok_json(run("history", "--json"))["games"]
    assert all(g["policy_version"] == policy_version("expert", 1) for g in games)
    with open_journal() as journal:
        stored = predict.cached(journal, "PR1-0040HM", 15, policy_version("expert", 1))
    assert stored is not None and stored.games == 40
    assert [g["predicted_wins"] for g in games[:2]] == [stored.wins_at(2), stored.wins_at(4)]
    again = run("history", "repredict")
    assert again.exit_code == 0 and "Every recorded game has the chance of today's" in (
        again.stdout
    )
    assert ok_json(run("history", "repredict", "--json"))["games"] == 0
    # a newer expert: every game is older now, and its deals are simulated again
    monkeypatch.setattr(predict, "current_version", lambda players: "newer")
    text = run("history", "repredict", "--workers", "1").stdout
    assert "Gave 3 games the chance of today's expert, simulating 2 deals" in text
    games = ok_json(run("history", "--json"))["games"]
    assert {g["policy_version"] for g in games} == {"newer"}


def test_a_new_expert_at_one_player_count_repredicts_only_its_games(run, tmp_path, monkeypatch):
    """The expert's version is kept per player count: a change at 2 players moves the
    2-player games to it and leaves the solo game's chance as it was."""
    from coop_helper.policies import expert_params

    monkeypatch.setattr(predict, "PREDICTION_GAMES", 20)
    log = tmp_path / "paper.csv"
    log.write_text(
        "played_on,code,removed,won\n2025-12-01,PR1-0040HM,2,won\n2025-12-02,PR1-08JMGX,1,lost\n"
    )
    assert run("history", "import", str(log)).exit_code == 0
    assert ok_json(run("history", "repredict", "--workers", "1", "--json"))["games"] == 2
    before = {g["players"]: g for g in ok_json(run("history", "--json"))["games"]}
    monkeypatch.setitem(expert_params.VERSIONS, 2, "newer")
    done = ok_json(run("history", "repredict", "--workers", "1", "--json"))
    assert (done["games"], done["deals_simulated"]) == (1, 1)
    assert done["policy_versions"] == {"2": "newer"}
    after = {g["players"]: g for g in ok_json(run("history", "--json"))["games"]}
    assert after[1] == before[1]
    assert after[2]["policy_version"] == "newer" and before[2]["policy_version"] != "newer"


def test_repredict_leaves_a_deal_with_an_unknown_seal_until_it_is_recorded(
    run, tmp_path, monkeypatch
):
    monkeypatch.setattr(predict, "PREDICTION_GAMES", 20)
    log = tmp_path / "paper.csv"
    log.write_text("played_on,code,removed,won,time_pile\n2026-04-01,PR1-0PRR8G,2,true,23\n")
    assert run("history", "import", str(log)).exit_code == 0
    kept = run("history", "repredict", "--workers", "1")
    assert kept.exit_code == 0 and "1 game kept its chance: a seal of the deal is unknown" in (
        kept.stdout
    )
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    assert run("seals", "set", "Tiny Royal Household", "2", "B").exit_code == 0
    done = ok_json(run("history", "repredict", "--workers", "1", "--json"))
    assert (done["games"], done["deals_simulated"], done["skipped"]) == (1, 1, 0)
    (game,) = ok_json(run("history", "--json"))["games"]
    assert game["predicted_games"] == 20
    assert game["policy_version"] == policy_version("expert", game["players"])
    assert game["seals"] == "Tiny Royal Household=2B; Ransom=1A"  # kept with the game now


def test_repredict_without_a_journal_has_nothing_to_do(run):
    result = run("history", "repredict")
    assert result.exit_code == 0 and "No games recorded: nothing to" in result.stdout
    assert not Path(os.environ["COOP_HELPER_JOURNAL"]).exists()


def test_repredict_stopped_half_way_keeps_the_deals_it_simulated(monkeypatch):
    """Ctrl-C during `history repredict` lost every deal simulated so far; each deal's
    prediction is now stored as soon as it is made, and the next run finds it."""
    from coop_helper.journal import repredict

    with open_journal() as journal:
        add(
            journal,
            make_record(predicted=None),
            make_record(predicted=None, names=("Fighter", "Jinx", "Explorer")),
        )
    calls: list[str] = []

    def simulate(players, contracts, pile, code, version, workers, progress=None):
        calls.append(code)
        if len(calls) == 2:
            raise KeyboardInterrupt
        wins = tuple(range(pile.size + 1, 0, -1))
        seed = predict.deal_seed(code, pile.size)
        return predict.Prediction(
            code, pile.size, "expert", version, predict.PREDICTION_GAMES, seed, wins
        )

    monkeypatch.setattr(predict, "simulate_deal", simulate)
    with open_journal() as journal:
        todo = repredict.plan(journal, repredict.stale_games(journal), {})
        assert len(todo.to_simulate) == 2
        kept: list = []
        with pytest.raises(KeyboardInterrupt):
            repredict.repredict(journal, todo, 1, stored=kept)
        assert kept == [(calls[0], kept[0][1])]  # what the command's Ctrl-C note is told
    with open_journal() as journal:
        again = repredict.plan(journal, repredict.stale_games(journal), {})
        assert len(again.stored) == 1 and len(again.to_simulate) == 1
        assert list(again.stored) == [(calls[0], again.stored[next(iter(again.stored))].time_pile)]
