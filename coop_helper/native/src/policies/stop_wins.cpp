// stop_wins.py
#include "policies/stop_wins.hpp"

#include <memory>

#include "engine/contracts.hpp"
#include "engine/game.hpp"
#include "policies/last_turn.hpp"

namespace coop {
namespace {

// stop_wins.NOT_AT_TAKE: never completed at take time
bool not_at_take(int c) {
  switch (c) {
    case TAX_OFFICER: case JINX: case GAMESTER: case TINY_GAMESTER: case PACK_OF_PIRATES:
      return true;
    default:
      return false;
  }
}

// The harbour's cards, split as stopping_may_win looks at them.
struct HarbourCards {
  int n_persons = 0;
  int persons[MAX_CARDS];
  int n_ships = 0;
  int ships[MAX_CARDS];
  unsigned colours = 0;  // bit per ship colour
};

// stop_wins._may_meet
bool may_meet(const Table& table, const PlayerState& player, int c, const HarbourCards& h,
              int take_time_coins) {
  if (requirement_met(player, c)) return true;
  const Deck& deck = *table.deck;
  auto offered = [&](int ability) {
    int n = 0;
    for (int i = 0; i < h.n_persons; ++i) n += deck.ability[h.persons[i]] == ability;
    return n;
  };
  int first, second;
  if (pair_of(c, first, second))
    return (player.abilities[first] > 0 || offered(first) > 0) &&
           (player.abilities[second] > 0 || offered(second) > 0);
  switch (c) {
    case EXPLORER:
      return player.expeditions.size() > 0 || table.expedition_row.size() > 0;
    case TRADER_PRINCE:
      return player.abilities[TRADER] + offered(TRADER) >= TRADERS_NEEDED;
    case FIGHTER: {
      int swords = player.swords;
      for (int i = 0; i < h.n_persons; ++i) swords += deck.swords[h.persons[i]];
      return swords >= SWORDS_NEEDED;
    }
    case CHEAP_STAFF: {
      int cheap = player.cheap_persons;
      for (int i = 0; i < h.n_persons; ++i) cheap += deck.cost[h.persons[i]] <= CHEAP_COST;
      return cheap >= CHEAP_NEEDED;
    }
    default: {
      int coins = player.coins + take_time_coins;
      for (int i = 0; i < h.n_ships; ++i) coins += deck.coins[h.ships[i]] + 1;
      int vp = player.vp;
      for (int i = 0; i < h.n_persons; ++i) vp += deck.vp[h.persons[i]];
      return coins >= PAY_COINS || vp >= PAY_VP;
    }
  }
}

}  // namespace

bool stopping_may_win(const Table& table, int take_time_coins) {
  const Deck& deck = *table.deck;
  HarbourCards h;
  for (int card : table.harbour) {
    if (deck.type[card] == PERSON) {
      h.persons[h.n_persons++] = card;
    } else if (deck.type[card] == SHIP) {
      h.ships[h.n_ships++] = card;
      h.colours |= 1u << deck.colour[card];
    }
  }
  for (int i = 0; i < table.n_open; ++i) {
    const int c = table.open[i];
    if (not_at_take(c)) return false;
    if (c == FRIGATE_FOE || c == GALLEON_FOE) {
      if (!(h.colours & (1u << (c == FRIGATE_FOE ? RED : BLACK)))) return false;
      continue;
    }
    bool someone = false;
    for (int p = 0; p < table.n_players && !someone; ++p)
      someone = eligible(table, table.players[p], c) &&
                may_meet(table, table.players[p], c, h, take_time_coins);
    if (!someone) return false;
  }
  return true;
}

bool stopping_wins(const Table& table, Rng& rng, const Policy& team, int take_time_coins) {
  if (!looks(table, team.last_turn_bounds()) || !stopping_may_win(table, take_time_coins))
    return false;
  std::unique_ptr<Policy> copy = team.clone();
  return left_open_on_stopping(last_turn_view(table), rng, *copy) == 0;
}

}  // namespace coop
