"""The census of every Nine deal, sharded, on Ray.

The 9,075,135,300 deals of Nine fall into 190,884,467 classes under the 48 symmetries of the
rules; shard ``I`` of ``N`` (``1 <= I <= N``) is a fixed, disjoint part of them (see
``docs/census.md`` and ``tabletop nine census --help``).

- ``run_shard(index, count, out)`` solves one shard into the file ``out`` (resuming what it
  holds) and returns its census as a dict; the GIL is released while it runs.
- ``merge(files)`` merges census files: the dict of ``tabletop nine census --merge FILES
  --json`` (``complete`` says whether every deal is counted).
- ``run(shards, shard_ids=None, address=None, out="census")`` runs the shards (all, or those
  listed) as Ray tasks and returns the merged dict. Ray is an optional extra
  (``pip install "./python[ray]"``). With no ``address``, ``ray.init()`` starts a local Ray on
  this machine; with the address of a Ray cluster, the same call spreads over its nodes.

Each shard's file is ``census-I-of-N.json`` in ``out``. A shard whose file says it is done is
not run again; a failed or lost task is retried (``retries`` times); a task writes its
checkpoints to the file on the node that runs it and returns the shard's census, which the
driver writes to its own ``out``, so the finished shards are kept on the driver's side.
"""

import json
import os

from ._native import census as _native

__all__ = ["BLOCKS", "CLASSES", "DEALS", "merge", "run", "run_shard", "shard_file"]

CLASSES = _native.CLASSES
DEALS = _native.DEALS
BLOCKS = _native.BLOCKS


def shard_file(out, index, count):
    """The file of shard ``index`` of ``count`` in the directory ``out``."""
    for name, value in (("index", index), ("count", count)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    if not 1 <= index <= count:
        raise ValueError(f"shard {index} of {count}: expected 1 <= index <= count")
    try:
        out = os.fspath(out)
    except TypeError:
        raise TypeError(f"out must be a path, not {type(out).__name__}") from None
    return os.path.join(out, f"census-{index}-of-{count}.json")


def run_shard(index, count, out, checkpoint=50_000, threads=None):
    """Solves shard ``index`` of ``count`` into the file ``out`` and returns its census."""
    return json.loads(_native.run_shard(index, count, os.fspath(out), checkpoint, threads))


def merge(files):
    """The merged census of these files (distinct shards of the same count), as a dict."""
    return json.loads(_native.merge([os.fspath(f) for f in files]))


def _is_done(path, index, count):
    """Whether ``path`` holds shard ``index`` of ``count``, done."""
    return _native.shard_done(index, count, os.fspath(path))


def _task(index, count, path, checkpoint):
    """One shard on one core of a Ray worker: the census's JSON text."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    return _native.run_shard(index, count, path, checkpoint, 1)


def run(shards, shard_ids=None, address=None, out="census", checkpoint=50_000, retries=3):
    """Runs the census's shards as Ray tasks, one core each, and returns the merged census.

    ``shards`` is ``N``; ``shard_ids`` the shards to run (1 to N; default all of them). The
    result is the dict of ``tabletop nine census --merge --json`` of the listed shards' files.
    """
    if not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards must be a positive integer, not {shards!r}")
    ids = range(1, shards + 1) if shard_ids is None else sorted(set(shard_ids))
    for i in ids:
        if not isinstance(i, int) or not 1 <= i <= shards:
            raise ValueError(f"shard id {i!r} is not between 1 and {shards}")
    if not ids:
        raise ValueError("no shard to run")
    os.makedirs(out, exist_ok=True)
    paths = {i: shard_file(out, i, shards) for i in ids}
    todo = [i for i in ids if not _is_done(paths[i], i, shards)]
    if todo:
        try:
            import ray
        except ImportError as e:
            raise ImportError(
                'tabletop.census.run needs Ray: pip install "./python[ray]"'
            ) from e
        if not ray.is_initialized():
            ray.init(address=address)
        task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=True)(_task)
        absolute = {i: os.path.abspath(paths[i]) for i in todo}
        pending = {task.remote(i, shards, absolute[i], checkpoint): i for i in todo}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                i = pending.pop(ref)
                _native.save(ray.get(ref), paths[i])
    return merge([paths[i] for i in ids])
