#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The first half of a step: writes the velocities through their accessor.
#include "mesh.h"

namespace sim {

// kfuse-functor-begin kfuse_part_advance_89f34cfc
// 'advance' (test/golden/multi/private_members/advance.cpp:7) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/private_members/relax.cpp:11) when 'main' calls their functions in turn.
template <class T_mesh, class T_dt> struct kfuse_part_advance_89f34cfc {
  T_mesh mesh;
  T_dt dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        mesh.v(i) = mesh.u(i) * dt + mesh.w(i);
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_private
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_members {
  friend auto kfuse_private_member(Tag) { return Member; }
};
struct kfuse_private_sim_Mesh_m_v {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_v);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_v, decltype(&::sim::Mesh::m_v),
                                      &::sim::Mesh::m_v>;
struct kfuse_private_sim_Mesh_m_u {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_u);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_u, decltype(&::sim::Mesh::m_u),
                                      &::sim::Mesh::m_u>;
struct kfuse_private_sim_Mesh_m_w {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_w);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_w, decltype(&::sim::Mesh::m_w),
                                      &::sim::Mesh::m_w>;
// kfuse-functor-end
void advance(const Mesh &mesh, double dt) {
  // kfuse-begin deferred("advance") until "relax" profile=test/golden/multi/private_members/profile.json
  if (::kfuse::deferring("kfuse_chain_89f34cfc_2234a91c")) {
    // Runs later: fused with 'relax' (test/golden/multi/private_members/relax.cpp:11), or on its own.
    const auto kfuse_policy = mesh.size();
    ::kfuse::defer("kfuse_chain_89f34cfc_2234a91c", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_advance_89f34cfc>(mesh, dt),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("advance", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_89f34cfc_2234a91c"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "advance", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.v(i) = mesh.u(i) * dt + mesh.w(i);
      });
// kfuse-original-end
  }
  // kfuse-end
}

} // namespace sim
