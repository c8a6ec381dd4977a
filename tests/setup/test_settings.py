"""The user's config: where it lives, recorded seals, broken files, atomic writes."""

import os
import tomllib
from pathlib import Path

import pytest
from helpers.cli import ok_json

from coop_helper.errors import UserError
from coop_helper.setup import settings as config
from coop_helper.setup.catalog import Seal, load_catalog

CATALOG = load_catalog()
RANSOM = CATALOG.contract("Ransom")
HOUSEHOLD = CATALOG.contract("Tiny Royal Household")


@pytest.fixture
def path() -> Path:
    return Path(os.environ["COOP_HELPER_CONFIG"])


# ---------------------------------------------------------------- where


def test_env_var_names_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / "x" / "my.toml"))
    assert config.config_path() == tmp_path / "x" / "my.toml"


@pytest.mark.skipif(os.name != "posix" or os.uname().sysname == "Darwin", reason="XDG layout")
def test_xdg_and_home_defaults(tmp_path, monkeypatch):
    monkeypatch.delenv("COOP_HELPER_CONFIG")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config.config_path() == tmp_path / "xdg" / "coop-helper" / "config.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")
    assert config.config_path() == tmp_path / "home" / ".config" / "coop-helper" / "config.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert config.config_path() == tmp_path / "home" / ".config" / "coop-helper" / "config.toml"


# ---------------------------------------------------------------- recording seals


def test_no_file_means_no_seals(path):
    assert not path.exists()
    assert config.known_seals(CATALOG) == {}


def test_record_and_read_back(path):
    config.record_seal(RANSOM, Seal(2, "A"))
    config.record_seal(HOUSEHOLD, Seal(-1, "K"))
    assert config.known_seals(CATALOG) == {
        "ransom": Seal(2, "A"),
        "tiny_royal_household": Seal(-1, "K"),
    }
    assert tomllib.loads(path.read_text(encoding="utf-8"))["seals"] == {
        "ransom": "2A",
        "tiny_royal_household": "-1K",
    }
    config.record_seal(RANSOM, Seal(0, "B"))  # a second reading replaces the first
    assert config.known_seals(CATALOG)["ransom"] == Seal(0, "B")


def test_recording_keeps_the_rest_of_the_file(path):
    path.write_text(
        'theme = "dark"\n\n[presets.solo]\nremove = 3\n\n[seals]\nRansom = "1A"\n', encoding="utf-8"
    )
    config.record_seal(HOUSEHOLD, Seal(2, "C"))
    config.record_seal(RANSOM, Seal(1, "A"))  # changes the entry where it is, as spelled
    config.record_seal(HOUSEHOLD, Seal(2, "C"))
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["theme"] == "dark"
    assert doc["presets"] == {"solo": {"remove": 3}}
    assert doc["seals"] == {"Ransom": "1A", "tiny_royal_household": "2C"}


def test_names_as_people_type_them_in_the_file(path):
    path.write_text('[seals]\n"tiny royal household" = "2c"\n', encoding="utf-8")
    assert config.known_seals(CATALOG) == {"tiny_royal_household": Seal(2, "C")}


def test_only_unknown_seals_can_be_recorded(path):
    with pytest.raises(UserError, match=r"Lady Killer's seal is known \(1G\)"):
        config.record_seal(CATALOG.contract("Lady Killer"), Seal(2, "A"))
    assert not path.exists()


def test_a_recorded_seal_never_overrides_the_catalogue(path, capsys):
    path.write_text('[seals]\nlady_killer = "2Z"\nransom = "1A"\n', encoding="utf-8")
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}
    warned = capsys.readouterr().err
    assert warned.count("\n") == 1  # once, however often the settings are read
    assert "seals.lady_killer is ignored: Lady Killer's seal is in the card data (1G)" in warned


@pytest.mark.parametrize(
    "text, message",
    [
        ('[seals]\nransom = "3A"\n', r"seals\.ransom: '3A' is not a seal"),
        ("[seals]\nransom = 2\n", r"seals\.ransom must be a string"),
        ('[seals]\nransum = "1A"\n', r"seals\.ransum: unknown contract 'ransum'"),
        ('seals = "1A"\n', "'seals' must be a table"),
    ],
)
def test_bad_entries_name_the_file_and_entry(path, text, message):
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=message) as err:
        config.known_seals(CATALOG)
    assert str(path) in str(err.value)


