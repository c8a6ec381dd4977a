// The expert's constants, as Python hands them over (policies/native_expert.py): the fields
// of ExpertParams (policies/expert_params.py) for one player count, and the constants
// expert.py, planning.py and last_turn.py name. No value is typed here: every field is
// filled from Python at run time (bindings.cpp's make_expert, the probe's "expert" line),
// so a changed ExpertParams plays natively with no rebuild.
#pragma once

#include <array>
#include <string>

#include "engine/state.hpp"

namespace coop {

// take_model.TAKE_FEATURES before the ones per ability, in order
inline constexpr const char* TAKE_BASE_FEATURES[] = {
    "ship",      "person",          "ship_active",     "person_active",        "own_worth",
    "fee",       "teammates_gain",  "ship_coins",      "person_price",         "coins",
    "ship_coins_held", "turn",      "ship_turn",       "more_takes",           "person_progress",
    "person_income",   "person_best_teammate",         "person_swords"};
constexpr int N_TAKE_FEATURES =
    static_cast<int>(sizeof(TAKE_BASE_FEATURES) / sizeof(TAKE_BASE_FEATURES[0])) + N_ABILITIES;
// Their places, in the same order; TAKE_ABILITY is the first per-ability weight.
enum TakeFeature : int {
  TAKE_SHIP, TAKE_PERSON, TAKE_SHIP_ACTIVE, TAKE_PERSON_ACTIVE, TAKE_OWN, TAKE_FEE, TAKE_MATES,
  TAKE_SHIP_COINS, TAKE_PERSON_PRICE, TAKE_COINS, TAKE_SHIP_COINS_HELD, TAKE_TURN,
  TAKE_SHIP_TURN, TAKE_MORE, TAKE_PROGRESS, TAKE_BRINGS, TAKE_MOST, TAKE_SWORDS, TAKE_ABILITY
};
static_assert(TAKE_ABILITY + N_ABILITIES == N_TAKE_FEATURES, "a take feature without a place");

// draw_model.DRAW_FEATURES, in order
inline constexpr const char* DRAW_FEATURES[] = {
    "one",     "bust",   "gain_part", "bonus_part", "loss_part", "harbour", "colours",   "takes",
    "persons", "swords", "coins",     "unseen",     "open",      "open_share", "turn"};
constexpr int N_DRAW_FEATURES = static_cast<int>(sizeof(DRAW_FEATURES) / sizeof(DRAW_FEATURES[0]));

struct ExpertParams {
  // ExpertParams (expert_params.py), the set for this player count
  double draw_boldness = 0.0;
  double safe_bust = 0.0;
  double loss_weight = 0.0;
  double new_colour_gain = 0.0;
  double extra_take_gain = 0.0;
  double pack_step = 0.0;
  int pack_swords = 0;
  double sword_fill = 0.0;
  double rich_coin = 0.0;
  double idle_coin = 0.0;
  int save_for = 0;
  double tax_coin = 0.0;
  double expedition_fill = 0.0;
  int expedition_slack = 0;
  double sticky = 0.0;
  double coin_weight = 0.0;
  bool explorer_saves = false;
  bool team_fee = false;
  double endgame_weight = 0.0;
  double tax_draw = 0.0;
  double income_weight = 0.0;
  double want_gain = 0.0;
  double want_room = 0.0;
  double complete_gain = 0.0;
  double pack_first = 0.0;
  bool pack_clock = false;
  int pack_seat = -1;
  bool stop_wins = false;
  double take_model = 0.0;
  double draw_model = 0.0;
  // expert.py's constants (HORIZON and TURNS_PER_CONTRACT for this player count)
  double fill = 0.0;
  double income_per_turn[N_ABILITIES] = {};  // INCOME_PER_TURN, 0 for the abilities it omits
  int horizon = 0;
  double jinx_value = 0.0;
  double gamester_value = 0.0;
  double foe_value = 0.0;
  bool share_ships = false;
  int max_harbour = 0;
  int tax_hold = 0;
  int max_swords = 0;  // at most MAX_SWORDS, the size of the expert's tables
  double turns_per_contract = 0.0;
  int victory_margin = 0;
  double round_up = 0.0;
  double money_coin = 0.0;
  double hire_coin = 0.0;
  int rich_from = 0;
  double trader_fill = 0.0;
  double cheap_fill_last = 0.0;
  double cheap_fill = 0.0;
  double pair_fill = 0.0;
  double first_fill = 0.0;
  int pack_first_swords = 0;
  int repel_swords = 0;
  double repel_value = 0.0;
  double hire_price = 0.0;
  int trade_coins = 0;
  double weak_option = 0.0;
  double tiny_gamester_share = 0.0;
  double jester_coin = 0.0;
  // planning.py's constants
  double progress_weight = 0.0;
  double load_penalty = 0.0;
  int rich = 0;
  double progress_full = 0.0;
  double sword_step = 0.0;
  double cheap_step = 0.0;
  double tax_step = 0.0;
  double vp_step = 0.0;
  double coin_step = 0.0;
  double aside_step = 0.0;
  int explorer_persons = 0;
  double explorer_step = 0.0;
  double shared_person = 0.0;
  double shared_resource = 0.0;
  double explorer_pair = 0.0;
  double both_money = 0.0;
  // last_turn.py's constants
  int open_max = 0;
  int short_max = 0;
  int take_time_coins = 0;  // stop_wins.TAKE_TIME_COINS
  double take_count_scale = 0.0;  // take_model.COUNT_SCALE
  // take_model.take_weights: the learned take correction, in TAKE_FEATURES order (arrays,
  // not vectors: every copy of the policy copies its constants, with no allocation)
  std::array<double, N_TAKE_FEATURES> take_weights = {};
  // draw_model.draw_weights: the learned draw correction, in DRAW_FEATURES order
  std::array<double, N_DRAW_FEATURES> draw_weights = {};
};

// The fields above but income_per_turn, take_weights and draw_weights, by name (the names of the Python
// side's dict).
int n_expert_fields();
const char* expert_field_name(int index);

// Set the field called `name` to `value`; an error (std::invalid_argument) for a name
// that is not a field or a value the field cannot hold (a fraction for a whole number, a
// sword count beyond the tables).
void set_expert_field(ExpertParams& params, const std::string& name, double value);

}  // namespace coop
