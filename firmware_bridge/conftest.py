"""Keep pytest's doctest collection away from the board-only firmware entry point (it imports ``machine``)."""

collect_ignore = ["firmware/main.py"]
