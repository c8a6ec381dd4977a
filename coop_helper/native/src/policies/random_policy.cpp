// The random legal player (policies/random_policy.py): every choice uniform among the
// legal ones, from the game's policy stream, in the same calls as Python's.
#include "policies/base.hpp"

namespace coop {

namespace {

class RandomPolicy : public Policy {
 public:
  const char* name() const override { return "random"; }
  void start_game(const Table&, Rng* rng) override { rng_ = rng; }
  bool draw_again(const Table&, const PlayerState&) override { return coin(); }
  bool repel(const Table&, const PlayerState&, int) override { return coin(); }
  int choose_take(const Table&, const PlayerState&, const Cards& options, int) override {
    return pick_or_none(options);  // choice([*options, None])
  }
  bool decline_coins(const Table&, const PlayerState&, int, int) override { return coin(); }
  bool complete(const Table&, const PlayerState&, int) override { return coin(); }
  int claim_expedition(const Table&, const PlayerState&, const Cards& options) override {
    return pick_or_none(options);
  }
  int coin_recipient(const Table&, const PlayerState&, const PlayerIds& options) override {
    return options[rng_->choice_index(options.size())];
  }
  int victory_threshold(const Table&) override { return coin() ? 0 : NEVER; }

  // RandomPolicy.clone: a copy whose random source goes on from this one's state (its own
  // generator, as Python's setstate on a new Random)
  std::unique_ptr<Policy> clone() const override {
    auto other = std::make_unique<RandomPolicy>();
    if (rng_ != nullptr) {
      other->own_ = std::make_unique<Rng>(*rng_);
      other->rng_ = other->own_.get();
    }
    return other;
  }

 private:
  bool coin() { return rng_->random() < 0.5; }
  int pick_or_none(const Cards& options) {
    const int i = rng_->choice_index(options.size() + 1);
    return i < options.size() ? options[i] : NO_CARD;
  }

  Rng* rng_ = nullptr;
  std::unique_ptr<Rng> own_;  // a clone's own generator
};

}  // namespace

std::unique_ptr<Policy> make_random_policy() { return std::make_unique<RandomPolicy>(); }

}  // namespace coop
