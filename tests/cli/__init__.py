"""The command line (adjudicator.cli): its commands, exit statuses and messages, and a host at a
live match. Tests of a command whose work lives in a module of its own (check, post, paste,
page, simulate) are that module's: tests/test_<module>.py."""
