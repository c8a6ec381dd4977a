"""The user's config: where it lives, recorded seals, broken files, atomic writes."""

import os
import tomllib
from pathlib import Path

import pytest

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
    assert config.known_seals(CATALOG) == {"ransom": Seal(2, "A"),
                                           "tiny_royal_household": Seal(-1, "K")}
    assert tomllib.loads(path.read_text(encoding="utf-8"))["seals"] == {
        "ransom": "2A", "tiny_royal_household": "-1K"}
    config.record_seal(RANSOM, Seal(0, "B"))  # a second reading replaces the first
    assert config.known_seals(CATALOG)["ransom"] == Seal(0, "B")


def test_recording_keeps_the_rest_of_the_file(path):
    path.write_text('theme = "dark"\n\n[presets.solo]\nremove = 3\n\n[seals]\nRansom = "1A"\n',
                    encoding="utf-8")
    config.record_seal(HOUSEHOLD, Seal(2, "C"))
    config.record_seal(RANSOM, Seal(1, "A"))  # replaces the entry however it was spelled
    config.record_seal(HOUSEHOLD, Seal(2, "C"))
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["theme"] == "dark"
    assert doc["presets"] == {"solo": {"remove": 3}}
    assert doc["seals"] == {"ransom": "1A", "tiny_royal_household": "2C"}


def test_names_as_people_type_them_in_the_file(path):
    path.write_text('[seals]\n"tiny royal household" = "2c"\n', encoding="utf-8")
    assert config.known_seals(CATALOG) == {"tiny_royal_household": Seal(2, "C")}


def test_only_unknown_seals_can_be_recorded(path):
    with pytest.raises(UserError, match=r"Lady Killer's seal is known \(1G\)"):
        config.record_seal(CATALOG.contract("Lady Killer"), Seal(2, "A"))
    assert not path.exists()


def test_a_recorded_seal_never_overrides_the_catalogue(path):
    path.write_text('[seals]\nlady_killer = "2Z"\nransom = "1A"\n', encoding="utf-8")
    assert config.known_seals(CATALOG) == {"ransom": Seal(1, "A")}


@pytest.mark.parametrize(
    "text, message",
    [
        ('[seals]\nransom = "3A"\n', r"seals\.ransom: '3A' is not a seal"),
        ('[seals]\nransom = 2\n', r"seals\.ransom must be a string"),
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


def test_non_utf8_file_is_reported(path):
    path.write_bytes(b'[seals]\nransom = "\xff"\n')
    with pytest.raises(UserError, match="is not valid TOML"):
        config.known_seals(CATALOG)


def test_a_folder_in_place_of_the_file_is_reported(path):
    path.mkdir()
    with pytest.raises(UserError, match="cannot read config file"):
        config.known_seals(CATALOG)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "config.toml")


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


def test_unwritable_values_refuse_instead_of_losing_data(path, monkeypatch):
    monkeypatch.setattr(config, "load_config", lambda p=None: {"odd": {1, 2}})
    with pytest.raises(UserError, match="cannot write back"):
        config.record_seal(RANSOM, Seal(1, "A"))
    assert not path.exists()


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
