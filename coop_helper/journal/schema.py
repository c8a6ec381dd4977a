"""The journal's schema: an ordered list of migrations, one per schema version.

Migration ``i`` (0-based) takes a journal from schema version ``i`` to ``i + 1``. Add new
migrations at the end, never edit a released one: a journal records its version in
``PRAGMA user_version`` and is brought up to date one step at a time.
"""

from __future__ import annotations

APPLICATION_ID = 0x50524A4C  # "PRJL": marks an SQLite file as a coop-helper journal

MIGRATIONS: list[str] = [
    # 1: the played games, and the expert's simulated odds per deal (a cache, so recording
    # the same deal again needs no simulation).
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL UNIQUE,
        recorded_at TEXT NOT NULL,
        played_on TEXT NOT NULL,
        players INTEGER NOT NULL,
        code TEXT NOT NULL,
        contracts TEXT NOT NULL,
        seals TEXT NOT NULL,
        time_pile INTEGER NOT NULL,
        removed INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        won INTEGER NOT NULL,
        points INTEGER,
        rank TEXT,
        note TEXT NOT NULL,
        predicted_win REAL,
        predicted_wins INTEGER,
        predicted_games INTEGER,
        policy TEXT,
        policy_version TEXT
    );
    CREATE INDEX games_by_date ON games (played_on, id);
    CREATE TABLE predictions (
        code TEXT NOT NULL,
        time_pile INTEGER NOT NULL,
        policy TEXT NOT NULL,
        policy_version TEXT NOT NULL,
        games INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        wins TEXT NOT NULL,
        PRIMARY KEY (code, time_pile, policy, policy_version, games, seed)
    );
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)
