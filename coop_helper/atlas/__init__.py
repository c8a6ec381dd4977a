"""The difficulty atlas: every co-op deal's win chance per number of turns.

Reading (:mod:`.lookup`, :mod:`.choose`) needs only the standard library; building
(:mod:`.build`) runs on Dask and fits a model with numpy and scipy.
"""
