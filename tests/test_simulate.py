"""adjudicator simulate: bots play whole matches that are ordinary, replayable match files."""

from __future__ import annotations

import itertools
import json
import random
import statistics
import tracemalloc
from collections import Counter
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import matchfile, present, rulesets, session, simulate, views
from adjudicator.game import ChanceDue, Phase, Turn
from adjudicator.errors import InputError
from helpers.strategies import has_sealed_phases

RULESETS = [info["id"] for info in rulesets.list_rulesets()]
SHORT = 400   # entries: enough for most matches to end, short enough for CI


@pytest.mark.parametrize("policy", simulate.POLICIES)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_simulated_match_is_a_valid_file_that_replays_to_its_result(ruleset_id, policy):
    played = simulate.play(ruleset_id, 3, seed=5, policy=policy, max_entries=SHORT if policy == "random" else 120)
    text = matchfile.dumps(played.data)
    match = matchfile.prepare(json.loads(text), None)   # schema, players, every move's schema
    replay = session.replay_match(match)
    assert not replay.flags
    assert (replay.outcome.winner if replay.outcome else None) == played.winner
    assert (replay.outcome is not None) == played.finished
    if played.finished:
        assert played.ending == replay.outcome.termination
    assert played.entries == len(played.data["entries"])
    chance = [e for e in played.data["entries"] if e["type"] == "chance"]
    assert all(e["chance"]["source"] == "external" for e in chance)   # not from a match seed (DT-7)


def test_same_seed_same_matches_other_seed_other_matches():
    one = simulate.play("dice-tug-of-war", 1, seed=7)
    again = simulate.play("dice-tug-of-war", 1, seed=7)
    other = simulate.play("dice-tug-of-war", 1, seed=8)
    assert one.data == again.data
    assert one.data["entries"] != other.data["entries"]


def test_sides_swap_every_other_match():
    sides = [simulate.play("arrowbic", i, max_entries=1).data["players"][0]["side"] for i in (1, 2)]
    assert sides == ["blue", "red"] or sides == ["red", "blue"]
    assert sides[0] != sides[1]


def test_jobs_do_not_change_the_result(tmp_path):
    alone = list(simulate.rows("track-trouble", 4, seed=2))
    shared = list(simulate.rows("track-trouble", 4, seed=2, jobs=2, out=tmp_path))
    assert alone == shared
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"sim-track-trouble-2-{i:05d}.json" for i in range(1, 5)]
    for row, path in zip(alone, files):
        replay = session.replay_match(matchfile.load(path))
        assert (replay.outcome.winner if replay.outcome else None) == row["winner"]


def test_summary_adds_up():
    rows = simulate.rows("tug-of-war-v1", 12, seed=3)
    report = simulate.summary("tug-of-war-v1", rows, seed=3, policy="random")
    assert sum(report["wins_by_side"].values()) + report["draws"] + report["unfinished"] == 12
    assert sum(report["endings"].values()) == 12
    first = report["first_mover"]
    assert first["won"] + first["lost"] <= first["decided"] <= report["finished"]
    assert report["length"]["entries"]["min"] <= report["length"]["entries"]["median"] <= report["length"]["entries"]["max"]
    # Tug of War: the modules the winner took (or an empty hand) decided every finished match.
    assert report["deciders"] and sum(report["deciders"].values()) >= report["finished"] - report["draws"]
    text = present.simulation_text({**report, "seconds": 1.0})
    assert "red won" in text and "how matches ended" in text and "what decided it" in text


def test_unfinished_matches_are_counted_not_hidden():
    played = simulate.play("arrowbic", 1, max_entries=5)
    assert not played.finished and played.ending == "unfinished after 5 entries"
    report = simulate.summary("arrowbic", [played.summary_row()], seed=1, policy="random")
    assert report["unfinished"] == 1


def test_items_are_held_and_loadouts_expanded():
    played = simulate.play("tug-of-war-v1", 1, items=["1-star", "block-move"], max_entries=2)
    assert played.data["players"][0]["items"] == ["starter", "block-move"]
    with pytest.raises(InputError, match="not an item or loadout of tug-of-war-v1"):
        simulate.rows("tug-of-war-v1", 1, items=["nothing"])


def closing_turns(ruleset_id: str, seed: int, last: int = 4):
    """(replay, entry) at the last few turns of a random match: where wins are on offer."""
    played = simulate.play(ruleset_id, seed, max_entries=SHORT)
    match = matchfile.prepare(json.loads(json.dumps(played.data)), None)
    replay = views.new_replay(match)
    entries = played.data["entries"]
    for index, entry in enumerate(entries):
        if index >= len(entries) - last and isinstance(replay.pending(), Turn):
            yield replay, entry
        replay.step(entry)


