// The odds runner's per-game trace and its outcome at a budget (sim/traces.py).
#include "sim/traces.hpp"

#include <algorithm>
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

// traces._replay_moves: the moves a game with `budget` turns makes, the turn of the last
// Tax Increase looked at, and whether every event's turn was reached.
struct Replayed {
  int moves = 0;
  int started = 0;
  bool reached = true;
};

Replayed replay_moves(const std::vector<std::pair<int, int>>& events, int budget) {
  Replayed r;
  for (const auto& [turn, threshold] : events) {
    if (turn != r.started) {
      if (turn > budget - r.moves) {  // no Time Pile card at the start of this turn
        r.reached = false;
        return r;
      }
      r.started = turn;
    }
    int need = threshold > 1 ? threshold : 1;
    if (budget - r.moves - turn >= need) r.moves += 1;
  }
  return r;
}

// traces.TraceRecorder: declines every Victory Pile move and records its threshold; for a
// policy that plays the last turn, keeps the position at each stop the rule would look at
// and branches where the turn ends one contract short and a budget the trace answers asks
// for it (branch_asked).
class Recorder : public GameHooks {
 public:
  Recorder(Policy& policy, Trace& trace, bool branches, int top, int stride)
      : policy_(policy), trace_(trace), branches_(branches), top_(top), stride_(stride) {}

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
    if (!branch_asked(trace_.events, pending->table.turn, top_, stride_)) return;
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
  int top_;  // the Time Pile the game starts with
  int stride_;  // the budgets answered: top_ less a multiple of it
  std::unique_ptr<Pending> pending_;
};

}  // namespace

Trace play_trace(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                 u128 seed, Policy& policy, int dealt_time, int removed, int stride) {
  Trace trace;
  GameConfig config;
  config.players = players;
  config.time_pile = time_pile;
  config.seed = seed;
  config.dealt_time = dealt_time;
  config.removed = removed;
  Recorder recorder(policy, trace, policy.plays_last_turn(), time_pile - removed, stride);
  Game game(deck, contracts, config, policy);
  game.hooks = &recorder;
  GameResult result = game.run();
  trace.finish_turn = result.won ? result.turns : 0;
  return trace;
}

std::pair<bool, int> outcome(const Trace& trace, int budget) {
  const auto [moves, started, reached] = replay_moves(trace.events, budget);
  bool won = reached;
  int finish = trace.finish_turn;
  if (finish == 0 || (finish != started && finish > budget - moves)) won = false;
  for (const auto& [turn, branch_won] : trace.endings)
    if (turn == budget - moves) return {branch_won, moves};
  return {won, moves};
}

bool branch_asked(const std::vector<std::pair<int, int>>& events, int turn, int top,
                  int stride) {
  const int last = std::min(top, turn + static_cast<int>(events.size()));
  for (int budget = turn; budget <= last; ++budget) {
    if ((top - budget) % stride != 0) continue;
    if (budget - replay_moves(events, budget).moves == turn) return true;
  }
  return false;
}

}  // namespace coop
