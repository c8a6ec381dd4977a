"""Everything decided before a game starts: card data, contract names, deals, share codes,
the Time Pile, ranks and the user's recorded settings."""
