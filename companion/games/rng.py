"""A seeded random generator whose whole state is one integer, so game states serialise exactly.

SplitMix64 (Steele, Lea & Flood 2014): tiny, fast enough, statistically fine for shuffling tiles.

>>> a, b = SeededRng(7), SeededRng(7)
>>> [a.randrange(10) for _ in range(5)] == [b.randrange(10) for _ in range(5)]
True
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class SeededRng:
    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]
