#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Element kernels of an unstructured mesh, as codes written around a mesh
// object often are: each element reaches its nodes through a pointer into
// the connectivity View (`&m.nodelist(k, 0)`), a device function gathers
// the nodes' coordinates from the mesh object it is handed (a const
// reference) into local arrays, and the kernels read and write fields
// through accessors returning elements. kfuse follows the pointer (any
// element of 'm.m_nodelist') and the function (what it reads of the mesh,
// what it writes of the kernel's own arrays), and names the fields by
// their public members: 'volumes' and 'pressures' fuse across functions
// (the fused remark at the second's launch), 'heat' and 'relax' in one
// block. 'move' writes the coordinates that 'volumes' gathers at other
// elements' nodes: refused, naming the access (at the launch of 'volumes').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 2000 4
// KFUSE-RUN: 7 2
// KFUSE-PROFILE-RUN: 2000 4

struct Mesh {
  Kokkos::View<int **> m_nodelist;
  Kokkos::View<double *> m_x, m_vol, m_p, m_e;
  KOKKOS_INLINE_FUNCTION int &nodelist(int k, int j) const { return m_nodelist(k, j); }
  KOKKOS_INLINE_FUNCTION double x(int n) const { return m_x(n); }
  KOKKOS_INLINE_FUNCTION double &vol(int k) const { return m_vol(k); }
  KOKKOS_INLINE_FUNCTION double &p(int k) const { return m_p(k); }
  KOKKOS_INLINE_FUNCTION double &e(int k) const { return m_e(k); }
};

KOKKOS_INLINE_FUNCTION
void gather(const Mesh &m, const int *nodes, double xl[4]) {
  xl[0] = m.x(nodes[0]);
  xl[1] = m.x(nodes[1]);
  xl[2] = m.x(nodes[2]);
  xl[3] = m.x(nodes[3]);
}

KOKKOS_INLINE_FUNCTION
double volumeOf(const double xl[4]) { return (xl[1] - xl[0]) + 0.5 * (xl[3] - xl[2]); }

// kfuse-functor-begin kfuse_part_volumes_762c086a
// 'volumes' (test/golden/gather_helpers.cpp:43) as a functor: deferred, it runs fused
// with 'pressures' (test/golden/gather_helpers.cpp:53) when 'main' calls their functions in turn.
template <class T_m> struct kfuse_part_volumes_762c086a {
  T_m m;
  KOKKOS_INLINE_FUNCTION void operator()(const int k) const {
        const int *const nodes = &m.nodelist(k, 0);
        double xl[4];
        gather(m, nodes, xl);
        m.vol(k) = volumeOf(xl);
      }
};
// kfuse-functor-end
void volumes(const Mesh &m, int ne) {
  // kfuse-begin deferred("volumes") until "pressures" profile=test/golden/gather_helpers.profile.json
  if (::kfuse::deferring("kfuse_chain_762c086a_4c65c810")) {
    // Runs later: fused with 'pressures' (test/golden/gather_helpers.cpp:53), or on its own.
    const auto kfuse_policy = ne;
    ::kfuse::defer("kfuse_chain_762c086a_4c65c810", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_volumes_762c086a>(m),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("volumes", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_762c086a_4c65c810"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "volumes", ne, KOKKOS_LAMBDA(const int k) {
        const int *const nodes = &m.nodelist(k, 0);
        double xl[4];
        gather(m, nodes, xl);
        m.vol(k) = volumeOf(xl);
      });
// kfuse-original-end
  }
  // kfuse-end
}

