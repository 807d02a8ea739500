# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,return-value"
# (numba kernels: the values read from arrays stay untyped)
"""The compiled core's transposition table: keys of ``KEY_WORDS`` int64 words to the
fewest turns found, in numpy arrays with open addressing (linear probing over a
dense array of the keys' hashes, the whole key compared only when they match; the
capacity a power of two, doubled at half full). numba's typed dict cost more per
lookup."""
from __future__ import annotations

import numpy as np
from numba import njit

KEY_WORDS = 12
MIX = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit word
EMPTY = -1
"""The value of a free slot (turns are never negative)."""


@njit(cache=True)
def new_table(capacity: int):
    """Empty hashes, keys and values for ``capacity`` slots (a power of two)."""
    return (np.zeros(capacity, dtype=np.int64), np.empty((capacity, KEY_WORDS), dtype=np.int64),
            np.full(capacity, EMPTY, dtype=np.int64))


@njit(cache=True)
def hash_of(key: np.ndarray) -> int:
    h = np.int64(0)
    for f in range(KEY_WORDS):
        h = (h ^ key[f]) * MIX
        h ^= (h >> 32) & 0xFFFFFFFF  # a product's low bits see only the words' low bits
    return h


@njit(cache=True)
def slot_of(hashes: np.ndarray, keys: np.ndarray, values: np.ndarray, key: np.ndarray,
            h: int) -> int:
    """The slot holding ``key`` (of hash ``h``), or the free slot where it belongs."""
    mask = values.shape[0] - 1
    at = h & mask
    while values[at] != EMPTY:
        if hashes[at] == h:
            same = True
            for f in range(KEY_WORDS):
                if keys[at, f] != key[f]:
                    same = False
                    break
            if same:
                return at
        at = (at + 1) & mask
    return at


@njit(cache=True)
def doubled(hashes: np.ndarray, keys: np.ndarray, values: np.ndarray):
    """The table with twice the slots, every entry moved over."""
    more_hashes, more_keys, more_values = new_table(2 * values.shape[0])
    mask = more_values.shape[0] - 1
    for at in range(values.shape[0]):
        if values[at] != EMPTY:
            to = hashes[at] & mask
            while more_values[to] != EMPTY:
                to = (to + 1) & mask
            more_hashes[to] = hashes[at]
            more_keys[to, :] = keys[at]
            more_values[to] = values[at]
    return more_hashes, more_keys, more_values
