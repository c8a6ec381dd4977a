// expert.py, method for method. Comments name the Python method each part ports.
#include "policies/expert.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "engine/contracts.hpp"
#include "policies/last_turn.hpp"
#include "policies/stop_wins.hpp"

namespace coop {

namespace {

constexpr int SMALL_HARBOUR = 16;  // harbours up to this size need no allocation

bool is_expedition_ability(int a) { return a == SETTLER || a == CAPTAIN || a == PRIEST; }

bool has_bit(unsigned mask, int bit) { return bit >= 0 && ((mask >> bit) & 1U); }

}  // namespace

KindGroups::KindGroups(const Deck& d) : deck(&d), source(d) {
  bool seen[MAX_KINDS] = {};
  for (int card = 0; card < d.size; ++card) {
    const int kind = d.kind[card];
    if (seen[kind]) continue;
    seen[kind] = true;
    if (d.type[card] == SHIP) {
      const int c = d.colour[card];
      ship_kind[c][n_ship_kinds[c]] = static_cast<int16_t>(kind);
      ship_swords[c][n_ship_kinds[c]] = d.swords[card];
      ++n_ship_kinds[c];
    } else if (d.type[card] == PERSON) {
      const int ability = d.ability[card];
      add_kind(wanted[ability], kind);
      if (d.cost[card] <= CHEAP_COST) add_kind(wanted[CHEAP_GROUP], kind);
      if (d.swords[card]) add_kind(wanted[SWORDS_GROUP], kind);
      if (is_expedition_ability(ability) || ability == JACK)
        add_kind(wanted[EXPEDITION_GROUP], kind);
    }
  }
  for (int c = 0; c < N_COLOURS; ++c)
    for (int swords = 0; swords <= MAX_SWORDS; ++swords)
      for (int k = 0; k < n_ship_kinds[c]; ++k) {
        const int s = ship_swords[c][k];
        if (s > swords || s == SKULL) busting[c][swords][n_busting[c][swords]++] = ship_kind[c][k];
      }
  bool tax_kind[MAX_KINDS] = {};
  for (int card = 0; card < d.size; ++card) {
    ship_colour[card] = static_cast<int8_t>(d.type[card] == SHIP ? d.colour[card] : -1);
    if (d.type[card] == TAX) tax_kind[d.kind[card]] = true;
  }
  for (int k = 0; k < MAX_KINDS; ++k)
    if (tax_kind[k]) taxes[n_taxes++] = static_cast<int16_t>(k);
}

// expert._kind_groups: built once per deck (a cache per thread, so games on threads
// share nothing they change)
std::shared_ptr<const KindGroups> kind_groups(const Deck& deck) {
  thread_local std::shared_ptr<const KindGroups> cache[MAX_PLAYERS + 1];
  const int players = deck.players >= 1 && deck.players <= MAX_PLAYERS ? deck.players : 0;
  std::shared_ptr<const KindGroups>& slot = cache[players];
  if (!slot || slot->deck != &deck || std::memcmp(&slot->source, &deck, sizeof(Deck)) != 0)
    slot = std::make_shared<const KindGroups>(deck);
  return slot;
}

// ------------------------------------------------------------------ start, clone

void ExpertPolicy::start_game(const Table& table, Rng* rng) {
  uint64_t seed = rng->getrandbits(64);
  // The last guess seed made on this thread: a game played again on the same seed (once
  // per seat of the last turn) keeps its seeded generator instead of seeding it again.
  thread_local std::shared_ptr<GuessSeed> last;
  if (!last || last->seed != seed) {
    last = std::make_shared<GuessSeed>();
    last->seed = seed;
  }
  guess_seed_ = last;
  guess_rng_.reset();
  deck_ = table.deck;
  kinds_ = kind_groups(*deck_);
  n_ = table.n_players;
  for (int i = 0; i < n_; ++i) {
    wants_[i] = std::make_shared<Wants>();
    assignment_[i] = ContractList();
  }
  open_n_ = row_n_ = -1;
  dirty_ = 0;
  dirty_all_ = true;
  turn_ = -1;
  turns_ahead_ = 0;
  last_seat_ = last_seat(table);
  rows_.clear();
  ranked_.clear();
  ranked_for_ = -1;
  for (int i = 0; i < MAX_PLAYERS; ++i) coin_[i] = want_mass_[i] = 0.0;
  plan_version_ = 0;
  has_flags_key_ = false;
  flags_ = TurnFlags();
}

std::unique_ptr<Policy> ExpertPolicy::clone() const {
  auto other = std::make_unique<ExpertPolicy>(*this);
  other->stop_left_open_ = -1;  // a new object in Python: not copied
  return other;
}

// ------------------------------------------------------------------ the plan

void ExpertPolicy::touch(const PlayerState& player, bool structural) {
  dirty_ |= 1U << player.index;
  dirty_all_ = dirty_all_ || structural;
}

void ExpertPolicy::refresh(const Table& table) {
  const int open_n = table.n_open, row_n = table.expedition_row.size();
  unsigned changed;
  const unsigned everyone = (1U << n_) - 1;
  if (dirty_all_ || open_n != open_n_) {
    ContractList plan[MAX_PLAYERS];
    assign_contracts(table, assignment_, p_, plan, pack_seat());
    for (int i = 0; i < n_; ++i) assignment_[i] = plan[i];
    changed = everyone;
  } else if (row_n != row_n_) {  // only Explorer's wants look at the expedition row
    changed = dirty_;
    for (int i = 0; i < n_; ++i)
      if (wants_[i]->expedition) changed |= 1U << i;
  } else if (dirty_) {
    changed = dirty_;
  } else if (table.turn == turn_) {
    return;
  } else {
    changed = 0;
  }
  for (int i = 0; i < n_; ++i)
    if (changed >> i & 1U) {
      // a copy shared with a clone is replaced, never changed; one held here alone is reused
      if (wants_[i].use_count() != 1) wants_[i] = std::make_shared<Wants>();
      wants_for_player(table, table.players[i], assignment_[i], p_.pack_swords,
                       p_.expedition_slack, *wants_[i]);
    }
  open_n_ = open_n;
  row_n_ = row_n;
  dirty_all_ = false;
  dirty_ = 0;
  rows_.clear();
  ranked_.clear();
  ++plan_version_;
  if (table.turn != turn_) {  // the card count moved on: recount for everyone
    turn_ = table.turn;
    turns_ahead_ = std::max(0, p_.horizon - table.turn);
    changed = everyone;
  }
  for (int i = 0; i < n_; ++i)
    if (changed >> i & 1U) {
      want_mass_[i] = wanted_mass(table, table.players[i]);
      coin_[i] = coin_value(table.players[i], *wants_[i]);
    }
}

double ExpertPolicy::wanted_mass(const Table& table, const PlayerState& player) {
  if (!table.unseen_total) return 0.0;
  Wants& wants = *wants_[player.index];
  if (!wants.has_kinds) {  // worked out once per plan
    const KindGroups& g = *kinds_;
    uint64_t mask[KIND_WORDS] = {};
    auto add = [&](int group) {
      for (int word = 0; word < KIND_WORDS; ++word) mask[word] |= g.wanted[group][word];
    };
    for (unsigned abilities = wants.abilities; abilities; abilities &= abilities - 1)
      add(__builtin_ctz(abilities));
    if (wants.traders) add(TRADER);
    if (wants.cheap) add(CHEAP_GROUP);
    if (wants.swords) add(SWORDS_GROUP);
    if (wants.expedition) add(EXPEDITION_GROUP);
    wants.n_kinds = 0;
    for (int word = 0; word < KIND_WORDS; ++word)
      for (uint64_t bits = mask[word]; bits; bits &= bits - 1)
        wants.kinds[wants.n_kinds++] =
            static_cast<int16_t>(word * KIND_WORD_BITS + __builtin_ctzll(bits));
    wants.has_kinds = true;
  }
  long sum = 0;  // an integer sum: exact in any order
  for (int k = 0; k < wants.n_kinds; ++k) sum += table.unseen[wants.kinds[k]];
  return static_cast<double>(sum) / table.unseen_total;
}

// ------------------------------------------------------------------ values

double ExpertPolicy::coin_value(const PlayerState& player, const Wants& wants) const {
  const ExpertParams& p = p_;
  if (wants.coins && player.coins < wants.coins + 1) return p.money_coin;
  const bool hires = wants.abilities || wants.cheap || wants.traders || wants.swords;
  double value;
  if ((hires || (p.explorer_saves && wants.expedition)) && player.coins < p.save_for)
    value = p.hire_coin;
  else
    value = player.coins >= p.rich_from ? p.rich_coin : p.idle_coin;
  if (player.coins >= p.tax_hold && value > p.tax_coin) return p.tax_coin;
  return value;
}

double ExpertPolicy::fills(const PlayerState& player, const Wants& wants, int card) const {
  const Deck& deck = *deck_;
  const int ability = deck.ability[card];
  double value = 0.0;
  if (has_bit(wants.abilities, ability)) {
    value += p_.fill;
    if (p_.complete_gain != 0.0) {
      const int16_t* ab = player.abilities;
      for (int k = 0; k < wants.contracts.n; ++k) {
        int a, b;
        if (pair_of(wants.contracts.v[k], a, b) && (ability == a || ability == b)) {
          const int other = a == ability ? b : a;
          if (ab[other] > 0) {
            value += p_.fill * p_.complete_gain;
            break;
          }
        }
      }
    }
  }
  if (wants.traders && ability == TRADER) value += p_.fill * p_.trader_fill;
  if (wants.cheap && deck.cost[card] <= CHEAP_COST)
    value += p_.fill * (wants.cheap == 1 ? p_.cheap_fill_last : p_.cheap_fill);
  if (wants.swords && deck.swords[card]) {
    value += p_.fill * p_.sword_fill * std::min<int>(deck.swords[card], wants.swords);
    if (wants.pack && player.swords < p_.pack_first_swords) {
      const int first = std::min<int>(deck.swords[card], p_.pack_first_swords - player.swords);
      value += p_.fill * p_.pack_first * first;
    }
  }
  if (wants.expedition && (is_expedition_ability(ability) || ability == JACK)) {
    const unsigned missing = wants.expedition_missing;
    if (has_bit(missing, ability) || (ability == JACK && missing)) {
      value += p_.fill * p_.expedition_fill;
    } else if (!missing) {  // no expedition to aim at yet: build towards a pair
      const int held = ability != JACK ? player.abilities[ability] : 0;
      value += p_.fill * (held >= 1 || ability == JACK ? p_.pair_fill : p_.first_fill);
    }
  }
  return value;
}

double ExpertPolicy::card_value(const PlayerState& player, int card) {
  const Deck& deck = *deck_;
  const double coin = coin_[player.index];
  if (deck.type[card] == SHIP) {
    const int colour = deck.colour[card];
    double value = coin * (deck.coins[card] + player.traders[colour]);
    if (has_bit(wants_[player.index]->foes, colour) && value < p_.foe_value) value = p_.foe_value;
    return value;
  }
  return person_worth(person_progress(player, card), income_part(card), coin,
                      hire_cost(deck, player, card));
}

// card_value's person branch: the progress and income it brings, less the coins its price
// is worth to the player
double ExpertPolicy::person_worth(double progress, double brings, double coin, int price) const {
  return progress + brings - coin * p_.hire_price * price;
}

// KindGroups.income[card] of expert.py: the coins per turn a person brings
double ExpertPolicy::income(int card) const {
  return deck_->type[card] == PERSON ? p_.income_per_turn[deck_->ability[card]] : 0.0;
}

// expert.income_part: those coins over the turns ahead, weighted
double ExpertPolicy::income_part(int card) const {
  return income(card) * p_.income_weight * turns_ahead_;
}

double ExpertPolicy::person_progress(const PlayerState& player, int card) {
  Wants& wants = *wants_[player.index];
  const int kind = deck_->kind[card];
  if (wants.has_fill(kind)) return wants.fills[kind];
  // depends on the display only: kept until the wants change
  double progress = fills(player, wants, card);
  if (deck_->swords[card] && player.swords < p_.repel_swords) progress += p_.repel_value;
  wants.set_fill(kind, progress);
  return progress;
}

void ExpertPolicy::card_row(const Table& table, const PlayerState& active, int card,
                            double* row) {
  const Deck& deck = *deck_;
  const double* coin = coin_;
  double fee[MAX_PLAYERS];
  fees(table, active, fee);
  const int n = table.n_players;
  if (deck.type[card] == SHIP) {
    const int colour = deck.colour[card];
    const int base = deck.coins[card];
    for (int i = 0; i < n; ++i) {
      const PlayerState& player = table.players[i];
      double value = coin[i] * (base + player.traders[colour]);
      if (has_bit(wants_[i]->foes, colour) && value < p_.foe_value) value = p_.foe_value;
      row[i] = i == active.index ? value : value - fee[i];
    }
    return;
  }
  const int printed = deck.cost[card];
  const double brings = income_part(card);
  for (int i = 0; i < n; ++i) {
    const PlayerState& player = table.players[i];
    const bool is_active = i == active.index;
    const int cost = printed - player.abilities[MADEMOISELLE];
    if (player.coins + (is_active ? p_.trade_coins : -1) < cost) {  // cannot afford it
      row[i] = is_active ? 0.0 : -fee[i];
      continue;
    }
    double value = person_progress(player, card) + brings;
    if (cost > 0) value -= coin[i] * p_.hire_price * cost;
    row[i] = is_active ? value : value - fee[i];
  }
}

void ExpertPolicy::fees(const Table& table, const PlayerState& active, double* out) const {
  const int n = table.n_players;
  if (!p_.team_fee) {
    for (int i = 0; i < n; ++i) out[i] = coin_[i];
    return;
  }
  const double gain = coin_[active.index];
  for (int i = 0; i < n; ++i) out[i] = coin_[i] - gain;
}

double ExpertPolicy::harbour_plan(const Table& table, const PlayerState& active, int colours,
                                  double* best) {
  const Cards& harbour = table.harbour;
  for (int k = static_cast<int>(rows_.size()); k < harbour.size(); ++k) {
    rows_.emplace_back();
    card_row(table, active, harbour[k], rows_.back().data());
  }
  return plan_value(table, active, colours, best);
}

// expert._plan_value. The ranking (sorted(rows, key=row[a], reverse=True), stable: equal
// values keep harbour order) is kept with the rows: a new row goes after every row worth
// as much or more, which is the order the stable sort gives, so each row is placed once.
double ExpertPolicy::plan_value(const Table& table, const PlayerState& active, int colours,
                                double* best) {
  const int takes = takes_for_colours(colours) + active.abilities[GOVERNOR];
  const int a = active.index;
  const int n_rows = static_cast<int>(rows_.size());
  if (ranked_for_ != a || static_cast<int>(ranked_.size()) > n_rows) {
    ranked_.clear();
    ranked_for_ = a;
  }
  for (int r = static_cast<int>(ranked_.size()); r < n_rows; ++r) {
    const double v = rows_[r][a];
    int j = r;
    ranked_.push_back(0);
    while (j > 0 && rows_[ranked_[j - 1]][a] < v) {
      ranked_[j] = ranked_[j - 1];
      --j;
    }
    ranked_[j] = static_cast<int16_t>(r);
  }
  double total = 0.0;
  for (int i = 0; i < table.n_players; ++i) best[i] = 0.0;
  if (n_rows) best[a] = rows_[ranked_[0]][a];
  int left_small[SMALL_HARBOUR];
  std::vector<int> left_big;
  int* left = left_small;
  if (n_rows > SMALL_HARBOUR) {
    left_big.resize(n_rows);
    left = left_big.data();
  }
  int n_left = 0;
  for (int r = 0; r < n_rows; ++r) {
    const double v = rows_[ranked_[r]][a];
    if (r < takes && v > 0)
      total += v;
    else
      left[n_left++] = ranked_[r];
  }
  if (!n_left) return total;
  for (int i = 0; i < table.n_players; ++i) {
    if (i == a || !n_left) continue;
    double top = 0.0;
    int pick = -1;
    for (int j = 0; j < n_left; ++j) {
      const double v = rows_[left[j]][i];
      if (v > top) {
        top = v;
        pick = j;
      }
    }
    if (pick >= 0) {
      total += top;
      for (int j = pick; j + 1 < n_left; ++j) left[j] = left[j + 1];
      --n_left;
    }
    best[i] = top;
  }
  return total;
}

// ------------------------------------------------------------------ decisions

bool ExpertPolicy::draw_again(const Table& table, const PlayerState& player) {
  bool again = draw_on(table, player);
  if (again && p_.stop_wins && stopping_wins(table, guesses(), *this, p_.take_time_coins))
    again = false;
  if (table.time_size == 0 && plays_last_turn_) {
    auto look = last_turn_look(table, again, guesses(), *this);
    again = look.first;
    stop_left_open_ = look.second;
  }
  return again;
}

Rng& ExpertPolicy::guesses() {
  if (!guess_rng_) {  // random.Random(guess_seed)
    GuessSeed& seed = *guess_seed_;
    if (!seed.seeded) {
      seed.rng.seed_u64(seed.seed);
      seed.rng.twist_ahead();  // once for every copy below
      seed.seeded = true;
    }
    guess_rng_ = std::make_shared<Rng>(seed.rng);
  }
  return *guess_rng_;
}

bool ExpertPolicy::draw_on(const Table& table, const PlayerState& player) {
  const Cards& harbour = table.harbour;
  const int total = table.unseen_total;
  if (total <= 0 || harbour.size() >= p_.max_harbour) return false;
  const KindGroups& g = *kinds_;
  unsigned colours = 0;
  for (int c : harbour)
    if (g.ship_colour[c] >= 0) colours |= 1U << g.ship_colour[c];
  if (!colours) return true;  // nothing to bust on
  refresh(table);
  const int16_t* unseen = table.unseen;
  const int swords = std::min<int>(player.swords, p_.max_swords);
  long busting = 0;
  int n_colours = 0;
  for (int colour = 0; colour < N_COLOURS; ++colour)
    if (colours >> colour & 1U) {
      ++n_colours;
      for (int k = 0; k < g.n_busting[colour][swords]; ++k)
        busting += unseen[g.busting[colour][swords][k]];
    }
  const double p_bust = static_cast<double>(busting) / total;
  const ExpertParams& p = p_;
  if (p_bust < p.safe_bust) return true;
  double best[MAX_PLAYERS];
  const double value_now = harbour_plan(table, player, n_colours, best);
  double gain = 0.0;
  const double scale = 1.0 + p.endgame_weight / std::max<int>(1, table.n_open);
  for (int i = 0; i < table.n_players; ++i) {
    const double room = best[i] < p_.fill * p.weak_option ? 1.0 : p.want_room;
    gain += want_mass_[i] * p_.fill * p.want_gain * room * scale;
  }
  if (p.tax_draw > 0.0) gain += tax_officer_chance(table) * p_.fill * p.tax_draw * scale;
  long new_colour = 0;
  for (int c = 0; c < N_COLOURS; ++c) new_colour += table.unseen_ships[c];
  for (int c = 0; c < N_COLOURS; ++c)
    if (colours >> c & 1U) new_colour -= table.unseen_ships[c];
  const double p_new = static_cast<double>(new_colour) / total;
  gain += p_new * p.new_colour_gain;
  if (takes_for_colours(n_colours + 1) > takes_for_colours(n_colours))
    gain += p_new * p.extra_take_gain;  // one more take for the active player
  const TurnFlags& flags = turn_flags(table, player);
  double bonus = 0.0;  // gains that do not depend on the harbour
  if (flags.pack) bonus += pack_chance(table, player) * p.pack_step;
  if (n_colours + 1 == GAMESTER_COLOURS && flags.gamester)
    gain += p_new * p.gamester_value;
  else if (n_colours + 1 == TINY_GAMESTER_COLOURS && flags.tiny_gamester)
    gain += p_new * p.gamester_value * p.tiny_gamester_share;
  const double loss = value_now * p.loss_weight - flags.bust_bonus;
  const double margin = (1.0 - p_bust) * (gain * p.draw_boldness + bonus) - p_bust * loss;
  if (p.draw_model == 0.0) return margin > 0.0;
  // the learned correction (policies/draw_model.py)
  const double correction = draw_correction(table, player, p_bust, gain, bonus, loss, n_colours);
  return margin + p.draw_model * correction > 0.0;
}

// draw_model.draw_features and draw_correction: sum(weight * feature), DRAW_FEATURES order;
// bust, gain, bonus and loss are expert.draw_terms'
double ExpertPolicy::draw_correction(const Table& table, const PlayerState& player, double bust,
                                     double gain, double bonus, double loss,
                                     int n_colours) const {
  const Deck& deck = *deck_;
  const double scale = p_.take_count_scale;
  int persons = 0;
  for (int c : table.harbour)
    if (deck.type[c] != SHIP) ++persons;
  const double features[N_DRAW_FEATURES] = {
      1.0,
      bust,
      (1.0 - bust) * gain,
      (1.0 - bust) * bonus,
      bust * loss,
      table.harbour.size() / scale,
      static_cast<double>(n_colours),
      static_cast<double>(takes_for_colours(n_colours)),
      static_cast<double>(persons),
      static_cast<double>(player.swords),
      player.coins / scale,
      table.unseen_total / scale,
      static_cast<double>(table.n_open),
      static_cast<double>(table.n_open) / static_cast<double>(table.contracts->n),
      table.turn / scale,  // not the Time Pile: time-blind
  };
  const double* w = p_.draw_weights.data();  // N_DRAW_FEATURES of them (make_expert)
  double total = 0.0;
  for (int k = 0; k < N_DRAW_FEATURES; ++k) total += w[k] * features[k];
  return total;
}

double ExpertPolicy::tax_officer_chance(const Table& table) const {
  if (!table.is_open(TAX_OFFICER)) return 0.0;
  bool ready = false;
  for (int i = 0; i < table.n_players && !ready; ++i)
    ready = table.players[i].coins >= p_.tax_hold + 1 && wants_[i]->contracts.contains(TAX_OFFICER);
  if (!ready) return 0.0;
  long sum = 0;
  for (int k = 0; k < kinds_->n_taxes; ++k) sum += table.unseen[kinds_->taxes[k]];
  return static_cast<double>(sum) / table.unseen_total;
}

const TurnFlags& ExpertPolicy::turn_flags(const Table& table, const PlayerState& player) {
  if (!has_flags_key_ || flags_turn_ != table.turn || flags_version_ != plan_version_) {
    has_flags_key_ = true;
    flags_turn_ = table.turn;
    flags_version_ = plan_version_;
    const bool jinx = wants_trigger(table, player, JINX);
    int jesters = 0;
    for (int i = 0; i < table.n_players; ++i) jesters += table.players[i].abilities[JESTER];
    flags_.pack = wants_[player.index]->pack;
    flags_.gamester = wants_trigger(table, player, GAMESTER);
    flags_.tiny_gamester = wants_trigger(table, player, TINY_GAMESTER);
    flags_.bust_bonus = (jinx ? p_.jinx_value : 0.0) + p_.jester_coin * jesters;
  }
  return flags_;
}

double ExpertPolicy::pack_chance(const Table& table, const PlayerState& player) const {
  const int swords = std::min<int>(player.swords, p_.max_swords);
  const KindGroups& g = *kinds_;
  long count = 0;
  for (int colour = 0; colour < N_COLOURS; ++colour)
    if (!player.has_aside(colour))
      for (int k = 0; k < g.n_ship_kinds[colour]; ++k)
        if (g.ship_swords[colour][k] <= swords) count += table.unseen[g.ship_kind[colour][k]];
  return static_cast<double>(count) / table.unseen_total;
}

bool ExpertPolicy::wants_trigger(const Table& table, const PlayerState& player, int key) const {
  if (!table.is_open(key) || player.has_completed(key)) return false;
  if (wants_[player.index]->contracts.contains(key)) return true;
  return spare_cube(player);
}

int ExpertPolicy::pack_seat() const {
  // expert.py's _pack_seat: the set seat, else the clock's, else -1 (the first tied)
  if (p_.pack_seat >= 0) return p_.pack_seat;
  return p_.pack_clock ? last_seat_ : -1;
}

bool ExpertPolicy::spare_cube(const PlayerState& player) const {
  return player.cubes_free() > wants_[player.index]->contracts.n;
}

bool ExpertPolicy::repel(const Table& table, const PlayerState& player, int card) {
  const Deck& deck = *deck_;
  const int colour = deck.colour[card];
  bool matches = false;
  for (int c : table.harbour)
    if (deck.colour[c] == colour && deck.type[c] == SHIP) {
      matches = true;
      break;
    }
  if (matches) {
    refresh(table);
    if (wants_trigger(table, player, JINX)) {
      unsigned colours = 0;
      for (int c : table.harbour)
        if (deck.type[c] == SHIP) colours |= 1U << deck.colour[c];
      const int n_colours = __builtin_popcount(colours);
      double best[MAX_PLAYERS];
      if (harbour_plan(table, player, n_colours, best) < p_.jinx_value)
        return false;  // busting here completes Jinx and costs little
    }
    return true;
  }
  if (table.is_open(PACK_OF_PIRATES)) {
    refresh(table);
    return wants_[player.index]->pack;  // going for Pack of Pirates: repel all we can
  }
  return false;
}

int ExpertPolicy::choose_take(const Table& table, const PlayerState& player,
                              const Cards& options, int takes_left) {
  refresh(table);
  const bool is_active = table.active == player.index;
  double best = 0.0;
  int pick = NO_CARD;
  const double coin = coin_value(player, *wants_[player.index]);  // coins change as cards go
  coin_[player.index] = coin;
  double fee = 0.0;
  if (!is_active) {
    double all[MAX_PLAYERS];
    fees(table, table.players[table.active], all);
    fee = all[player.index];
  }
  // _still_to_take: players after this one in this phase, as a bit mask (index order)
  const int n = table.n_players, active = table.active;
  const int mine = (player.index - active + n) % n;
  int later = 0;
  for (int place = mine + 1; place < n; ++place) {
    const int i = active + place;
    later |= 1 << (i < n ? i : i - n);
  }
  const TakeScene scene{is_active ? 1.0 : 0.0, player.coins / p_.take_count_scale,
                        table.turn / p_.take_count_scale, takes_left > 1 ? 1.0 : 0.0};
  const bool model = p_.take_model != 0.0;
  for (int card : options) {
    double value;
    if (deck_->type[card] == PERSON) {
      value = person_take_value(table, player, card, fee, later, scene);
    } else {
      const double own = card_value(player, card);
      value = own - fee;
      double mates = 0.0;
      if (later && p_.share_ships) {
        mates = ship_teammates_gain(table, later, card, own);
        value -= mates;
      }
      if (model)  // the learned correction (policies/take_model.py)
        value += p_.take_model * ship_correction(player, card, own, fee, mates, scene);
    }
    if (value > best) {
      best = value;
      pick = card;
    }
  }
  if (pick != NO_CARD && deck_->type[pick] == PERSON) touch(player);
  return pick;
}

// A person's worth to the player taking it (expert._take_value): its own value less the fee
// and what the teammates still to take would gain from it, plus the learned correction.
// Each player's progress and price are looked up once and shared by the three.
double ExpertPolicy::person_take_value(const Table& table, const PlayerState& player, int card,
                                       double fee, int later, const TakeScene& scene) {
  const Deck& deck = *deck_;
  const int n = table.n_players, me = player.index;
  const double brings = income_part(card);
  const bool model = p_.take_model != 0.0;
  double progress[MAX_PLAYERS];
  int price[MAX_PLAYERS];
  for (int i = 0; i < n; ++i) {
    const PlayerState& other = table.players[i];
    if (i == me || model || (later >> i & 1)) {
      progress[i] = person_progress(other, card);
      price[i] = hire_cost(deck, other, card);
    }
  }
  auto worth = [&](int i) { return person_worth(progress[i], brings, coin_[i], price[i]); };
  const double own = worth(me);
  double value = own - fee;
  double mates = 0.0;  // teammates_gain for a person: only those who can pay it and the fee
  for (int i = 0; i < n; ++i) {
    if (!(later >> i & 1)) continue;
    if (table.players[i].coins < price[i] + 1) continue;  // cannot pay for it and the fee
    const double gain = worth(i) - coin_[i] - own;
    if (gain > mates) mates = gain;
  }
  value -= mates;
  if (!model) return value;
  // take_correction's person features; a ship's (0 here) add nothing and are left out
  const double* w = p_.take_weights.data();  // TAKE_FEATURES order
  double most = 0.0;  // the most progress the person brings another player
  bool any = false;
  for (int i = 0; i < n; ++i) {
    if (i == me) continue;
    if (!any || progress[i] > most) most = progress[i];
    any = true;
  }
  double total = w[TAKE_PERSON];
  total += w[TAKE_PERSON_ACTIVE] * scene.active;
  total += w[TAKE_OWN] * own;
  total += w[TAKE_FEE] * fee;
  total += w[TAKE_MATES] * mates;
  total += w[TAKE_PERSON_PRICE] * price[me];
  total += w[TAKE_COINS] * scene.coins;
  total += w[TAKE_TURN] * scene.turn;
  total += w[TAKE_MORE] * scene.more_takes;
  total += w[TAKE_PROGRESS] * progress[me];
  total += w[TAKE_BRINGS] * brings;
  total += w[TAKE_MOST] * most;
  total += w[TAKE_SWORDS] * deck.swords[card];
  if (deck.ability[card] >= 0) total += w[TAKE_ABILITY + deck.ability[card]];  // its one ability
  return value + p_.take_model * total;
}

// take_model.take_features and take_correction for a ship: sum(weight * feature) in
// TAKE_FEATURES order, the person features (0 for a ship) left out
double ExpertPolicy::ship_correction(const PlayerState& player, int card, double own, double fee,
                                     double mates, const TakeScene& scene) const {
  const Deck& deck = *deck_;
  const double* w = p_.take_weights.data();
  double total = w[TAKE_SHIP];
  total += w[TAKE_SHIP_ACTIVE] * scene.active;
  total += w[TAKE_OWN] * own;
  total += w[TAKE_FEE] * fee;
  total += w[TAKE_MATES] * mates;
  total += w[TAKE_SHIP_COINS] * (deck.coins[card] + player.traders[deck.colour[card]]);
  total += w[TAKE_COINS] * scene.coins;
  total += w[TAKE_SHIP_COINS_HELD] * scene.coins;
  total += w[TAKE_TURN] * scene.turn;
  total += w[TAKE_SHIP_TURN] * scene.turn;
  total += w[TAKE_MORE] * scene.more_takes;
  return total;
}

// expert._teammates_gain for a ship: the most a teammate still to take (`later`) would gain
// over `own`, the ship's worth to this player (a person's is in person_take_value)
double ExpertPolicy::ship_teammates_gain(const Table& table, int later, int card, double own) {
  double most = 0.0;
  for (int i = 0; i < table.n_players; ++i) {
    if (!(later >> i & 1)) continue;
    const double gain = card_value(table.players[i], card) - coin_[i] - own;
    if (gain > most) most = gain;
  }
  return most;
}

bool ExpertPolicy::decline_coins(const Table& table, const PlayerState& player, int /*card*/,
                                 int contract) {
  refresh(table);
  if (!table.is_open(contract) && !player.has_marker(contract)) return false;
  const bool wanted = wants_[player.index]->contracts.contains(contract);
  if (wanted || player.has_marker(contract) || spare_cube(player)) {
    touch(player, true);
    return true;
  }
  return false;
}

bool ExpertPolicy::complete(const Table& table, const PlayerState& player, int contract) {
  if (!table.is_open(contract)) return false;
  refresh(table);
  bool ok = true;
  if (contract == TINY_GAMESTER && !player.has_marker(contract))
    ok = wants_[player.index]->contracts.contains(contract) || spare_cube(player);
  if (ok) touch(player, true);
  return ok;
}

int ExpertPolicy::claim_expedition(const Table& table, const PlayerState& player,
                                   const Cards& options) {
  refresh(table);
  const Wants& wants = *wants_[player.index];
  unsigned keep = 0;  // _held_for_contracts
  for (int k = 0; k < wants.contracts.n; ++k) {
    int a, b;
    if (pair_of(wants.contracts.v[k], a, b)) keep |= (1U << a) | (1U << b);
  }
  const Deck& deck = *deck_;
  double best = -1.0;
  int pick = NO_CARD;
  for (int card : options) {
    unsigned gives_up = 0;
    for (int k = 0; k < deck.n_needs[card]; ++k) gives_up |= 1U << deck.need_ability[card][k];
    if (wants.expedition || !(gives_up & keep)) {
      const double value = static_cast<double>(deck.vp[card] + deck.coins[card]);
      if (value > best) {
        best = value;
        pick = card;
      }
    }
  }
  if (pick != NO_CARD) touch(player);
  return pick;
}

int ExpertPolicy::coin_recipient(const Table& table, const PlayerState& /*player*/,
                                 const PlayerIds& options) {
  refresh(table);
  // max(options, key=(coin value, -coins)): the first of the largest keys
  int pick = options[0];
  double best_value = coin_value(table.players[pick], *wants_[pick]);
  int best_coins = -table.players[pick].coins;
  for (int k = 1; k < options.size(); ++k) {
    const int i = options[k];
    const double value = coin_value(table.players[i], *wants_[i]);
    const int coins = -table.players[i].coins;
    if (value > best_value || (value == best_value && coins > best_coins)) {
      pick = i;
      best_value = value;
      best_coins = coins;
    }
  }
  return pick;
}

// ------------------------------------------------------------------ time

int ExpertPolicy::turns_needed(const Table& table) const {
  const double per = p_.turns_per_contract;
  return static_cast<int>(table.n_open * per + p_.round_up);
}

int ExpertPolicy::victory_threshold(const Table& table) {
  return turns_needed(table) + p_.victory_margin + 1;
}

std::unique_ptr<Policy> make_expert_policy(const ExpertParams& params, bool last_turn) {
  return std::make_unique<ExpertPolicy>(params, last_turn);
}

}  // namespace coop
