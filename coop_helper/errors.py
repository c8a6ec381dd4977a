"""Errors the CLI turns into one clear line and an exit code."""


class UserError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


class DataError(Exception):
    """The card data in ``data/`` is broken: names the file and the entry."""
