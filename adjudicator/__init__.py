"""adjudicator: replays and checks two-player Death Match games from their match files."""

__version__ = "0.1.0"
