"""The game journal: a group's played games in an SQLite file, their history, and the
table's own odds fitted from them.

Modules: ``store`` (the file, schema version, migrations, transactions), ``records``
(one played game), ``predict`` (the expert's win chance at record time), ``history``
(summaries), ``calibration`` (the table's shift against the expert), ``transfer``
(CSV/JSON import and export) and ``views`` (tables and JSON documents).
Nothing here is imported at CLI start-up; commands import what they use.
"""
