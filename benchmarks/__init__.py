"""Benchmarks, run by hand from the project folder (see README.md here)."""
