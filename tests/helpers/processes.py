"""Run coop-helper as a real process, the way a shell runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def cli_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a test process: its own settings file, no colour."""
    env = {**os.environ, "COOP_HELPER_CONFIG": str(tmp_path / "config.toml"), "NO_COLOR": "1"}
    env.update(extra)
    return env


def run_cli(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m coop_helper ARGS`` to the end; stdout and stderr as bytes."""
    return subprocess.run(
        [sys.executable, "-m", "coop_helper", *args],
        cwd=tmp_path,
        env=cli_env(tmp_path, **extra),
        capture_output=True,
        timeout=120,
        check=False,
    )


def children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc, Linux)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == str(pid):
            found.append(int(stat.parent.name))
    return found


def run_script(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[bytes]:
    """The installed ``coop-helper`` console script (beside this Python) to the end."""
    script = Path(sys.executable).with_name("coop-helper")
    return subprocess.run(
        [str(script), *args],
        cwd=tmp_path,
        env=cli_env(tmp_path, **extra),
        capture_output=True,
        timeout=120,
        check=False,
    )
