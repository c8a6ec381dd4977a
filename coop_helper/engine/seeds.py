"""Independent random streams from one game seed.

A game draws its cards from one stream and its policy decides from another. Each stream's
seed is a hash of the game seed and the stream's name, so no stream of one game is ever a
stream of another (as it would be with arithmetic such as ``seed * 2 + 1``).

C++ twin: `coop_helper/native/src/engine/seeds.hpp` and `.cpp`.
"""

from __future__ import annotations

import hashlib

DECK = "deck"
POLICY = "policy"


def stream_seed(seed: int, stream: str) -> int:
    """The seed of the named ``stream`` of the game seeded with ``seed`` (128 bits)."""
    digest = hashlib.blake2b(
        str(seed).encode("ascii"), digest_size=16, person=stream.encode("ascii")[:16]
    ).digest()
    return int.from_bytes(digest, "big")
