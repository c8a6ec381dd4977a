// Card moves and counting (engine/moves.py's CardMoves): draws, reshuffles, the public
// card count, coins, the Time Pile.
#include <stdexcept>

#include "engine/game.hpp"

namespace coop {

// Game._draw_hidden: a random card off the draw pile (NO_CARD if none is left anywhere);
// the discard pile becomes the new draw pile the moment the old one empties.
int Game::draw_hidden(bool reveal_it) {
  Cards& draw = hidden.draw;
  if (draw.empty()) {
    if (table.discard.empty()) return NO_CARD;
    reshuffle(NO_CARD);
  }
  int n = draw.size();
  int i = hidden.stacked ? n - 1 : static_cast<int>(rng->random() * n);
  int card = draw[i];
  if (reveal_it) reveal(card, true);
  if (n == 1) {
    table.draw_runouts += 1;
    if (!table.discard.empty()) {
      reshuffle(card);  // the last card leaves as the new pile forms
      return card;
    }
  }
  draw[i] = draw[n - 1];
  draw.pop_back();
  table.draw_size = static_cast<int16_t>(n - 1);
  return card;
}

// Game._reshuffle: the discard pile shuffled into the draw pile; `last` the old pile's
// last card, being drawn.
void Game::reshuffle(int last) {
  Cards& draw = hidden.draw;
  if (last != NO_CARD) draw.remove(last);
  for (int card : table.discard) draw.push_back(card);
  const Deck& deck = *deck_;
  for (int k = 0; k < deck.n_kinds; ++k) table.unseen[k] = 0;
  for (int c = 0; c < N_COLOURS; ++c) table.unseen_ships[c] = 0;
  for (int card : table.discard) {
    table.unseen[deck.kind[card]] += 1;
    if (deck.type[card] == SHIP) table.unseen_ships[deck.colour[card]] += 1;
  }
  table.unseen_total = static_cast<int16_t>(table.discard.size());
  table.discard.clear();
  table.draw_size = static_cast<int16_t>(draw.size());
  table.reshuffled = true;
  reshuffles += 1;
}

// Game._reveal: a hidden card turns face up; the card count learns of it.
void Game::reveal(int card, bool from_draw) {
  if (from_draw || !table.reshuffled) {
    const Deck& deck = *deck_;
    int kind = deck.kind[card];
    if (table.unseen[kind] > 0) {
      table.unseen[kind] -= 1;
      table.unseen_total -= 1;
      if (deck.type[card] == SHIP) table.unseen_ships[deck.colour[card]] -= 1;
    }
  }
}

// The ship colours in the harbour: `seen[colour]` for each, and how many there are.
int Game::harbour_colours(bool seen[N_COLOURS]) const {
  const Deck& deck = *deck_;
  for (int c = 0; c < N_COLOURS; ++c) seen[c] = false;
  int colours = 0;
  for (int card : table.harbour) {
    if (deck.type[card] == SHIP && !seen[deck.colour[card]]) {
      seen[deck.colour[card]] = true;
      ++colours;
    }
  }
  return colours;
}

void Game::gain(PlayerState& player, int n) {
  Cards& coins = hidden.coin_cards[player.index];
  for (int i = 0; i < n; ++i) {
    int card = draw_hidden(false);
    if (card == NO_CARD) return;
    coins.push_back(card);
    player.coins += 1;
  }
}

void Game::pay_discard(PlayerState& player, int n) {
  Cards& coins = hidden.coin_cards[player.index];
  for (int i = 0; i < n; ++i) {
    if (coins.empty()) throw std::logic_error("a player paid a coin they do not have");
    int card = coins.pop_back();
    player.coins -= 1;
    reveal(card, false);
    table.discard.push_back(card);
  }
}

void Game::pay_player(PlayerState& payer, PlayerState& payee, int n) {
  Cards& source = hidden.coin_cards[payer.index];
  Cards& target = hidden.coin_cards[payee.index];
  for (int i = 0; i < n; ++i) {
    if (source.empty()) throw std::logic_error("a player paid a coin they do not have");
    target.push_back(source.pop_back());
    payer.coins -= 1;
    payee.coins += 1;
  }
}

void Game::pay_fee(PlayerState& player) {
  fee_due_ = -1;
  pay_player(player, table.players[table.active], 1);
}

// Game._time_card: the top Time Pile card (revealed) or the bottom one (face down); one
// not dealt yet comes off the draw pile. NO_CARD if none is left anywhere.
int Game::time_card(bool bottom) {
  if (table.time_owed > 0 && (bottom || hidden.time.empty())) {
    int card = draw_hidden(!bottom);
    if (card != NO_CARD) table.time_owed -= 1;
    return card;
  }
  if (hidden.time.empty()) return NO_CARD;  // Python would fail here (list.pop of [])
  if (bottom) return hidden.time.pop_front();
  int card = hidden.time.pop_back();
  reveal(card, false);
  return card;
}

bool Game::time_to_victory() {
  int card = time_card(true);
  if (card == NO_CARD) return false;
  hidden.victory.push_back(card);
  table.time_size -= 1;
  table.victory_size += 1;
  return true;
}

}  // namespace coop
