"""Start-up time of table-side commands (the CLI loading, not the work).

Run by hand:  python -m benchmarks.speed.bench_startup [RUNS]

Runs ``python -m coop_helper rank 3`` (and a few more) RUNS times each and prints the
fastest and the median wall time: the fastest is the best estimate on a busy machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import positional

COMMANDS = [["rank", "3"], ["deal", "--players", "2", "--seed", "1"], ["--help"]]


def timed(args: list[str], folder: Path) -> float:
    """Wall time of one run, in seconds."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "coop_helper", *args],
        cwd=folder,
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "COOP_HELPER_CONFIG": str(folder / "c.toml")},
    )
    return time.perf_counter() - start


def main() -> None:
    _, (runs_text,) = positional(defaults=["10"], quick=["1"])
    runs = int(runs_text)
    with tempfile.TemporaryDirectory() as tmp:
        for args in COMMANDS:
            times = [timed(args, Path(tmp)) for _ in range(runs)]
            print(
                f"coop-helper {' '.join(args):<30} fastest {min(times):.3f} s, "
                f"median {statistics.median(times):.3f} s ({runs} runs)"
            )


if __name__ == "__main__":
    main()
