// The Python module coop_helper.native._core: one crossing per batch of games.
//
// Python hands over the deck's tables and the contracts' rules once (make_deck,
// make_contracts, as built from data/ by the Python engine), then asks for whole batches
// of games (play_traces for the odds runner, play_games for the differential test). The
// games run without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "engine/game.hpp"
#include "policies/clairvoyant.hpp"
#include "policies/search.hpp"
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

// `count` numbers from a Python list into `into`; `error` where the list holds another number.
void copy_values(const py::handle& list, double* into, int count, const char* error) {
  const auto values = list.cast<std::vector<double>>();
  if (static_cast<int>(values.size()) != count) throw std::invalid_argument(error);
  std::copy(values.begin(), values.end(), into);
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
      copy_values(item.second, params->income_per_turn, N_ABILITIES,
                  "income_per_turn needs one value per ability");
    } else if (name == "take_weights") {
      copy_values(item.second, params->take_weights.data(), N_TAKE_FEATURES,
                  "take_weights needs one weight per take feature");
    } else if (name == "draw_weights") {
      copy_values(item.second, params->draw_weights.data(), N_DRAW_FEATURES,
                  "draw_weights needs one weight per draw feature");
    } else {
      set_expert_field(*params, name, item.second.cast<double>());
    }
  }
  for (const char* name : {"income_per_turn", "take_weights", "draw_weights"})
    if (!constants.contains(name))
      throw std::invalid_argument(std::string("expert constant missing: ") + name);
  if (params->rich <= 0) throw std::invalid_argument("expert constant rich must be positive");
  return params;
}

// search.py's constants from search.search_constants's dict: both by name, no other.
std::shared_ptr<SearchConstants> make_search(const py::dict& constants) {
  auto search = std::make_shared<SearchConstants>();
  for (const char* name : {"significance", "seed_salt"})
    if (!constants.contains(name))
      throw std::invalid_argument(std::string("search constant missing: ") + name);
  for (const auto& item : constants) {
    const std::string name = item.first.cast<std::string>();
    if (name == "significance")
      search->significance = item.second.cast<double>();
    else if (name == "seed_salt")
      search->seed_salt = item.second.cast<uint64_t>();
    else
      throw std::invalid_argument("the native search has no constant " + name);
  }
  return search;
}

