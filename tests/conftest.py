"""Shared test set-up: a fixed terminal width so rich output does not depend on the terminal."""

import os

import pytest

os.environ["COLUMNS"] = "120"
os.environ["NO_COLOR"] = "1"


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """Every test gets its own config file, never the user's."""
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / "config.toml"))
