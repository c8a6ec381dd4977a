// CPython's random.Random, exactly: the MT19937 generator, seeded as random.seed(int)
// seeds it (init_by_array over the 32-bit words of abs(seed), least significant first),
// with random(), getrandbits(k), _randbelow(n), choice and shuffle drawing the same
// numbers in the same order.
//
// Two savings that leave every number as it was: the state every seeding starts from
// (init_genrand(19650218)) is computed once, and each round of 624 words is twisted word by
// word as they are drawn (a generator that draws a few words, as most streams here do, never
// twists the rest). python_state() gives the state as Python's getstate() would.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace coop {

class Rng {
 public:
  static constexpr int N = 624;
  static constexpr int M = 397;  // the twist's offset

  // Not seeded yet (all zero): seed it, or set its state, before drawing. Seeding costs
  // about as much as a short game's engine work, so nothing is seeded twice.
  Rng() = default;
  explicit Rng(uint64_t seed) { seed_u64(seed); }

  // random.seed(n) for 0 <= n < 2**64.
  void seed_u64(uint64_t seed) {
    uint32_t words[2] = {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
    seed_words(words, words[1] ? 2 : 1);
  }

  // random.seed(n) for n given as its 32-bit words, least significant first. High zero
  // words are dropped, as CPython does (the key is as long as the number's bit length).
  void seed_words(const uint32_t* words, int n_words) {
    while (n_words > 1 && words[n_words - 1] == 0) --n_words;
    uint32_t zero = 0;
    if (n_words <= 0) {
      words = &zero;
      n_words = 1;
    }
    static const std::array<uint32_t, N> start = genrand_start(19650218U);
    std::memcpy(mt_, start.data(), sizeof mt_);
    index_ = N;
    if (n_words < N) {
      seed_short_key(words, n_words);
    } else {
      int i = 1, j = 0;
      for (int k = n_words; k; --k) {
        first_step(i, mt_[i - 1], words[j] + static_cast<uint32_t>(j));
        ++i;
        ++j;
        if (i >= N) {
          mt_[0] = mt_[N - 1];
          i = 1;
        }
        if (j >= n_words) j = 0;
      }
      for (int k = N - 1; k; --k) {
        second_step(i, mt_[i - 1]);
        ++i;
        if (i >= N) {
          mt_[0] = mt_[N - 1];
          i = 1;
        }
      }
    }
    mt_[0] = 0x80000000U;
  }

  uint32_t next_u32() {
    if (index_ >= N) index_ = ready_ = 0;  // a new round
    if (index_ >= ready_) twist_word(ready_++);
    uint32_t y = mt_[index_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
  }

  // Twist the rest of the round now (the next round's, if this one is drawn to its end or
  // not started, as CPython does at its first draw), so that copies drawn from later share
  // the work. The numbers drawn are the same either way; only a state read before the next
  // draw differs from CPython's (there the new round at position 0, not the old one at 624).
  void twist_ahead() {
    if (index_ >= N) index_ = ready_ = 0;
    for (; ready_ < N - M; ++ready_) twist_step(ready_, ready_ + 1, ready_ + M);
    for (; ready_ < N - 1; ++ready_) twist_step(ready_, ready_ + 1, ready_ + M - N);
    if (ready_ < N) twist_word(ready_++);
  }

  // random.random(): 53 random bits as a double in [0, 1)
  double random() {
    uint32_t a = next_u32() >> 5, b = next_u32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  // random.getrandbits(k) for 0 <= k <= 64 (words least significant first)
  uint64_t getrandbits(int k) {
    if (k <= 0) return 0;
    if (k <= 32) return next_u32() >> (32 - k);
    uint64_t low = next_u32();
    uint64_t high = next_u32() >> (64 - k);
    return low | (high << 32);
  }

  // random._randbelow(n) for n >= 1: getrandbits(n.bit_length()) until below n
  uint64_t randbelow(uint64_t n) {
    int k = 0;
    for (uint64_t m = n; m; m >>= 1) ++k;
    uint64_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
  }

  // random.choice over n items: the index chosen
  int choice_index(int n) { return static_cast<int>(randbelow(static_cast<uint64_t>(n))); }

  // random.shuffle(x) over x[0..n)
  template <typename T>
  void shuffle(T* x, int n) {
    for (int i = n - 1; i > 0; --i) {
      int j = static_cast<int>(randbelow(static_cast<uint64_t>(i) + 1));
      T t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
  }

  // getstate()/setstate() as in Python: the 624 words (the round twisted to its end, as
  // CPython twists it at once) and the position
  std::array<uint32_t, N> python_state() const {
    Rng whole = *this;
    if (whole.index_ < N) whole.twist_ahead();
    std::array<uint32_t, N> words;
    for (int i = 0; i < N; ++i) words[i] = whole.mt_[i];
    return words;
  }
  int state_index() const { return index_; }
  void set_state(const uint32_t* words, int index) {
    for (int i = 0; i < N; ++i) mt_[i] = words[i];
    index_ = index;
    ready_ = N;
  }

 private:
  static std::array<uint32_t, N> genrand_start(uint32_t s) {  // init_genrand(s)
    std::array<uint32_t, N> mt{};
    mt[0] = s;
    for (int i = 1; i < N; ++i) mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    return mt;
  }

  // init_by_array's two mixing passes for a key shorter than the state (every key here):
  // the first pass runs over words 1 to N - 1 and then word 1 again, the second over words
  // 2 to N - 1 and then word 1 again, each time after word 0 took word N - 1's value; the
  // same steps as CPython's loop, without its checks for the ends inside the loop (the
  // key's words cycle in a loop of their own length, unrolled for the usual lengths).
  void seed_short_key(const uint32_t* words, int n_words) {
    uint32_t add[N];  // words[j] + j, for j = 0 .. n_words - 1
    for (int j = 0; j < n_words; ++j) add[j] = words[j] + static_cast<uint32_t>(j);
    int j;  // the key word the pass's last step takes
    switch (n_words) {
      case 1: j = first_pass<1>(add); break;
      case 2: j = first_pass<2>(add); break;
      case 4: j = first_pass<4>(add); break;
      default: j = first_pass_any(add, n_words);
    }
    mt_[0] = mt_[N - 1];
    uint32_t prev = first_step(1, mt_[0], add[j]);
    int i = 2;
    for (; i + 4 <= N; i += 4)
      for (int u = 0; u < 4; ++u) prev = second_step(i + u, prev);
    for (; i < N; ++i) prev = second_step(i, prev);
    mt_[0] = mt_[N - 1];
    second_step(1, mt_[0]);
  }
  // The first pass over words 1 to N - 1 with a key of K words; the key word next in turn.
  template <int K>
  int first_pass(const uint32_t* add) {
    uint32_t prev = mt_[0];
    int i = 1;
    for (; i + K <= N; i += K)
      for (int j = 0; j < K; ++j) prev = first_step(i + j, prev, add[j]);
    int j = 0;
    for (; i < N; ++i, ++j) prev = first_step(i, prev, add[j]);
    return j == K ? 0 : j;
  }
  int first_pass_any(const uint32_t* add, int n_words) {
    uint32_t prev = mt_[0];
    int j = 0;
    for (int i = 1; i < N; ++i) {
      prev = first_step(i, prev, add[j]);
      if (++j == n_words) j = 0;
    }
    return j;
  }
  // One step of init_by_array's first and second pass: word i mixed with the word before it
  // (`prev`), plus the key word and its place (`add`), or less i.
  uint32_t first_step(int i, uint32_t prev, uint32_t add) {
    return mt_[i] = (mt_[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + add;
  }
  uint32_t second_step(int i, uint32_t prev) {
    return mt_[i] = (mt_[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
  }

  // Word k of the next round. Made in order, the words it reads hold what CPython's
  // whole-round twist reads there: word k + 1 still the old round's (for k = N - 1, word 0,
  // already the new one's); word k + M the old round's for k < N - M, and for larger k word
  // k + M - N, already the new round's.
  void twist_word(int k) {
    twist_step(k, k + 1 < N ? k + 1 : 0, k + M < N ? k + M : k + M - N);
  }
  // twist_word with the two words it reads given: `next` = k + 1 and `ahead` = k + M, each
  // taken modulo N
  void twist_step(int k, int next, int ahead) {
    static constexpr uint32_t MAG[2] = {0x0U, 0x9908b0dfU};
    uint32_t y = (mt_[k] & 0x80000000U) | (mt_[next] & 0x7fffffffU);
    mt_[k] = mt_[ahead] ^ (y >> 1) ^ MAG[y & 1U];
  }

  uint32_t mt_[N] = {};
  int index_ = N;  // the next word to draw; N: a new round is due
  int ready_ = N;  // words [0, ready_) of the round are twisted
};

}  // namespace coop
