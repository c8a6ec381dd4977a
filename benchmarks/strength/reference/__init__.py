"""Frozen policies that strength comparisons measure against."""
