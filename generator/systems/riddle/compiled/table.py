# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,return-value"
# (numba kernels: the values read from arrays stay untyped)
"""The compiled core's transposition table and open list.

The table: keys of ``KEY_WORDS`` int64 words to the fewest turns found and the node
stored for them, one row of ``ROW_WORDS`` words a slot, with open addressing (linear
probing; the whole key compared only when the hashes match; the capacity a power of
two, doubled at half full). numba's typed dict cost more per lookup.

The open list: a binary min-heap of int64 words, each one entry's whole order packed
(:func:`entry`), so a comparison is one integer comparison (heapq over tuples in
numba cost several times more per push and pop)."""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.base import LEAN

KEY_WORDS = 12
MIX = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit word
EMPTY = -1
"""The value of a free slot (turns are never negative)."""
NO_NODE = -1
"""The owner of a key no stored node holds."""
ORDER_AT_MOST = 1 << 15
"""f and g the open list's entries pack in 16 bits each (beyond: the search stops)."""
NODES_AT_MOST = 1 << 32
"""Node indices an entry packs (its low 32 bits)."""


HASH, VALUE, OWNER, KEY = 0, 1, 2, 3
"""The columns of a table row: the key's hash, the fewest turns found (:data:`EMPTY`:
a free slot), the node stored for the key (:data:`NO_NODE`: none), and the key's row
in the keys array (keys are appended there in the order they come: doubling the
table moves four words a slot, not the keys)."""
ROW_WORDS = 4
"""Words a row takes (a probe reads one cache line for the hash, value and owner)."""


@njit(cache=True)
def new_table(capacity: int):
    """An empty table of ``capacity`` rows (a power of two)."""
    table = np.empty((capacity, ROW_WORDS), dtype=np.int64)
    table[:, VALUE] = EMPTY
    return table


@njit(**LEAN)
def hash_of(key: np.ndarray) -> int:
    h = np.int64(0)
    for f in range(KEY_WORDS):
        h = (h ^ key[f]) * MIX
        h ^= (h >> 32) & 0xFFFFFFFF  # a product's low bits see only the words' low bits
    return h


@njit(**LEAN)
def slot_of(table: np.ndarray, keys: np.ndarray, key: np.ndarray, h: int) -> int:
    """The row holding ``key`` (of hash ``h``), or the free row where it belongs."""
    mask = table.shape[0] - 1
    at = h & mask
    while table[at, VALUE] != EMPTY:
        if table[at, HASH] == h:
            same = True
            row = table[at, KEY]
            for f in range(KEY_WORDS):
                if keys[row, f] != key[f]:
                    same = False
                    break
            if same:
                return at
        at = (at + 1) & mask
    return at


@njit(**LEAN)
def put(table: np.ndarray, at: int, keys: np.ndarray, row: int, key: np.ndarray,
        h: int) -> None:
    """Writes ``key`` (of hash ``h``) into the free slot ``at``, the key itself into
    ``keys[row]`` (room there is the caller's)."""
    table[at, HASH] = h
    table[at, KEY] = row
    for f in range(KEY_WORDS):
        keys[row, f] = key[f]


@njit(cache=True)
def doubled(table: np.ndarray):
    """The table with twice the rows, every entry moved over."""
    more = new_table(2 * table.shape[0])
    mask = more.shape[0] - 1
    for at in range(table.shape[0]):
        if table[at, VALUE] != EMPTY:
            to = table[at, HASH] & mask
            while more[to, VALUE] != EMPTY:
                to = (to + 1) & mask
            more[to, :] = table[at]
    return more


@njit(**LEAN)
def entry(f: int, g: int, node: int) -> int:
    """One open-list entry: smaller first by ``f``, then by larger ``g`` (deeper
    first), then by smaller ``node`` (inserted first) -- the order of the tuples
    ``(f, -g, node)``, for ``0 <= f, g < ORDER_AT_MOST`` and ``0 <= node < 2**32``."""
    return (np.int64(f) << 48) | (np.int64(ORDER_AT_MOST - 1 - g) << 32) | np.int64(node)


@njit(**LEAN)
def entry_node(item: int) -> int:
    """The node of an entry."""
    return item & 0xFFFFFFFF


@njit(**LEAN)
def push(heap: np.ndarray, size: int, item: int) -> None:
    """Adds ``item`` to the heap ``heap[:size]`` (room for one more is the caller's)."""
    at = size
    while at > 0:
        up = (at - 1) >> 1
        if heap[up] <= item:
            break
        heap[at] = heap[up]
        at = up
    heap[at] = item


@njit(**LEAN)
def pop(heap: np.ndarray, size: int) -> int:
    """Removes and returns the smallest entry of the heap ``heap[:size]`` (``size > 0``);
    the heap is then ``heap[:size - 1]``."""
    top = heap[0]
    size -= 1
    if size == 0:
        return top
    item = heap[size]
    at = 0
    while True:
        child = 2 * at + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= item:
            break
        heap[at] = heap[child]
        at = child
    heap[at] = item
    return top