# ---------------------------------------------------------------- broken files, atomic writes


def test_invalid_toml_is_reported_and_never_overwritten(path):
    broken = '[seals\nransom = "1A"\n'
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(UserError, match="is not valid TOML") as err:
        config.known_seals(CATALOG)
    assert str(path) in str(err.value)
    with pytest.raises(UserError, match="is not valid TOML"):
        config.record_seal(RANSOM, Seal(1, "A"))
    assert path.read_text(encoding="utf-8") == broken


def test_a_broken_file_stops_only_the_commands_that_need_a_recorded_seal(run, path):
    broken = '[seals\nransom = "1A"\n'
    path.write_text(broken, encoding="utf-8")
    known = ["Fighter", "Jinx", "Explorer"]  # seals in the card data
    assert run("timepile", *known).exit_code == 0
    assert run("odds", *known, "--games", "20", "--workers", "1", "--json").exit_code == 0
    assert run("setup", *known, "--no-odds").exit_code == 0
    assert run("deal", "--players", "1", "--seed", "3").exit_code == 0  # Fighter, Jinx, ...
    assert run("play", *known, "--seed", "1", "--json").exit_code == 0
    assert (
        run("play", "Fighter", "Jinx", "Ransom", "--seal", "Ransom=1A", "--seed", "1").exit_code
        == 0
    )
    assert run("timepile", "Fighter", "Jinx", "Ransom", "--seal", "Ransom=1A").exit_code == 0
    recorded = run("record", *known, "--removed", "1", "--won", "--workers", "1", "--json")
    assert recorded.exit_code == 0, recorded.stderr
    for args in (
        ["timepile", "Fighter", "Jinx", "Ransom"],
        ["setup", "Fighter", "Jinx", "Ransom", "--no-odds"],
        ["odds", "Fighter", "Jinx", "Ransom", "--seal", "Tiny Royal Household=1A"],
        ["play", "Fighter", "Jinx", "Ransom", "--seed", "1"],
        ["contracts"],
    ):
        failed = run(*args)
        assert failed.exit_code == 2 and "is not valid TOML" in failed.stderr, args
    assert path.read_text(encoding="utf-8") == broken


@pytest.mark.parametrize("text", ["seals = [", "seals = [\n", '[seals]\nransom = ["1A",\n'])
def test_a_file_cut_off_inside_a_bracket_is_said_in_words(path, text):
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match="the file ends before a bracket or quote is closed"):
        config.known_seals(CATALOG)


def test_a_file_of_nul_bytes_is_not_called_cut_off(path):
    path.write_bytes(b"ransom = \x00\x00\x00\n")  # zero-filled after a crash
    with pytest.raises(UserError, match="is not valid TOML") as refused:
        config.known_seals(CATALOG)
    assert "ends before a bracket" not in str(refused.value)


def test_non_utf8_file_is_reported(path):
    path.write_bytes(b'[seals]\nransom = "\xff"\n')
    with pytest.raises(UserError, match="is not valid TOML"):
        config.known_seals(CATALOG)


def test_a_folder_in_place_of_the_file_is_reported(path):
    path.mkdir()
    with pytest.raises(UserError, match=r"is not a regular file \(a folder"):
        config.known_seals(CATALOG)


def _leftovers(folder: Path) -> list[str]:
    """Files beside the settings other than the file and its lock (a temp file, say)."""
    keep = {"config.toml", ".config.toml.lock"}
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.mark.parametrize("broken_call", ["replace", "fsync"])
def test_an_interrupted_write_leaves_the_old_file(path, monkeypatch, broken_call):
    config.record_seal(RANSOM, Seal(1, "A"))
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(config.os, broken_call, crash)
    with pytest.raises(UserError, match=r"cannot write config file .* it is unchanged"):
        config.record_seal(RANSOM, Seal(2, "B"))
    assert path.read_bytes() == before
    assert _leftovers(path.parent) == []


def test_write_goes_through_a_temp_file_in_the_same_folder(path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src), Path(dst)))
        assert Path(src).read_text(encoding="utf-8").endswith('ransom = "1A"\n')
        real_replace(src, dst)

    monkeypatch.setattr(config.os, "replace", spy)
    config.record_seal(RANSOM, Seal(1, "A"))
    assert len(seen) == 1
    src, dst = seen[0]
    assert src.parent == dst.parent == path.parent and dst == path
    assert _leftovers(path.parent) == []


