"""The conventions of a well-made CLI: clean --help with -h, panels and an example per
command, choices listed, shell completion of contract and policy names."""

from __future__ import annotations

from typing import Any

import pytest
from helpers.processes import run_cli, run_script

from coop_helper.cli.completion import (
    complete_contract,
    complete_difficulty,
    complete_odds_policy,
    complete_policy,
    complete_unknown_seal_contract,
)
from coop_helper.cli.options import IntervalChoice
from coop_helper.policies import POLICIES
from coop_helper.setup.catalog import load_catalog
from coop_helper.sim.statistics import INTERVALS


def _commands() -> list[list[str]]:
    """Every leaf command of the CLI, as the words that name it (e.g. ["seals", "set"])."""
    import typer

    from coop_helper.cli.app import app

    found: list[list[str]] = []

    def walk(group: Any, path: list[str]) -> None:
        for name, sub in group.commands.items():
            if hasattr(sub, "commands"):  # a group (typer may bring its own click)
                walk(sub, [*path, name])
            else:
                found.append([*path, name])

    walk(typer.main.get_command(app), [])
    return sorted(found)


def _groups() -> list[list[str]]:
    return sorted({tuple(words[:-1]) for words in COMMANDS if len(words) > 1})  # type: ignore[misc]


COMMANDS = _commands()


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_is_clean_and_shows_an_example(run, command):
    result = run(*command, "-h")
    assert result.exit_code == 0
    text = result.stdout
    for tag in ("<bool>", "<str>", "<int>", "<float>", "<list"):
        assert tag not in text
    assert "Example: coop-helper " + command[0] in " ".join(text.split())


@pytest.mark.parametrize("group", _groups(), ids=" ".join)
def test_every_command_group_help_shows_an_example_too(run, group):
    text = " ".join(run(*group, "-h").stdout.split())
    assert "Example: coop-helper " + " ".join(group) in text


@pytest.mark.parametrize("words", [[], *COMMANDS, *_groups()], ids=" ".join)
def test_help_on_a_narrow_terminal_cuts_no_option_name(run, monkeypatch, words):
    """At 40 columns the boxed help squeezed option names to "--playe…": below the
    width where tables become lists, help takes the plain layout, every name whole."""
    monkeypatch.setenv("COLUMNS", "40")
    result = run(*words, "-h")
    assert result.exit_code == 0
    assert "…" not in result.stdout and "╭" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 40
    monkeypatch.setenv("COLUMNS", "100")
    assert "╭" in run(*words, "-h").stdout  # the boxed layout where it fits


@pytest.mark.parametrize("columns", ["50", "100"])
@pytest.mark.parametrize("words", [[], *_groups()], ids=" ".join)
def test_help_shows_each_commands_description_whole_at_any_width(run, monkeypatch, words, columns):
    """At 50 columns click cut each command's line to fit: "Win odds at every Victory
    Pile..."; the plain layout wraps the whole sentence instead."""
    from typer.main import get_command

    from coop_helper.cli.app import app

    group = get_command(app)
    for word in words:
        group = group.commands[word]  # type: ignore[attr-defined]
    monkeypatch.setenv("COLUMNS", columns)
    text = " ".join(run(*words, "-h").stdout.replace("│", " ").split())
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        first = command.get_short_help_str(limit=1000)
        assert " ".join(first.split()) in text, f"{name}: {first}"
    assert "..." not in text.replace("[ARGS]...", "").replace("]...", "")


