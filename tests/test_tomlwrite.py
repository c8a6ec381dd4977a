"""The small TOML writer: what it writes reads back the same."""

import datetime as dt
import math
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coop_helper.setup.tomlwrite import dumps

keys = st.text(min_size=1, max_size=12)
scalars = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.dates()
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=8,
)
documents = st.dictionaries(keys, values | st.dictionaries(keys, values, max_size=4), max_size=5)


@given(documents)
def test_round_trip(doc):
    assert tomllib.loads(dumps(doc, header="a header\nover two lines")) == doc


def test_layout_and_special_values():
    text = dumps({"a": 1, "seals": {"ransom": "2A", "odd key": math.inf},
                  "when": {"t": dt.datetime(2024, 5, 1, 12, 30)}}, header="hello")
    assert text.startswith("# hello\n\na = 1\n\n[seals]\nransom = \"2A\"\n")
    assert '"odd key" = inf' in text
    assert math.isnan(tomllib.loads(dumps({"x": math.nan}))["x"])


def test_refuses_what_toml_cannot_hold():
    with pytest.raises(TypeError, match="cannot write set"):
        dumps({"x": {1, 2}})


def test_key_ending_in_newline_is_quoted():
    doc = {"0": 1, "0\n": 2}
    assert tomllib.loads(dumps(doc)) == doc
