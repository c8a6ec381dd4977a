// The expert's tunable constants (policies/expert_params.py): ExpertParams and the set
// tuned for each player count. The values are Python's decimal literals, which parse to
// the same doubles; tests/native compares every field with the Python PARAMS.
#pragma once

namespace coop {

struct ExpertParams {
  double draw_boldness = 0.4;
  double safe_bust = 0.05;
  double loss_weight = 1.0;
  double new_colour_gain = 2.0;
  double extra_take_gain = 4.0;
  double pack_step = 8.0;
  int pack_swords = 4;
  double sword_fill = 0.45;
  double rich_coin = 0.4;
  double idle_coin = 0.7;
  int save_for = 9;
  double tax_coin = 1.2;
  double expedition_fill = 0.8;
  int expedition_slack = 0;
  double sticky = 0.0;
  double coin_weight = 0.0;
  bool explorer_saves = false;
  bool team_fee = false;
  double endgame_weight = 0.0;
  double tax_draw = 0.0;
  double income_weight = 0.6;
  double want_gain = 0.6;
  double want_room = 0.25;
  double complete_gain = 0.0;
  double pack_first = 0.0;
};

// expert_params.PARAMS.get(players, BASELINE)
const ExpertParams& expert_params_for(int players);

// The field names and values of one set, in ExpertParams order (for the parity test).
constexpr int N_EXPERT_PARAMS = 25;
extern const char* const EXPERT_PARAM_NAMES[N_EXPERT_PARAMS];
void expert_param_values(const ExpertParams& p, double out[N_EXPERT_PARAMS]);

}  // namespace coop
