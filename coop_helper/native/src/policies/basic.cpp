// The basic team (policies/basic.py, policies/needs.py): short, safe draws; hires what an
// open contract needs.
#include "engine/contracts.hpp"
#include "policies/base.hpp"

namespace coop {

namespace {

constexpr int STOP_AT_HARBOUR = 4;

// needs.person_helps
bool person_helps(const Table& table, const PlayerState& player, int card, int key) {
  const Deck& deck = *table.deck;
  const int ability = deck.ability[card];
  int a, b;
  if (pair_of(key, a, b)) return (ability == a || ability == b) && player.abilities[ability] == 0;
  switch (key) {
    case TRADER_PRINCE: return ability == TRADER && player.abilities[TRADER] < 2;
    case FIGHTER: return deck.swords[card] > 0 && player.swords < 3;
    case CHEAP_STAFF: return deck.cost[card] <= 3 && player.cheap_persons < 4;
    default: return false;
  }
}

class BasicPolicy : public Policy {
 public:
  const char* name() const override { return "basic"; }
  void start_game(const Table&, Rng*) override {}
  bool draw_again(const Table& table, const PlayerState&) override {
    return table.harbour.size() < STOP_AT_HARBOUR;
  }
  bool repel(const Table&, const PlayerState&, int) override { return true; }

  int choose_take(const Table& table, const PlayerState& player, const Cards& options,
                  int) override {
    const Deck& deck = *table.deck;
    int useful = NO_CARD;  // max(useful, key=vp): the first of the most victory points
    for (int card : options)
      if (helps(table, player, card) && (useful == NO_CARD || deck.vp[card] > deck.vp[useful]))
        useful = card;
    if (useful != NO_CARD) return useful;
    int richest = NO_CARD;  // max(ships, key=coins)
    for (int card : options)
      if (deck.type[card] == SHIP &&
          (richest == NO_CARD || deck.coins[card] > deck.coins[richest]))
        richest = card;
    if (richest == NO_CARD) return NO_CARD;
    if (table.active == player.index || deck.coins[richest] >= 2) return richest;
    return NO_CARD;  // a non-active player trades only when it beats the 1-coin fee
  }

  bool decline_coins(const Table& table, const PlayerState&, int, int contract) override {
    return table.is_open(contract);
  }
  bool complete(const Table& table, const PlayerState&, int contract) override {
    return table.is_open(contract);
  }
  int claim_expedition(const Table& table, const PlayerState&, const Cards& options) override {
    return table.is_open(EXPLORER) ? options[0] : NO_CARD;
  }
  int coin_recipient(const Table& table, const PlayerState&, const PlayerIds& options) override {
    int pick = options[0];  // min(options, key=coins): the first of the poorest
    for (int i : options)
      if (table.players[i].coins < table.players[pick].coins) pick = i;
    return pick;
  }
  int victory_threshold(const Table&) override { return NEVER; }
  // BasicPolicy.clone: the basic team keeps no memory
  std::unique_ptr<Policy> clone() const override { return std::make_unique<BasicPolicy>(); }

 private:
  static bool helps(const Table& table, const PlayerState& player, int card) {
    if (table.deck->type[card] != PERSON) return false;
    for (int o = 0; o < table.n_open; ++o) {
      const int key = table.open[o];
      if (!player.has_completed(key) && person_helps(table, player, card, key)) return true;
    }
    return false;
  }
};

}  // namespace

std::unique_ptr<Policy> make_basic_policy() { return std::make_unique<BasicPolicy>(); }

}  // namespace coop
