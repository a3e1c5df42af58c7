"""What a scope's readers keep of what they read before, by the marshalled JSON it was read from."""

from __future__ import annotations

import marshal
from typing import Any

__all__ = ["Kept", "json_key", "key_of"]

_FRUITLESS = 64
"""How far keys must fall behind (see `Kept.gain`) before a keeper makes only one in eight: a store whose documents all differ pays little for keys."""

_LONGEST_KEY = 1024
"""The longest marshalled field a reader keeps: longer ones are seldom written twice, and a short one cannot nest deep."""

_DEEPEST_KEPT = 8
"""The deepest a kept field may sit: at most this deep, a field of `_LONGEST_KEY` bytes cannot reach the nesting limit, so where it sits cannot change how it reads."""


def key_of(value: object, depth: int) -> bytes | None:
    """The key under which a field written as `value` at `depth` is kept; None when it is not kept."""
    return json_key(value) if depth <= _DEEPEST_KEPT else None


def json_key(value: Any, longest: int = _LONGEST_KEY) -> bytes | None:
    """A key for a JSON value as a parser makes it: its marshalled form, which tells `1`, `1.0` and `true` apart; None when longer than `longest` bytes, or not such a value."""
    try:
        # Version 2 writes no back-references: those depend on reference
        # counts, so one value could be written two ways.
        key = marshal.dumps(value, 2)
    except ValueError:  # a value no parser makes, such as a dict subclass
        return None
    return key if len(key) <= longest else None


class Kept(dict[bytes, Any]):
    """What was read before, by the marshalled JSON it was read from; bounded, forgetting all at once when full.

    Only what was read without problems is kept, so nothing kept ever
    changes an answer: it spares reading again what the documents of one
    store write again and again. What is kept lives long, and every object
    that lives long is one more for the cyclic collector to walk each time it
    looks at the old ones; so a value is kept only the second time its key
    is seen (a key is bytes, which the collector never walks), and a store
    whose every document differs keeps nothing.
    """

    __slots__ = ("asked", "gain", "most", "seen")

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        self.seen: set[bytes] = set()
        self.gain = 0
        """What keys have been worth lately: up by two for each that found something, down by one for each that did not."""
        self.asked = 0

    def worth_a_key(self) -> bool:
        """Whether making the key of the next value is worth its cost: while keys find something often enough, and otherwise one time in eight, to notice when they do again.

        A key costs about half what a value found by it spares, so keys pay
        while at least one in three finds something.
        """
        if self.gain > -_FRUITLESS:
            return True
        self.asked += 1
        return self.asked % 8 == 0

    def found(self, key: bytes) -> Any:
        """What is kept under `key`, or None."""
        value = self.get(key)
        if value is not None:
            self.gain = min(self.gain + 2, _FRUITLESS)
        elif self.gain > -_FRUITLESS:
            self.gain -= 1
        return value

    def keep(self, key: bytes, value: object) -> None:
        """Keep `value` under `key` if the key was seen before (in `seen`), first forgetting everything when full; the first time, only note the key."""
        seen = self.seen
        if key not in seen:
            if len(seen) >= 4 * self.most:
                seen.clear()
            seen.add(key)
            return
        if len(self) >= self.most:
            self.clear()
        self[key] = value
