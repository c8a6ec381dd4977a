// Each contract's requirement and who may still complete it (engine/contracts.py).
#pragma once

#include "engine/state.hpp"

namespace coop {

// contracts.PAIRS: contracts met by holding two named persons (Jack never stands in).
// pair_of(c) gives the two abilities, or false if c is not a pair contract.
inline bool pair_of(int c, int& first, int& second) {
  switch (c) {
    case LADY_KILLER: first = CAPTAIN, second = MADEMOISELLE; return true;
    case TRADE_OUTPOST: first = SETTLER, second = CLERK; return true;
    case COMEDIAN: first = PRIEST, second = JESTER; return true;
    case NEW_COLONY: first = SETTLER, second = GUNNER; return true;
    case MARITIME_SUPREMACY: first = CAPTAIN, second = VICE_ADMIRAL; return true;
    default: return false;
  }
}

// contracts.AT_TAKE_TIME: checked when it is the player's time to take cards.
inline bool at_take_time(int c) {
  switch (c) {
    case LADY_KILLER: case TRADE_OUTPOST: case COMEDIAN: case NEW_COLONY:
    case MARITIME_SUPREMACY: case EXPLORER: case TRADER_PRINCE: case FIGHTER:
    case CHEAP_STAFF: case TINY_ROYAL_HOUSEHOLD: case RANSOM:
      return true;
    default:
      return false;
  }
}

// contracts.PAY_INSTEAD: met by victory points, or by paying coins instead
inline bool pay_instead(int c) { return c == TINY_ROYAL_HOUSEHOLD || c == RANSOM; }

// contracts.requirement_met for a take-time contract
inline bool requirement_met(const PlayerState& p, int c) {
  int a, b;
  if (pair_of(c, a, b)) return p.abilities[a] > 0 && p.abilities[b] > 0;
  switch (c) {
    case EXPLORER: return p.expeditions.size() >= 1;
    case TRADER_PRINCE: return p.abilities[TRADER] >= TRADERS_NEEDED;
    case FIGHTER: return p.swords >= SWORDS_NEEDED;
    case CHEAP_STAFF: return p.cheap_persons >= CHEAP_NEEDED;
    case TINY_ROYAL_HOUSEHOLD: case RANSOM: return p.vp >= PAY_VP || p.coins >= PAY_COINS;
    default: return false;
  }
}

// contracts.eligible: in the game, not completed by this player, a free cube (a marker on
// it counts as one) and a free coin space.
inline bool eligible(const Table& t, const PlayerState& p, int c) {
  const ContractRule& rule = t.contracts->rule[c];
  if (!rule.in_game || p.has_completed(c)) return false;
  if (!p.has_marker(c) && p.cubes_free() <= 0) return false;
  return rule.n_coins < 0 || t.completers[c].n < rule.n_coins;
}

}  // namespace coop
