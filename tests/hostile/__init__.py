"""Hostile and damaged input: crashes, bounds, injection through names and text, one-line names,
printed paths, fuzzed match files and plug-in folders."""
