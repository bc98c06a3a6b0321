#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Policies built by helpers, as hydro codes write them: kfuse does not read
// their bounds, only compares them. Two launches over the same helper call
// fuse as they are; a launch over another helper fuses when the profile saw
// the two boxes equal, the guard comparing them at run time
// (`::kfuse::bounds_of`): with "shrink" the second helper's box is smaller
// and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

struct Grid {
  int nx = 0, ny = 0, pad = 0;
  Kokkos::View<double **> rho, e, p;
};

Kokkos::MDRangePolicy<Kokkos::Rank<2>> cells(const Grid &g) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {g.nx, g.ny});
}

Kokkos::MDRangePolicy<Kokkos::Rank<2>> interior(const Grid &g) {
  return Kokkos::MDRangePolicy<Kokkos::Rank<2>>({g.pad, g.pad}, {g.nx - g.pad, g.ny - g.pad});
}

// A helper reading a global: code between that changes the global keeps the
// launches apart (the second's bounds are those after the change).
int g_rows = 0;
Kokkos::RangePolicy<> rows() { return Kokkos::RangePolicy<>(0, g_rows); }

void by_rows(Kokkos::View<double **> t, int nx) {
  g_rows = nx;
  Kokkos::parallel_for("row_scale", rows(), KOKKOS_LAMBDA(const int i) { t(i, 0) *= 0.5; });
  g_rows = nx - 1;
  Kokkos::parallel_for("row_shift", rows(), KOKKOS_LAMBDA(const int i) { t(i, 1) += t(i, 0); }); // EXPECT-REMARK: kfuse-code-between
}

// kfuse-functor-begin kfuse_fused_heat_pressure_relax
// 'heat', 'pressure', 'relax' (test/golden/policy_helpers.cpp:40), fused.
template <class T_e, class T_rho, class T_p> struct kfuse_fused_heat_pressure_relax {
  T_e e;
  T_rho rho;
  T_p p;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT e_,
       const ::kfuse::stride_t<T_e, 0, 2> e_s0, const ::kfuse::stride_t<T_e, 1, 2> e_s1,
       double *KOKKOS_RESTRICT rho_, const ::kfuse::stride_t<T_rho, 0, 2> rho_s0,
       const ::kfuse::stride_t<T_rho, 1, 2> rho_s1, double *KOKKOS_RESTRICT p_,
       const ::kfuse::stride_t<T_p, 0, 2> p_s0, const ::kfuse::stride_t<T_p, 1, 2> p_s1) {
    {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      e_[i * e_s0 + j * e_s1] += 0.01 * rho_[i * rho_s0 + j * rho_s1];
    }
    {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      p_[i * p_s0 + j * p_s1] = 0.4 * rho_[i * rho_s0 + j * rho_s1] * e_[i * e_s0 + j * e_s1];
    }
    {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      rho_[i * rho_s0 + j * rho_s1] -= 0.001 * p_[i * p_s0 + j * p_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, e.data(), e.stride(0), e.stride(1), rho.data(), rho.stride(0),
         rho.stride(1), p.data(), p.stride(0), p.stride(1));
  }
};
// kfuse-functor-end
void step(Grid &g) {
  auto rho = g.rho;
  auto e = g.e;
  auto p = g.p;
  // kfuse-begin fused("heat", "pressure", "relax") profile=test/golden/policy_helpers.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("heat+pressure+relax", "e,rho,p", [&] { return ::kfuse::shadow_items(e, rho, p); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("heat+pressure+relax", ::kfuse::no_overlap({::kfuse::bytes_of(e, true), ::kfuse::bytes_of(rho, true), ::kfuse::bytes_of(p, true)}) && ::kfuse::bounds_of(interior(g)) == ::kfuse::bounds_of(cells(g))))) {
      Kokkos::parallel_for("heat+pressure+relax", cells(g), ::kfuse::make_fused<kfuse_fused_heat_pressure_relax>(e, rho, p));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for(
      "heat", cells(g), KOKKOS_LAMBDA(const int i, const int j) { e(i, j) += 0.01 * rho(i, j); });
  Kokkos::parallel_for(
      "pressure", cells(g),
      KOKKOS_LAMBDA(const int i, const int j) { p(i, j) = 0.4 * rho(i, j) * e(i, j); });
  Kokkos::parallel_for(
      "relax", interior(g),
      KOKKOS_LAMBDA(const int i, const int j) { rho(i, j) -= 0.001 * p(i, j); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Grid g;
    g.nx = 40;
    g.ny = 30;
    g.pad = argc > 1 && std::strcmp(argv[1], "shrink") == 0 ? 1 : 0;
    g.rho = Kokkos::View<double **>("rho", g.nx, g.ny);
    g.e = Kokkos::View<double **>("e", g.nx, g.ny);
    g.p = Kokkos::View<double **>("p", g.nx, g.ny);
    auto rho = g.rho, e = g.e;
    Kokkos::parallel_for(
        "init", cells(g), KOKKOS_LAMBDA(const int i, const int j) {
          rho(i, j) = 1.0 + ((i + 2 * j) % 5) * 0.125;
          e(i, j) = 2.0 - (i % 3) * 0.25;
        });
    for (int s = 0; s < 5; ++s) {
      step(g);
      by_rows(g.e, g.nx);
    }
    double sum = 0;
    auto p = g.p;
    Kokkos::parallel_reduce(
        "sum", cells(g),
        KOKKOS_LAMBDA(const int i, const int j, double &t) {
          t += (rho(i, j) + 2 * e(i, j) + 3 * p(i, j)) * (1 + (i + j) % 3);
        },
        sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: shrink
