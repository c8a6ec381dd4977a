"""No constant of the expert, its planning, the last-turn rule or the search is typed in C++.

Their twins in `coop_helper/native/src/policies` get every constant from Python at run
time (`policies/native_expert.py`, `policies/search.py`'s `native_search`), and the rules
they read (a contract's requirement, the takes per harbour colour) from the engine's
headers. So a number in those C++ sources is suspect: this test fails on any numeric
literal there (comments and strings aside) that the rule below does not allow, naming
file, line and number. The rule:

- the integers 0, 1 and 2 (with any suffix, and so -1 by its sign) and the floats 0.0 and
  1.0: index and count arithmetic (``n + 1``, ``i - 1``, ``seed * 2 + 1``, ``i < 2`` for
  the two decision kinds), empty sums and a chance's complement (``1.0 - p``), never a
  tuned value in disguise;
- the width of a random draw, ``getrandbits(N)``: part of the random stream both engines
  draw alike (any difference changes every game, which the parity tests catch at once);
- a ``constexpr`` definition of a size or interval the C++ code alone needs (storage,
  polling), each named in STORAGE with the reason it has no Python twin.

Anything else is a constant to name in Python and hand over like the others. The basic
and random teams (``basic.cpp``, ``random_policy.cpp``) are outside the rule: they have no
constants handed over.
"""

from __future__ import annotations

import re
from pathlib import Path

SOURCES = Path(__file__).parents[2] / "coop_helper" / "native" / "src" / "policies"
OUTSIDE = {"basic.cpp", "random_policy.cpp"}
TRIVIAL = {"0", "1", "2", "0.0", "1.0"}
# constexpr name -> why C++ alone has it
STORAGE = {
    "MAX_SWORDS": "the expert's tables' size; Python's max_swords is checked against it",
    "SMALL_HARBOUR": "harbours up to this size need no allocation",
    "POLL_EVERY": "how often a native search run looks for Ctrl-C",
}
NUMBER = re.compile(
    r"(?<![\w.])(0[xX][0-9a-fA-F']+|\d[\d']*\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
    r"[uUlLfF]*"
)
RANDOM_WIDTH = re.compile(r"getrandbits\(\s*\d+\s*\)")
CONSTEXPR = re.compile(r"\bconstexpr\b[^;{=]*?\b([A-Z][A-Z0-9_]*)\s*(?:=|\{)")


def code_lines(text: str) -> list[str]:
    """The source's lines with comments, strings and characters blanked (lines kept)."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\\n])'", "''", text)
    return text.split("\n")


def bare_numbers(text: str) -> list[tuple[int, str]]:
    """(line, number) of every literal the rule does not allow."""
    found = []
    for number, line in enumerate(code_lines(text), 1):
        if line.lstrip().startswith("#"):
            continue  # #include, #pragma
        definition = CONSTEXPR.search(line)
        if definition is not None and definition.group(1) in STORAGE:
            continue
        line = RANDOM_WIDTH.sub("getrandbits()", line)
        for match in NUMBER.finditer(line):
            literal = match.group(1).replace("'", "")
            if literal not in TRIVIAL:
                found.append((number, match.group(0)))
    return found


def test_the_policy_sources_type_no_constant():
    checked = 0
    bad = []
    for path in sorted(SOURCES.iterdir()):
        if path.suffix not in (".cpp", ".hpp") or path.name in OUTSIDE:
            continue
        checked += 1
        bad += [f"{path.name}:{line}: {n}" for line, n in bare_numbers(path.read_text())]
    assert checked >= 10, "the policy sources moved"
    assert not bad, "numbers typed in C++ (name them in Python and hand them over):\n" + (
        "\n".join(bad)
    )


def test_the_rule_finds_what_it_must():
    source = """
        // 0.7 in a comment is fine, and "0.7" in a string
        double a = p.fill * 0.7;
        if (n >= 3) return 1.2;
        int x = 12, y = 1 << 30;
        double z = 1e9, w = .5;
        constexpr int SMALL_HARBOUR = 16;
        constexpr int OTHER = 16;
        uint64_t s = rng.getrandbits(62) ^ 0x5EA4C4;
        int i = n - 1, j = k * 2 + 1, none = -1; double c = 1.0 - p, e = 0.0;
    """
    assert [n for _, n in bare_numbers(source)] == [
        "0.7", "3", "1.2", "12", "30", "1e9", ".5", "16", "0x5EA4C4",
    ]  # fmt: skip


def test_every_storage_size_is_still_there():
    """An allowance for a size no source defines any more is stale: drop it."""
    text = "\n".join(p.read_text() for p in SOURCES.iterdir() if p.suffix in (".cpp", ".hpp"))
    for name in STORAGE:
        assert re.search(rf"\bconstexpr\b[^;]*\b{name}\b", text), name
