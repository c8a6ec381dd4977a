"""A learned model's weights file of the test's own, for tests of how it is read."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from coop_helper.policies import take_model


@contextmanager
def weights_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    file_name: str,
    text: str,
    lookup: Any,
) -> Iterator[None]:
    """Within the block, data/``file_name`` reads as ``text``: the file is written to
    ``tmp_path``, the data folder pointed there, and the cached tables and ``lookup`` (a
    model's cached weights per player count) forgotten before and after."""
    (tmp_path / file_name).write_text(text)
    monkeypatch.setattr(take_model, "data_dir", lambda: tmp_path)

    def forget() -> None:
        lookup.cache_clear()
        take_model.model_tables.cache_clear()

    forget()
    try:
        yield
    finally:
        forget()
