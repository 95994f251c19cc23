"""The census of every Nine deal, sharded, on Ray."""

import os
from typing import Any, Dict, Iterable, Optional, Sequence, Union

__all__ = ["BLOCKS", "CLASSES", "DEALS", "merge", "run", "run_shard", "shard_file"]

CLASSES: int
DEALS: int
BLOCKS: int

_Path = Union[str, "os.PathLike[str]"]

def shard_file(out: _Path, index: int, count: int) -> str:
    """The file of shard ``index`` of ``count`` in the directory ``out``."""

def run_shard(
    index: int, count: int, out: _Path, checkpoint: int = ..., threads: Optional[int] = ...
) -> Dict[str, Any]:
    """Solves shard ``index`` of ``count`` into the file ``out`` and returns its census."""

def merge(files: Iterable[_Path]) -> Dict[str, Any]:
    """The merged census of these files, as ``tabletop nine census --merge --json``."""

def run(
    shards: int,
    shard_ids: Optional[Sequence[int]] = ...,
    address: Optional[str] = ...,
    out: _Path = ...,
    checkpoint: int = ...,
    retries: int = ...,
) -> Dict[str, Any]:
    """Runs the shards as Ray tasks and returns the merged census."""
