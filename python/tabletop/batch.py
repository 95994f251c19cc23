"""Big batch jobs in parts, on Ray: Take 6! arenas and Mahjong batches over many seeds.

tabletop's batch jobs number their items (a Take 6! arena's deals, a Mahjong batch's walls)
``0`` to ``total - 1`` and draw item ``i``'s randomness from ``sub_seed(seed, i)`` alone, and
their statistics are exact integer sums. So a job cut into parts (consecutive ranges of
items), each part run anywhere, gives back exactly the report of the whole job run at once
when the parts are merged. This module is the one way to do that:

- ``split(total, parts)`` cuts ``0..total`` into ranges ``(first, stop)``;
- a part function runs one range in this process on all cores, with the GIL released, and
  returns the part as JSON text (``take6_arena_part``, ``mahjong_stats_part``);
- a merge function checks that the parts are one job, each item once, and returns the job's
  report (``take6_arena_merge``, ``mahjong_stats_merge``): the dict ``take6.arena`` or
  ``mahjong.stats`` returns for the whole job;
- ``run(calls, address=None)`` runs part calls as Ray tasks (one core each, retried when a
  task fails or its node is lost) and returns their results in order; ``take6_arena`` and
  ``mahjong_stats`` put the three together.

The census of every Nine deal (``tabletop.census``) is the same pattern with shards that keep
their files. Ray is an optional extra (``pip install "./python[ray]"``); with no ``address``,
``ray.init()`` starts a local Ray on this machine, and with the address of a Ray cluster the
same call spreads over its nodes::

    from tabletop import batch, take6

    report = batch.take6_arena(bots=["mc:100", "heuristic"], deals=10_000, shards=40)
    assert report == take6.arena(bots=["mc:100", "heuristic"], deals=10_000)
"""

from ._native import batch as _native

__all__ = [
    "mahjong_stats",
    "mahjong_stats_check",
    "mahjong_stats_merge",
    "mahjong_stats_part",
    "run",
    "split",
    "take6_arena",
    "take6_arena_check",
    "take6_arena_merge",
    "take6_arena_part",
]

split = _native.split
take6_arena_check = _native.take6_arena_check
mahjong_stats_check = _native.mahjong_stats_check
take6_arena_merge = _native.take6_arena_merge
mahjong_stats_merge = _native.mahjong_stats_merge


# The part functions are Python functions (importable as tabletop.batch.*) so that Ray can send
# them to its workers; the native ones live in a submodule that pickle cannot import by name.
def take6_arena_part(first, stop, *args, **kwargs):
    """Deals ``first`` to ``stop - 1`` of the arena ``take6.arena(*args, **kwargs)`` would play
    (built-in bots only, by name), played here on all cores with the GIL released; the part as
    JSON text for ``take6_arena_merge``."""
    return _native.take6_arena_part(first, stop, *args, **kwargs)


def mahjong_stats_part(first, stop, games, seed):
    """Games ``first`` to ``stop - 1`` of the batch ``mahjong.stats(games, seed)``, played here
    on all cores with the GIL released; the part as JSON text for ``mahjong_stats_merge``."""
    return _native.mahjong_stats_part(first, stop, games, seed)


def run(calls, address=None, retries=3):
    """Runs ``calls`` (pairs ``(function, args)``; the function importable on every node, such
    as a part function of this module) as Ray tasks of one core each and returns their results
    in the order of ``calls``. A task whose worker or node is lost is run again (``retries``
    times); an exception a task raises is raised here (Ray's error for it is also an instance
    of the exception's class, such as ValueError); Ctrl-C cancels the tasks still running."""
    calls = list(calls)
    if not calls:
        return []
    ray = _start(address)
    task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(_call)
    refs = [task.remote(f, tuple(args)) for f, args in calls]
    try:
        return ray.get(refs)
    except KeyboardInterrupt:
        for ref in refs:
            ray.cancel(ref, force=True)
        raise


def _call(function, args):
    """One part in a Ray worker."""
    return function(*args)


def _shards(shards, total, address):
    """The parts of a job of ``total`` items: ``shards`` of them, by default one per core of
    the Ray cluster."""
    if shards is None:
        shards = max(1, int(_start(address).cluster_resources().get("CPU", 1)))
    return split(total, shards)


def take6_arena(
    players=4,
    bots=None,
    deals=1000,
    seed=0,
    row_rule="choose",
    cards=10,
    rows=4,
    matches=False,
    target=None,
    *,
    shards=None,
    address=None,
    retries=3,
):
    """``take6.arena`` with built-in bots (names), its deals split into ``shards`` parts run as
    Ray tasks: the same dict as ``take6.arena`` of the same arguments."""
    if isinstance(bots, str):
        raise TypeError("bots: expected a list of bot names, not a str")
    params = (players, None if bots is None else list(bots), deals, seed)
    params += (row_rule, cards, rows, matches, target)
    take6_arena_check(*params)  # a bad set-up raises here, before Ray starts
    parts = _shards(shards, deals, address)
    calls = [(take6_arena_part, (first, stop, *params)) for first, stop in parts]
    return take6_arena_merge(run(calls, address, retries))


def mahjong_stats(games, seed=0, *, shards=None, address=None, retries=3):
    """``mahjong.stats(games, seed)`` with its games split into ``shards`` parts run as Ray
    tasks: the same dict."""
    mahjong_stats_check(games, seed)
    parts = _shards(shards, games, address)
    calls = [(mahjong_stats_part, (first, stop, games, seed)) for first, stop in parts]
    return mahjong_stats_merge(run(calls, address, retries))


def _start(address):
    """Ray (the optional extra), started on this machine or joined at ``address`` unless it
    already runs."""
    try:
        import ray
    except ImportError as e:
        raise ImportError('tabletop.batch needs Ray: pip install "./python[ray]"') from e
    if not ray.is_initialized():
        ray.init(address=address)
    return ray
