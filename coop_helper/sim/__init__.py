"""Simulated games: one game's trace (`traces`), many games in worker processes (`pool`),
the levels counted from them (`levels`), the odds per removal level (`odds`), single games
to watch (`play`) and the confidence intervals (`statistics`)."""

DEFAULT_SEED = 1  # the seed of the simulated games unless the user names one
SETUP_TARGET = "50%"  # the win chance `setup` recommends a removal for
