// The odds runner's per-game trace and its outcome at a budget (sim/traces.py).
#include "sim/traces.hpp"

#include <memory>

namespace coop {
namespace {

// A branch's stop the last-turn rule played through ends with the play-through's
// outcome (traces._settle).
class Settle : public GameHooks {
 public:
  explicit Settle(const Policy& team) : team_(team) {}
  void on_stop(Game& game) override {
    int left_open = team_.stop_left_open();
    if (left_open >= 0) {
      game.table.over = true;
      game.table.won = left_open == 0;
    }
  }

 private:
  const Policy& team_;
};

// traces.TraceRecorder: declines every Victory Pile move and records its threshold; for a
// policy that plays the last turn, keeps the position at each stop the rule would look at
// and branches where the turn ends one contract short.
class Recorder : public GameHooks {
 public:
  Recorder(Policy& policy, Trace& trace, bool branches)
      : policy_(policy), trace_(trace), branches_(branches) {}

  bool victory_move(Game& game) override {
    trace_.events.emplace_back(game.table.turn, policy_.victory_threshold(game.table));
    return false;
  }

  void on_stop(Game& game) override {
    if (!branches_) return;
    const Table& table = game.table;
    if (table.time_size == 0 || !looks(table, policy_.last_turn_bounds())) return;
    pending_ = std::make_unique<Pending>(Pending{table, game.hidden, *game.rng, policy_.clone()});
  }

  void on_turn_end(Game& game) override {
    if (!branches_) return;
    std::unique_ptr<Pending> pending = std::move(pending_);
    if (!pending) return;
    const Table& table = game.table;
    if (!draws_on(table.won ? 0 : table.n_open, policy_.last_turn_bounds())) return;
    Table view = last_turn_view(pending->table);
    Hidden& hidden = pending->hidden;
    for (int card : hidden.time) hidden.victory.push_back(card);
    hidden.time.clear();
    Policy& team = *pending->team;
    Game branch(view, hidden, &pending->rng, team);
    Settle settle(team);
    branch.hooks = &settle;
    trace_.endings.emplace_back(view.turn, branch.resume_draw(true).won);
  }

 private:
  struct Pending {
    Table table;
    Hidden hidden;
    Rng rng;
    std::unique_ptr<Policy> team;
  };
  Policy& policy_;
  Trace& trace_;
  bool branches_;
  std::unique_ptr<Pending> pending_;
};

}  // namespace

Trace play_trace(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                 u128 seed, Policy& policy, int dealt_time, int removed) {
  Trace trace;
  GameConfig config;
  config.players = players;
  config.time_pile = time_pile;
  config.seed = seed;
  config.dealt_time = dealt_time;
  config.removed = removed;
  Recorder recorder(policy, trace, policy.plays_last_turn());
  Game game(deck, contracts, config, policy);
  game.hooks = &recorder;
  GameResult result = game.run();
  trace.finish_turn = result.won ? result.turns : 0;
  return trace;
}

std::pair<bool, int> outcome(const Trace& trace, int budget) {
  long long moves = 0;
  int started = 0;
  bool won = true;
  for (const auto& [turn, threshold] : trace.events) {
    if (turn != started) {
      if (turn > budget - moves) {  // no Time Pile card at the start of this turn
        won = false;
        break;
      }
      started = turn;
    }
    long long need = threshold > 1 ? threshold : 1;
    if (budget - moves - turn >= need) moves += 1;
  }
  int finish = trace.finish_turn;
  if (finish == 0 || (finish != started && finish > budget - moves)) won = false;
  for (const auto& [turn, branch_won] : trace.endings)
    if (turn == budget - moves) return {branch_won, static_cast<int>(moves)};
  return {won, static_cast<int>(moves)};
}

}  // namespace coop
