// The decision-level differential test of the native policies (tests/native/test_policies.py).
//
// Reads, on stdin, the questions a Python game put to a Python policy: the public table
// before each question and the Python answer. Asks the same questions of the C++ policy,
// in the same order (the policy keeps memory between questions, so every question of a
// game is replayed), and prints every answer that differs, then a summary line:
//   summary <games> <questions> <play-through questions> <branch questions> <mismatches>
// The last-turn play-through is the engine's: here it answers with the contracts the
// Python play-through left open, and the probe checks that C++ plays a turn through
// exactly where Python did.
//
// Records, one a line, whitespace-separated:
//   expert (<name> <value>)* income_per_turn <value per ability> take_weights <n> <value>*
//        the expert's constants for the games that follow (policies/native_expert.py)
//   deck <players> <size> <n_kinds> <start_coins> <five> (<per card: kind type colour coins
//        swords cost vp ability coin_to_other most_swords n_needs (ability count)*>)*
//   game <policy> <last_turn> <players> <n_contracts> (<key> <n_coins> <coins>* <markers>)*
//        <625 rng state words> <table>
//   q <kind> <player> <a> <b> <n_options> <options>* <answer> <left_open> <table>
//   c (as q) a question the Python last-turn play-through put to its clone of the policy,
//        written before the draw question that played the turn through
//   clone    the odds runner copies the policy for a branch (after the stop's question)
//   b (as q) a question of the branch played with that copy
// <table> is written by tests/helpers/native_probe.py's table_tokens, read by read_table below.
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "policies/base.hpp"
#include "policies/expert.hpp"

