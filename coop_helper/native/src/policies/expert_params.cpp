// PARAMS of policies/expert_params.py, set by set (see that file for how each was tuned).
#include "policies/expert_params.hpp"

namespace coop {

namespace {

ExpertParams one_player() {
  ExpertParams p;
  p.draw_boldness = 0.255;
  p.safe_bust = 0.037;
  p.loss_weight = 1.145;
  p.new_colour_gain = 4.864;
  p.extra_take_gain = 8.867;
  p.pack_step = 3.381;
  p.pack_swords = 7;
  p.sword_fill = 0.416;
  p.rich_coin = 0.178;
  p.idle_coin = 0.312;
  p.save_for = 7;
  p.tax_coin = 0.407;
  p.expedition_fill = 0.983;
  p.expedition_slack = 0;
  p.sticky = 0.777;
  p.coin_weight = 0.1;
  p.endgame_weight = 0.031;
  p.tax_draw = 0.464;
  p.income_weight = 0.213;
  p.want_gain = 0.253;
  p.want_room = 0.278;
  p.complete_gain = 0.618;
  p.pack_first = 0.106;
  return p;
}

ExpertParams two_players() {
  ExpertParams p;
  p.draw_boldness = 1.113;
  p.safe_bust = 0.02;
  p.loss_weight = 1.523;
  p.new_colour_gain = 3.998;
  p.extra_take_gain = 0.572;
  p.pack_step = 14.222;
  p.pack_swords = 5;
  p.sword_fill = 0.721;
  p.rich_coin = 0.465;
  p.idle_coin = 0.577;
  p.save_for = 9;
  p.tax_coin = 0.459;
  p.expedition_fill = 1.144;
  p.expedition_slack = 0;
  p.sticky = 3.15;
  p.coin_weight = 1.666;
  p.team_fee = true;
  p.endgame_weight = 0.067;
  p.tax_draw = 0.514;
  p.income_weight = 0.364;
  p.want_gain = 0.224;
  p.want_room = 0.223;
  p.complete_gain = 0.337;
  p.pack_first = 0.063;
  return p;
}

ExpertParams three_players() {
  ExpertParams p;
  p.draw_boldness = 0.898;
  p.safe_bust = 0.046;
  p.loss_weight = 1.049;
  p.new_colour_gain = 4.237;
  p.extra_take_gain = 0.632;
  p.pack_step = 8.096;
  p.pack_swords = 5;
  p.sword_fill = 0.693;
  p.rich_coin = 0.405;
  p.idle_coin = 0.369;
  p.save_for = 10;
  p.tax_coin = 0.354;
  p.expedition_fill = 0.995;
  p.expedition_slack = 0;
  p.sticky = 2.026;
  p.coin_weight = 2.278;
  p.team_fee = true;
  p.endgame_weight = 0.259;
  p.tax_draw = 0.371;
  p.income_weight = 0.279;
  p.want_gain = 0.279;
  p.want_room = 0.313;
  p.complete_gain = 0.3;
  return p;
}

ExpertParams four_players() {
  ExpertParams p;
  p.draw_boldness = 1.034;
  p.safe_bust = 0.024;
  p.loss_weight = 1.591;
  p.new_colour_gain = 3.123;
  p.extra_take_gain = 0.452;
  p.pack_step = 19.421;
  p.pack_swords = 5;
  p.sword_fill = 0.576;
  p.rich_coin = 0.686;
  p.idle_coin = 0.378;
  p.save_for = 11;
  p.tax_coin = 0.26;
  p.expedition_fill = 1.078;
  p.expedition_slack = 0;
  p.sticky = 0.093;
  p.coin_weight = 0.425;
  p.team_fee = true;
  p.pack_first = 0.5;
  return p;
}

ExpertParams five_players() {
  ExpertParams p;
  p.draw_boldness = 0.721;
  p.safe_bust = 0.013;
  p.loss_weight = 1.239;
  p.new_colour_gain = 3.767;
  p.extra_take_gain = 0.251;
  p.pack_step = 18.479;
  p.pack_swords = 5;
  p.sword_fill = 0.51;
  p.rich_coin = 0.396;
  p.idle_coin = 0.43;
  p.save_for = 11;
  p.tax_coin = 0.402;
  p.expedition_fill = 0.899;
  p.expedition_slack = 0;
  p.sticky = 0.067;
  p.coin_weight = 1.491;
  p.team_fee = true;
  p.endgame_weight = 2.392;
  p.tax_draw = 0.512;
  p.pack_first = 0.5;
  return p;
}

const ExpertParams BASELINE{};
const ExpertParams PARAMS[5] = {one_player(), two_players(), three_players(), four_players(),
                                five_players()};

}  // namespace

const ExpertParams& expert_params_for(int players) {
  return players >= 1 && players <= 5 ? PARAMS[players - 1] : BASELINE;
}

const char* const EXPERT_PARAM_NAMES[N_EXPERT_PARAMS] = {
    "draw_boldness",  "safe_bust",       "loss_weight",     "new_colour_gain",
    "extra_take_gain", "pack_step",      "pack_swords",     "sword_fill",
    "rich_coin",      "idle_coin",       "save_for",        "tax_coin",
    "expedition_fill", "expedition_slack", "sticky",        "coin_weight",
    "explorer_saves", "team_fee",        "endgame_weight",  "tax_draw",
    "income_weight",  "want_gain",       "want_room",       "complete_gain",
    "pack_first",
};

void expert_param_values(const ExpertParams& p, double out[N_EXPERT_PARAMS]) {
  const double values[N_EXPERT_PARAMS] = {
      p.draw_boldness,  p.safe_bust,       p.loss_weight,     p.new_colour_gain,
      p.extra_take_gain, p.pack_step,      double(p.pack_swords), p.sword_fill,
      p.rich_coin,      p.idle_coin,       double(p.save_for), p.tax_coin,
      p.expedition_fill, double(p.expedition_slack), p.sticky, p.coin_weight,
      double(p.explorer_saves), double(p.team_fee), p.endgame_weight, p.tax_draw,
      p.income_weight,  p.want_gain,       p.want_room,       p.complete_gain,
      p.pack_first,
  };
  for (int i = 0; i < N_EXPERT_PARAMS; ++i) out[i] = values[i];
}

}  // namespace coop