@pytest.mark.parametrize("columns", ["50", "100"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_usage_line_names_a_required_argument_bare(run, monkeypatch, command, columns):
    """typer wrote `rank [OPTIONS] {POINTS}`, which reads as a set of choices."""
    monkeypatch.setenv("COLUMNS", columns)
    usage = run(*command, "-h").stdout.split("Usage:")[1].split("\n\n")[0]
    assert "{" not in usage and "}" not in usage
    if command == ["rank"]:
        assert "coop-helper rank [OPTIONS] POINTS" in usage


def test_history_help_names_every_subcommand_in_its_description(run):
    from typer.main import get_group

    from coop_helper.cli.history import history_app

    text = " ".join(run("history", "-h").stdout.replace("│", " ").split())
    summary = text.split("Usage:")[1].split("Options")[0]
    for name in get_group(history_app).commands:
        assert name in summary, name


def test_every_command_is_covered():
    assert ["odds"] in COMMANDS and ["seals", "set"] in COMMANDS and len(COMMANDS) >= 10


@pytest.mark.parametrize("args", [["-h"], ["--help"], *([*g, "-h"] for g in _groups())])
def test_groups_take_h_too(run, args):
    result = run(*args)
    assert result.exit_code == 0 and "Usage:" in result.stdout
    for tag in ("<bool>", "<str>", "<int>", "<float>", "<list"):
        assert tag not in result.stdout


def test_odds_help_groups_options_and_lists_choices(run):
    text = run("odds", "--help").stdout
    for panel in ("Contracts", "Simulation", "Output"):
        assert f"─ {panel} ─" in text
    assert "|".join(POLICIES) in text and "wilson|exact" in text


def test_interval_choices_are_the_statistics_methods():
    assert tuple(IntervalChoice) == INTERVALS


def test_contract_names_complete_in_english_german_and_aliases():
    assert complete_contract("Handelsf") == ["Handelsfürst"]
    assert complete_contract("handelsfu") == ["Handelsfürst"]  # umlaut typed as u
    assert complete_contract("Trade") == ["Trader_Prince", "Trade_Outpost"]
    assert complete_contract("Little") == ["Little_Gamester"]
    assert len(complete_contract("")) > 18
    assert not any(" " in name for name in complete_contract(""))  # shells split at spaces


def test_a_completed_name_is_one_word_the_commands_accept(run):
    names = [complete_contract(start)[0] for start in ("Lady", "Maritime", "Galleon")]
    assert names == ["Lady_Killer", "Maritime_Supremacy", "Galleon_Foe"]
    assert run("timepile", *names).exit_code == 0


def test_completion_offers_only_what_the_option_takes():
    assert complete_odds_policy("") == list(POLICIES)  # no search players for the odds
    assert set(complete_unknown_seal_contract("")) == {"Ransom", "Tiny_Royal_Household"} | {
        name.replace(" ", "_")
        for c in load_catalog().contracts
        if c.seal is None
        for name in c.names()
    }
    assert complete_difficulty("b") == ["brutal"]


def test_policy_names_complete_from_the_registry():
    assert complete_policy("") == [*POLICIES, "search", "search-draw", "search-take"]
    assert complete_policy("ex") == ["expert"]
    assert complete_policy("search-d") == ["search-draw"]


def test_the_shell_gets_completions(tmp_path):
    done = run_script(
        tmp_path,
        _COOP_HELPER_COMPLETE="complete_bash",
        COMP_WORDS="coop-helper odds Fighter Kl",
        COMP_CWORD="3",
    )
    assert done.returncode == 0 and done.stdout.decode().split("\n")[0] == "Kleiner_Zocker"
    done = run_script(
        tmp_path,
        _COOP_HELPER_COMPLETE="complete_bash",
        COMP_WORDS="coop-helper odds --interval ",
        COMP_CWORD="3",
    )
    assert done.stdout.decode().split() == ["wilson", "exact"]


def test_completion_can_be_shown_for_bash(tmp_path):
    done = run_script(tmp_path, "--show-completion", "bash", SHELL="/bin/bash")
    assert done.returncode == 0 and b"_COOP_HELPER_COMPLETE" in done.stdout


def test_completion_is_for_coop_helper_also_when_started_with_python_m(tmp_path):
    done = run_cli(tmp_path, "--show-completion", "bash", SHELL="/bin/bash")
    assert done.returncode == 0
    script = done.stdout.decode()
    assert script.rstrip().endswith(" coop-helper") and "_COOP_HELPER_COMPLETE" in script
    assert "python" not in script  # not a completion that takes over `python`
    usage = run_cli(tmp_path, "rank", "--help").stdout.decode()
    assert "Usage: coop-helper rank" in usage


def test_an_option_given_a_name_without_quotes_is_told_to_quote_it(tmp_path):
    done = run_cli(tmp_path, "deal", "--players", "3", "--keep", "Tiny", "Royal", "Household")
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1
    assert "Tiny Royal Household is one contract, put it in quotes" in err
    other = run_cli(tmp_path, "deal", "--players", "3", "--keep", "Jinx", "nonsense")
    err = other.stderr.decode()
    assert other.returncode == 2 and "Example: coop-helper deal" in err and "quotes" not in err