const SearchConstants& search_of(const py::object& search) {
  if (search.is_none())
    throw std::invalid_argument("the native search needs its constants (make_search)");
  return *search.cast<const SearchConstants*>();
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

// The state after every turn (Game.on_turn_end), for the differential test to name the
// first turn where the engines part.
class TurnStates : public GameHooks {
 public:
  py::list states;
  void on_turn_end(Game& game) override {
    const Table& t = game.table;
    states.append(game_state(game, GameResult{t.won, t.turn, t.victory_size, game.victory_moves}));
  }
};

// One game with Game.run, as play_games plays it: its state after every turn.
py::list play_game_turns(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                         int removed, int dealt_time, std::pair<uint64_t, uint64_t> seed,
                         const std::string& policy_name, const py::object& expert) {
  std::unique_ptr<Policy> policy = policy_named(policy_name, expert_of(expert));
  GameConfig config;
  config.players = players;
  config.time_pile = time_pile;
  config.removed = removed;
  config.seed = to_u128(seed.first, seed.second);
  config.dealt_time = dealt_time;
  TurnStates turns;
  Game game(deck, contracts, config, *policy);
  game.hooks = &turns;
  game.run();
  return turns.states;
}

py::tuple trace_tuple(const Trace& trace) {
  py::tuple events(trace.events.size());
  for (size_t k = 0; k < trace.events.size(); ++k)
    events[k] = py::make_tuple(trace.events[k].first, trace.events[k].second);
  py::tuple endings(trace.endings.size());
  for (size_t k = 0; k < trace.endings.size(); ++k)
    endings[k] = py::make_tuple(trace.endings[k].first, trace.endings[k].second);
  return py::make_tuple(trace.finish_turn, events, endings);
}

// traces.play_trace for games start..stop of a run seeded (low, high), once per layout
// (time_pile, dealt_time, removed): per layout, (finish_turn, events, endings) per game.
// Each game is played in every layout before the next game, so the layouts' games of one
// seed share its seeded generators (stream_rng and the expert's guess seed keep the last
// ones made). `stride`: the budgets each layout's games answer (traces.play_trace). The
// games are played without the GIL.
py::list play_traces(const Deck& deck, const Contracts& contracts, int players,
                     uint64_t seed_low, uint64_t seed_high, uint32_t start, uint32_t stop,
                     const std::string& policy_name,
                     const std::vector<std::tuple<int, int, int>>& layouts,
                     const py::object& expert, int stride) {
  const ExpertParams* constants = expert_of(expert);
  policy_named(policy_name, constants);  // an error for a policy the core cannot play
  u128 seed = to_u128(seed_low, seed_high);
  std::vector<std::vector<Trace>> traces(layouts.size());
  {
    py::gil_scoped_release released;
    for (auto& played : traces) played.reserve(stop > start ? stop - start : 0);
    for (uint32_t i = start; i < stop; ++i) {
      for (size_t l = 0; l < layouts.size(); ++l) {
        const auto& [time_pile, dealt_time, removed] = layouts[l];
        std::unique_ptr<Policy> policy = make_policy(policy_name.c_str(), constants);
        traces[l].push_back(play_trace(deck, contracts, players, time_pile, game_seed(seed, i),
                                       *policy, dealt_time, removed, stride));
      }
    }
  }
  py::list out;
  for (const auto& played : traces) {
    py::list games;
    for (const Trace& trace : played) games.append(trace_tuple(trace));
    out.append(games);
  }
  return out;
}

// --- the search player ----------------------------------------------------------------

// A search's poll while the GIL is released: Ctrl-C (or another signal's handler raising)
// stops the search; the Python error is set and raised when the call returns.
void poll_signals() {
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw SearchInterrupted();
}

template <int N>
void read_ids(const py::handle& list, IdList<N>& out) {
  out.clear();
  for (const py::handle& item : list) {
    if (out.size() >= N) throw std::invalid_argument("a pile too large for the native core");
    out.push_back(item.cast<int>());
  }
}

template <typename T>
void read_ints(const py::handle& list, T* out, int size) {
  int i = 0;
  for (const py::handle& item : list) {
    if (i >= size) throw std::invalid_argument("a table count of the wrong size");
    out[i++] = static_cast<T>(item.cast<int>());
  }
  if (i != size) throw std::invalid_argument("a table count of the wrong size");
}

int contract_of(const py::handle& key) {
  int id = contract_id(key.cast<std::string>().c_str());
  if (id == NO_CONTRACT) throw std::invalid_argument("a contract the native core does not know");
  return id;
}

// A Python PlayerState (engine/state.py), field by field.
void read_player(const py::handle& p, PlayerState& out) {
  out.coins = static_cast<int16_t>(p.attr("coins").cast<int>());
  read_ids(p.attr("persons"), out.persons);
  read_ids(p.attr("expeditions"), out.expeditions);
  out.swords = static_cast<int16_t>(p.attr("swords").cast<int>());
  out.vp = static_cast<int16_t>(p.attr("vp").cast<int>());
  read_ints(p.attr("abilities"), out.abilities, N_ABILITIES);
  read_ints(p.attr("traders"), out.traders, N_COLOURS);
  read_ints(p.attr("clerks"), out.clerks, N_COLOURS);
  out.cheap_persons = static_cast<int16_t>(p.attr("cheap_persons").cast<int>());
  out.n_completed = 0;
  for (const py::handle& key : p.attr("completed")) {
    if (out.n_completed >= CUBES) throw std::invalid_argument("more contracts than cubes");
    out.completed[out.n_completed++] = static_cast<int8_t>(contract_of(key));
  }
  py::dict markers = p.attr("markers").cast<py::dict>();
  py::dict marker_turn = p.attr("marker_turn").cast<py::dict>();
  out.n_markers = 0;
  for (const auto& item : markers) {
    if (out.n_markers >= CUBES) throw std::invalid_argument("more markers than cubes");
    int i = out.n_markers++;
    out.marker_key[i] = static_cast<int8_t>(contract_of(item.first));
    out.marker_step[i] = static_cast<int8_t>(item.second.cast<int>());
    out.marker_turn[i] = static_cast<int16_t>(
        marker_turn.contains(item.first) ? marker_turn[item.first].cast<int>() : 0);
  }
  out.n_aside = 0;
  for (int c = 0; c < N_COLOURS; ++c) out.aside[c] = NO_CARD;
  for (const auto& item : p.attr("aside").cast<py::dict>()) {
    int colour = item.first.cast<int>();
    if (colour < 0 || colour >= N_COLOURS || out.n_aside >= N_COLOURS)
      throw std::invalid_argument("a ship set aside of no colour");
    out.aside[colour] = static_cast<int16_t>(item.second.cast<int>());
    out.aside_order[out.n_aside++] = static_cast<int8_t>(colour);
  }
}

// A Python Table (engine/state.py) as the native Table of the same game.
void read_table(const py::handle& t, const Deck& deck, const Contracts& contracts, Table& out) {
  int n_players = t.attr("n_players").cast<int>();
  if (n_players != deck.players) throw std::invalid_argument("the table is not of this deck");
  init_table(out, deck, contracts, n_players);
  out.active = static_cast<int8_t>(t.attr("active").cast<int>());
  out.turn = static_cast<int16_t>(t.attr("turn").cast<int>());
  read_ids(t.attr("harbour"), out.harbour);
  read_ids(t.attr("expedition_row"), out.expedition_row);
  read_ids(t.attr("discard"), out.discard);
  out.draw_size = static_cast<int16_t>(t.attr("draw_size").cast<int>());
  out.time_size = static_cast<int16_t>(t.attr("time_size").cast<int>());
  out.time_owed = static_cast<int16_t>(t.attr("time_owed").cast<int>());
  out.victory_size = static_cast<int16_t>(t.attr("victory_size").cast<int>());
  for (const auto& item : t.attr("completers").cast<py::dict>()) {
    Completers& who = out.completers[contract_of(item.first)];
    who.n = 0;
    for (const py::handle& player : item.second) {
      if (who.n >= MAX_PLAYERS) throw std::invalid_argument("too many completers");
      who.v[who.n++] = static_cast<int8_t>(player.cast<int>());
    }
  }
  out.n_open = 0;
  for (const py::handle& key : t.attr("open")) out.open[out.n_open++] = static_cast<int8_t>(contract_of(key));
  read_ints(t.attr("unseen"), out.unseen, deck.n_kinds);
  out.unseen_total = static_cast<int16_t>(t.attr("unseen_total").cast<int>());
  read_ints(t.attr("unseen_ships"), out.unseen_ships, N_COLOURS);
  out.reshuffled = t.attr("reshuffled").cast<bool>();
  out.draw_runouts = static_cast<int8_t>(t.attr("draw_runouts").cast<int>());
  out.over = t.attr("over").cast<bool>();
  out.won = t.attr("won").cast<bool>();
  int i = 0;
  for (const py::handle& p : t.attr("players")) {
    if (i >= n_players) throw std::invalid_argument("more players than the table has");
    read_player(p, out.players[i]);
    out.players[i].index = static_cast<int8_t>(i);
    ++i;
  }
}

// random.Random.getstate()[1] (624 words and the position) into an Rng, and back.
void set_rng_state(Rng& rng, const std::vector<uint64_t>& state) {
  if (state.size() != Rng::N + 1 || state[Rng::N] > Rng::N)
    throw std::invalid_argument("not a Mersenne Twister state");
  uint32_t words[Rng::N];
  for (int i = 0; i < Rng::N; ++i) words[i] = static_cast<uint32_t>(state[i]);
  rng.set_state(words, static_cast<int>(state[Rng::N]));
}

py::tuple rng_state(const Rng& rng) {
  py::tuple out(Rng::N + 1);
  std::array<uint32_t, Rng::N> words = rng.python_state();
  for (int i = 0; i < Rng::N; ++i) out[i] = words[i];
  out[Rng::N] = rng.state_index();
  return out;
}

// SearchPolicy._rollouts for one decision of a game the Python engine plays: the wins of
// each option over `samples` guesses drawn from the search's generator (given and
// returned as random.Random.getstate()[1]). kind 0: draw (options 1/0); 1: take (card ids,
// -1 for None). Released from the GIL; Ctrl-C raises KeyboardInterrupt.
py::tuple search_rollouts(const Deck& deck, const Contracts& contracts, const py::handle& table,
                          const std::vector<uint64_t>& state, const std::string& base, int samples,
                          int kind, const std::vector<int>& options, int player, int takes_left,
                          const py::object& expert) {
  if (kind != DRAW_DECISION && kind != TAKE_DECISION) throw std::invalid_argument("kind: 0 or 1");
  if (options.empty()) throw std::invalid_argument("no options");
  auto native = std::make_unique<Table>();
  read_table(table, deck, contracts, *native);
  if (player < 0 || player >= native->n_players) throw std::invalid_argument("no such player");
  for (int option : options) {
    bool legal = kind == DRAW_DECISION ? (option == 0 || option == 1)
                                       : (option == NO_CARD || native->harbour.contains(option));
    if (!legal) throw std::invalid_argument("an option the decision does not have");
  }
  if (kind == TAKE_DECISION && takes_left < 1) throw std::invalid_argument("no take left");
  // The rollouts use none of search.py's constants (they pick nothing): none handed over.
  SearchPolicy search(base, true, true, samples, SearchConstants(), expert_of(expert));
  set_rng_state(search.rng, state);
  search.poll = poll_signals;
  std::vector<std::vector<double>> results;
  try {
    py::gil_scoped_release released;
    results = search.rollouts(*native, static_cast<SearchKind>(kind), options, player, takes_left);
  } catch (const SearchInterrupted&) {
    throw py::error_already_set();
  }
  return py::make_tuple(results, rng_state(search.rng));
}

py::object choice_object(int kind, int value) {
  if (kind == DRAW_DECISION) return py::bool_(value != 0);
  if (value == NO_CARD) return py::none();
  return py::int_(value);
}

// Whole games of a search player (or the clairvoyant bound), one per seed, played without
// the GIL: each game's final state (as play_games), its decisions searched and overridden
// per kind, and with `record` every searched decision.
py::list play_search_games(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                           int removed, int dealt_time,
                           const std::vector<std::pair<uint64_t, uint64_t>>& seeds,
                           const std::string& base, bool draw, bool take, int samples,
                           bool clairvoyant, bool record, const py::object& expert,
                           const py::object& search) {
  const ExpertParams* constants = expert_of(expert);
  const SearchConstants& chosen = search_of(search);
  make_search_base(base, constants);  // an unknown base fails before any game
  py::list out;
  for (const auto& s : seeds) {
    std::unique_ptr<SearchPolicy> policy =
        clairvoyant
            ? std::make_unique<ClairvoyantSearch>(base, draw, take, samples, chosen, constants)
            : std::make_unique<SearchPolicy>(base, draw, take, samples, chosen, constants);
    policy->record = record;
    policy->poll = poll_signals;
    GameConfig config;
    config.players = players;
    config.time_pile = time_pile;
    config.removed = removed;
    config.seed = to_u128(s.first, s.second);
    config.dealt_time = dealt_time;
    std::unique_ptr<Game> game;
    GameResult result;
    try {
      py::gil_scoped_release released;
      game = std::make_unique<Game>(deck, contracts, config, *policy);
      if (clairvoyant) static_cast<ClairvoyantSearch&>(*policy).watch(game.get());
      result = game->run();
    } catch (const SearchInterrupted&) {
      throw py::error_already_set();
    }
    py::dict state = game_state(*game, result);
    state["searched"] = py::make_tuple(policy->searched[0], policy->searched[1]);
    state["overridden"] = py::make_tuple(policy->overridden[0], policy->overridden[1]);
    py::list decisions;
    for (const SearchRecord& r : policy->records) {
      py::list options, wins;
      for (int o : r.options) options.append(choice_object(r.kind, o));
      for (int w : r.wins) wins.append(w);
      decisions.append(py::make_tuple(r.kind == DRAW_DECISION ? "draw" : "take", r.turn, r.player,
                                      choice_object(r.kind, r.base_choice),
                                      choice_object(r.kind, r.pick), py::tuple(options),
                                      py::tuple(wins)));
    }
    state["decisions"] = decisions;
    out.append(state);
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
  py::class_<SearchConstants, std::shared_ptr<SearchConstants>>(m, "SearchConstants");
  m.def("make_search", &make_search, "The search player's constants, from a dict by name.");
  m.def("make_deck", &make_deck, "The deck's tables, from engine.cards.Deck's fields.");
  m.def("make_contracts", &make_contracts, "Contracts from (key, coins or None, markers).");
  m.def("has_policy", &has_policy, "Does the native core play this policy?");
  m.def("play_games", &play_games, "Whole games (Game.run), one per seed; final states.",
        py::arg("deck"), py::arg("contracts"), py::arg("players"), py::arg("time_pile"),
        py::arg("removed"), py::arg("dealt_time"), py::arg("seeds"), py::arg("policy"),
        py::arg("expert") = py::none());
  m.def("play_game_turns", &play_game_turns, "One game (Game.run); its state after each turn.");
  m.def("play_traces", &play_traces,
        "The odds runner's traces of games start..stop, per (time_pile, dealt_time, removed).",
        py::arg("deck"), py::arg("contracts"), py::arg("players"), py::arg("seed_low"),
        py::arg("seed_high"), py::arg("start"), py::arg("stop"), py::arg("policy"),
        py::arg("layouts"), py::arg("expert") = py::none(), py::arg("stride") = 1);
  m.def("search_rollouts", &search_rollouts, "SearchPolicy._rollouts for one decision.");
  m.def("play_search_games", &play_search_games,
        "Whole games of a search player (or the clairvoyant bound), one per seed.");
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
      .def("copy", [](const Rng& rng) { return Rng(rng); })
      .def("twist_ahead", &Rng::twist_ahead)
      .def("state", &rng_state, "random.Random.getstate()[1].")
      .def("set_state", &set_rng_state, "random.Random.setstate's words and position.");

  m.def(
      "stream_seed_bytes",
      [](uint64_t low, uint64_t high, const std::string& stream) {
        uint8_t out[16];
        stream_seed_bytes(to_u128(low, high), stream.c_str(), out);
        return py::bytes(reinterpret_cast<const char*>(out), 16);
      },
      "seeds.stream_seed's 16 digest bytes.");
}
