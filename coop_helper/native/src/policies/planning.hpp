// Team planning for the expert (policies/planning.py): which player goes for which open
// contract, and what each then wants. Sets of abilities and colours are bit masks (only
// tested for membership, so their order never mattered); lists keep Python's order.
#pragma once

#include <cstdint>

#include "engine/state.hpp"
#include "policies/expert_params.hpp"

namespace coop {

// A player's list of contracts (planning's list[str]), in the order they were added.
struct ContractList {
  int8_t n = 0;
  int8_t v[N_CONTRACTS] = {};
  bool contains(int c) const {
    for (int i = 0; i < n; ++i)
      if (v[i] == c) return true;
    return false;
  }
  void push_back(int c) { v[n++] = static_cast<int8_t>(c); }
};

// planning.Wants: what one player is after, with the expert's two memos.
struct Wants {
  uint16_t abilities = 0;  // bit a: persons of ability a
  int swords = 0;
  int cheap = 0;
  int traders = 0;
  bool expedition = false;
  uint16_t expedition_missing = 0;  // bit a: an ability the nearest expeditions lack
  int coins = 0;
  uint8_t foes = 0;  // bit c: ship colour c whose coins to decline
  bool pack = false;
  ContractList contracts;
  // memo: kind -> progress (the expert's Wants.fills); fills[k] is set where filled says
  uint64_t filled[KIND_WORDS] = {};
  double fills[MAX_KINDS];
  // memo: the kinds wanted (Wants.kinds), once worked out
  bool has_kinds = false;
  int16_t n_kinds = 0;
  int16_t kinds[MAX_KINDS];

  Wants() {}  // the memo arrays stay unset until their flags say otherwise
  // back to a Wants() with nothing wanted and empty memos
  void reset() {
    abilities = 0;
    swords = cheap = traders = coins = 0;
    expedition = pack = false;
    expedition_missing = 0;
    foes = 0;
    contracts.n = 0;
    for (uint64_t& word : filled) word = 0;
    has_kinds = false;
    n_kinds = 0;
  }
  bool has_fill(int kind) const { return has_kind(filled, kind); }
  void set_fill(int kind, double value) {
    fills[kind] = value;
    add_kind(filled, kind);
  }
};

// planning.progress
double progress(const Table& table, const PlayerState& player, int key, const ExpertParams& p);
// The seat that takes the game's last turn if no Tax Increase moves a card first (before
// the first turn or during any turn).
int last_seat(const Table& table);

// planning.assign_contracts: plan[i] gets the contracts for player i.
// The weights are the expert's: sticky, pack_swords, coin_weight, progress_weight,
// load_penalty and rich. Pack of Pirates goes to pack_seat of the players tied for it
// (-1: the first of them).
void assign_contracts(const Table& table, const ContractList* previous,
                      const ExpertParams& weights, ContractList* plan, int pack_seat);

// planning.expedition_missing (an ability mask)
uint16_t expedition_missing(const Table& table, const PlayerState& player, int slack);

// planning.wants_for_player
void wants_for_player(const Table& table, const PlayerState& player, const ContractList& keys,
                      int pack_swords, int expedition_slack, Wants& out);

}  // namespace coop
