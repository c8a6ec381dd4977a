// Trade and hire (engine/trade.py's TradeAndHire): take times, take income, the takes
// themselves, ships traded, persons hired, Frigate/Galleon Foe progress.
#include <stdexcept>

#include "engine/contracts.hpp"
#include "engine/game.hpp"

namespace coop {

void Game::trade_and_hire(PlayerState& active) {
  bool seen[N_COLOURS];
  int colours = harbour_colours(seen);
  int takes = takes_for_colours(colours) + active.abilities[GOVERNOR];
  take_time(active, takes, true);
  later_take_times(active);
}

// The take times of the players after this one in turn order.
void Game::later_take_times(const PlayerState& after) {
  int8_t order[MAX_PLAYERS];
  int n = clockwise(order);
  int at = 0;
  while (order[at] != after.index) ++at;
  for (int i = at + 1; i < n; ++i) {
    if (table.over) return;
    PlayerState& player = table.players[order[i]];
    take_time(player, 1 + player.abilities[GOVERNOR], false);
  }
}

void Game::take_time(PlayerState& player, int takes, bool is_active) {
  take_income(player, is_active);
  if (is_active) offer_expeditions(player);
  offer_completions(player);
  take_loop(player, takes, is_active, ASK);
}

// Game._take_loop: cards taken one by one; `first` answers the first question (ASK: the
// policy is asked).
void Game::take_loop(PlayerState& player, int takes, bool is_active, int first) {
  Cards options;
  while (takes > 0 && !table.harbour.empty() && !table.over) {
    take_options(player, is_active, options);
    if (options.empty()) break;
    int card;
    if (first == ASK) {
      card = policy->choose_take(table, player, options, takes);
    } else {
      card = first;
      first = ASK;
    }
    if (card == NO_CARD) break;
    if (!options.contains(card)) throw std::logic_error("a policy chose a card it could not take");
    takes -= 1;
    takes += take(player, card, is_active);
    if (is_active) offer_expeditions(player);
    offer_completions(player);
  }
}

void Game::take_income(PlayerState& player, bool is_active) {
  const Deck& deck = *deck_;
  int harbour = table.harbour.size();
  int ships = 0;
  for (int c : table.harbour)
    if (deck.type[c] == SHIP) ++ships;
  int coins = 0;
  const int16_t* a = player.abilities;
  if (a[GUNNER] && ships > 1) coins += a[GUNNER] * (ships - 1);
  if (a[VICE_ADMIRAL] && (harbour == 3 || harbour == 4)) coins += a[VICE_ADMIRAL];
  if (a[ADMIRAL] && harbour >= 5) coins += 2 * a[ADMIRAL];
  if (a[JESTER] && !is_active && harbour == 0) coins += a[JESTER];
  if (coins) gain(player, coins);
}

void Game::take_options(const PlayerState& player, bool is_active, Cards& out) const {
  const Deck& deck = *deck_;
  int fee = is_active ? 0 : 1;
  out.clear();
  for (int card : table.harbour) {
    if (deck.type[card] == SHIP)
      out.push_back(card);  // every ship pays at least the 1-coin fee
    else if (player.coins >= hire_cost(deck, player, card) + fee)
      out.push_back(card);
  }
}

// Game._take: trade or hire one harbour card; the extra takes it earns.
int Game::take(PlayerState& player, int card, bool is_active) {
  const Deck& deck = *deck_;
  int extra = 0;
  fee_due_ = is_active ? -1 : player.index;
  if (deck.type[card] == SHIP) {
    table.harbour.remove(card);
    extra = trade(player, card, is_active);
  } else {
    pay_discard(player, hire_cost(deck, player, card));
    table.harbour.remove(card);
    hire(player, card);
    if (deck.ability[card] == GOVERNOR) extra = 1;  // its extra take is there at once
  }
  if (fee_due_ >= 0) pay_fee(player);
  return extra;
}

int Game::trade(PlayerState& player, int card, bool is_active) {
  const Deck& deck = *deck_;
  int colour = deck.colour[card];
  table.discard.push_back(card);
  int foe = colour == RED ? FRIGATE_FOE : colour == BLACK ? GALLEON_FOE : NO_CONTRACT;
  bool declined = false;
  if (foe != NO_CONTRACT && table.in_game(foe) && eligible(table, player, foe) &&
      (is_active || player.coins >= 1))
    declined = policy->decline_coins(table, player, card, foe);
  if (declined) {
    foe_progress(player, foe);
  } else {
    gain(player, deck.coins[card] + player.traders[colour]);
    if (deck.coin_to_other[card] && table.n_players > 1) {
      PlayerIds others;
      for (int i = 0; i < table.n_players; ++i)
        if (i != player.index) others.push_back(i);
      int chosen = policy->coin_recipient(table, player, others);
      if (!others.contains(chosen)) throw std::logic_error("a coin for a player not offered");
      gain(table.players[chosen], 1);
    }
  }
  return player.clerks[colour];
}

void Game::foe_progress(PlayerState& player, int contract) {
  int step = player.marker_step_of(contract) + 1;
  if (step > table.contracts->rule[contract].markers) {
    complete(player, contract);
    return;
  }
  int at = player.marker_at(contract);
  if (at < 0) {
    if (player.n_markers >= CUBES) throw std::logic_error("a marker without a cube");
    at = player.n_markers++;
    player.marker_key[at] = static_cast<int8_t>(contract);
    player.marker_turn[at] = 0;  // only Tiny Gamester's turn is ever read
  }
  player.marker_step[at] = static_cast<int8_t>(step);
}

void Game::hire(PlayerState& player, int card) {
  if (player.persons.size() >= MAX_PERSONS) throw std::logic_error("display full");
  player.persons.push_back(card);
  add_person(player, card, +1);
}

void Game::add_person(PlayerState& player, int card, int sign) {
  const Deck& deck = *deck_;
  int ability = deck.ability[card];
  player.abilities[ability] += sign;
  player.swords += sign * deck.swords[card];
  player.vp += sign * deck.vp[card];
  if (deck.cost[card] <= CHEAP_COST) player.cheap_persons += sign;
  if (ability == TRADER)
    player.traders[deck.colour[card]] += sign;
  else if (ability == CLERK)
    player.clerks[deck.colour[card]] += sign;
}

}  // namespace coop
