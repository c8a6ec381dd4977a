// The game state as flat integer arrays: the public Table every policy reads, the Hidden
// part only the engine touches, and the immutable Deck and contract rules of one game.
//
// Mirrors coop_helper/engine/state.py field by field. Card ids are the Python engine's
// (indices into its Deck tables); contracts are small ints (Contract below) instead of
// strings. Every list keeps the Python list's order, because the order of a pile decides
// which card a random draw picks.
#pragma once

#include <cstdint>
#include <cstring>

namespace coop {

constexpr int MAX_PLAYERS = 5;
constexpr int MAX_CARDS = 144;  // the 5-player deck
constexpr int MAX_KINDS = 96;   // the catalogue has 83
constexpr int MAX_PERSONS = 80;  // persons in the deck (74)
constexpr int MAX_EXPEDITIONS = 8;  // expeditions in the deck (6)
constexpr int MAX_NEEDS = 4;  // (ability, count) pairs an expedition asks for
constexpr int N_COLOURS = 5;
constexpr int N_ABILITIES = 14;
constexpr int CUBES = 3;  // wooden cubes per player
constexpr int SKULL = 99;  // a ship's swords when it can never be repelled
constexpr int NO_CARD = -1;
constexpr int NO_COLOUR = -1;
constexpr int NEVER = 1000000000;  // a Victory Pile threshold no Time Pile reaches
constexpr int TAX_THRESHOLD = 12;
constexpr int PAY_VP = 12;  // blue-seal contracts: this many victory points ...
constexpr int PAY_COINS = 15;  // ... or pay this many coins
// contracts.py's requirements and state.CHEAP_COST
constexpr int TRADERS_NEEDED = 2;  // Trader Prince: this many Traders
constexpr int SWORDS_NEEDED = 3;  // Fighter: this many swords
constexpr int CHEAP_NEEDED = 4;  // Cheap Staff: this many persons of cost CHEAP_COST or less
constexpr int CHEAP_COST = 3;  // a person of this printed cost or less is cheap
constexpr int GAMESTER_COLOURS = 4;  // Gamester: ship colours in the harbour
constexpr int TINY_GAMESTER_COLOURS = 3;  // Tiny Gamester: ship colours in the harbour

enum CardType : int8_t { SHIP = 0, PERSON = 1, EXPEDITION = 2, TAX = 3 };

// catalog.ABILITIES order (engine/cards.py checks the same order)
enum Ability : int8_t {
  SETTLER = 0,
  CAPTAIN = 1,
  PRIEST = 2,
  JACK = 3,
  TRADER = 4,
  SAILOR = 5,
  PIRATE = 6,
  MADEMOISELLE = 7,
  JESTER = 8,
  ADMIRAL = 9,
  GOVERNOR = 10,
  CLERK = 11,
  GUNNER = 12,
  VICE_ADMIRAL = 13,
};

// catalog.COLOURS order
enum Colour : int8_t { YELLOW = 0, BLUE = 1, GREEN = 2, RED = 3, BLACK = 4 };

// Contract ids, in data/contracts.toml order. CONTRACT_KEYS gives the Python key of each.
enum Contract : int8_t {
  LADY_KILLER = 0,
  EXPLORER,
  TAX_OFFICER,
  FRIGATE_FOE,
  GALLEON_FOE,
  TRADER_PRINCE,
  TRADE_OUTPOST,
  FIGHTER,
  COMEDIAN,
  NEW_COLONY,
  JINX,
  PACK_OF_PIRATES,
  MARITIME_SUPREMACY,
  GAMESTER,
  CHEAP_STAFF,
  TINY_GAMESTER,
  TINY_ROYAL_HOUSEHOLD,
  RANSOM,
  N_CONTRACTS
};
constexpr int NO_CONTRACT = -1;

inline constexpr const char* CONTRACT_KEYS[N_CONTRACTS] = {
    "lady_killer",   "explorer",           "tax_officer",  "frigate_foe",
    "galleon_foe",   "trader_prince",      "trade_outpost", "fighter",
    "comedian",      "new_colony",         "jinx",          "pack_of_pirates",
    "maritime_supremacy", "gamester",      "cheap_staff",   "tiny_gamester",
    "tiny_royal_household", "ransom",
};

// The contract id of a Python key, or NO_CONTRACT.
inline int contract_id(const char* key) {
  for (int i = 0; i < N_CONTRACTS; ++i)
    if (std::strcmp(CONTRACT_KEYS[i], key) == 0) return i;
  return NO_CONTRACT;
}

// A list of small ids with a fixed capacity: the Python list's operations, same order.
// Trivially copyable, so a Table or Hidden copies with one memcpy.
template <int N>
struct IdList {
  int16_t n = 0;
  int16_t v[N] = {};

