// Stream seeds as engine/seeds.py derives them: blake2b (RFC 7693), 16-byte digests.
#include "engine/seeds.hpp"

#include <cstring>
#include <string>

namespace coop {
namespace {

constexpr uint64_t IV[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

constexpr uint8_t SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

inline uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

inline uint64_t load64(const uint8_t* p) {
  uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | p[i];
  return x;
}

void compress(uint64_t h[8], const uint8_t block[128], uint64_t t, bool last) {
  uint64_t m[16], v[16];
  for (int i = 0; i < 16; ++i) m[i] = load64(block + 8 * i);
  for (int i = 0; i < 8; ++i) {
    v[i] = h[i];
    v[i + 8] = IV[i];
  }
  v[12] ^= t;  // the byte counter's low word (inputs here are far below 2**64 bytes)
  if (last) v[14] = ~v[14];
  auto g = [&v](int a, int b, int c, int d, uint64_t x, uint64_t y) {
    v[a] = v[a] + v[b] + x;
    v[d] = rotr(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 63);
  };
  for (int r = 0; r < 12; ++r) {
    const uint8_t* s = SIGMA[r];
    g(0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

}  // namespace

void blake2b(const uint8_t* data, size_t len, const char* person, uint8_t* out, size_t out_len) {
  uint8_t param[64] = {};
  param[0] = static_cast<uint8_t>(out_len);
  param[2] = 1;  // fanout
  param[3] = 1;  // depth
  size_t plen = std::strlen(person);
  std::memcpy(param + 48, person, plen < 16 ? plen : 16);
  uint64_t h[8];
  for (int i = 0; i < 8; ++i) h[i] = IV[i] ^ load64(param + 8 * i);
  uint8_t block[128];
  uint64_t t = 0;
  while (len > 128) {
    t += 128;
    compress(h, data, t, false);
    data += 128;
    len -= 128;
  }
  std::memset(block, 0, sizeof block);
  std::memcpy(block, data, len);
  t += len;
  compress(h, block, t, true);
  for (size_t i = 0; i < out_len; ++i) out[i] = static_cast<uint8_t>(h[i / 8] >> (8 * (i % 8)));
}

void stream_seed_bytes(u128 seed, const char* stream, uint8_t out[16]) {
  char digits[48];
  int n = 0;
  char reversed[48];
  do {
    reversed[n++] = static_cast<char>('0' + static_cast<int>(seed % 10));
    seed /= 10;
  } while (seed);
  for (int i = 0; i < n; ++i) digits[i] = reversed[n - 1 - i];
  blake2b(reinterpret_cast<const uint8_t*>(digits), static_cast<size_t>(n), stream, out, 16);
}

namespace {

// The last generator made for one stream on this thread.
struct Made {
  u128 seed = 0;
  std::string stream;
  Rng rng;
};

// This thread's two (the "deck" stream's and the "policy" stream's), reached through a
// call that is not inlined, so the seeding loop works on a plain pointer (thread-local
// storage in a shared library otherwise costs a lookup per word).
__attribute__((noinline)) Made* made_here() {
  thread_local Made made[2];
  return made;
}

}  // namespace

const Rng& stream_rng(u128 seed, const char* stream) {
  // A game played again on the same seed (once per seat of the last turn) copies the
  // generator instead of seeding it again.
  Made& last = made_here()[std::strcmp(stream, "deck") == 0 ? 0 : 1];
  if (last.seed != seed || last.stream != stream) {  // (a new slot's stream is empty)
    uint8_t bytes[16];
    stream_seed_bytes(seed, stream, bytes);
    uint32_t words[4];  // least significant first; the bytes are big-endian
    for (int w = 0; w < 4; ++w) {
      const uint8_t* p = bytes + 12 - 4 * w;
      words[w] = (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
    }
    last.rng.seed_words(words, 4);
    last.seed = seed;
    last.stream = stream;
  }
  return last.rng;
}

}  // namespace coop
