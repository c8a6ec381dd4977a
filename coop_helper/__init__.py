"""coop-helper: set up, simulate and score co-op games of Port Royal: Just One More Contract."""

__version__ = "0.1.0"
