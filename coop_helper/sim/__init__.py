"""Simulated games: the parallel runner, the odds per removal level, single games to watch,
and the confidence intervals."""

DEFAULT_SEED = 1  # the seed of the simulated games unless the user names one
SETUP_TARGET = "50%"  # the win chance `setup` recommends a removal for
