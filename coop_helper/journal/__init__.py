"""The game journal: a group's played games in an SQLite file, their history, and the
table's own odds fitted from them.

Modules: ``store`` and ``schema`` (the file, schema version, migrations, transactions),
``records`` (one played game and its checks), ``predict`` (the expert's win chance at
record time), ``recording`` (adding a played game), ``history`` (summaries and standing),
``calibration`` (the table's shift against the expert), ``table_odds`` (that shift applied
to the odds) and ``transfer`` (CSV/JSON import and export); its tables and JSON documents
are drawn by `coop_helper.render.journal`.
Nothing here is imported at CLI start-up; commands import what they use.
"""
