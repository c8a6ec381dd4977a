// Expeditions claimed and contracts completed (engine/claims.py's Claims).
#include <stdexcept>

#include "engine/contracts.hpp"
#include "engine/game.hpp"

namespace coop {

void Game::offer_expeditions(PlayerState& player) {
  Cards options;
  while (!table.over) {
    options.clear();
    for (int c : table.expedition_row)
      if (can_claim(player, c)) options.push_back(c);
    if (options.empty()) return;
    int choice = policy->claim_expedition(table, player, options);
    if (choice == NO_CARD) return;
    if (!options.contains(choice)) throw std::logic_error("a policy claimed an expedition not offered");
    claim(player, choice);
  }
}

// Has the player the persons this expedition needs (Jacks making up the rest)?
bool Game::can_claim(const PlayerState& player, int card) const {
  const Deck& deck = *deck_;
  int short_ = 0;
  for (int i = 0; i < deck.n_needs[card]; ++i) {
    int have = player.abilities[deck.need_ability[card][i]];
    int count = deck.need_count[card][i];
    if (have < count) short_ += count - have;
  }
  return short_ <= player.abilities[JACK];
}

// The persons a claim would discard (named persons first, Jacks for the rest).
bool Game::expedition_persons(const PlayerState& player, int card, IdList<MAX_PERSONS>& out) const {
  const Deck& deck = *deck_;
  out.clear();
  IdList<MAX_PERSONS> jacks;
  for (int c : player.persons)
    if (deck.ability[c] == JACK) jacks.push_back(c);
  int jack_at = 0;  // jacks[jack_at:] are the Jacks not used yet
  for (int i = 0; i < deck.n_needs[card]; ++i) {
    int ability = deck.need_ability[card][i];
    int count = deck.need_count[card][i];
    int own = 0;
    for (int c : player.persons) {
      if (own >= count) break;
      if (deck.ability[c] == ability) {
        out.push_back(c);
        ++own;
      }
    }
    int short_ = count - own;
    if (short_ > jacks.size() - jack_at) return false;
    for (int j = 0; j < short_; ++j) out.push_back(jacks[jack_at + j]);
    jack_at += short_;
  }
  return true;
}

void Game::claim(PlayerState& player, int card) {
  const Deck& deck = *deck_;
  IdList<MAX_PERSONS> persons;
  if (!expedition_persons(player, card, persons))
    throw std::logic_error("a player claimed an expedition they cannot");
  for (int person : persons) {
    if (!player.persons.remove(person)) throw std::logic_error("a person not in the display");
    add_person(player, person, -1);
    table.discard.push_back(person);
  }
  table.expedition_row.remove(card);
  player.expeditions.push_back(card);
  player.vp += deck.vp[card];
  gain(player, deck.coins[card]);
}

// Game._offer_completions: every take-time contract the player can complete, until none
// is left; after a completion they are looked at again from the first.
void Game::offer_completions(PlayerState& player) {
  bool declined[N_CONTRACTS] = {};
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < n_at_take_; ++i) {
      int key = at_take_[i];
      if (table.over || player.cubes_free() <= 0) return;
      if (declined[key]) continue;
      if (!(requirement_met(player, key) && eligible(table, player, key))) continue;
      bool pays = pay_instead(key) && player.vp < PAY_VP;
      if (!policy->complete(table, player, key)) {
        declined[key] = true;
        continue;
      }
      if (pays) pay_discard(player, PAY_COINS);
      complete(player, key);
      for (bool& d : declined) d = false;
      changed = true;
      break;
    }
  }
}

// Game._complete: the player's cube on the contract: coin space, bonus VP, maybe the win.
// A completion that wins ends the game at once: a take that sets it off pays its fee first.
void Game::complete(PlayerState& player, int key) {
  if (fee_due_ == player.index && table.n_open == 1 && table.open[0] == key) pay_fee(player);
  const ContractRule& rule = table.contracts->rule[key];
  Completers& completers = table.completers[key];
  if (completers.n >= MAX_PLAYERS || player.n_completed >= CUBES)
    throw std::logic_error("a completion without a cube or a coin space");
  if (rule.n_coins > 0 && completers.n >= rule.n_coins)
    throw std::logic_error("a completion without a coin space");
  int coins = rule.n_coins > 0 ? rule.coins[completers.n] : 0;
  int at = player.marker_at(key);
  if (at >= 0) {
    for (int i = at; i + 1 < player.n_markers; ++i) {
      player.marker_key[i] = player.marker_key[i + 1];
      player.marker_step[i] = player.marker_step[i + 1];
      player.marker_turn[i] = player.marker_turn[i + 1];
    }
    --player.n_markers;
  }
  player.completed[player.n_completed++] = static_cast<int8_t>(key);
  int bonus = player.n_completed == 2 ? 1 : player.n_completed == 3 ? 2 : 0;
  player.vp += bonus;
  completers.v[completers.n++] = player.index;
  for (int i = 0; i < table.n_open; ++i) {
    if (table.open[i] == key) {
      for (int j = i; j + 1 < table.n_open; ++j) table.open[j] = table.open[j + 1];
      --table.n_open;
      break;
    }
  }
  gain(player, coins);
  if (table.n_open == 0) table.over = table.won = true;
}

}  // namespace coop