def test_recording_keeps_comments_and_layout(path):
    text = (
        "# my settings, by hand\n"
        'theme = "dark"  # the best one\n'
        "when = 2024-05-01T10:00:00Z\n"
        "\n"
        "[seals]\n"
        "# read off my own card\n"
        'tiny_royal_household = "2C"\n'
    )
    path.write_text(text, encoding="utf-8")
    config.record_seal(RANSOM, Seal(1, "A"))
    assert path.read_text(encoding="utf-8") == text + 'ransom = "1A"\n'
    assert config.forget_seal(RANSOM) is True
    assert path.read_text(encoding="utf-8") == text


def test_forget_a_seal(path):
    config.record_seal(RANSOM, Seal(1, "A"))
    config.record_seal(HOUSEHOLD, Seal(2, "C"))
    assert config.forget_seal(RANSOM) is True
    assert config.known_seals(CATALOG) == {"tiny_royal_household": Seal(2, "C")}
    before = path.read_bytes()
    assert config.forget_seal(RANSOM) is False  # nothing to forget: the file is untouched
    assert path.read_bytes() == before


def test_forget_with_no_file_writes_nothing(path):
    assert config.forget_seal(RANSOM) is False
    assert not path.exists()


def test_a_new_file_starts_with_a_comment(path):
    config.record_seal(RANSOM, Seal(1, "A"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# coop-helper settings.")
    assert tomllib.loads(text) == {"seals": {"ransom": "1A"}}


def test_two_spellings_of_one_contract_are_refused(path):
    path.write_text('[seals]\nRansom = "1A"\nransom = "2B"\n', encoding="utf-8")
    with pytest.raises(UserError, match=r"seals\.Ransom and seals\.ransom both name Ransom"):
        config.known_seals(CATALOG)
    config.record_seal(RANSOM, Seal(0, "C"))  # recording again settles it: one entry left
    assert tomllib.loads(path.read_text(encoding="utf-8")) == {"seals": {"Ransom": "0C"}}


def test_a_byte_order_mark_is_read_as_text(path):
    path.write_bytes('\ufeff[seals]\nransom = "1A"\n'.encode())
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a = ", "}")])
def test_deep_nesting_is_reported_not_crashed_on(path, opening, closing):
    text = "x = " + opening * 600 + "1" + closing * 600 + "\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match="is not valid TOML"):
        config.known_seals(CATALOG)
    with pytest.raises(UserError, match="is not valid TOML"):
        config.record_seal(RANSOM, Seal(1, "A"))
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_a_device_is_refused_and_left_alone(monkeypatch):
    monkeypatch.setenv("COOP_HELPER_CONFIG", "/dev/null")
    before = os.stat("/dev/null")
    with pytest.raises(UserError, match="not a regular file"):
        config.record_seal(RANSOM, Seal(1, "A"))
    after = os.stat("/dev/null")
    assert (after.st_ino, after.st_mode, after.st_rdev) == (
        before.st_ino,
        before.st_mode,
        before.st_rdev,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_hanging(path):
    os.mkfifo(path)
    with pytest.raises(UserError, match="not a regular file"):
        config.known_seals(CATALOG)
    with pytest.raises(UserError, match="not a regular file"):
        config.record_seal(RANSOM, Seal(1, "A"))
    assert path.is_fifo()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_symlink_is_written_through(path, tmp_path):
    real = tmp_path / "dotfiles" / "coop.toml"
    real.parent.mkdir()
    real.write_text("# kept in my dotfiles\n", encoding="utf-8")
    path.symlink_to(real)
    config.record_seal(RANSOM, Seal(1, "A"))
    assert path.is_symlink() and path.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8") == ('# kept in my dotfiles\n\n[seals]\nransom = "1A"\n')
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}


def test_creates_missing_folders(tmp_path, monkeypatch):
    target = tmp_path / "a" / "b" / "config.toml"
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(target))
    config.record_seal(RANSOM, Seal(-1, "A"))
    assert config.known_seals(CATALOG) == {"ransom": Seal(-1, "A")}


# ---------------------------------------------------------------- --seal options


def test_options_override_the_file_for_one_call(path):
    config.record_seal(RANSOM, Seal(1, "A"))
    seals = config.resolve_seals(CATALOG, ["ransom=2b", "Tiny Royal Household=-1C"])
    assert seals == {"ransom": Seal(2, "B"), "tiny_royal_household": Seal(-1, "C")}
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}


