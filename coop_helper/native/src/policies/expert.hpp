// The expert team (policies/expert.py): counts cards, plans who goes for which contract,
// manages coins, and plays its last turn for the win (policies/last_turn.hpp).
//
// The policy keeps the Python object's plan and caches, with the same invalidation, call
// for call (POLICY_NOTES.md says why that matters): the answers depend on when the plan
// was last refreshed, not only on the table.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "policies/base.hpp"
#include "policies/expert_params.hpp"
#include "policies/planning.hpp"

namespace coop {

constexpr int MAX_SWORDS = 8;  // the tables' sword counts (expert.py's MAX_SWORDS is at most this)

// KindGroups.wanted's groups: one per ability, then these three
enum WantedGroup : int { CHEAP_GROUP = N_ABILITIES, SWORDS_GROUP, EXPEDITION_GROUP, N_WANTED_GROUPS };

// expert.KindGroups: card kinds grouped the ways the expert counts them, per deck.
struct KindGroups {
  const Deck* deck = nullptr;
  Deck source;  // the deck's tables these groups were built from
  int n_ship_kinds[N_COLOURS] = {};
  int16_t ship_kind[N_COLOURS][MAX_KINDS] = {};
  int16_t ship_swords[N_COLOURS][MAX_KINDS] = {};
  int n_busting[N_COLOURS][MAX_SWORDS + 1] = {};
  int16_t busting[N_COLOURS][MAX_SWORDS + 1][MAX_KINDS] = {};
  // kind masks: one per ability, then "cheap", "swords", "expedition"
  uint64_t wanted[N_WANTED_GROUPS][KIND_WORDS] = {};
  int8_t ship_colour[MAX_CARDS] = {};  // card -> colour if a ship, else -1
  int n_taxes = 0;
  int16_t taxes[MAX_KINDS] = {};

  explicit KindGroups(const Deck& deck);
};

// The groups of this deck (built once per deck and thread).
std::shared_ptr<const KindGroups> kind_groups(const Deck& deck);

struct TurnFlags {
  bool pack = false;
  bool gamester = false;
  bool tiny_gamester = false;
  double bust_bonus = 0.0;
};

class ExpertPolicy : public Policy {
 public:
  // `params`: the constants Python handed over for this player count (copied)
  explicit ExpertPolicy(const ExpertParams& params, bool last_turn = true)
      : p_(params), plays_last_turn_(last_turn) {}

  const char* name() const override { return "expert"; }
  void start_game(const Table& table, Rng* rng) override;
  bool draw_again(const Table& table, const PlayerState& player) override;
  bool repel(const Table& table, const PlayerState& player, int card) override;
  int choose_take(const Table& table, const PlayerState& player, const Cards& options,
                  int takes_left) override;
  bool decline_coins(const Table& table, const PlayerState& player, int card,
                     int contract) override;
  bool complete(const Table& table, const PlayerState& player, int contract) override;
  int claim_expedition(const Table& table, const PlayerState& player,
                       const Cards& options) override;
  int coin_recipient(const Table& table, const PlayerState& player,
                     const PlayerIds& options) override;
  int victory_threshold(const Table& table) override;

  bool plays_last_turn() const override { return plays_last_turn_; }
  LastTurnBounds last_turn_bounds() const override { return {p_.open_max, p_.short_max}; }
  std::unique_ptr<Policy> clone() const override;
  int stop_left_open() const override { return stop_left_open_; }

  // ExpertPolicy.draw_on: the answer whatever the turns left.
  bool draw_on(const Table& table, const PlayerState& player);
  // ExpertPolicy.turns_needed
  int turns_needed(const Table& table) const;
  // ExpertPolicy.coin_value
  double coin_value(const PlayerState& player, const Wants& wants) const;
  // ExpertPolicy.card_value
  double card_value(const PlayerState& player, int card);

 private:
  using Row = double[MAX_PLAYERS];

  void touch(const PlayerState& player, bool structural = false);
  void refresh(const Table& table);
  double wanted_mass(const Table& table, const PlayerState& player);
  double fills(const PlayerState& player, const Wants& wants, int card) const;
  double income(int card) const;
  double income_part(int card) const;
  double person_progress(const PlayerState& player, int card);
  double person_worth(double progress, double brings, double coin, int price) const;
  void card_row(const Table& table, const PlayerState& active, int card, double* row);
  void fees(const Table& table, const PlayerState& active, double* out) const;
  double harbour_plan(const Table& table, const PlayerState& active, int colours, double* best);
  double plan_value(const Table& table, const PlayerState& active, int colours, double* best);
  double tax_officer_chance(const Table& table) const;
  const TurnFlags& turn_flags(const Table& table, const PlayerState& player);
  double pack_chance(const Table& table, const PlayerState& player) const;
  bool wants_trigger(const Table& table, const PlayerState& player, int key) const;
  int pack_seat() const;
  Rng& guesses();  // the random source of the turns played through in the head
  bool spare_cube(const PlayerState& player) const;
  double draw_correction(const Table& table, const PlayerState& player, double bust,
                         double gain, double bonus, double loss, int n_colours) const;
  // What a take's correction reads besides the card (take_model.take_features).
  struct TakeScene {
    double active;  // 1.0 if the player taking is the active player
    double coins;  // the player's coins, scaled
    double turn;  // the turn, scaled
    double more_takes;  // 1.0 if this is not the player's last take
  };
  double person_take_value(const Table& table, const PlayerState& player, int card, double fee,
                           int later, const TakeScene& scene);
  double ship_correction(const PlayerState& player, int card, double own, double fee,
                         double mates, const TakeScene& scene) const;
  double ship_teammates_gain(const Table& table, int later, int card, double own);

  ExpertParams p_;
  bool plays_last_turn_ = true;
  // guess_seed and guess_rng: the rng is made at the first last-turn look and shared with
  // clones, as the Python object is; a clone that has none makes its own from the seed.
  // Seeding is the costly part, so the seeded generator is kept once per seed (GuessSeed,
  // shared by every clone, and by the next game on this thread if it draws the same seed)
  // and each new guess_rng starts as a copy of it.
  struct GuessSeed {
    uint64_t seed = 0;
    bool seeded = false;
    Rng rng;
  };
  std::shared_ptr<GuessSeed> guess_seed_;
  std::shared_ptr<Rng> guess_rng_;
  int stop_left_open_ = -1;
  const Deck* deck_ = nullptr;
  std::shared_ptr<const KindGroups> kinds_;
  int n_ = 0;
  std::shared_ptr<Wants> wants_[MAX_PLAYERS];  // shared with clones (then replaced, not changed)
  ContractList assignment_[MAX_PLAYERS];
  int open_n_ = -1;
  int row_n_ = -1;
  unsigned dirty_ = 0;  // bit i: player i's display changed
  bool dirty_all_ = true;
  int turn_ = -1;
  int turns_ahead_ = 0;
  int last_seat_ = 0;  // the seat of the last turn of the Time Pile as dealt (expert.py)
  std::vector<std::array<double, MAX_PLAYERS>> rows_;  // per harbour card this turn
  // rows_ in _plan_value's order for player ranked_for_ (grown with rows_, cleared with it)
  std::vector<int16_t> ranked_;
  int ranked_for_ = -1;
  double coin_[MAX_PLAYERS] = {};
  double want_mass_[MAX_PLAYERS] = {};
  uint64_t plan_version_ = 0;
  bool has_flags_key_ = false;
  int flags_turn_ = 0;
  uint64_t flags_version_ = 0;
  TurnFlags flags_;
};

}  // namespace coop
