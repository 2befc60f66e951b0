"""Properties every game keeps, over simulated matches of every ruleset: random play, replay,
hidden information, posts, display names, every board format and every picture step."""
