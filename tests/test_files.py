"""files.replace_file: the one writer behind settings, exports, charts and the atlas."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

import pytest

from coop_helper.files import replace_file


def leftovers(folder: Path) -> list[str]:
    """Temporary files the writer left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_new_file_gets_the_content_and_the_mode_asked(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    written = replace_file(path, b"hello", mode=0o640)
    assert written == path
    assert path.read_bytes() == b"hello"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_new_file_without_a_mode_is_private(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    replace_file(path, b"x = 1\n", keep_mode=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_replaced_file_keeps_its_mode_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"old")
    path.chmod(0o604)
    replace_file(path, b"new", mode=0o644, keep_mode=True)
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    replace_file(path, b"newer", mode=0o640)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_function_writes_the_content(tmp_path: Path) -> None:
    path = tmp_path / "chart.svg"

    def draw(handle: BinaryIO) -> None:
        handle.write(b"<svg/>")

    replace_file(path, draw, suffix=".svg")
    assert path.read_bytes() == b"<svg/>"


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"old")

    def broken(handle: BinaryIO) -> None:
        handle.write(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        replace_file(path, broken)
    assert path.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_a_check_that_refuses_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"old")

    def refuse() -> None:
        raise ValueError("appeared meanwhile")

    with pytest.raises(ValueError, match="appeared"):
        replace_file(path, b"new", check=refuse)
    assert path.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_a_link_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert replace_file(link, b"through") == target
    assert link.is_symlink()
    assert target.read_bytes() == b"through"


def test_permissions_are_best_effort(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system that refuses chmod (a FAT stick) still gets the data."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chmod", refuse)
    path = tmp_path / "out.txt"
    replace_file(path, b"data", mode=0o644)
    assert path.read_bytes() == b"data"


def test_a_loop_of_links_is_an_error_and_no_link_is_replaced(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.symlink_to(two)
    two.symlink_to(one)
    with pytest.raises(OSError) as raised:
        replace_file(one, b"data")
    assert raised.value.errno == errno.ELOOP
    assert one.is_symlink() and two.is_symlink() and leftovers(tmp_path) == []


def test_the_folder_is_made_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "out.txt"
    with pytest.raises(FileNotFoundError):
        replace_file(path, b"data")
    replace_file(path, b"data", make_folder=True)
    assert path.read_bytes() == b"data"
