// Independent random streams from one game seed (engine/seeds.py): each stream's seed is
// blake2b(str(seed), digest_size=16, person=stream) read as a big-endian 128-bit number.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rng.hpp"

namespace coop {

using u128 = unsigned __int128;

// BLAKE2b (RFC 7693) with no key, digest of `out_len` (1..64) bytes and a personalisation
// of up to 16 bytes (zero padded).
void blake2b(const uint8_t* data, size_t len, const char* person, uint8_t* out, size_t out_len);

// seeds.stream_seed(seed, stream) as the 128-bit number's bytes (big-endian)
void stream_seed_bytes(u128 seed, const char* stream, uint8_t out[16]);

// random.Random(seeds.stream_seed(seed, stream)): copy it before the next call on this
// thread, which may reuse it (the last one made for each stream is kept, so a game played
// again on the same seed is not seeded again)
const Rng& stream_rng(u128 seed, const char* stream);

// traces.game_seed(seed, index) = (seed << 32) | index
inline u128 game_seed(u128 seed, uint32_t index) { return (seed << 32) | index; }

}  // namespace coop
