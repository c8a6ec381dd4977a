// One co-op game, turn by turn (engine/game.py's Game), on the flat state of
// engine/state.hpp.
//
// Python builds Game in parts, one module each (moves < claims < trade < game); here one
// class holds them all, and each part's methods are defined in the .cpp named after its
// module:
//   engine/moves.cpp   engine/moves.py: card moves and the card count (draws, reshuffles,
//                      coins, the Time Pile)
//   engine/claims.cpp  engine/claims.py: expeditions and contracts
//   engine/trade.cpp   engine/trade.py: trade and hire
//   engine/game.cpp    engine/game.py: setup, the turn flow, Discover, a bust and a Tax
//                      Increase
//   engine/fork.cpp    engine/fork.py: a game from a position (and last_turn's
//                      play-through, which plays the engine)
// No event log: the Python engine keeps that (it is for `play`, not for the odds).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "policies/base.hpp"
#include "rng.hpp"
#include "engine/seeds.hpp"
#include "engine/state.hpp"

namespace coop {

// GameConfig, less the contracts (a Contracts object beside it)
struct GameConfig {
  int players = 1;
  int time_pile = 0;
  int removed = 0;
  u128 seed = 0;
  int dealt_time = -1;  // -1: None (deal the whole Time Pile)
};

// GameResult, less the completers (they are on the final table)
struct GameResult {
  bool won = false;
  int turns = 0;
  int points = 0;
  int victory_moves = 0;
};

class Game;

// What the odds runner follows in a game: Game.on_stop, Game.on_turn_end, and the
// TraceRecorder's victory_move (which records the threshold and declines).
class GameHooks {
 public:
  virtual ~GameHooks() = default;
  virtual void on_stop(Game&) {}
  virtual void on_turn_end(Game&) {}
  // the answer to a Tax Increase's Victory Pile move
  virtual bool victory_move(Game& game);
};

constexpr int ASK = -2;  // a resumed decision not yet answered: the policy is asked

class Game {
 public:
  // A new game: the deck and policy streams hashed from config.seed, set up, the policy
  // started with its stream.
  Game(const Deck& deck, const Contracts& contracts, const GameConfig& config, Policy& policy);

  // A game going on from a position; the rng is used (not copied). The policy is not
  // started (start_policy=False): it goes on with its own memory.
  Game(const Table& table, const Hidden& hidden, Rng* rng, Policy& policy);

  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  GameResult run();
  GameResult resume_draw(bool again);
  // Game.resume_take: go on from `player`'s take question (`takes` left), answered
  // `choice` (a harbour card id or NO_CARD)
  GameResult resume_take(int player, int takes, int choice);
  void play_turn();

  Table table;
  Hidden hidden;
  Policy* policy;
  Rng* rng;
  GameHooks* hooks = nullptr;
  int victory_moves = 0;
  int reshuffles = 0;

 private:
  // CardMoves._fee_due: the player whose take still owes its fee, or -1
  int fee_due_ = -1;
  void init_needs_at_take();
  GameResult result() const;
  bool victory_move();

  // engine/game.cpp
  void setup(const GameConfig& config);
  void draw_loop(PlayerState& player, bool busted, int first);
  void end_turn();
  bool discover(PlayerState& player, int card);
  void repelled(PlayerState& player, int card);
  bool decide_at_once(PlayerState& player, int contract);
  void colour_triggers(PlayerState& player, int colours);
  void bust(PlayerState& player);
  void tax(int card);
  // the players in turn order from the active one
  int clockwise(int8_t out[MAX_PLAYERS]) const;

  // engine/moves.cpp
  int draw_hidden(bool reveal);
  void reshuffle(int last);
  void reveal(int card, bool from_draw);
  int harbour_colours(bool seen[N_COLOURS]) const;
  void gain(PlayerState& player, int n);
  void pay_discard(PlayerState& player, int n);
  void pay_player(PlayerState& payer, PlayerState& payee, int n);
  // CardMoves._pay_fee: the fee of the take being made, to the active player
  void pay_fee(PlayerState& player);
  int time_card(bool bottom);
  bool time_to_victory();

  // engine/trade.cpp
  void trade_and_hire(PlayerState& active);
  void later_take_times(const PlayerState& after);
  void take_time(PlayerState& player, int takes, bool is_active);
  void take_loop(PlayerState& player, int takes, bool is_active, int first);
  void take_income(PlayerState& player, bool is_active);
  void take_options(const PlayerState& player, bool is_active, Cards& out) const;
  int take(PlayerState& player, int card, bool is_active);
  int trade(PlayerState& player, int card, bool is_active);
  void foe_progress(PlayerState& player, int contract);
  void hire(PlayerState& player, int card);
  void add_person(PlayerState& player, int card, int sign);

  // engine/claims.cpp
  void offer_expeditions(PlayerState& player);
  bool can_claim(const PlayerState& player, int card) const;
  bool expedition_persons(const PlayerState& player, int card, IdList<MAX_PERSONS>& out) const;
  void claim(PlayerState& player, int card);
  void offer_completions(PlayerState& player);
  void complete(PlayerState& player, int contract);

  const Deck* deck_;
  // A new game's streams; a game from a position (Game(table, hidden, ...)) has none, and
  // makes no 5 KB of generator state it would never draw from.
  struct OwnStreams {
    Rng deck;
    Rng policy;
  };
  std::unique_ptr<OwnStreams> own_;
  int8_t n_at_take_ = 0;
  int8_t at_take_[N_CONTRACTS] = {};  // the config's take-time contracts, in its order
};

// A new game's table before setup (state.Table.__init__)
void init_table(Table& table, const Deck& deck, const Contracts& contracts, int n_players);

// fork.sample_hidden(table, rng): a guess of the hidden cards from the public table alone,
// shuffled with `rng` (nullptr: dealt in id order)
Hidden sample_hidden(const Table& table, Rng* rng);

// fork.hidden_cards / fork.sample_hidden(table, None): the hidden cards dealt in id order
Hidden sample_hidden_in_order(const Table& table);

// last_turn.last_turn_view: the table as if this turn were the last
Table last_turn_view(const Table& table);

}  // namespace coop
