// The expert's constants by name: how Python's values land in ExpertParams.
#include "policies/expert_params.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "policies/expert.hpp"

namespace coop {

namespace {

struct Field {
  const char* name;
  double ExpertParams::*real;
  int ExpertParams::*whole;
  bool ExpertParams::*flag;
};

constexpr Field real(const char* name, double ExpertParams::*member) {
  return {name, member, nullptr, nullptr};
}
constexpr Field whole(const char* name, int ExpertParams::*member) {
  return {name, nullptr, member, nullptr};
}
constexpr Field flag(const char* name, bool ExpertParams::*member) {
  return {name, nullptr, nullptr, member};
}

using P = ExpertParams;
const Field FIELDS[] = {
    real("draw_boldness", &P::draw_boldness),
    real("safe_bust", &P::safe_bust),
    real("loss_weight", &P::loss_weight),
    real("new_colour_gain", &P::new_colour_gain),
    real("extra_take_gain", &P::extra_take_gain),
    real("pack_step", &P::pack_step),
    whole("pack_swords", &P::pack_swords),
    real("sword_fill", &P::sword_fill),
    real("rich_coin", &P::rich_coin),
    real("idle_coin", &P::idle_coin),
    whole("save_for", &P::save_for),
    real("tax_coin", &P::tax_coin),
    real("expedition_fill", &P::expedition_fill),
    whole("expedition_slack", &P::expedition_slack),
    real("sticky", &P::sticky),
    real("coin_weight", &P::coin_weight),
    flag("explorer_saves", &P::explorer_saves),
    flag("team_fee", &P::team_fee),
    real("endgame_weight", &P::endgame_weight),
    real("tax_draw", &P::tax_draw),
    real("income_weight", &P::income_weight),
    real("want_gain", &P::want_gain),
    real("want_room", &P::want_room),
    real("complete_gain", &P::complete_gain),
    real("pack_first", &P::pack_first),
    flag("pack_clock", &P::pack_clock),
    whole("pack_seat", &P::pack_seat),
    flag("stop_wins", &P::stop_wins),
    real("take_model", &P::take_model),
    real("draw_model", &P::draw_model),
    real("fill", &P::fill),
    whole("horizon", &P::horizon),
    real("jinx_value", &P::jinx_value),
    real("gamester_value", &P::gamester_value),
    real("foe_value", &P::foe_value),
    flag("share_ships", &P::share_ships),
    whole("max_harbour", &P::max_harbour),
    whole("tax_hold", &P::tax_hold),
    whole("max_swords", &P::max_swords),
    real("turns_per_contract", &P::turns_per_contract),
    whole("victory_margin", &P::victory_margin),
    real("round_up", &P::round_up),
    real("money_coin", &P::money_coin),
    real("hire_coin", &P::hire_coin),
    whole("rich_from", &P::rich_from),
    real("trader_fill", &P::trader_fill),
    real("cheap_fill_last", &P::cheap_fill_last),
    real("cheap_fill", &P::cheap_fill),
    real("pair_fill", &P::pair_fill),
    real("first_fill", &P::first_fill),
    whole("pack_first_swords", &P::pack_first_swords),
    whole("repel_swords", &P::repel_swords),
    real("repel_value", &P::repel_value),
    real("hire_price", &P::hire_price),
    whole("trade_coins", &P::trade_coins),
    real("weak_option", &P::weak_option),
    real("tiny_gamester_share", &P::tiny_gamester_share),
    real("jester_coin", &P::jester_coin),
    real("progress_weight", &P::progress_weight),
    real("load_penalty", &P::load_penalty),
    whole("rich", &P::rich),
    real("progress_full", &P::progress_full),
    real("sword_step", &P::sword_step),
    real("cheap_step", &P::cheap_step),
    real("tax_step", &P::tax_step),
    real("vp_step", &P::vp_step),
    real("coin_step", &P::coin_step),
    real("aside_step", &P::aside_step),
    whole("explorer_persons", &P::explorer_persons),
    real("explorer_step", &P::explorer_step),
    real("shared_person", &P::shared_person),
    real("shared_resource", &P::shared_resource),
    real("explorer_pair", &P::explorer_pair),
    real("both_money", &P::both_money),
    whole("open_max", &P::open_max),
    whole("short_max", &P::short_max),
    whole("take_time_coins", &P::take_time_coins),
    real("take_count_scale", &P::take_count_scale),
};
constexpr int N_FIELDS = sizeof(FIELDS) / sizeof(FIELDS[0]);

}  // namespace

int n_expert_fields() { return N_FIELDS; }

const char* expert_field_name(int index) { return FIELDS[index].name; }

void set_expert_field(ExpertParams& params, const std::string& name, double value) {
  for (const Field& field : FIELDS) {
    if (name != field.name) continue;
    if (field.real) {
      params.*field.real = value;
      return;
    }
    if (value != std::floor(value) || std::fabs(value) > std::numeric_limits<int>::max())
      throw std::invalid_argument("expert constant " + name + " must be a whole number");
    if (field.flag) {
      params.*field.flag = value != 0.0;
      return;
    }
    if (field.whole == &P::max_swords && (value < 0 || value > MAX_SWORDS))
      throw std::invalid_argument("expert constant max_swords is beyond the native tables");
    params.*field.whole = static_cast<int>(value);
    return;
  }
  throw std::invalid_argument("the native expert has no constant " + name);
}

}  // namespace coop