@pytest.mark.parametrize("ruleset_id", [r for r in RULESETS if not has_sealed_phases(r)])
def test_greedy_takes_a_win_when_one_is_listed(ruleset_id, monkeypatch):
    """One move ahead, a winning move outweighs any score: in every game played in turns
    (closing_turns looks at turns; a game without sealed phases is played in turns)."""
    monkeypatch.setattr(simulate, "GREEDY_CANDIDATES", 10**6)
    found = 0
    for seed in range(1, 40):
        for replay, entry in closing_turns(ruleset_id, seed):
            player = entry["player"]
            moves = [m for m, _ in islice(replay.legal_moves(player), 2000)]
            winning = [m for m in moves if wins(replay, player, m)]
            if winning and len(winning) < len(moves):
                chosen = simulate.greedy_move(replay, player, moves, random.Random(seed))
                assert chosen in winning
                found += 1
        if found >= 3:
            break
    assert found, f"no position with a winning and a non-winning move in {ruleset_id} playouts"


def wins(replay, player, move) -> bool:
    trial = replay.fork()
    trial.step({"seq": replay.last_seq + 1, "type": "move", "player": player, "move": move})
    return trial.outcome is not None and trial.outcome.winner == player


def test_greedy_maximises_the_game_score(monkeypatch):
    """With a score that prefers one listed move, greedy plays it (Arrowbic, first placement)."""
    played = simulate.play("arrowbic", 1, max_entries=0)
    match = matchfile.prepare(played.data, None)
    replay = views.new_replay(match)
    player = replay.to_act()[0]
    moves = [m for m, _ in replay.legal_moves(player)]
    target = moves[len(moves) // 2]
    monkeypatch.setattr(simulate, "GREEDY_CANDIDATES", 10**6)
    def prefers_target(state, who) -> float:
        return float(any(match.game.cell_name(at) == target["place"] and arrow == target["arrow"]
                         for at, (_owner, arrow) in state.stones.items()))

    monkeypatch.setattr(match.game, "bot_score", prefers_target)
    assert simulate.greedy_move(replay, player, moves, random.Random(1)) == target


def test_fork_leaves_the_replay_alone():
    played = simulate.play("track-trouble", 1, max_entries=30)
    match = matchfile.prepare(played.data, None)
    replay = session.replay_match(match)
    before = json.dumps(views.result(match, replay, with_entries=True), sort_keys=True)
    trial = replay.fork()
    due = trial.pending()
    assert isinstance(due, (Phase, ChanceDue))
    for _ in range(6):
        due = trial.pending()
        if due is None:
            break
        seq = trial.last_seq + 1
        if isinstance(due, ChanceDue):
            trial.step(simulate.chance_entry(due, seq, random.Random(seq)))
        else:
            player = trial.to_act()[0]
            trial.step({"seq": seq, "type": "move", "player": player,
                        "move": next(iter(trial.legal_moves(player)))[0]})
    assert json.dumps(views.result(match, replay, with_entries=True), sort_keys=True) == before


def test_cli_simulate_prints_the_summary_and_writes_files(cli, tmp_path):
    result = cli("simulate", "dice-tug-of-war", "--games", "6", "--seed", "4", "--out", str(tmp_path / "sims"))
    assert result.code == 0, result.err
    assert "dice-tug-of-war: 6 simulated matches, random bots, seed 4" in result.out
    assert "yellow won" in result.out and "first mover won" in result.out
    files = sorted((tmp_path / "sims").glob("*.json"))
    assert len(files) == 6
    assert cli("check", *map(str, files)).code == 0
    as_json = cli("simulate", "dice-tug-of-war", "--games", "6", "--seed", "4", "--format", "json").json
    assert as_json["matches"] == 6 and as_json["seed"] == 4
    assert sum(as_json["wins_by_side"].values()) + as_json["draws"] + as_json["unfinished"] == 6


@pytest.mark.parametrize("args, message", [
    (["no-such-game"], "Unknown ruleset 'no-such-game'"),
    (["arrowbic", "--policy", "clever"], "'clever' is not one of: random, greedy"),
    (["arrowbic", "--item", "laser"], "--item laser: 'laser' is not an item or loadout of arrowbic"),
    (["arrowbic", "--games", "0"], "--games"),
])
def test_cli_simulate_refuses_bad_options_plainly(cli, args, message):
    result = cli("simulate", *args)
    assert result.code == 2
    assert message in result.err
    assert "Traceback" not in result.err


def test_cli_simulate_out_must_be_a_folder(cli, tmp_path):
    path = tmp_path / "taken"
    path.write_text("x")
    result = cli("simulate", "arrowbic", "--games", "1", "--out", str(path))
    assert result.code == 2 and "exists and is not a folder" in result.err


def test_progress_bar_draws_and_finishes(monkeypatch):
    """Elapsed time and the estimate, from a fake clock: the test cannot depend on how fast
    the machine is. A redraw within 0.1 s is skipped, the last one never."""
    import io
    from types import SimpleNamespace

    quiet = io.StringIO()
    simulate.ProgressBar(3, "x", enabled=False, stream=quiet)(3)
    assert quiet.getvalue() == ""
    readings = iter([1000.0, 1002.0, 1002.05, 1002.06])   # start, then one reading per call
    monkeypatch.setattr(simulate, "time", SimpleNamespace(perf_counter=lambda: next(readings)))
    stream = io.StringIO()
    bar = simulate.ProgressBar(3, "arrowbic", enabled=True, stream=stream)
    for done in (1, 2, 3):
        bar(done)
    assert stream.getvalue() == (f"\rarrowbic [{'#' * 10}{'.' * 20}] 1/3 2 s, 4 s left "
                                 f"\rarrowbic [{'#' * 30}] 3/3 2 s, 0 s left \n")


# --- Memory does not grow with --games ---------------------------------------------

def test_matches_are_played_only_as_their_rows_are_read(monkeypatch):
    """A run of a billion matches plays three when three rows are read: no list of tasks or
    rows is built first (`simulate --games 100000000` reached 9.4 GB before a game)."""
    played = []
    monkeypatch.setattr(simulate, "_play_and_write", lambda task: played.append(task[1]) or {"index": task[1]})
    rows = simulate.rows("arrowbic", 10**9, seed=1)
    assert played == []
    assert [row["index"] for row in itertools.islice(rows, 3)] == [1, 2, 3]
    assert played == [1, 2, 3]


def test_workers_are_handed_a_bounded_window_of_matches():
    """With worker processes, matches are handed out a window ahead of the row being waited
    for (Executor.map would take the whole task list at once)."""
    pulled = 0

    def tasks():
        nonlocal pulled
        for index in itertools.count(1):
            pulled += 1
            yield ("arrowbic", index, 1, "random", (), 1, None, False)

    rows = simulate._map(tasks(), jobs=2)
    first = next(rows)
    assert first["index"] == 1 and first["entries"] == 1
    assert 0 < pulled <= 2 * simulate.WINDOW_PER_JOB + 8
    rows.close()


def test_a_summary_counts_rows_in_memory_that_does_not_grow_with_them():
    """summary adds rows up as they come: 200,000 rows take no more memory than 2,000."""
    def fake_rows(count):
        for index in range(count):
            yield {"index": index, "winner": "p1" if index % 3 else None, "winner_side": "red" if index % 3 else None,
                   "finished": index % 7 != 0, "first_mover": "p1", "first_mover_won": index % 2 == 0,
                   "entries": 20 + index % 50, "rounds": 5 + index % 9, "ending": "off-board",
                   "deciders": []}

    def peak(count):
        tracemalloc.start()
        report = simulate.summary("arrowbic", fake_rows(count), seed=1, policy="random")
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert report["matches"] == count
        return size

    small, large = peak(2_000), peak(200_000)
    assert large < small + 64 * 1024


@settings(max_examples=300)
@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=30))
def test_spread_of_counts_is_the_statistics_of_the_values(values):
    """The counted min, median, mean and max are those of the values listed out, types
    included (a median of an odd count is the middle value itself)."""
    got = simulate.spread(Counter(values))
    wanted = {"min": min(values), "median": statistics.median(values),
              "mean": round(statistics.fmean(values), 1), "max": max(values)}
    assert got == wanted
    assert type(got["median"]) is type(wanted["median"])


def test_run_is_the_summary_of_the_rows_timed_and_refuses_an_unknown_policy(tmp_path, capsys):
    """simulate.run, the use case of `simulate`: the same report as summary over rows, with
    its seconds; an unknown --policy is an OptionError before anything is played or written."""
    from adjudicator.errors import OptionError

    report = simulate.run("arrowbic", 3, seed=2, max_entries=40, progress=False)
    rows = simulate.rows("arrowbic", 3, seed=2, max_entries=40)
    assert {k: v for k, v in report.items() if k != "seconds"} == \
        simulate.summary("arrowbic", rows, seed=2, policy="random")
    assert report["seconds"] >= 0 and capsys.readouterr().err == ""
    with pytest.raises(OptionError) as refused:
        simulate.run("arrowbic", 3, policy="nope", out=tmp_path / "sims")
    assert refused.value.option == "--policy" and not (tmp_path / "sims").exists()
    simulate.run("arrowbic", 2, max_entries=40, progress=True)
    assert "arrowbic [" in capsys.readouterr().err