  int size() const { return n; }
  bool empty() const { return n == 0; }
  int operator[](int i) const { return v[i]; }
  int16_t& operator[](int i) { return v[i]; }
  const int16_t* begin() const { return v; }
  const int16_t* end() const { return v + n; }
  int back() const { return v[n - 1]; }
  void clear() { n = 0; }
  void push_back(int x) { v[n++] = static_cast<int16_t>(x); }
  int pop_back() { return v[--n]; }
  // list.pop(0)
  int pop_front() {
    int x = v[0];
    std::memmove(v, v + 1, sizeof(int16_t) * (n - 1));
    --n;
    return x;
  }
  // list.index(x), or -1
  int index_of(int x) const {
    for (int i = 0; i < n; ++i)
      if (v[i] == x) return i;
    return -1;
  }
  bool contains(int x) const { return index_of(x) >= 0; }
  void erase_at(int i) {
    std::memmove(v + i, v + i + 1, sizeof(int16_t) * (n - 1 - i));
    --n;
  }
  // list.remove(x): the first occurrence; false if absent
  bool remove(int x) {
    int i = index_of(x);
    if (i < 0) return false;
    erase_at(i);
    return true;
  }
};

using Cards = IdList<MAX_CARDS>;
using PlayerIds = IdList<MAX_PLAYERS>;

// The co-op deck for one player count: engine/cards.py's Deck, per card id. Built from the
// Python Deck (the card data stays in data/), shared read-only by every game.
struct Deck {
  int players = 0;
  int size = 0;  // cards in this deck
  int n_kinds = 0;  // kinds in the catalogue (Table.unseen's length)
  int start_coins = 0;
  int five_player_expedition = NO_CARD;
  int16_t kind[MAX_CARDS] = {};
  int8_t type[MAX_CARDS] = {};  // CardType
  int8_t colour[MAX_CARDS] = {};  // Colour or NO_COLOUR
  int8_t coins[MAX_CARDS] = {};
  int8_t swords[MAX_CARDS] = {};  // SKULL: never repelled
  int8_t cost[MAX_CARDS] = {};
  int8_t vp[MAX_CARDS] = {};
  int8_t ability[MAX_CARDS] = {};  // Ability or -1
  bool coin_to_other[MAX_CARDS] = {};
  bool most_swords[MAX_CARDS] = {};
  int8_t n_needs[MAX_CARDS] = {};  // expedition: the (ability, count) pairs, in order
  int8_t need_ability[MAX_CARDS][MAX_NEEDS] = {};
  int8_t need_count[MAX_CARDS][MAX_NEEDS] = {};
};

// One contract's rules as the game's config gives them (catalog.Contract).
struct ContractRule {
  bool in_game = false;
  int8_t n_coins = -1;  // coin spaces; -1: unknown (any number of completers, 0 coins)
  int8_t coins[MAX_PLAYERS] = {};
  int8_t markers = 0;  // progress markers before completion (Frigate/Galleon Foe, Tiny Gamester)
};

// The contracts of one game (GameConfig.contracts), in the config's order.
struct Contracts {
  int8_t n = 0;
  int8_t ids[N_CONTRACTS] = {};  // config order
  ContractRule rule[N_CONTRACTS] = {};  // by contract id
  bool in_game(int c) const { return rule[c].in_game; }
};

// One player's public state (state.PlayerState).
struct PlayerState {
  int8_t index = 0;
  int16_t coins = 0;  // coin cards held (faces hidden)
  IdList<MAX_PERSONS> persons;  // card ids in the display, in order hired
  IdList<MAX_EXPEDITIONS> expeditions;  // claimed expeditions
  int16_t swords = 0;
  int16_t vp = 0;  // persons + expeditions + contract bonuses
  int16_t abilities[N_ABILITIES] = {};  // persons in display per ability
  int16_t traders[N_COLOURS] = {};
  int16_t clerks[N_COLOURS] = {};
  int16_t cheap_persons = 0;  // printed cost 3 or less
  // completed: contract ids in completion order
  int8_t n_completed = 0;
  int8_t completed[CUBES] = {};
  // markers: the dict contract -> step, in insertion order; marker_turn beside it
  int8_t n_markers = 0;
  int8_t marker_key[CUBES] = {};
  int8_t marker_step[CUBES] = {};
  int16_t marker_turn[CUBES] = {};
  // aside (Pack of Pirates): colour -> card; aside_order the colours in insertion order
  int8_t n_aside = 0;
  int8_t aside_order[N_COLOURS] = {};
  int16_t aside[N_COLOURS] = {NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD};

