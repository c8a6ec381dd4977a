// The C++ decision interface: policies/base.py's Policy Protocol, question by question.
//
// The engine asks a policy at every decision point with the public Table (never Hidden),
// the player deciding and the legal choices. One policy object plays for the whole team.
// Contracts are Contract ids (engine/state.hpp), cards the Python engine's card ids.
#pragma once

#include <memory>

#include "policies/expert_params.hpp"
#include "rng.hpp"
#include "engine/state.hpp"

namespace coop {

// last_turn.py's OPEN_MAX and SHORT_MAX, as the policy that plays the last turn has them.
struct LastTurnBounds {
  int open_max = 0;  // the rule looks at a stop only with at most this many contracts open ...
  int short_max = 0;  // ... and draws on only if stopping leaves at most this many open
};

class Policy {
 public:
  virtual ~Policy() = default;

  // Policy.name ("random", "basic", "expert")
  virtual const char* name() const = 0;

  // Called once before the first turn. `rng` is the policy's own random source (the game's
  // POLICY stream); it outlives the game, so the policy may keep the pointer.
  virtual void start_game(const Table& table, Rng* rng) = 0;

  // Phase 1: draw another card (true) or stop.
  virtual bool draw_again(const Table& table, const PlayerState& player) = 0;

  // Phase 1: repel the ship just drawn (asked only when the player can).
  virtual bool repel(const Table& table, const PlayerState& player, int card) = 0;

  // Phase 2: which of `options` (harbour card ids, in harbour order) to take, or NO_CARD.
  virtual int choose_take(const Table& table, const PlayerState& player, const Cards& options,
                          int takes_left) = 0;

  // Trading a Frigate or Galleon: decline all its coins for `contract` (FRIGATE_FOE or
  // GALLEON_FOE) progress.
  virtual bool decline_coins(const Table& table, const PlayerState& player, int card,
                             int contract) = 0;

  // Complete `contract` now (or place its first progress marker).
  virtual bool complete(const Table& table, const PlayerState& player, int contract) = 0;

  // Claim one of these expeditions (card ids, in expedition-row order), or NO_CARD.
  virtual int claim_expedition(const Table& table, const PlayerState& player,
                               const Cards& options) = 0;

  // Which other player (index, one of `options`) receives an expansion ship's +1 coin.
  virtual int coin_recipient(const Table& table, const PlayerState& player,
                             const PlayerIds& options) = 0;

  // The fewest Time Pile cards left at which the policy moves one on a Tax Increase.
  virtual int victory_threshold(const Table& table) = 0;

  // A Tax Increase was drawn: move a Time Pile card to the Victory Pile? (base.py's rule)
  bool victory_move(const Table& table) { return table.time_size >= victory_threshold(table); }

  // --- what the odds runner needs (sim/traces.py) ---

  // ExpertPolicy.plays_last_turn: the runner branches where the last-turn rule would act.
  virtual bool plays_last_turn() const { return false; }

  // The last-turn rule's bounds (asked only of a policy whose plays_last_turn() is true).
  virtual LastTurnBounds last_turn_bounds() const { return {}; }

  // A copy in the middle of a game, with this game's memory (ExpertPolicy.clone). Only
  // asked of a policy whose plays_last_turn() is true.
  virtual std::unique_ptr<Policy> clone() const { return nullptr; }

  // ExpertPolicy.stop_left_open: after a last-turn stop the rule played through, the
  // contracts it left open; -1 otherwise.
  virtual int stop_left_open() const { return -1; }

  // policies.is_time_blind: no decision depends on the Time Pile's size except the
  // Victory Pile move and the last turn.
  virtual bool time_blind() const { return true; }
};

// The policies by name (policies.make_policy for "random", "basic", "expert"). Each is
// defined in its policy_*.cpp file. The expert plays with the constants Python handed over.
std::unique_ptr<Policy> make_random_policy();
std::unique_ptr<Policy> make_basic_policy();
std::unique_ptr<Policy> make_expert_policy(const ExpertParams& params, bool last_turn = true);

// Does the native core play the policy called `name`?
bool plays_policy(const char* name);

// make_policy(name): nullptr for a name the native core does not play. `expert`: the
// expert's constants, needed (not null) for "expert" and "expert-time-blind" (the expert
// without its last-turn rule, ExpertPolicy(last_turn=False), for the benchmarks).
std::unique_ptr<Policy> make_policy(const char* name, const ExpertParams* expert);

// --- the engine, as a policy may use it (defined in engine files, not by policies) ---

// last_turn.left_open_on_stopping: how many contracts are still open at the end of this
// turn if the active player stops drawing now (0: the team wins), the turn played through
// by `team` (a clone, used up) on the hidden cards dealt in id order, its coins drawn with
// `rng` (used, not copied). The table is copied; `table` is not changed.
int left_open_on_stopping(const Table& table, Rng& rng, Policy& team);

}  // namespace coop