@pytest.mark.parametrize(
    "options, message",
    [
        (["Ransom"], "is not NAME=SEAL"),
        (["=1A"], "is not NAME=SEAL"),
        (["Ransom=3A"], "'3A' is not a seal"),
        (["Ransom=1"], "'1' is not a seal"),
        (["Ransum=1A"], "Did you mean 'Ransom'"),
        (["Lady Killer=1A"], "Lady Killer's seal is known"),
        (["Ransom=1A", "ransom=2B"], "given twice for Ransom"),
    ],
)
def test_bad_seal_options(options, message):
    with pytest.raises(UserError, match=message):
        config.resolve_seals(CATALOG, options)


def test_seals_set_refuses_to_keep_a_broken_entry(run, tmp_path, monkeypatch):
    path = tmp_path / "broken-entry.toml"
    path.write_text('[seals]\nFoo = "1A"\n', encoding="utf-8")
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(path))
    result = run("seals", "set", "Ransom", "1", "A")
    assert result.exit_code == 2
    assert "seals.Foo" in result.stderr and "Fix or remove that line" in result.stderr
    assert path.read_text(encoding="utf-8") == '[seals]\nFoo = "1A"\n'


def test_seals_unset_forgets_a_recorded_seal(run, path):
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    result = run("seals", "unset", "ransom")
    assert result.exit_code == 0 and "Forgot the seal of Ransom" in result.stdout
    assert config.known_seals(CATALOG) == {}
    again = run("seals", "unset", "Ransom", "--json")
    assert again.exit_code == 0
    assert '"removed": false' in again.stdout


def test_seals_unset_takes_a_name_of_several_words_without_quotes(run, path):
    assert run("seals", "set", "Tiny Royal Household", "1", "A").exit_code == 0
    result = run("seals", "unset", "Tiny", "Royal", "Household")
    assert result.exit_code == 0 and "Forgot the seal of Tiny Royal Household" in result.stdout


def test_seals_unset_of_a_contract_the_card_data_knows_is_refused_as_set_is(run, path):
    """`seals set Fighter` was an error and `seals unset Fighter` 'nothing changed'; an
    entry left in the file by hand for it is still removed."""
    result = run("seals", "unset", "Fighter")
    assert result.exit_code == 2
    assert "Fighter's seal is in the card data (0A)" in result.stderr
    assert "recorded only for Tiny Royal Household, Ransom" in result.stderr
    path.write_text('[seals]\nFighter = "1A"\n', encoding="utf-8")
    result = run("seals", "unset", "Fighter")
    assert result.exit_code == 0 and "Forgot the seal of Fighter" in result.stdout
    assert "Fighter" not in path.read_text(encoding="utf-8")


def test_seals_unset_of_an_unknown_name_suggests(run):
    result = run("seals", "unset", "Ransum")
    assert result.exit_code == 2 and "Did you mean 'Ransom'" in result.stderr


@pytest.mark.parametrize("number", ["nan", "one", "inf"])
def test_a_word_for_the_seal_number_is_named(run, number):
    result = run("seals", "set", "Ransom", number, "A")
    assert result.exit_code == 2
    assert f"seal number must be -1, 0, 1 or 2, not '{number}'" in result.stderr


@pytest.mark.parametrize(
    "args, said",
    [
        (["Ransom", "1"], "the seal letter is missing: coop-helper seals set Ransom 1 LETTER"),
        (
            ["Tiny", "Royal", "Household", "-1"],
            "-1 LETTER, e.g. seals set 'Tiny Royal Household' -1 A",
        ),
        (["Ransom", "7"], "the seal number must be -1, 0, 1 or 2, not '7'"),
    ],
)
def test_a_seal_without_its_letter_is_told_how_to_write_it(run, path, args, said):
    result = run("seals", "set", *args)
    assert result.exit_code == 2 and said in result.stderr and "e.g. 1G" not in result.stderr
    assert not path.exists()


def test_a_file_where_the_settings_folder_should_be_is_a_one_line_error(run, tmp_path, monkeypatch):
    (tmp_path / "taken").write_text("not a folder")
    monkeypatch.setenv("COOP_HELPER_CONFIG", str(tmp_path / "taken" / "config.toml"))
    result = run("seals", "set", "Ransom", "1", "A")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot make the folder for config file")
    assert "COOP_HELPER_CONFIG" in result.stderr and result.stderr.count("\n") == 1
    assert (tmp_path / "taken").read_text() == "not a folder"


