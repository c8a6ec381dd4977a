"""Helpers shared by the CLI tests."""

import json


def ok_json(result):
    """The JSON a successful ``--json`` run printed (nothing on stderr)."""
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)