namespace coop {

namespace {

long g_unrecorded = 0;  // turns the C++ policy played through that Python did not

}  // namespace

namespace {

int read_contract(std::istream& in) {
  std::string key;
  in >> key;
  int id = contract_id(key.c_str());
  if (id < 0) throw std::runtime_error("unknown contract " + key);
  return id;
}

template <int N>
void read_list(std::istream& in, IdList<N>& list) {
  int n;
  in >> n;
  list.clear();
  for (int i = 0; i < n; ++i) {
    int x;
    in >> x;
    list.push_back(x);
  }
}

void read_player(std::istream& in, PlayerState& p, int index) {
  p = PlayerState();
  p.index = static_cast<int8_t>(index);
  int coins, swords, vp, cheap;
  in >> coins >> swords >> vp >> cheap;
  p.coins = static_cast<int16_t>(coins);
  p.swords = static_cast<int16_t>(swords);
  p.vp = static_cast<int16_t>(vp);
  p.cheap_persons = static_cast<int16_t>(cheap);
  read_list(in, p.persons);
  read_list(in, p.expeditions);
  for (auto& a : p.abilities) in >> a;
  for (auto& t : p.traders) in >> t;
  for (auto& c : p.clerks) in >> c;
  int n;
  in >> n;
  p.n_completed = static_cast<int8_t>(n);
  for (int i = 0; i < n; ++i) p.completed[i] = static_cast<int8_t>(read_contract(in));
  in >> n;
  p.n_markers = static_cast<int8_t>(n);
  for (int i = 0; i < n; ++i) {
    p.marker_key[i] = static_cast<int8_t>(read_contract(in));
    int step, turn;
    in >> step >> turn;
    p.marker_step[i] = static_cast<int8_t>(step);
    p.marker_turn[i] = static_cast<int16_t>(turn);
  }
  in >> n;
  p.n_aside = static_cast<int8_t>(n);
  for (int i = 0; i < n; ++i) {
    int colour, card;
    in >> colour >> card;
    p.aside_order[i] = static_cast<int8_t>(colour);
    p.aside[colour] = static_cast<int16_t>(card);
  }
}

void read_table(std::istream& in, Table& t, const Deck* deck, const Contracts* contracts,
                int players) {
  t = Table();
  t.deck = deck;
  t.contracts = contracts;
  t.n_players = static_cast<int8_t>(players);
  int active, turn, time_size, time_owed, victory, draw, unseen_total, reshuffled, runouts,
      over, won;
  in >> active >> turn >> time_size >> time_owed >> victory >> draw >> unseen_total >>
      reshuffled >> runouts >> over >> won;
  t.active = static_cast<int8_t>(active);
  t.turn = static_cast<int16_t>(turn);
  t.time_size = static_cast<int16_t>(time_size);
  t.time_owed = static_cast<int16_t>(time_owed);
  t.victory_size = static_cast<int16_t>(victory);
  t.draw_size = static_cast<int16_t>(draw);
  t.unseen_total = static_cast<int16_t>(unseen_total);
  t.reshuffled = reshuffled;
  t.draw_runouts = static_cast<int8_t>(runouts);
  t.over = over;
  t.won = won;
  read_list(in, t.harbour);
  read_list(in, t.expedition_row);
  read_list(in, t.discard);
  int n;
  in >> n;
  t.n_open = static_cast<int8_t>(n);
  for (int i = 0; i < n; ++i) t.open[i] = static_cast<int8_t>(read_contract(in));
  in >> n;  // completers, per contract in the game
  for (int i = 0; i < n; ++i) {
    int c = read_contract(in), k;
    in >> k;
    t.completers[c].n = static_cast<int8_t>(k);
    for (int j = 0; j < k; ++j) {
      int v;
      in >> v;
      t.completers[c].v[j] = static_cast<int8_t>(v);
    }
  }
  for (int k = 0; k < deck->n_kinds; ++k) in >> t.unseen[k];
  for (auto& s : t.unseen_ships) in >> s;
  for (int i = 0; i < players; ++i) read_player(in, t.players[i], i);
}

void read_deck(std::istream& in, Deck& d) {
  d = Deck();
  in >> d.players >> d.size >> d.n_kinds >> d.start_coins >> d.five_player_expedition;
  for (int c = 0; c < d.size; ++c) {
    int kind, type, colour, coins, swords, cost, vp, ability, cto, most, n_needs;
    in >> kind >> type >> colour >> coins >> swords >> cost >> vp >> ability >> cto >> most >>
        n_needs;
    d.kind[c] = static_cast<int16_t>(kind);
    d.type[c] = static_cast<int8_t>(type);
    d.colour[c] = static_cast<int8_t>(colour);
    d.coins[c] = static_cast<int8_t>(coins);
    d.swords[c] = static_cast<int8_t>(swords);
    d.cost[c] = static_cast<int8_t>(cost);
    d.vp[c] = static_cast<int8_t>(vp);
    d.ability[c] = static_cast<int8_t>(ability);
    d.coin_to_other[c] = cto;
    d.most_swords[c] = most;
    d.n_needs[c] = static_cast<int8_t>(n_needs);
    for (int k = 0; k < n_needs; ++k) {
      int a, count;
      in >> a >> count;
      d.need_ability[c][k] = static_cast<int8_t>(a);
      d.need_count[c][k] = static_cast<int8_t>(count);
    }
  }
}

const char* KINDS[] = {"draw_again",       "repel",          "choose_take",
                       "decline_coins",    "complete",       "claim_expedition",
                       "coin_recipient",   "victory_move",   "victory_threshold"};

// One recorded question: the table before it and the Python answer.
struct Question {
  int kind = 0, who = 0, a = 0, b = 0, answer = 0, left_open = -2;
  Cards options;
  PlayerIds ids;
  Table table;
};

struct ProbeGame {
  const Deck* deck = nullptr;
  Contracts contracts;
  int players = 0;
};

void read_question(std::istream& in, const ProbeGame& game, Question& q) {
  int n_options;
  std::string b_token;
  in >> q.kind >> q.who >> q.a >> b_token >> n_options;
  q.b = q.kind == 3 || q.kind == 4 ? contract_id(b_token.c_str()) : std::stoi(b_token);
  q.options.clear();
  q.ids.clear();
  for (int i = 0; i < n_options; ++i) {
    int x;
    in >> x;
    if (q.kind == 6)
      q.ids.push_back(x);
    else
      q.options.push_back(x);
  }
  in >> q.answer >> q.left_open;
  read_table(in, q.table, game.deck, &game.contracts, game.players);
}

int ask(Policy& policy, const Question& q) {
  const Table& table = q.table;
  const PlayerState& player = table.players[q.who < 0 ? table.active : q.who];
  switch (q.kind) {
    case 0: return policy.draw_again(table, player);
    case 1: return policy.repel(table, player, q.a);
    case 2: return policy.choose_take(table, player, q.options, q.a);
    case 3: return policy.decline_coins(table, player, q.a, q.b);
    case 4: return policy.complete(table, player, q.b);
    case 5: return policy.claim_expedition(table, player, q.options);
    case 6: return policy.coin_recipient(table, player, q.ids);
    case 7: return policy.victory_move(table);
    case 8: return policy.victory_threshold(table);
    default: return -9;
  }
}

struct Counts {
  long games = 0, questions = 0, clone_questions = 0, branch_questions = 0, mismatches = 0;
};

Counts g_counts;
std::vector<Question> g_clone_questions;  // the Python play-through's questions, in order

// A turn the Python policy played through in its head: its clone's questions and what it
// left open ("c" lines, then a "p" line), in the order played.
struct PlayThrough {
  std::vector<Question> questions;
  int left_open = -1;
};
std::deque<PlayThrough> g_play_throughs;

void report(const char* what, const Question& q, int got, int left_open) {
  ++g_counts.mismatches;
  if (g_counts.mismatches <= 50)
    std::printf("mismatch game %ld question %ld %s%s: python %d native %d (left_open %d/%d)\n",
                g_counts.games, g_counts.questions, what, KINDS[q.kind], q.answer, got,
                q.left_open, left_open);
}

// "<count> <value>*" off the expert line into `into`, which holds `size` weights; false
// (and a message) for another count.
bool read_weights(std::istream& in, const std::string& name, double* into, int size) {
  size_t count = 0;
  in >> count;
  if (count != static_cast<size_t>(size)) {
    std::cerr << name << ": " << count << " weights, not " << size << "\n";
    return false;
  }
  for (int k = 0; k < size; ++k) in >> into[k];
  return true;
}

}  // namespace

// The engine's play-through, here replaced by the recorded Python one, in order: the clone
// answers the questions the Python clone was asked, and the Python result is returned.
int left_open_on_stopping(const Table&, Rng&, Policy& team) {
  if (g_play_throughs.empty()) {  // Python played no (more) turn through here
    ++g_unrecorded;
    return -1;
  }
  PlayThrough played = std::move(g_play_throughs.front());
  g_play_throughs.pop_front();
  for (const Question& q : played.questions) {
    ++g_counts.clone_questions;
    const int got = ask(team, q);
    if (got != q.answer) report("play-through ", q, got, -1);
  }
  return played.left_open;
}

}  // namespace coop