  int cubes_free() const { return CUBES - n_completed - n_markers; }
  bool has_completed(int c) const {
    for (int i = 0; i < n_completed; ++i)
      if (completed[i] == c) return true;
    return false;
  }
  // position of contract c in the markers, or -1
  int marker_at(int c) const {
    for (int i = 0; i < n_markers; ++i)
      if (marker_key[i] == c) return i;
    return -1;
  }
  bool has_marker(int c) const { return marker_at(c) >= 0; }
  // markers.get(c, 0)
  int marker_step_of(int c) const {
    int i = marker_at(c);
    return i < 0 ? 0 : marker_step[i];
  }
  bool has_aside(int colour) const { return aside[colour] != NO_CARD; }
};

// Who completed a contract, in order (Table.completers[key]).
struct Completers {
  int8_t n = 0;
  int8_t v[MAX_PLAYERS] = {};
};

// Everything public (state.Table).
struct Table {
  const Deck* deck = nullptr;
  const Contracts* contracts = nullptr;
  int8_t n_players = 0;
  int8_t active = 0;
  int16_t turn = 0;  // turns started so far
  Cards harbour;
  IdList<MAX_EXPEDITIONS> expedition_row;
  Cards discard;  // face up
  int16_t draw_size = 0;
  int16_t time_size = 0;
  int16_t time_owed = 0;  // Time Pile cards counted in time_size, not dealt yet
  int16_t victory_size = 0;
  Completers completers[N_CONTRACTS];  // by contract id
  // open: contracts with no completer yet, in config order
  int8_t n_open = 0;
  int8_t open[N_CONTRACTS] = {};
  // the public card count
  int16_t unseen[MAX_KINDS] = {};
  int16_t unseen_total = 0;
  int16_t unseen_ships[N_COLOURS] = {};
  bool reshuffled = false;
  int8_t draw_runouts = 0;
  bool over = false;
  bool won = false;
  PlayerState players[MAX_PLAYERS];

  bool is_open(int c) const {
    for (int i = 0; i < n_open; ++i)
      if (open[i] == c) return true;
    return false;
  }
  bool in_game(int c) const { return contracts->in_game(c); }
  const PlayerState& active_player() const { return players[active]; }
};

// What no player sees (state.Hidden).
struct Hidden {
  Cards draw;  // unordered: drawn at random (swap with the last, then pop)
  bool stacked = false;  // test hook: draw off the end in order
  Cards time;  // the Time Pile, top card last
  Cards coin_cards[MAX_PLAYERS];
  Cards victory;
};

// state.takes_for_colours: the active player's takes for this many ship colours in the
// harbour (Governors aside).
inline int takes_for_colours(int colours) { return colours <= 3 ? 1 : colours - 2; }

// A set of card kinds as bits (the policies' memos of the kinds they want).
constexpr int KIND_WORD_BITS = 64;
constexpr int KIND_WORDS = (MAX_KINDS + KIND_WORD_BITS - 1) / KIND_WORD_BITS;
inline void add_kind(uint64_t* mask, int kind) {
  mask[kind / KIND_WORD_BITS] |= uint64_t{1} << (kind % KIND_WORD_BITS);
}
inline bool has_kind(const uint64_t* mask, int kind) {
  return (mask[kind / KIND_WORD_BITS] >> (kind % KIND_WORD_BITS)) & 1U;
}

// state.hire_cost: 1 less per Mademoiselle, never below 0.
inline int hire_cost(const Deck& deck, const PlayerState& player, int card) {
  int cost = deck.cost[card] - player.abilities[MADEMOISELLE];
  return cost > 0 ? cost : 0;
}

}  // namespace coop
