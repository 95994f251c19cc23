"""tabletop.census: one shard into its file, merges, and shards as Ray tasks, each against the
command line's `tabletop nine census` on the same shards."""

import json
import os

import pytest

from tabletop import census


def timeless(report):
    """A census without its times and versions, which differ from run to run."""
    report = json.loads(json.dumps(report))
    report["seconds"] = 0
    report.pop("version", None)
    for shard in report["shards"]:
        shard["seconds"] = 0
    return report


def read(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_a_shard_and_a_merge_equal_the_command_line(tmp_path, cli):
    mine = census.run_shard(7, 40000, tmp_path / "a.json", threads=1)
    assert mine == read(tmp_path / "a.json")
    assert mine["shards"][0]["blocks_done"] == mine["shards"][0]["blocks"]
    code, out, err = cli(["nine", "census", "--shard", "7/40000", "--out", str(tmp_path / "b.json")])
    assert code == 0, err
    assert timeless(mine) == timeless(read(tmp_path / "b.json"))
    # Run again: done, nothing changes.
    assert timeless(census.run_shard(7, 40000, tmp_path / "a.json")) == timeless(mine)

    merged = census.merge([tmp_path / "a.json"])
    code, out, err = cli(["nine", "census", "--merge", str(tmp_path / "a.json"), "--json"])
    assert code == 1 and "incomplete census" in err
    assert timeless(merged) == timeless(json.loads(out))
    assert merged["complete"] is False
    assert census.CLASSES == 190_884_467 and census.DEALS == 9_075_135_300


def test_bad_shards_and_files_are_refused(tmp_path):
    with pytest.raises(ValueError, match="index must be an integer from 1 to 2"):
        census.run_shard(0, 8, tmp_path / "x.json")
    with pytest.raises(ValueError, match="expected 1 <= I <= N"):
        census.run_shard(9, 8, tmp_path / "x.json")
    census.run_shard(1, 70000, tmp_path / "one.json")
    with pytest.raises(ValueError, match="holds another census than shard 2/70000"):
        census.run_shard(2, 70000, tmp_path / "one.json")
    with pytest.raises(ValueError, match="is in two parts"):
        census.merge([tmp_path / "one.json", tmp_path / "one.json"])
    with pytest.raises(ValueError):
        census.run(0)
    with pytest.raises(ValueError, match="not between 1 and 8"):
        census.run(8, shard_ids=[9], out=tmp_path)


def test_shards_on_a_local_ray_equal_the_command_lines_shards(tmp_path, cli):
    # CI installs the `ray` extra and sets TABLETOP_REQUIRE_RAY=1, so a missing Ray fails there
    # instead of skipping; elsewhere the test needs `pip install "./python[ray]"`.
    if os.environ.get("TABLETOP_REQUIRE_RAY") == "1":
        import ray
    else:
        ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        out = tmp_path / "ray"
        result = census.run(shards=40000, shard_ids=[9, 7], out=str(out))
        files = []
        for i in (7, 9):
            path = tmp_path / f"cli-{i}.json"
            code, _, err = cli(["nine", "census", "--shard", f"{i}/40000", "--out", str(path)])
            assert code == 0, err
            files.append(str(path))
        code, text, err = cli(["nine", "census", "--merge", *files, "--json"])
        assert code == 1, err
        assert timeless(result) == timeless(json.loads(text))
        assert sorted(os.listdir(out)) == ["census-7-of-40000.json", "census-9-of-40000.json"]
        # Finished shards are not run again.
        stamps = {f: os.stat(out / f).st_mtime_ns for f in os.listdir(out)}
        assert census.run(shards=40000, shard_ids=[7, 9], out=str(out)) == result
        assert {f: os.stat(out / f).st_mtime_ns for f in os.listdir(out)} == stamps
    finally:
        ray.shutdown()
