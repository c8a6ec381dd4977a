// policies.make_policy for the policies the native core plays.
#include <cstring>

#include "policies/base.hpp"

namespace coop {

bool plays_policy(const char* name) {
  return std::strcmp(name, "random") == 0 || std::strcmp(name, "basic") == 0 ||
         std::strcmp(name, "expert") == 0 || std::strcmp(name, "expert-time-blind") == 0;
}

std::unique_ptr<Policy> make_policy(const char* name, const ExpertParams* expert) {
  if (std::strcmp(name, "random") == 0) return make_random_policy();
  if (std::strcmp(name, "basic") == 0) return make_basic_policy();
  if (std::strcmp(name, "expert") == 0 && expert != nullptr)
    return make_expert_policy(*expert, true);
  if (std::strcmp(name, "expert-time-blind") == 0 && expert != nullptr)  // no last-turn rule
    return make_expert_policy(*expert, false);
  return nullptr;
}

}  // namespace coop
