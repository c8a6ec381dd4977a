// policies.make_policy for the policies the native core plays.
#include <cstring>

#include "policies/base.hpp"

namespace coop {

std::unique_ptr<Policy> make_policy(const char* name) {
  if (std::strcmp(name, "random") == 0) return make_random_policy();
  if (std::strcmp(name, "basic") == 0) return make_basic_policy();
  if (std::strcmp(name, "expert") == 0) return make_expert_policy(true);
  return nullptr;
}

}  // namespace coop
