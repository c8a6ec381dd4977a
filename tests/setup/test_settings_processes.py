"""The settings file under parallel coop-helper runs: real processes, real file locks."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from helpers.processes import cli_env, run_cli

# Records Ransom, but pauses between reading the file and writing it back (after saying so
# on stdout): the window in which an unlocked read-modify-write loses a parallel update.
SLOW_WRITER = """
import sys, time
from coop_helper.setup import settings
from coop_helper.setup.catalog import Seal, load_catalog

real_write = settings.write_config

def slow_write(doc, path=None):
    print("read", flush=True)
    time.sleep(1.5)
    return real_write(doc, path)

settings.write_config = slow_write
settings.record_seal(load_catalog().contract("Ransom"), Seal(1, "A"))
"""


def test_a_change_waits_for_the_one_in_progress(tmp_path):
    env = cli_env(tmp_path)
    slow = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert slow.stdout is not None
    assert slow.stdout.readline().strip() == "read"  # it holds the lock, its write pending
    fast = run_cli(tmp_path, "seals", "set", "Tiny Royal Household", "2", "C")
    _, err = slow.communicate(timeout=60)
    assert slow.returncode == 0, err
    assert fast.returncode == 0, fast.stderr
    seals = tomllib.loads((tmp_path / "config.toml").read_text(encoding="utf-8"))["seals"]
    assert seals == {"ransom": "1A", "tiny_royal_household": "2C"}


def test_parallel_runs_lose_no_update(tmp_path):
    (tmp_path / "config.toml").write_text("# mine\n[seals]\n", encoding="utf-8")
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "coop_helper", "seals", "set", name, number, "A"],
            cwd=tmp_path,
            env=cli_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for number in ("0", "1", "2", "-1")
        for name in ("Ransom", "Tiny Royal Household")
    ]
    for proc in runs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.startswith("Recorded "), err
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text.startswith("# mine\n")
    assert set(tomllib.loads(text)["seals"]) == {"ransom", "tiny_royal_household"}
