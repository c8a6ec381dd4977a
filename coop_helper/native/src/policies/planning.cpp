// planning.py, function for function.
#include "policies/planning.hpp"

#include <algorithm>
#include <limits>

#include "engine/contracts.hpp"

namespace coop {

namespace {

// planning._ORDER: the order contracts are handed out in
constexpr int ORDER[N_CONTRACTS] = {
    PACK_OF_PIRATES, LADY_KILLER,  MARITIME_SUPREMACY, TRADE_OUTPOST,  NEW_COLONY,
    COMEDIAN,        TRADER_PRINCE, CHEAP_STAFF,       FIGHTER,        EXPLORER,
    FRIGATE_FOE,     GALLEON_FOE,   TINY_ROYAL_HOUSEHOLD, RANSOM,      TAX_OFFICER,
    TINY_GAMESTER,   GAMESTER,      JINX,
};

bool is_pair(int c) {
  int a, b;
  return pair_of(c, a, b);
}

bool is_money(int c) { return c == TAX_OFFICER || c == TINY_ROYAL_HOUSEHOLD || c == RANSOM; }

bool is_hiring(int c) {
  return is_pair(c) || c == TRADER_PRINCE || c == CHEAP_STAFF || c == FIGHTER ||
         c == EXPLORER || c == PACK_OF_PIRATES;
}

bool is_resource(int c) {
  return c == FIGHTER || c == CHEAP_STAFF || c == TRADER_PRINCE || c == PACK_OF_PIRATES;
}

// planning._pair_synergy (planning.SYNERGY; 0.0 for key == other)
double pair_synergy(int key, int other, const ExpertParams& p) {
  if (key == other) return 0.0;
  double bonus = 0.0;
  int a, b, c, d;
  if (pair_of(key, a, b) && pair_of(other, c, d) && (a == c || a == d || b == c || b == d))
    bonus += p.shared_person;
  if (is_resource(key) && is_resource(other)) bonus += p.shared_resource;
  if ((key == EXPLORER || other == EXPLORER) && (is_pair(key) || is_pair(other)))
    bonus += p.explorer_pair;
  if (is_money(key) && is_money(other)) bonus += p.both_money;
  return bonus;
}

struct Tables {
  int rank[N_CONTRACTS];
  Tables() {
    for (int i = 0; i < N_CONTRACTS; ++i) rank[ORDER[i]] = i;
  }
};

const Tables TABLES;

}  // namespace

double progress(const Table& table, const PlayerState& player, int key, const ExpertParams& p) {
  const int pack_swords = p.pack_swords;
  const int16_t* ab = player.abilities;
  int a, b;
  if (pair_of(key, a, b)) return static_cast<double>((ab[a] > 0) + (ab[b] > 0));
  switch (key) {
    case TRADER_PRINCE:
      return static_cast<double>(std::min<int>(ab[TRADER], TRADERS_NEEDED));
    case FIGHTER:
      return std::min<int>(player.swords, SWORDS_NEEDED) / p.sword_step;
    case CHEAP_STAFF:
      return static_cast<double>(std::min<int>(player.cheap_persons, CHEAP_NEEDED)) / p.cheap_step;
    case EXPLORER: {
      int best = std::max(std::max<int>(ab[SETTLER], ab[CAPTAIN]), static_cast<int>(ab[PRIEST])) +
                 ab[JACK];
      return player.expeditions.size() ? p.progress_full
                                       : std::min(best, p.explorer_persons) * p.explorer_step;
    }
    case FRIGATE_FOE:
    case GALLEON_FOE: {
      const int declines = table.contracts->rule[key].markers + 1;
      return p.progress_full * player.marker_step_of(key) / declines +
             (player.has_marker(key) ? 1 : 0);
    }
    case TAX_OFFICER:
      return static_cast<double>(std::min<int>(player.coins, TAX_THRESHOLD)) / p.tax_step;
    case TINY_ROYAL_HOUSEHOLD:
    case RANSOM: {
      double by_vp = static_cast<double>(player.vp) / p.vp_step;
      double by_coins = static_cast<double>(player.coins) / p.coin_step;
      return by_coins > by_vp ? by_coins : by_vp;  // Python's max keeps the first of equals
    }
    case TINY_GAMESTER:
      return player.has_marker(key) ? p.progress_full : 0.0;
    case PACK_OF_PIRATES:
      return player.n_aside * p.aside_step +
             static_cast<double>(std::min<int>(player.swords, pack_swords)) / pack_swords;
    default:
      return 0.0;
  }
}

int last_seat(const Table& table) {
  const int n = table.n_players;
  return ((table.turn + table.time_size - 1) % n + n) % n;  // Python's modulo
}

void assign_contracts(const Table& table, const ContractList* previous,
                      const ExpertParams& weights, ContractList* plan, int pack_seat) {
  const int rich = weights.rich;
  const int n = table.n_players;
  int capacity[MAX_PLAYERS];
  bool taken[N_CONTRACTS] = {};
  for (int i = 0; i < n; ++i) {
    const PlayerState& player = table.players[i];
    capacity[i] = player.cubes_free();
    plan[i] = ContractList();
    for (int m = 0; m < player.n_markers; ++m) {  // a contract with a marker stays its player's
      int key = player.marker_key[m];
      if (table.is_open(key)) {
        plan[i].push_back(key);
        taken[key] = true;
      }
    }
  }
  // the open contracts not taken, stable-sorted by rank (ranks are distinct)
  int todo[N_CONTRACTS];
  int n_todo = 0;
  for (int o = 0; o < table.n_open; ++o)
    if (!taken[table.open[o]]) todo[n_todo++] = table.open[o];
  std::sort(todo, todo + n_todo,
            [](int x, int y) { return TABLES.rank[x] < TABLES.rank[y]; });
  for (int t = 0; t < n_todo; ++t) {
    const int key = todo[t];
    int best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) {
      const PlayerState& player = table.players[i];
      if (capacity[i] <= 0 || player.has_completed(key)) continue;
      double synergy = 0.0;  // sum(...) from int 0: the first term exactly
      for (int k = 0; k < plan[i].n; ++k) synergy += pair_synergy(key, plan[i].v[k], weights);
      double score = weights.progress_weight * progress(table, player, key, weights) + synergy -
                     weights.load_penalty * plan[i].n;
      if (previous != nullptr && previous[i].contains(key)) score += weights.sticky;
      if (is_hiring(key))
        score += weights.coin_weight * std::min<int>(player.coins, rich) / rich;
      if (score > best_score ||
          (i == pack_seat && score == best_score && key == PACK_OF_PIRATES)) {
        best = i;
        best_score = score;
      }
    }
    if (best >= 0) {
      plan[best].push_back(key);
      capacity[best] -= 1;
    }
  }
}

