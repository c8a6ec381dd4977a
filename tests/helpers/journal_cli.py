"""What the journal's command-line tests share: the rulebook deal's `record` arguments, the
test's journal, a sample history and an export with chosen game numbers."""

from __future__ import annotations

import os
from pathlib import Path

from coop_helper.journal import records, store
from helpers.journal import RULEBOOK, add, make_record

RECORD = ("record", *RULEBOOK)
TWO_PLAYER = ("Trade Outpost", "Gamester", "Tax Officer", "Jinx", "Galleon Foe")


def open_journal():
    """The journal of this test (conftest points COOP_HELPER_JOURNAL at it)."""
    return store.open_journal(Path(os.environ["COOP_HELPER_JOURNAL"]), create=True)


def sample_journal() -> None:
    """Six games over three months, two deals."""
    with open_journal() as journal:
        add(
            journal,
            make_record(removed=1, won=True, played_on="2026-01-08"),
            make_record(removed=3, won=False, played_on="2026-01-15"),
            make_record(removed=3, moves=1, won=True, played_on="2026-02-05"),
            make_record(removed=2, won=True, played_on="2026-02-12", predicted=None),
            make_record(
                names=("Fighter", "Galleon Foe", "Pack of Pirates", "Cheap Staff", "New Colony"),
                removed=6,
                won=True,
                played_on="2026-02-19",
            ),
            make_record(
                names=("Fighter", "Galleon Foe", "Pack of Pirates", "Cheap Staff", "New Colony"),
                removed=2,
                won=False,
                played_on="2026-03-01",
            ),
        )


def game_numbers() -> list[int]:
    """The numbers of the journal's games, in order."""
    with open_journal() as journal:
        return [game.id for game in records.load(journal)]


def export_rows(tmp_path, ids):
    """A CSV export of the rulebook deal's games with these numbers (# / id)."""
    rows = ["id,played_on,code,removed,won,uid"]
    rows += [f"{n},2026-01-0{1 + k % 9},PR1-0040HM,2,true,u{k}{n}" for k, n in enumerate(ids)]
    path = tmp_path / "numbers.csv"
    path.write_text("\n".join(rows) + "\n")
    return path
