// Setup and the turn flow (engine/game.py's Game): a turn's
// Time Pile card, the draw loop, placing drawn cards, repelling, the "decide at once"
// contracts, a bust and a Tax Increase.
#include <stdexcept>

#include "engine/contracts.hpp"
#include "engine/game.hpp"

namespace coop {

bool GameHooks::victory_move(Game& game) { return game.policy->victory_move(game.table); }

void init_table(Table& table, const Deck& deck, const Contracts& contracts, int n_players) {
  table = Table();
  table.deck = &deck;
  table.contracts = &contracts;
  table.n_players = static_cast<int8_t>(n_players);
  for (int i = 0; i < n_players; ++i) table.players[i].index = static_cast<int8_t>(i);
  table.n_open = contracts.n;
  for (int i = 0; i < contracts.n; ++i) table.open[i] = contracts.ids[i];
}

Game::Game(const Deck& deck, const Contracts& contracts, const GameConfig& config,
           Policy& policy_)
    : policy(&policy_), rng(nullptr), deck_(&deck) {
  if (config.players < 1 || config.players > 5 || config.players != deck.players)
    throw std::invalid_argument("players must be 1 to 5, and the deck's");
  if (config.removed < 0 || config.removed > config.time_pile)
    throw std::invalid_argument("removed must be 0 to the Time Pile");
  if (config.dealt_time > config.time_pile || (config.dealt_time >= 0 && config.removed))
    throw std::invalid_argument("dealt_time must be at most the Time Pile, with nothing removed");
  if (config.time_pile > MAX_CARDS) throw std::invalid_argument("Time Pile too large");
  own_.reset(new OwnStreams{stream_rng(config.seed, "deck"), stream_rng(config.seed, "policy")});
  rng = &own_->deck;
  init_table(table, deck, contracts, config.players);
  init_needs_at_take();
  setup(config);
  policy->start_game(table, &own_->policy);
}

Game::Game(const Table& table_, const Hidden& hidden_, Rng* rng_, Policy& policy_)
    : table(table_), hidden(hidden_), policy(&policy_), rng(rng_), deck_(table_.deck) {
  init_needs_at_take();
}

void Game::init_needs_at_take() {
  const Contracts& contracts = *table.contracts;
  n_at_take_ = 0;
  for (int i = 0; i < contracts.n; ++i)
    if (at_take_time(contracts.ids[i])) at_take_[n_at_take_++] = contracts.ids[i];
}

void Game::setup(const GameConfig& config) {
  const Deck& deck = *deck_;
  Cards& draw = hidden.draw;
  for (int c = 0; c < deck.size; ++c) draw.push_back(c);
  if (deck.five_player_expedition != NO_CARD) {
    draw.remove(deck.five_player_expedition);
    table.expedition_row.push_back(deck.five_player_expedition);
  }
  table.draw_size = static_cast<int16_t>(draw.size());
  for (int card : draw) {
    table.unseen[deck.kind[card]] += 1;
    if (deck.type[card] == SHIP) table.unseen_ships[deck.colour[card]] += 1;
  }
  table.unseen_total = static_cast<int16_t>(draw.size());
  for (int i = 0; i < table.n_players; ++i) gain(table.players[i], deck.start_coins);
  int to_deal = config.dealt_time < 0 ? config.time_pile : config.dealt_time;
  for (int i = 0; i < to_deal; ++i) {
    int card = draw_hidden(false);
    if (card == NO_CARD) break;
    hidden.time.push_back(card);
  }
  table.time_owed = static_cast<int16_t>(config.time_pile - to_deal);
  table.time_size = static_cast<int16_t>(hidden.time.size() + table.time_owed);
  for (int i = 0; i < config.removed; ++i) time_to_victory();
}

GameResult Game::result() const {
  return GameResult{table.won, table.turn, table.victory_size, victory_moves};
}

GameResult Game::run() {
  if (table.n_open == 0) table.over = table.won = true;
  while (!table.over) {
    play_turn();
    table.active = static_cast<int8_t>((table.active + 1) % table.n_players);
  }
  return result();
}

GameResult Game::resume_draw(bool again) {
  draw_loop(table.players[table.active], false, again ? 1 : 0);
  table.active = static_cast<int8_t>((table.active + 1) % table.n_players);
  return run();
}

GameResult Game::resume_take(int player, int takes, int choice) {
  if (player < 0 || player >= table.n_players) throw std::invalid_argument("no such player");
  PlayerState& state = table.players[player];
  take_loop(state, takes, player == table.active, choice);
  if (!table.over) later_take_times(state);
  end_turn();
  table.active = static_cast<int8_t>((table.active + 1) % table.n_players);
  return run();
}

void Game::play_turn() {
  int card = table.time_size > 0 ? time_card(false) : NO_CARD;
  if (card == NO_CARD) {
    table.over = true;  // contracts still open and no Time Pile card: the team loses
    return;
  }
  table.turn += 1;
  PlayerState& player = table.players[table.active];
  table.time_size -= 1;
  bool busted = discover(player, card);
  table.draw_runouts = 0;
  draw_loop(player, busted, -1);
}

// Game._draw_loop; `first` answers the first draw-again question (-1: ask the policy)
void Game::draw_loop(PlayerState& player, bool busted, int first) {
  while (!busted && !table.over) {
    if (table.draw_runouts >= 2) break;  // the draw pile ran out twice this turn
    bool again;
    if (first < 0) {
      again = policy->draw_again(table, player);
    } else {
      again = first != 0;
      first = -1;
    }
    if (!again) {
      if (hooks) hooks->on_stop(*this);
      break;
    }
    int drawn = draw_hidden(true);
    if (drawn == NO_CARD) break;
    busted = discover(player, drawn);
  }
  if (table.over) {
    end_turn();
    return;
  }
  if (busted)
    bust(player);
  else
    trade_and_hire(player);
  end_turn();
}

void Game::end_turn() {
  for (int card : table.harbour) table.discard.push_back(card);
  table.harbour.clear();
  if (hooks) hooks->on_turn_end(*this);
}

// Game._discover: place a drawn card; true if the active player busts.
bool Game::discover(PlayerState& player, int card) {
  const Deck& deck = *deck_;
  int type = deck.type[card];
  if (type == PERSON) {
    table.harbour.push_back(card);
    return false;
  }
  if (type == EXPEDITION) {
    table.expedition_row.push_back(card);
    return false;
  }
  if (type != SHIP) {
    table.discard.push_back(card);
    tax(card);
    return false;
  }
  int swords = deck.swords[card];
  if (swords != SKULL && player.swords >= swords) {
    if (policy->repel(table, player, card)) {
      repelled(player, card);
      return false;
    }
  }
  int colour = deck.colour[card];
  bool seen[N_COLOURS];
  int n_colours = harbour_colours(seen);
  table.harbour.push_back(card);
  if (seen[colour]) return true;
  if (n_colours + 1 == TINY_GAMESTER_COLOURS || n_colours + 1 == GAMESTER_COLOURS)
    colour_triggers(player, n_colours + 1);
  return false;
}

void Game::repelled(PlayerState& player, int card) {
  int colour = deck_->colour[card];
  bool keep = eligible(table, player, PACK_OF_PIRATES) && !player.has_aside(colour);
  if (keep) {
    player.aside[colour] = static_cast<int16_t>(card);
    player.aside_order[player.n_aside++] = static_cast<int8_t>(colour);
    if (player.n_aside == N_COLOURS) {
      for (int i = 0; i < N_COLOURS; ++i) {
        int c = player.aside_order[i];
        table.discard.push_back(player.aside[c]);
        player.aside[c] = NO_CARD;
      }
      player.n_aside = 0;
      complete(player, PACK_OF_PIRATES);
    }
    return;
  }
  table.discard.push_back(card);
}

bool Game::decide_at_once(PlayerState& player, int contract) {
  if (!table.in_game(contract) || !eligible(table, player, contract)) return false;
  return policy->complete(table, player, contract);
}

// Gamester (4 colours) and Tiny Gamester (3 colours), decided at once.
void Game::colour_triggers(PlayerState& player, int colours) {
  int key = colours == GAMESTER_COLOURS ? GAMESTER : TINY_GAMESTER;
  if (!table.in_game(key)) return;
  if (key == TINY_GAMESTER && player.has_marker(key)) {
    if (player.marker_turn[player.marker_at(key)] < table.turn && eligible(table, player, key))
      complete(player, key);
    return;
  }
  if (!decide_at_once(player, key)) return;
  if (key == TINY_GAMESTER) {
    if (player.n_markers >= CUBES) throw std::logic_error("a marker without a cube");
    int i = player.n_markers++;
    player.marker_key[i] = static_cast<int8_t>(key);
    player.marker_step[i] = 1;
    player.marker_turn[i] = table.turn;
  } else {
    complete(player, key);
  }
}

void Game::bust(PlayerState& player) {
  for (int i = 0; i < table.n_players; ++i) {
    PlayerState& other = table.players[i];
    int jesters = other.abilities[JESTER];
    if (jesters) gain(other, jesters);
  }
  if (decide_at_once(player, JINX)) {
    complete(player, JINX);
    if (table.over) return;
  }
  offer_expeditions(player);
}

int Game::clockwise(int8_t out[MAX_PLAYERS]) const {
  int n = table.n_players;
  for (int i = 0; i < n; ++i) out[i] = static_cast<int8_t>((table.active + i) % n);
  return n;
}

bool Game::victory_move() {
  if (hooks) return hooks->victory_move(*this);
  return policy->victory_move(table);
}

// Game._tax: halve the rich, pay the bonus, offer the Victory Pile move.
void Game::tax(int card) {
  int8_t order[MAX_PLAYERS];
  int n = clockwise(order);
  int8_t taxed[MAX_PLAYERS];
  int n_taxed = 0;
  for (int i = 0; i < n; ++i)
    if (table.players[order[i]].coins >= TAX_THRESHOLD) taxed[n_taxed++] = order[i];
  for (int i = 0; i < n_taxed; ++i) {
    PlayerState& p = table.players[taxed[i]];
    pay_discard(p, p.coins / 2);
  }
  for (int i = 0; i < n_taxed; ++i) {
    PlayerState& p = table.players[taxed[i]];
    if (decide_at_once(p, TAX_OFFICER)) {
      complete(p, TAX_OFFICER);
      if (table.over) break;
    }
  }
  if (!table.over) {
    bool most = deck_->most_swords[card];
    int best = most ? table.players[0].swords : table.players[0].vp;
    for (int i = 1; i < n; ++i) {
      int v = most ? table.players[i].swords : table.players[i].vp;
      if (most ? v > best : v < best) best = v;
    }
    for (int i = 0; i < n; ++i) {
      PlayerState& p = table.players[order[i]];
      if ((most ? p.swords : p.vp) == best) gain(p, 1);
    }
  }
  // The move belongs to drawing the card, so it is offered even if the tax won the game.
  if (table.time_size > 0) {
    if (victory_move() && time_to_victory()) victory_moves += 1;
  }
}

}  // namespace coop
