// The Python module coop_helper.native._core: one crossing per batch of games.
//
// Python hands over the deck's tables and the contracts' rules once (make_deck,
// make_contracts, as built from data/ by the Python engine), then asks for whole batches
// of games (play_traces for the odds runner, play_games for the differential test). The
// games run without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "rng.hpp"
#include "engine/seeds.hpp"
#include "sim/levels.hpp"
#include "sim/traces.hpp"

namespace py = pybind11;
using namespace coop;

namespace {

u128 to_u128(uint64_t low, uint64_t high) { return (static_cast<u128>(high) << 64) | low; }

template <typename T>
void fill(const py::dict& tables, const char* name, T* out, int size) {
  std::vector<long long> values = tables[name].cast<std::vector<long long>>();
  if (static_cast<int>(values.size()) != size)
    throw std::invalid_argument(std::string("deck table ") + name + " has the wrong size");
  for (int i = 0; i < size; ++i) out[i] = static_cast<T>(values[i]);
}

std::shared_ptr<Deck> make_deck(const py::dict& tables) {
  auto deck = std::make_shared<Deck>();
  deck->players = tables["players"].cast<int>();
  deck->size = tables["size"].cast<int>();
  deck->n_kinds = tables["n_kinds"].cast<int>();
  deck->start_coins = tables["start_coins"].cast<int>();
  deck->five_player_expedition = tables["five_player_expedition"].cast<int>();
  if (deck->size < 1 || deck->size > MAX_CARDS || deck->n_kinds > MAX_KINDS)
    throw std::invalid_argument("deck too large for the native core");
  int n = deck->size;
  fill(tables, "kind", deck->kind, n);
  fill(tables, "type", deck->type, n);
  fill(tables, "colour", deck->colour, n);
  fill(tables, "coins", deck->coins, n);
  fill(tables, "swords", deck->swords, n);
  fill(tables, "cost", deck->cost, n);
  fill(tables, "vp", deck->vp, n);
  fill(tables, "ability", deck->ability, n);
  fill(tables, "coin_to_other", deck->coin_to_other, n);
  fill(tables, "most_swords", deck->most_swords, n);
  auto needs = tables["needs"].cast<std::vector<std::vector<std::pair<int, int>>>>();
  if (static_cast<int>(needs.size()) != n) throw std::invalid_argument("needs: wrong size");
  int persons = 0, expeditions = 0;
  for (int c = 0; c < n; ++c) {
    if (needs[c].size() > MAX_NEEDS) throw std::invalid_argument("an expedition needs too much");
    deck->n_needs[c] = static_cast<int8_t>(needs[c].size());
    for (size_t i = 0; i < needs[c].size(); ++i) {
      deck->need_ability[c][i] = static_cast<int8_t>(needs[c][i].first);
      deck->need_count[c][i] = static_cast<int8_t>(needs[c][i].second);
    }
    int kind = deck->kind[c], type = deck->type[c], colour = deck->colour[c];
    if (kind < 0 || kind >= deck->n_kinds || type < SHIP || type > TAX)
      throw std::invalid_argument("a card of an unknown kind or type");
    if (type == SHIP && (colour < 0 || colour >= N_COLOURS))
      throw std::invalid_argument("a ship without a colour");
    if (type == PERSON) {
      ++persons;
      int ability = deck->ability[c];
      if (ability < 0 || ability >= N_ABILITIES) throw std::invalid_argument("a person without an ability");
      if ((ability == TRADER || ability == CLERK) && (colour < 0 || colour >= N_COLOURS))
        throw std::invalid_argument("a Trader or Clerk without a colour");
    }
    if (type == EXPEDITION) ++expeditions;
  }
  if (persons > MAX_PERSONS || expeditions > MAX_EXPEDITIONS)
    throw std::invalid_argument("too many persons or expeditions for the native core");
  return deck;
}

// contracts: (key, coins or None, markers) per contract, in the config's order
std::shared_ptr<Contracts> make_contracts(const py::list& entries) {
  auto contracts = std::make_shared<Contracts>();
  for (const py::handle& entry : entries) {
    auto t = entry.cast<py::tuple>();
    std::string key = t[0].cast<std::string>();
    int id = contract_id(key.c_str());
    if (id == NO_CONTRACT) throw std::invalid_argument("a contract the native core does not know: " + key);
    if (contracts->rule[id].in_game) continue;  // config order keeps the first
    ContractRule& rule = contracts->rule[id];
    rule.in_game = true;
    if (t[1].is_none()) {
      rule.n_coins = -1;
    } else {
      auto coins = t[1].cast<std::vector<int>>();
      if (coins.size() > MAX_PLAYERS) throw std::invalid_argument("too many coin spaces");
      rule.n_coins = static_cast<int8_t>(coins.size());
      for (size_t i = 0; i < coins.size(); ++i) rule.coins[i] = static_cast<int8_t>(coins[i]);
    }
    rule.markers = static_cast<int8_t>(t[2].cast<int>());
    contracts->ids[contracts->n++] = static_cast<int8_t>(id);
  }
  return contracts;
}

// The expert's constants from policies/native_expert.py's dict: every field by name, and
// income_per_turn as one value per ability. A field missing or unknown is an error.
std::shared_ptr<ExpertParams> make_expert(const py::dict& constants) {
  auto params = std::make_shared<ExpertParams>();
  for (int i = 0; i < n_expert_fields(); ++i)
    if (!constants.contains(expert_field_name(i)))
      throw std::invalid_argument(std::string("expert constant missing: ") + expert_field_name(i));
  for (const auto& item : constants) {
    const std::string name = item.first.cast<std::string>();
    if (name == "income_per_turn") {
      auto income = item.second.cast<std::vector<double>>();
      if (static_cast<int>(income.size()) != N_ABILITIES)
        throw std::invalid_argument("income_per_turn needs one value per ability");
      for (int a = 0; a < N_ABILITIES; ++a) params->income_per_turn[a] = income[a];
    } else {
      set_expert_field(*params, name, item.second.cast<double>());
    }
  }
  if (!constants.contains("income_per_turn"))
    throw std::invalid_argument("expert constant missing: income_per_turn");
  if (params->rich <= 0) throw std::invalid_argument("expert constant rich must be positive");
  return params;
}

// The policy called `name`; `expert` (None or make_expert's) is the expert's constants.
std::unique_ptr<Policy> policy_named(const std::string& name, const ExpertParams* expert) {
  std::unique_ptr<Policy> policy = make_policy(name.c_str(), expert);
  if (!policy && plays_policy(name.c_str()))
    throw std::invalid_argument("the native " + name + " needs its constants (make_expert)");
  if (!policy) throw std::invalid_argument("the native core has no policy " + name);
  return policy;
}

const ExpertParams* expert_of(const py::object& expert) {
  return expert.is_none() ? nullptr : expert.cast<const ExpertParams*>();
}

bool has_policy(const std::string& name) { return plays_policy(name.c_str()); }

py::list cards(const int16_t* begin, const int16_t* end) {
  py::list out;
  for (const int16_t* p = begin; p != end; ++p) out.append(*p);
  return out;
}

// A finished game as plain data, for the differential test: the result and the final
// public table and hidden piles.
py::dict game_state(const Game& game, const GameResult& result) {
  const Table& t = game.table;
  py::dict out;
  out["won"] = result.won;
  out["turns"] = result.turns;
  out["points"] = result.points;
  out["victory_moves"] = result.victory_moves;
  out["reshuffles"] = game.reshuffles;
  py::dict completers;
  for (int i = 0; i < t.contracts->n; ++i) {
    int c = t.contracts->ids[i];
    py::list who;
    for (int k = 0; k < t.completers[c].n; ++k) who.append(t.completers[c].v[k]);
    completers[CONTRACT_KEYS[c]] = who;
  }
  out["completers"] = completers;
  py::list players;
  for (int i = 0; i < t.n_players; ++i) {
    const PlayerState& p = t.players[i];
    py::dict d;
    d["coins"] = p.coins;
    d["display"] = cards(p.persons.begin(), p.persons.end());
    d["expeditions"] = cards(p.expeditions.begin(), p.expeditions.end());
    d["swords"] = p.swords;
    d["vp"] = p.vp;
    py::list completed;
    for (int k = 0; k < p.n_completed; ++k) completed.append(CONTRACT_KEYS[p.completed[k]]);
    d["contracts"] = completed;
    py::dict markers;
    for (int k = 0; k < p.n_markers; ++k) markers[CONTRACT_KEYS[p.marker_key[k]]] = p.marker_step[k];
    d["markers"] = markers;
    py::list aside;
    for (int k = 0; k < p.n_aside; ++k) aside.append(p.aside[p.aside_order[k]]);
    d["aside"] = aside;
    d["coin_cards"] = cards(game.hidden.coin_cards[i].begin(), game.hidden.coin_cards[i].end());
    players.append(d);
  }
  out["players"] = players;
  out["harbour"] = cards(t.harbour.begin(), t.harbour.end());
  out["expedition_row"] = cards(t.expedition_row.begin(), t.expedition_row.end());
  out["discard"] = cards(t.discard.begin(), t.discard.end());
  out["draw"] = cards(game.hidden.draw.begin(), game.hidden.draw.end());
  out["time"] = cards(game.hidden.time.begin(), game.hidden.time.end());
  out["victory"] = cards(game.hidden.victory.begin(), game.hidden.victory.end());
  out["time_size"] = t.time_size;
  out["victory_size"] = t.victory_size;
  out["unseen"] = cards(t.unseen, t.unseen + t.deck->n_kinds);
  out["unseen_total"] = t.unseen_total;
  out["open"] = [&] {
    py::list open;
    for (int k = 0; k < t.n_open; ++k) open.append(CONTRACT_KEYS[t.open[k]]);
    return open;
  }();
  return out;
}

// Whole games with Game.run, one per seed (given as (low, high) 64-bit halves).
py::list play_games(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                    int removed, int dealt_time, const std::vector<std::pair<uint64_t, uint64_t>>& seeds,
                    const std::string& policy_name, const py::object& expert) {
  py::list out;
  const ExpertParams* constants = expert_of(expert);
  for (const auto& s : seeds) {
    std::unique_ptr<Policy> policy = policy_named(policy_name, constants);
    GameConfig config;
    config.players = players;
    config.time_pile = time_pile;
    config.removed = removed;
    config.seed = to_u128(s.first, s.second);
    config.dealt_time = dealt_time;
    Game game(deck, contracts, config, *policy);
    GameResult result = game.run();
    out.append(game_state(game, result));
  }
  return out;
}

// traces.play_trace for games start..stop of a run seeded (low, high): (finish_turn,
// events, endings) per game. The games are played without the GIL.
py::list play_traces(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                     uint64_t seed_low, uint64_t seed_high, uint32_t start, uint32_t stop,
                     const std::string& policy_name, int dealt_time, const py::object& expert) {
  const ExpertParams* constants = expert_of(expert);
  policy_named(policy_name, constants);  // an error for a policy the core cannot play
  u128 seed = to_u128(seed_low, seed_high);
  std::vector<Trace> traces;
  {
    py::gil_scoped_release released;
    traces.reserve(stop > start ? stop - start : 0);
    for (uint32_t i = start; i < stop; ++i) {
      std::unique_ptr<Policy> policy = make_policy(policy_name.c_str(), constants);
      traces.push_back(play_trace(deck, contracts, players, time_pile, game_seed(seed, i), *policy,
                                  dealt_time));
    }
  }
  py::list out;
  for (const Trace& trace : traces) {
    py::tuple events(trace.events.size());
    for (size_t k = 0; k < trace.events.size(); ++k)
      events[k] = py::make_tuple(trace.events[k].first, trace.events[k].second);
    py::tuple endings(trace.endings.size());
    for (size_t k = 0; k < trace.endings.size(); ++k)
      endings[k] = py::make_tuple(trace.endings[k].first, trace.endings[k].second);
    out.append(py::make_tuple(trace.finish_turn, events, endings));
  }
  return out;
}

// WinsByBudget.add over Python traces (traces.Trace): per budget below `top`, the wins and the
// Victory Pile moves of those wins as (made, count) in first-seen order.
py::tuple tally(const py::sequence& traces, int top) {
  std::vector<long long> wins(top > 0 ? top : 0, 0);
  std::vector<std::vector<std::pair<int, long long>>> moves(wins.size());
  Trace trace;
  for (const py::handle& item : traces) {
    trace.finish_turn = item.attr("finish_turn").cast<int>();
    trace.events.clear();
    for (const py::handle& event : item.attr("events")) {
      auto pair = event.cast<py::tuple>();
      long long threshold = pair[1].cast<long long>();
      int clipped = threshold > NEVER ? NEVER : threshold < -NEVER ? -NEVER : static_cast<int>(threshold);
      trace.events.emplace_back(pair[0].cast<int>(), clipped);
    }
    trace.endings.clear();
    for (const py::handle& ending : item.attr("endings")) {
      auto pair = ending.cast<py::tuple>();
      trace.endings.emplace_back(pair[0].cast<int>(), pair[1].cast<bool>());
    }
    add_wins_by_budget(trace, top, wins, moves);
  }
  return py::make_tuple(wins, moves);
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The native simulation core of coop-helper (see coop_helper/native/README.md).";

  py::class_<Deck, std::shared_ptr<Deck>>(m, "Deck");
  py::class_<Contracts, std::shared_ptr<Contracts>>(m, "Contracts");
  py::class_<ExpertParams, std::shared_ptr<ExpertParams>>(m, "ExpertParams");
  m.def("make_expert", &make_expert, "The expert's constants, from a dict of them by name.");
  m.def("make_deck", &make_deck, "The deck's tables, from engine.cards.Deck's fields.");
  m.def("make_contracts", &make_contracts, "Contracts from (key, coins or None, markers).");
  m.def("has_policy", &has_policy, "Does the native core play this policy?");
  m.def("play_games", &play_games, "Whole games (Game.run), one per seed; final states.",
        py::arg("deck"), py::arg("contracts"), py::arg("players"), py::arg("time_pile"),
        py::arg("removed"), py::arg("dealt_time"), py::arg("seeds"), py::arg("policy"),
        py::arg("expert") = py::none());
  m.def("play_traces", &play_traces, "The odds runner's traces of games start..stop.",
        py::arg("deck"), py::arg("contracts"), py::arg("players"), py::arg("time_pile"),
        py::arg("seed_low"), py::arg("seed_high"), py::arg("start"), py::arg("stop"),
        py::arg("policy"), py::arg("dealt_time"), py::arg("expert") = py::none());
  m.def("tally", &tally, "WinsByBudget.add's counts over traces: (wins, moves) per budget.");

  py::class_<Rng>(m, "Rng")
      .def(py::init([](const std::vector<uint32_t>& words) {
             Rng rng;
             rng.seed_words(words.data(), static_cast<int>(words.size()));
             return rng;
           }),
           "random.Random(n), n given as its 32-bit words, least significant first.")
      .def("random", &Rng::random)
      .def("getrandbits", &Rng::getrandbits)
      .def("randbelow", &Rng::randbelow)
      .def("choice_index", &Rng::choice_index)
      .def("shuffle", [](Rng& rng, std::vector<long long> items) {
        rng.shuffle(items.data(), static_cast<int>(items.size()));
        return items;
      })
      .def("copy", [](const Rng& rng) { return Rng(rng); });

  m.def(
      "stream_seed_bytes",
      [](uint64_t low, uint64_t high, const std::string& stream) {
        uint8_t out[16];
        stream_seed_bytes(to_u128(low, high), stream.c_str(), out);
        return py::bytes(reinterpret_cast<const char*>(out), 16);
      },
      "seeds.stream_seed's 16 digest bytes.");
}
