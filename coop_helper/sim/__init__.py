"""Simulated games: the parallel runner, the odds per removal level, single games to watch,
and the confidence intervals."""
