"""Helpers shared by the tests: builders, referees, processes, pages."""
