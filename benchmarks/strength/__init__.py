"""How well the simulated teams play: paired comparisons of policies and their constants."""
