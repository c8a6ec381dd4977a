// The search player (policies/search.py): a base policy's draw and take decisions checked
// by determinized rollouts, with the same random numbers drawn in the same order as the
// Python SearchPolicy, so for the same game it makes the same decisions.
//
// At a checked decision it asks the base policy, then for each of `samples` guesses of the
// hidden cards (sample_hidden, from the public table and its own generator) draws a seed
// (getrandbits(62)) and plays every option to the end from that guess with a fresh base
// policy (the game's draws from Random(seed), the policy's from Random(seed * 2 + 1)); the
// base answer is overridden only by an option whose paired win difference exceeds
// `significance` standard errors (paired_best). No constant is typed here: search.py hands
// them over (SearchConstants, bindings.cpp's make_search).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "policies/base.hpp"
#include "rng.hpp"
#include "engine/state.hpp"

namespace coop {

// search.py's constants, as search.search_constants hands them over.
struct SearchConstants {
  double significance = 0.0;  // SIGNIFICANCE: standard errors an override needs
  uint64_t seed_salt = 0;  // SEED_SALT: start_game's rng.getrandbits(64) ^ this seeds the search
};

enum SearchKind : int { DRAW_DECISION = 0, TAKE_DECISION = 1 };

// search.paired_best: the option whose mean paired gain over `base` is largest and exceeds
// `significance` standard errors; `base` if none does. results[option][sample] is 1.0 or 0.0.
int paired_best(const std::vector<std::vector<double>>& results, int base, double significance);

// One decision the search checked: what the base said, what the search played, and the
// wins of each option over the samples (options in search order: the base's answer first).
struct SearchRecord {
  int kind = DRAW_DECISION;
  int turn = 0;
  int player = 0;
  int base_choice = 0;  // draw: 1 again, 0 stop; take: a card id or NO_CARD
  int pick = 0;
  std::vector<int> options;  // as base_choice
  std::vector<int> wins;  // per option
};

// Thrown out of a search when its poll says the run was interrupted (Ctrl-C).
struct SearchInterrupted {};

// Where the rollouts of a decision start: the hidden cards and the game's generator.
struct RolloutStart {
  Hidden hidden;
  Rng game_rng;
};

class SearchPolicy : public Policy {
 public:
  // `base` names the policy checked (make_policy's names); `draw`/`take` the decision kinds
  // checked (search, search-draw, search-take).
  // `constants`: search.py's (make_search); `expert`: the expert's constants (make_expert),
  // for an expert base (both copied).
  SearchPolicy(std::string base, bool draw, bool take, int samples,
               const SearchConstants& constants, const ExpertParams* expert = nullptr);

  const char* name() const override { return "search"; }
  void start_game(const Table& table, Rng* rng) override;
  bool draw_again(const Table& table, const PlayerState& player) override;
  int choose_take(const Table& table, const PlayerState& player, const Cards& options,
                  int takes_left) override;

  bool repel(const Table& table, const PlayerState& player, int card) override {
    return base_->repel(table, player, card);
  }
  bool decline_coins(const Table& table, const PlayerState& player, int card,
                     int contract) override {
    return base_->decline_coins(table, player, card, contract);
  }
  bool complete(const Table& table, const PlayerState& player, int contract) override {
    return base_->complete(table, player, contract);
  }
  int claim_expedition(const Table& table, const PlayerState& player,
                       const Cards& options) override {
    return base_->claim_expedition(table, player, options);
  }
  int coin_recipient(const Table& table, const PlayerState& player,
                     const PlayerIds& options) override {
    return base_->coin_recipient(table, player, options);
  }
  int victory_threshold(const Table& table) override { return base_->victory_threshold(table); }
  bool time_blind() const override { return false; }

  // The wins (1.0/0.0) of each option over the samples, drawn from this player's generator:
  // SearchPolicy._rollouts. `options` are draw answers (1/0) or take answers (card ids or
  // NO_CARD, `player` taking with `takes_left` left).
  std::vector<std::vector<double>> rollouts(const Table& table, SearchKind kind,
                                            const std::vector<int>& options, int player,
                                            int takes_left);

  Rng rng;  // the search's own generator (public: the per-decision crossing hands it over)
  int searched[2] = {0, 0};  // decisions searched, per kind
  int overridden[2] = {0, 0};  // ... and answered differently
  std::vector<SearchRecord> records;  // every searched decision, when `record` is set
  bool record = false;
  // Called now and then during a search (at most every POLL_EVERY); throws
  // SearchInterrupted to stop the run.
  std::function<void()> poll;

 protected:
  // Where sample `i`'s rollouts start: a guess of the hidden cards (the search) or the truth
  // (the clairvoyant bound). `seed` is the sample's seed, drawn after the guess.
  virtual void rollout_start(const Table& table, RolloutStart& out, uint64_t& seed);

 private:
  void note(SearchKind kind, const Table& table, const PlayerState& player, int base_choice,
            int pick, const std::vector<int>& options,
            const std::vector<std::vector<double>>& results);
  void maybe_poll();

  std::string base_name_;
  SearchConstants constants_;
  std::shared_ptr<const ExpertParams> expert_;  // null for a base that needs none
  bool draw_ = true;
  bool take_ = true;
  int samples_ = 0;
  std::unique_ptr<Policy> base_;
  Rng base_rng_;  // the base policy's generator (it may keep a pointer to it)
  std::chrono::steady_clock::time_point last_poll_{};
};

constexpr std::chrono::milliseconds POLL_EVERY{50};

// A base policy by name for the search (make_policy); throws std::invalid_argument.
std::unique_ptr<Policy> make_search_base(const std::string& name, const ExpertParams* expert);

}  // namespace coop
