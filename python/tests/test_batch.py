"""tabletop.batch: jobs cut into parts, the parts merged, and the parts run as Ray tasks, each
against the same job run at once (take6.arena, mahjong.stats)."""

import json
import os

import pytest

from tabletop import batch, mahjong, take6

ARENA = dict(players=3, bots=["heuristic", "random", "lowest"], deals=9, seed=5)


def test_split_cuts_the_items_into_balanced_consecutive_ranges():
    assert batch.split(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert batch.split(2, 5) == [(0, 1), (1, 2)]
    assert batch.split(0, 4) == []
    with pytest.raises(ValueError, match="into 0 parts"):
        batch.split(5, 0)
    # Any integer type; a number out of range is a ValueError naming the parameter.
    import numpy as np
    assert batch.split(np.int64(4), np.uint8(2)) == [(0, 2), (2, 4)]
    with pytest.raises(ValueError, match="total must be an integer from 0 to 2"):
        batch.split(-1, 2)
    with pytest.raises(ValueError, match="first must be an integer from 0 to 2"):
        batch.mahjong_stats_part(-3, 1, 5, 0)
    with pytest.raises(ValueError, match="players must be an integer"):
        batch.take6_arena_check(players=2**70)


@pytest.mark.parametrize("shards", [1, 2, 4, 9])
def test_arena_parts_merge_into_the_whole_arena(shards):
    whole = take6.arena(**ARENA)
    parts = [batch.take6_arena_part(a, b, **ARENA) for a, b in batch.split(9, shards)]
    assert all(isinstance(p, str) for p in parts)
    assert batch.take6_arena_merge(parts[::-1]) == whole


def test_match_arena_parts_merge_into_the_whole_arena():
    setup = dict(players=3, bots=["lowest", "highest"], deals=4, seed=1, matches=True, target=25)
    whole = take6.arena(**setup)
    parts = [batch.take6_arena_part(a, b, **setup) for a, b in batch.split(4, 3)]
    assert batch.take6_arena_merge(parts) == whole
    assert whole["game"] == "match"


@pytest.mark.parametrize("shards", [1, 3, 30])
def test_mahjong_parts_merge_into_the_whole_batch(shards):
    whole = mahjong.stats(30, seed=2)
    parts = [batch.mahjong_stats_part(a, b, 30, 2) for a, b in batch.split(30, shards)]
    assert batch.mahjong_stats_merge(parts) == whole


def test_parts_that_are_not_one_whole_job_are_refused():
    a, b = (batch.take6_arena_part(x, y, **ARENA) for x, y in [(0, 5), (5, 9)])
    with pytest.raises(ValueError, match=r"items 5\.\.9 are in no part \(of 9\)"):
        batch.take6_arena_merge([a])
    with pytest.raises(ValueError, match=r"parts 0\.\.5 and 0\.\.5 overlap"):
        batch.take6_arena_merge([a, a, b])
    other = batch.take6_arena_part(5, 9, **dict(ARENA, seed=6))
    with pytest.raises(ValueError, match="part 1 is of another arena run than part 0: the seeds differ"):
        batch.take6_arena_merge([a, other])
    with pytest.raises(ValueError, match="no parts to merge"):
        batch.take6_arena_merge([])
    with pytest.raises(ValueError, match="part 1 is not a Take 6! arena part"):
        batch.take6_arena_merge([a, "{}"])
    # A part's sums edited so that they are not its deals' tally.
    edited = json.loads(b)
    edited["sums"]["deals"] += 1
    with pytest.raises(ValueError, match="5 deals tallied for part 5..9"):
        batch.take6_arena_merge([a, json.dumps(edited)])
    with pytest.raises(ValueError, match=r"part 9\.\.10 goes beyond the job's 9 items"):
        batch.take6_arena_part(9, 10, **ARENA)
    with pytest.raises(ValueError, match="unknown bot|expected"):
        batch.take6_arena_check(bots=["nobody"])

    m = batch.mahjong_stats_part(0, 3, 6, 1)
    with pytest.raises(ValueError, match=r"items 3\.\.6 are in no part"):
        batch.mahjong_stats_merge([m])
    with pytest.raises(ValueError, match="the seeds differ"):
        batch.mahjong_stats_merge([m, batch.mahjong_stats_part(3, 6, 6, 2)])
    broken = json.loads(m)
    broken["totals"]["draw"] += 1
    with pytest.raises(ValueError, match="do not add up"):
        batch.mahjong_stats_merge([json.dumps(broken), batch.mahjong_stats_part(3, 6, 6, 1)])
    with pytest.raises(ValueError, match="games must be an integer from 1 to"):
        batch.mahjong_stats(0)


def test_jobs_on_a_local_ray_equal_the_jobs_run_at_once():
    # CI installs the `ray` extra and sets TABLETOP_REQUIRE_RAY=1, so a missing Ray fails there
    # instead of skipping; elsewhere the test needs `pip install "./python[ray]"`.
    if os.environ.get("TABLETOP_REQUIRE_RAY") == "1":
        import ray
    else:
        ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert batch.take6_arena(**ARENA, shards=4) == take6.arena(**ARENA)
        assert batch.mahjong_stats(40, seed=3, shards=3) == mahjong.stats(40, seed=3)
        # By default one part per core of the cluster.
        assert batch.mahjong_stats(7, seed=3) == mahjong.stats(7, seed=3)
        # The generic runner, results in the order of the calls.
        calls = [(batch.mahjong_stats_part, (a, b, 12, 0)) for a, b in batch.split(12, 5)]
        parts = batch.run(calls)
        assert [(json.loads(p)["first"], json.loads(p)["stop"]) for p in parts] == batch.split(12, 5)
        # An error raised in a task is raised here as what it is.
        with pytest.raises(ValueError, match="goes beyond"):
            batch.run([(batch.mahjong_stats_part, (0, 13, 12, 0))])
    finally:
        ray.shutdown()
