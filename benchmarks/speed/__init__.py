"""How fast: commands, the engines, the journal, the atlas build, the page."""
