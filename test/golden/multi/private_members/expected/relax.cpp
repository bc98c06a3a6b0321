#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The second half, in another file: reads the velocities 'advance' wrote at
// the same index and writes the positions (fused across functions, the
// guard naming the private members). 'smooth' reads a position one further
// on, which 'relax' wrote in another iteration: refused, naming it. 'damp'
// writes a View it is given, which may be the mesh's velocities.
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
struct kfuse_private_sim_Mesh_m_w {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_w);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_w, decltype(&::sim::Mesh::m_w),
                                      &::sim::Mesh::m_w>;
struct kfuse_private_sim_Mesh_m_u {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_u);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_u, decltype(&::sim::Mesh::m_u),
                                      &::sim::Mesh::m_u>;
struct kfuse_private_sim_Mesh_m_v {
  friend auto kfuse_private_member(kfuse_private_sim_Mesh_m_v);
};
template struct kfuse_private_members<kfuse_private_sim_Mesh_m_v, decltype(&::sim::Mesh::m_v),
                                      &::sim::Mesh::m_v>;
// kfuse-functor-end
void relax(const Mesh &mesh) {
  // kfuse-begin fused-across("advance", "relax") profile=test/golden/multi/private_members/profile.json
  {
    // 'advance' (test/golden/multi/private_members/advance.cpp:7) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = mesh.size();
    auto *kfuse_first = ::kfuse::pending<kfuse_part_advance_89f34cfc<sim::Mesh, double>>(
        "kfuse_chain_89f34cfc_2234a91c", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("advance+relax", "mesh.m_v,mesh.m_u,mesh.m_w,mesh.m_u,mesh.m_v", [&] { return ::kfuse::shadow_items((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_v{})), (kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), (kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{})), (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_v{}))); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("advance+relax", ::kfuse::apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_v{})), true, (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), true) &&
            ::kfuse::same_or_apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_v{})), (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_v{}))) &&
            ::kfuse::same_or_apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{}))) &&
            ::kfuse::apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{})), false, (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), true)))) {
        Kokkos::parallel_for("advance+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) {
          mesh.u(i) = 0.5 * (mesh.u(i) + mesh.v(i));
        }));
        ::kfuse::discard("kfuse_chain_89f34cfc_2234a91c");
      } else {
        kfuse_shadow.flush("kfuse_chain_89f34cfc_2234a91c");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.u(i) = 0.5 * (mesh.u(i) + mesh.v(i));
      });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_smooth_e38818de
// 'smooth' (test/golden/multi/private_members/relax.cpp:18) as a functor: deferred, it runs fused
// with 'damp' (test/golden/multi/private_members/relax.cpp:25) when 'main' calls their functions in turn.
template <class T_mesh> struct kfuse_part_smooth_e38818de {
  T_mesh mesh;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
        mesh.w(i) = 0.25 * (mesh.u(i) + mesh.u(i + 1)) - 0.5;
      }
};
// kfuse-functor-end
void smooth(const Mesh &mesh) {
  // kfuse-begin deferred("smooth") until "damp" profile=test/golden/multi/private_members/profile.json
  if (::kfuse::deferring("kfuse_chain_e38818de_04ebe44f")) {
    // Runs later: fused with 'damp' (test/golden/multi/private_members/relax.cpp:25), or on its own.
    const auto kfuse_policy = mesh.size();
    ::kfuse::defer("kfuse_chain_e38818de_04ebe44f", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_smooth_e38818de>(mesh),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("smooth", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_e38818de_04ebe44f"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "smooth", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.w(i) = 0.25 * (mesh.u(i) + mesh.u(i + 1)) - 0.5;
      });
// kfuse-original-end
  }
  // kfuse-end
}

void damp(const Mesh &mesh, Kokkos::View<double *> out) {
  // kfuse-begin fused-across("smooth", "damp") profile=test/golden/multi/private_members/profile.json
  {
    // 'smooth' (test/golden/multi/private_members/relax.cpp:18) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = mesh.size();
    auto *kfuse_first = ::kfuse::pending<kfuse_part_smooth_e38818de<sim::Mesh>>(
        "kfuse_chain_e38818de_04ebe44f", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("smooth+damp", "mesh.m_w,mesh.m_u,out,mesh.m_w", [&] { return ::kfuse::shadow_items((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{})), (kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), out, (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{}))); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("smooth+damp", ::kfuse::apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{})), true, out, true) &&
            ::kfuse::same_or_apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{})), (mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_w{}))) &&
            ::kfuse::apart((kfuse_first->mesh.*kfuse_private_member(kfuse_private_sim_Mesh_m_u{})), false, out, true)))) {
        Kokkos::parallel_for("smooth+damp", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { out(i) = 0.9 * mesh.w(i); }));
        ::kfuse::discard("kfuse_chain_e38818de_04ebe44f");
      } else {
        kfuse_shadow.flush("kfuse_chain_e38818de_04ebe44f");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "damp", mesh.size(), KOKKOS_LAMBDA(const int i) { out(i) = 0.9 * mesh.w(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

} // namespace sim
