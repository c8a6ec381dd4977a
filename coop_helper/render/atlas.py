"""How the atlas's answers look: what it holds, where a deal stands among all deals, and the
contracts' difficulty."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coop_helper.render import tables as render
from coop_helper.setup.catalog import Contract, Seal, load_catalog
from coop_helper.text.i18n import _, ngettext
from coop_helper.text.words import plural, versions_in_words

if TYPE_CHECKING:  # the atlas file loads only when it is read
    from coop_helper.atlas.store import AtlasHeader


def print_difficulty(
    players: int, contracts: Sequence[Contract], seals: Mapping[str, Seal] | None = None
) -> None:
    """Print where a deal stands among all deals (nothing if no atlas is installed)."""
    from coop_helper.render.difficulty import difficulty_report

    console = render.make_console()
    for line in difficulty_report(players, contracts, seals)[0]:
        console.print(line)


def print_contract_difficulty(players: int, effects: Mapping[str, Mapping[str, float]]) -> None:
    """The `contracts --players N` difficulty table."""
    from rich.table import Table

    from coop_helper.render.difficulty import effects_rows

    title = ngettext(
        "Contract difficulty, {n} player", "Contract difficulty, {n} players", players
    ).format(n=players)
    grid = Table(title=title, title_justify="left")
    grid.add_column(_("Contract"))
    grid.add_column(_("Win chance, nothing removed"))
    grid.add_column(_("Turns needed"))
    unrated = []
    rows = effects_rows(load_catalog(), effects)
    for contract, win, turns in rows:
        grid.add_row(contract.shown_name(), win, turns)
        if "win" not in effects.get(contract.key, {}):
            unrated.append(contract)
    console = render.make_console()
    if render.is_narrow(console):  # a list, as every table on a narrow terminal
        render.print_records(
            console,
            title,
            [
                [
                    c.shown_name(),
                    _("win chance: {win}").format(win=win),
                    _("turns needed: {turns}").format(turns=turns),
                ]
                for c, win, turns in rows
            ],
        )
    else:
        console.print(grid)
    note = _(
        "Against swapping the contract for another one: the mean change, and in "
        "brackets the range of 8 deals in 10. Turns needed: the expected turns "
        "before the last contract is done."
    )
    if not unrated:
        console.print(note)
        return
    note += " " + _(
        "Not rated: a contract whose seal is unknown gives its deals no Time Pile, so "
        "no win chance; record its seal to rate it:"
    )
    console.print(note)
    for contract in unrated:
        command = f"coop-helper seals set {shlex.quote(contract.name)} NUMBER LETTER"
        console.print(" " * render.COMMAND_INDENT + command, soft_wrap=True)


def atlas_info_json(
    path: Path, header: AtlasHeader, reason: str | None, counts: Mapping[int, Mapping[str, Any]]
) -> dict[str, Any]:
    """`atlas info --json`: where the atlas is, how it was built, whether it is current."""
    return {
        "path": str(path),
        "policy": header.policy,
        "policy_versions": {str(p): v for p, v in sorted(header.versions.items())},
        "current": reason is None,
        "stale_reason": reason,
        "build": dict(header.build),
        "players": {str(p): v for p, v in counts.items()},
    }


def print_atlas_info(
    path: Path, header: AtlasHeader, reason: str | None, counts: Mapping[int, Mapping[str, Any]]
) -> None:
    """`atlas info`: the same, for people."""
    from rich.table import Table

    console = render.make_console()
    render.print_with_command(console, "Atlas:", str(path))
    console.print(
        f"Built with {header.policy} {versions_in_words(header.versions)}, "
        f"seed {header.build.get('seed')}."
    )
    console.print(f"Stale: {reason}." if reason else "Current: the policy is unchanged.")
    grid = Table.grid(padding=(0, 1))  # the second column wraps under itself
    grid.add_column(no_wrap=True)
    grid.add_column()
    for players, info in counts.items():
        how = (
            f"every deal simulated, {plural(info.get('games_per_deal', 0), 'game')} each"
            if info.get("method") == "simulated"
            else f"fitted on {plural(info.get('train_deals', 0), 'simulated deal')} of "
            f"{plural(info.get('games_per_deal', 0), 'game')}"
        )
        grid.add_row(
            f"  {plural(players, 'player')}:",
            f"{info['deals']:,} deals, up to {info['turns']} turns; {how}",
        )
    console.print(grid)
