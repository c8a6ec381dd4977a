// A game from a position (engine/fork.py), and the last-turn rule's play-through of the
// rest of a turn (policies/last_turn.py's left_open_on_stopping and last_turn_view).
#include <algorithm>
#include <stdexcept>

#include "engine/game.hpp"

namespace coop {

// fork.sample_hidden(table, rng): the hidden cards (every card not face up) dealt to the
// draw pile (from those the card count allows there), the Time Pile, the Victory Pile and
// the coins; shuffled with `rng` as Python shuffles them, in id order without one.
Hidden sample_hidden(const Table& table, Rng* rng) {
  const Deck& deck = *table.deck;
  bool seen[MAX_CARDS] = {};
  for (int c : table.harbour) seen[c] = true;
  for (int c : table.expedition_row) seen[c] = true;
  for (int c : table.discard) seen[c] = true;
  int coins_total = 0;
  for (int i = 0; i < table.n_players; ++i) {
    const PlayerState& p = table.players[i];
    for (int c : p.persons) seen[c] = true;
    for (int c : p.expeditions) seen[c] = true;
    for (int k = 0; k < p.n_aside; ++k) seen[p.aside[p.aside_order[k]]] = true;
    coins_total += p.coins;
  }
  // plain arrays, not Cards: these lists live for this call only (a Cards is zeroed when made)
  int16_t hidden[MAX_CARDS];
  int n_hidden = 0;
  for (int c = 0; c < deck.size; ++c)
    if (!seen[c]) hidden[n_hidden++] = static_cast<int16_t>(c);
  int dealt_time = table.time_size - table.time_owed;
  int needed = table.draw_size + dealt_time + table.victory_size + coins_total;
  if (n_hidden != needed)
    throw std::logic_error("the hidden cards do not fill the piles and coins");
  int16_t allowed[MAX_KINDS];
  for (int k = 0; k < deck.n_kinds; ++k) allowed[k] = table.unseen[k];
  int16_t candidates[MAX_CARDS], others[MAX_CARDS];
  int n_candidates = 0, n_others = 0;
  for (int i = 0; i < n_hidden; ++i) {
    const int card = hidden[i];
    const int kind = deck.kind[card];
    if (allowed[kind] > 0) {
      allowed[kind] -= 1;
      candidates[n_candidates++] = static_cast<int16_t>(card);
    } else {
      others[n_others++] = static_cast<int16_t>(card);
    }
  }
  if (n_candidates < table.draw_size) {  // the count cannot tell
    std::copy(hidden, hidden + n_hidden, candidates);
    n_candidates = n_hidden;
    n_others = 0;
  }
  if (rng != nullptr) rng->shuffle(candidates, n_candidates);
  // rest = candidates[draw_size:] + others
  Hidden guess;
  int16_t rest[MAX_CARDS];
  int n_rest = 0;
  for (int i = 0; i < n_candidates; ++i) {
    if (i < table.draw_size)
      guess.draw.push_back(candidates[i]);
    else
      rest[n_rest++] = candidates[i];
  }
  for (int i = 0; i < n_others; ++i) rest[n_rest++] = others[i];
  if (rng != nullptr) rng->shuffle(rest, n_rest);
  int at = 0;
  for (; at < dealt_time; ++at) guess.time.push_back(rest[at]);
  for (int i = 0; i < table.victory_size; ++i) guess.victory.push_back(rest[at++]);
  for (int p = 0; p < table.n_players; ++p)
    for (int i = 0; i < table.players[p].coins; ++i) guess.coin_cards[p].push_back(rest[at++]);
  return guess;
}

Hidden sample_hidden_in_order(const Table& table) { return sample_hidden(table, nullptr); }

Table last_turn_view(const Table& table) {
  Table view = table;
  view.victory_size += view.time_size - view.time_owed;  // cards not dealt stay in the draw pile
  view.time_size = 0;
  view.time_owed = 0;
  return view;
}

// Weak, so that the policies' decision-level test (tests/native/policy_probe.cpp), which
// links every source, can put the recorded Python play-through in its place.
__attribute__((weak)) int left_open_on_stopping(const Table& table, Rng& rng, Policy& team) {
  Game game(table, sample_hidden_in_order(table), &rng, team);
  game.resume_draw(false);
  return game.table.n_open;
}

}  // namespace coop
