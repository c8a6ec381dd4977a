// The search player (policies/search.py), call for call: see search.hpp.
#include "policies/search.hpp"

#include <stdexcept>

namespace coop {

int paired_best(const std::vector<std::vector<double>>& results, int base, double significance) {
  // On the sums of the paired differences and of their squares, as search.paired_best:
  // total**2 * (n - 1) > significance**2 * (n * squares - total**2) for a positive total.
  int best = base;
  double best_total = 0.0;
  const std::vector<double>& reference = results[base];
  const size_t n = reference.size();
  if (n < 2) return base;
  const double count = static_cast<double>(n);
  for (size_t i = 0; i < results.size(); ++i) {
    if (static_cast<int>(i) == base) continue;
    const std::vector<double>& outcomes = results[i];
    double total = 0.0, squares = 0.0;
    for (size_t k = 0; k < n; ++k) {
      const double d = outcomes[k] - reference[k];
      total += d;
      squares += d * d;
    }
    if (total <= best_total) continue;
    if (total * total * (count - 1) >
        significance * significance * (count * squares - total * total)) {
      best = static_cast<int>(i);
      best_total = total;
    }
  }
  return best;
}

std::unique_ptr<Policy> make_search_base(const std::string& name, const ExpertParams* expert) {
  std::unique_ptr<Policy> policy = make_policy(name.c_str(), expert);
  if (!policy && plays_policy(name.c_str()))
    throw std::invalid_argument("the native " + name + " needs its constants (make_expert)");
  if (!policy) throw std::invalid_argument("the native core has no policy " + name);
  return policy;
}

SearchPolicy::SearchPolicy(std::string base, bool draw, bool take, int samples,
                           const SearchConstants& constants, const ExpertParams* expert)
    : base_name_(std::move(base)),
      constants_(constants),
      expert_(expert ? std::make_shared<const ExpertParams>(*expert) : nullptr),
      draw_(draw),
      take_(take),
      samples_(samples) {
  if (samples < 2) throw std::invalid_argument("samples must be 2 or more");
  base_ = make_search_base(base_name_, expert_.get());
  rng.seed_u64(0);  // random.Random(0), as a Python SearchPolicy before its game starts
}

void SearchPolicy::start_game(const Table& table, Rng* game_policy_rng) {
  // The base gets a copy of the random source as it would alone; the search a generator
  // seeded from the source itself.
  base_rng_ = *game_policy_rng;
  base_ = make_search_base(base_name_, expert_.get());
  base_->start_game(table, &base_rng_);
  rng.seed_u64(game_policy_rng->getrandbits(64) ^ constants_.seed_salt);
  last_poll_ = std::chrono::steady_clock::now();
}

void SearchPolicy::maybe_poll() {
  if (!poll) return;
  auto now = std::chrono::steady_clock::now();
  if (now - last_poll_ < POLL_EVERY) return;
  last_poll_ = now;
  poll();
}

void SearchPolicy::rollout_start(const Table& table, RolloutStart& out, uint64_t& seed) {
  out.hidden = sample_hidden(table, &rng);
  seed = rng.getrandbits(62);
  out.game_rng.seed_u64(seed);
}

std::vector<std::vector<double>> SearchPolicy::rollouts(const Table& table, SearchKind kind,
                                                        const std::vector<int>& options,
                                                        int player, int takes_left) {
  std::vector<std::vector<double>> results(options.size());
  for (auto& outcomes : results) outcomes.reserve(samples_);
  auto start = std::make_unique<RolloutStart>();
  for (int s = 0; s < samples_; ++s) {
    maybe_poll();
    uint64_t seed = 0;
    rollout_start(table, *start, seed);
    Rng policy_rng(seed * 2 + 1);  // fork's random.Random(seed * 2 + 1), seeded once a sample
    for (size_t i = 0; i < options.size(); ++i) {
      Rng game_rng = start->game_rng;
      Rng team_rng = policy_rng;
      std::unique_ptr<Policy> team = make_search_base(base_name_, expert_.get());
      auto game = std::make_unique<Game>(table, start->hidden, &game_rng, *team);
      team->start_game(game->table, &team_rng);
      GameResult result = kind == DRAW_DECISION ? game->resume_draw(options[i] != 0)
                                                : game->resume_take(player, takes_left, options[i]);
      results[i].push_back(result.won ? 1.0 : 0.0);
    }
  }
  return results;
}

void SearchPolicy::note(SearchKind kind, const Table& table, const PlayerState& player,
                        int base_choice, int pick, const std::vector<int>& options,
                        const std::vector<std::vector<double>>& results) {
  searched[kind] += 1;
  if (pick != base_choice) overridden[kind] += 1;
  if (!record) return;
  SearchRecord entry;
  entry.kind = kind;
  entry.turn = table.turn;
  entry.player = player.index;
  entry.base_choice = base_choice;
  entry.pick = pick;
  entry.options = options;
  for (const auto& outcomes : results) {
    int wins = 0;
    for (double won : outcomes) wins += won != 0.0;
    entry.wins.push_back(wins);
  }
  records.push_back(std::move(entry));
}

bool SearchPolicy::draw_again(const Table& table, const PlayerState& player) {
  const bool choice = base_->draw_again(table, player);
  if (!draw_) return choice;
  const std::vector<int> options = {choice ? 1 : 0, choice ? 0 : 1};
  auto results = rollouts(table, DRAW_DECISION, options, player.index, 0);
  const int pick = options[paired_best(results, 0, constants_.significance)];
  note(DRAW_DECISION, table, player, options[0], pick, options, results);
  return pick != 0;
}

int SearchPolicy::choose_take(const Table& table, const PlayerState& player,
                              const Cards& options, int takes_left) {
  const int choice = base_->choose_take(table, player, options, takes_left);
  if (!take_) return choice;
  std::vector<int> candidates = {choice};
  for (int c : options)
    if (c != choice) candidates.push_back(c);
  if (choice != NO_CARD) candidates.push_back(NO_CARD);
  auto results = rollouts(table, TAKE_DECISION, candidates, player.index, takes_left);
  const int pick = candidates[paired_best(results, 0, constants_.significance)];
  note(TAKE_DECISION, table, player, choice, pick, candidates, results);
  if (pick != choice) {
    // The base policy's memory of the plan may miss a take it did not choose.
    const uint64_t seed = rng.getrandbits(64);
    base_ = make_search_base(base_name_, expert_.get());
    base_rng_.seed_u64(seed);
    base_->start_game(table, &base_rng_);
  }
  return pick;
}

}  // namespace coop