int main() {
  using namespace coop;
  std::ios::sync_with_stdio(false);
  std::map<int, std::unique_ptr<Deck>> decks;
  ProbeGame game;
  ExpertParams expert;  // the last "expert" line's
  std::unique_ptr<Policy> policy;
  std::unique_ptr<Policy> branch;  // the odds runner's copy for the branch being played
  Rng rng;
  std::string line;
  Question q;
  Table start;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "expert") {
      expert = ExpertParams();
      std::string name;
      while (in >> name) {
        if (name == "income_per_turn") {
          for (double& value : expert.income_per_turn) in >> value;
        } else if (name == "take_weights") {
          if (!read_weights(in, name, expert.take_weights.data(), N_TAKE_FEATURES)) return 2;
        } else if (name == "draw_weights") {
          if (!read_weights(in, name, expert.draw_weights.data(), N_DRAW_FEATURES)) return 2;
        } else {
          double value;
          in >> value;
          set_expert_field(expert, name, value);
        }
      }
    } else if (tag == "deck") {
      auto deck = std::make_unique<Deck>();
      read_deck(in, *deck);
      int p = deck->players;
      decks[p] = std::move(deck);
    } else if (tag == "game") {
      std::string name;
      int last_turn, n;
      in >> name >> last_turn >> game.players >> n;
      game.deck = decks.at(game.players).get();
      Contracts& contracts = game.contracts;
      contracts = Contracts();
      contracts.n = static_cast<int8_t>(n);
      for (int i = 0; i < n; ++i) {
        int c = read_contract(in), n_coins;
        in >> n_coins;
        contracts.ids[i] = static_cast<int8_t>(c);
        ContractRule& rule = contracts.rule[c];
        rule.in_game = true;
        rule.n_coins = static_cast<int8_t>(n_coins);
        for (int k = 0; k < n_coins; ++k) {
          int coin;
          in >> coin;
          rule.coins[k] = static_cast<int8_t>(coin);
        }
        int markers;
        in >> markers;
        rule.markers = static_cast<int8_t>(markers);
      }
      uint32_t words[Rng::N];
      for (auto& w : words) in >> w;
      int index;
      in >> index;
      rng.set_state(words, index);
      if (name == "expert")
        policy = make_expert_policy(expert, last_turn != 0);
      else if (name == "basic")
        policy = make_basic_policy();
      else
        policy = make_random_policy();
      read_table(in, start, game.deck, &game.contracts, game.players);
      policy->start_game(start, &rng);
      ++g_counts.games;
      g_clone_questions.clear();
      g_play_throughs.clear();
    } else if (tag == "c") {
      g_clone_questions.emplace_back();
      read_question(in, game, g_clone_questions.back());
    } else if (tag == "p") {
      PlayThrough played;
      in >> played.left_open;
      played.questions = std::move(g_clone_questions);
      g_clone_questions.clear();
      g_play_throughs.push_back(std::move(played));
    } else if (tag == "clone") {  // the odds runner keeps a copy for a branch
      branch = policy->clone();
    } else if (tag == "q" || tag == "b") {
      read_question(in, game, q);
      Policy& asked = tag == "q" ? *policy : *branch;
      g_unrecorded = 0;
      ++(tag == "q" ? g_counts.questions : g_counts.branch_questions);
      const int got = ask(asked, q);
      bool same = got == q.answer;
      if (q.kind == 0 && q.left_open >= -1)  // the expert's last-turn look
        same = same && asked.stop_left_open() == q.left_open;
      // every turn played through by one policy, and no other, by the other
      if (g_unrecorded || !g_play_throughs.empty() || !g_clone_questions.empty()) {
        same = false;
        g_play_throughs.clear();
        g_clone_questions.clear();
      }
      if (!same) report(tag == "q" ? "" : "branch ", q, got, asked.stop_left_open());
    }
  }
  std::printf("summary %ld %ld %ld %ld %ld\n", g_counts.games, g_counts.questions,
              g_counts.clone_questions, g_counts.branch_questions, g_counts.mismatches);
  return g_counts.mismatches ? 1 : 0;
}