def test_recording_a_seal_again_repairs_its_broken_entry(run, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('# our table\n[seals]\nransom = "9Q"\n')
    result = run("timepile", "Ransom", "Fighter", "Jinx")
    assert result.exit_code == 2
    assert "record the seal again with 'coop-helper seals set Ransom NUMBER LETTER'" in (
        result.stderr
    )
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    assert path.read_text() == '# our table\n[seals]\nransom = "1A"\n'
    assert run("timepile", "Ransom", "Fighter", "Jinx").exit_code == 0


def test_a_lock_that_cannot_be_made_is_said_at_once(run, path, monkeypatch):
    real_open = os.open

    def refuse_the_lock(name, *args, **kwargs):
        if str(name).endswith(".lock"):
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(config.os, "open", refuse_the_lock)
    result = run("seals", "set", "Ransom", "1", "A")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: cannot lock config file {path}")
    assert "Permission denied" in result.stderr and "COOP_HELPER_CONFIG" in result.stderr
    assert not path.exists()


def test_a_seal_written_letter_first_is_said_the_right_way_round(run, path):
    result = run("seals", "set", "Tiny Royal Household", "b", "2")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "coop-helper seals set 'Tiny Royal Household' 2 B" in result.stderr
    assert not path.exists()
    no_seal = run("seals", "set", "Ransom", "A", "5")  # 5 is no seal number: no swap offered
    assert no_seal.exit_code == 2 and "comes before its letter" not in no_seal.stderr


def test_a_seal_set_again_changes_where_it_stands_with_its_comment(run, path):
    """It was dropped and added at the end of the table: away from the comment above it,
    without the comment beside it."""
    path.write_text(
        '[seals]\n# Ransom: read off my card\nransom = "1A"  # mine\n# TRH: not yet\n\n'
        "[other]\nx = 1\n",
        encoding="utf-8",
    )
    assert run("seals", "set", "Ransom", "2", "B").exit_code == 0
    assert path.read_text(encoding="utf-8") == (
        '[seals]\n# Ransom: read off my card\nransom = "2B"  # mine\n# TRH: not yet\n\n'
        "[other]\nx = 1\n"
    )


def test_a_windows_file_keeps_its_byte_order_mark_and_line_ends(run, path):
    path.write_bytes(b'\xef\xbb\xbf# a\r\n[seals]\r\nransom = "1A"\r\n# b\r\n')
    assert run("seals", "set", "Ransom", "2", "B").exit_code == 0
    assert run("seals", "set", "Tiny Royal Household", "1", "C").exit_code == 0
    data = path.read_bytes()
    assert data.startswith(b'\xef\xbb\xbf# a\r\n[seals]\r\nransom = "2B"\r\n')
    assert b'tiny_royal_household = "1C"\r\n' in data
    assert b"\n" not in data.replace(b"\r\n", b"")  # no bare line feed added


def test_timepile_says_whose_seal_it_used(run, path):
    """setup shows "1A (yours)"; timepile showed only the sum, so a seal recorded wrongly
    months ago went unnoticed."""
    assert run("seals", "set", "Ransom", "1", "A").exit_code == 0
    mine = run("timepile", "Ransom", "Fighter", "Jinx").stdout
    assert "Seal of Ransom: 1A (yours, recorded)." in mine
    given = run("timepile", "Ransom", "Fighter", "Jinx", "--seal", "Ransom=2B").stdout
    assert "Seal of Ransom: 2B (given with --seal)." in given
    assert "Seal of" not in run("timepile", "Lady Killer", "Fighter", "Jinx").stdout


def test_seals_set_says_when_it_replaces_an_earlier_seal(run):
    first = run("seals", "set", "Ransom", "1", "A")
    assert first.exit_code == 0 and "replacing" not in first.stdout
    doc = ok_json(run("seals", "set", "Ransom", "2", "B", "--json"))
    assert doc["replaced"] == "1A" and doc["seal"] == {"number": 2, "letter": "B"}
    again = run("seals", "set", "Ransom", "0", "C")
    assert "Recorded Ransom: 0C, replacing the earlier 2B" in " ".join(again.stdout.split())
    same = run("seals", "set", "Ransom", "0", "C")
    assert "as it was already" in same.stdout
    assert (
        ok_json(run("seals", "set", "Tiny Royal Household", "1", "D", "--json"))["replaced"] is None
    )