uint16_t expedition_missing(const Table& table, const PlayerState& player, int slack) {
  const Deck& deck = *table.deck;
  const int rows = table.expedition_row.size();
  if (rows == 0) return 0;
  int shorts[MAX_EXPEDITIONS];
  uint16_t gaps[MAX_EXPEDITIONS];
  const int jacks = player.abilities[JACK];
  int nearest = std::numeric_limits<int>::max();
  for (int r = 0; r < rows; ++r) {
    const int card = table.expedition_row[r];
    int short_by = 0;
    uint16_t lacking = 0;
    for (int k = 0; k < deck.n_needs[card]; ++k) {
      int ability = deck.need_ability[card][k];
      int gap = deck.need_count[card][k] - player.abilities[ability];
      if (gap > 0) {
        short_by += gap;
        lacking |= static_cast<uint16_t>(1U << ability);
      }
    }
    short_by = std::max(0, short_by - jacks);
    shorts[r] = short_by;
    gaps[r] = short_by ? lacking : 0;
    nearest = std::min(nearest, short_by);
  }
  if (nearest == 0) return 0;
  uint16_t missing = 0;
  for (int r = 0; r < rows; ++r)
    if (shorts[r] <= nearest + slack) missing |= gaps[r];
  return missing;
}

void wants_for_player(const Table& table, const PlayerState& player, const ContractList& keys,
                      int pack_swords, int expedition_slack, Wants& w) {
  w.reset();
  const int16_t* ab = player.abilities;
  for (int k = 0; k < keys.n; ++k) {
    const int key = keys.v[k];
    if (!table.is_open(key)) continue;
    w.contracts.push_back(key);
    int a, b;
    if (pair_of(key, a, b)) {
      if (ab[a] == 0) w.abilities |= static_cast<uint16_t>(1U << a);
      if (ab[b] == 0) w.abilities |= static_cast<uint16_t>(1U << b);
      continue;
    }
    switch (key) {
      case TRADER_PRINCE:
        w.traders = std::max(w.traders, TRADERS_NEEDED - ab[TRADER]);
        break;
      case FIGHTER:
        w.swords = std::max(w.swords, SWORDS_NEEDED - player.swords);
        break;
      case PACK_OF_PIRATES:
        w.swords = std::max(w.swords, pack_swords - player.swords);
        w.pack = true;
        break;
      case CHEAP_STAFF:
        w.cheap = std::max(w.cheap, CHEAP_NEEDED - player.cheap_persons);
        break;
      case EXPLORER:
        if (player.expeditions.size() == 0) {
          w.expedition = true;
          w.expedition_missing = expedition_missing(table, player, expedition_slack);
        }
        break;
      case TAX_OFFICER:
        w.coins = std::max(w.coins, TAX_THRESHOLD);
        break;
      case TINY_ROYAL_HOUSEHOLD:
      case RANSOM:
        if (player.vp < PAY_VP) w.coins = std::max(w.coins, PAY_COINS);
        break;
      case FRIGATE_FOE:
        w.foes |= static_cast<uint8_t>(1U << RED);
        break;
      case GALLEON_FOE:
        w.foes |= static_cast<uint8_t>(1U << BLACK);
        break;
      default:
        break;
    }
  }
  w.swords = std::max(w.swords, 0);
  w.cheap = std::max(w.cheap, 0);
  w.traders = std::max(w.traders, 0);
}

}  // namespace coop
