"""``python -m coop_helper``."""

from coop_helper.cli import main

main()