void pressures(const Mesh &m, int ne, double g) {
  // kfuse-begin fused-across("volumes", "pressures") profile=test/golden/gather_helpers.profile.json
  {
    // 'volumes' (test/golden/gather_helpers.cpp:43) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = ne;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_volumes_762c086a<Mesh>>(
        "kfuse_chain_762c086a_4c65c810", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("volumes+pressures", "m.m_x,m.m_nodelist,m.m_vol,m.m_p,m.m_e,m.m_vol,m.m_nodelist,m.m_x", [&] { return ::kfuse::shadow_items(kfuse_first->m.m_x, kfuse_first->m.m_nodelist, kfuse_first->m.m_vol, m.m_p, m.m_e, m.m_vol, m.m_nodelist, m.m_x); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("volumes+pressures", ::kfuse::apart(kfuse_first->m.m_x, false, m.m_p, true) &&
            ::kfuse::apart(kfuse_first->m.m_nodelist, false, m.m_p, true) &&
            ::kfuse::apart(kfuse_first->m.m_vol, true, m.m_p, true) &&
            ::kfuse::apart(kfuse_first->m.m_vol, true, m.m_e, false) &&
            ::kfuse::same_or_apart(kfuse_first->m.m_vol, m.m_vol)))) {
        Kokkos::parallel_for("volumes+pressures", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int k) { m.p(k) = g * m.e(k) / m.vol(k); }));
        ::kfuse::discard("kfuse_chain_762c086a_4c65c810");
      } else {
        kfuse_shadow.flush("kfuse_chain_762c086a_4c65c810");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "pressures", ne, KOKKOS_LAMBDA(const int k) { m.p(k) = g * m.e(k) / m.vol(k); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void move(const Mesh &m, int nn) {
  Kokkos::parallel_for(
      "move", nn, KOKKOS_LAMBDA(const int n) { m.m_x(n) += 1e-4 * (n % 5); });
}

// kfuse-functor-begin kfuse_fused_heat_relax
// 'heat', 'relax' (test/golden/gather_helpers.cpp:87), fused.
template <class T_m> struct kfuse_fused_heat_relax {
  T_m m;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int k = kfuse_i0;
      const double *xs = m.m_x.data();
      m.m_e(k) += 1e-3 * xs[m.nodelist(k, 2)];
    }
    {
      const int k = kfuse_i0;
      m.e(k) = 0.5 * (m.e(k) + m.p(k));
    }
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int ne = argc > 1 ? std::atoi(argv[1]) : 2000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const int nn = ne + 3;
    Mesh m;
    m.m_nodelist = Kokkos::View<int **>("nodelist", ne, 4);
    m.m_x = Kokkos::View<double *>("x", nn);
    m.m_vol = Kokkos::View<double *>("vol", ne);
    m.m_p = Kokkos::View<double *>("p", ne);
    m.m_e = Kokkos::View<double *>("e", ne);
    Kokkos::parallel_for(
        "connect", ne, KOKKOS_LAMBDA(const int k) {
          for (int j = 0; j < 4; ++j)
            m.m_nodelist(k, j) = (k + j * 7) % nn;
          m.m_e(k) = 1.0 + k % 3;
        });
    Kokkos::fence();
    Kokkos::parallel_for(
        "coordinates", nn, KOKKOS_LAMBDA(const int n) { m.m_x(n) = n * n * 0.001 + 1.0; });
    Kokkos::fence();
    for (int s = 0; s < steps; ++s) {
      ::kfuse::Window kfuse_window_762c086a_4c65c810("kfuse_chain_762c086a_4c65c810"); // kfuse-line 49a80d9c
      kfuse_window_762c086a_4c65c810.arm(); // kfuse-line d9c36b63
      volumes(m, ne);
      kfuse_window_762c086a_4c65c810.disarm(); // kfuse-line a82e5fdf
      pressures(m, ne, 1.4);
      kfuse_window_762c086a_4c65c810.close(); // kfuse-line 57c36197
      // kfuse-begin fused("heat", "relax") profile=test/golden/gather_helpers.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("heat+relax", "m.m_e,m.m_x,m.m_nodelist,m.m_p,m.m_vol", [&] { return ::kfuse::shadow_items(m.m_e, m.m_x, m.m_nodelist, m.m_p, m.m_vol); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("heat+relax", ::kfuse::no_overlap({::kfuse::bytes_of(m.m_e, true), ::kfuse::bytes_of(m.m_x, false), ::kfuse::bytes_of(m.m_nodelist, false), ::kfuse::bytes_of(m.m_p, false)})))) {
          Kokkos::parallel_for("heat+relax", ne, ::kfuse::make_fused<kfuse_fused_heat_relax>(m));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "heat", ne, KOKKOS_LAMBDA(const int k) {
            const double *xs = m.m_x.data();
            m.m_e(k) += 1e-3 * xs[m.nodelist(k, 2)];
          });
      Kokkos::parallel_for(
          "relax", ne, KOKKOS_LAMBDA(const int k) { m.e(k) = 0.5 * (m.e(k) + m.p(k)); });
// kfuse-original-end
        }
      }
      // kfuse-end
      Kokkos::fence();
      move(m, nn);
      volumes(m, ne);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", ne,
        KOKKOS_LAMBDA(const int k, double &a) { a += m.m_p(k) + m.m_e(k) + m.m_vol(k); }, sum);
    std::printf("sum %.15g\n", sum);
  }
  Kokkos::finalize();
  return 0;
}
