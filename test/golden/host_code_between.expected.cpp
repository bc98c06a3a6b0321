#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Host code between launches, read through the AST. In 'step', a helper
// whose body changes only a global, a helper writing another View, and the
// reduction's result declared just before it: 'total' cannot move up (it
// needs 'Total'), so 'update' moves down past the code and the two fuse
// there; the guard checks that 'scratch', which the code writes, is none of
// their Views ("alias" passes 'u' as 'scratch': the original launches run).
// In 'heat', a policy declared between the launches: 'flux' moves down to it.
// In 'relax', a helper writes a View both kernels use: nothing moves.
// In 'settle', a reference parameter written between the launches may be
// an element of their View ("alias" binds it to u(1)): nothing moves; in
// 'warm', a member of an element of their View of structs (cells(2).e).
// In 'retime', the clock's step is set between the launches through the
// reference clock.step() returns: 'advance', which reads it, cannot move up
// past that; 'prepare' moves down to it.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vector = Kokkos::View<double *>;
using Grid = Kokkos::View<double **>;
using Cells = Kokkos::MDRangePolicy<Kokkos::Rank<2>>;

static int g_steps = 0;
void count_step() { ++g_steps; }
// Host helpers writing an element (host memory: the golden tests run on
// host backends; a deep copy would end the chain in the profile).
void mark(Vector v, int K) { v(K) = K; }
void halve(Vector v) { v(0) *= 0.5; }

// kfuse-functor-begin kfuse_fused_update_total
// 'update', 'total' (test/golden/host_code_between.cpp:31), fused.
template <class T_u, class T_f> struct kfuse_fused_update_total {
  T_u u;
  T_f f;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, double *KOKKOS_RESTRICT u_,
                                          const double *KOKKOS_RESTRICT f_, double &S) {
    {
      const int i = kfuse_i0;
      u_[i] = 0.5 * u_[i] + f_[i];
    }
    {
      const int i = kfuse_i0;
      S += u_[i] * (1 + i % 3);
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &S) const {
    body(kfuse_i0, u.data(), f.data(), S);
  }
};
// kfuse-functor-end
double step(Vector u, Vector f, Vector scratch, int N) {
  // kfuse-begin fused("update", "total") profile=test/golden/host_code_between.profile.json
  auto kfuse_fused_update_total_shadow = ::kfuse::shadow_of("update+total", "u,f", [&] { return ::kfuse::shadow_items(u, f); });
  const bool kfuse_fused_update_total_on = kfuse_fused_update_total_shadow.run_fused(::kfuse::use_fused("update+total", ::kfuse::no_overlap({::kfuse::bytes_of(u, true), ::kfuse::bytes_of(f, false), ::kfuse::bytes_of(scratch, true)})));
  if (!kfuse_fused_update_total_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "update", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * u(i) + f(i); });
// kfuse-original-end
  }
  // kfuse-kept-begin
  count_step();
  mark(scratch, int(u.extent(0)) - 1);
  double Total = 0;
  // kfuse-kept-end
  if (kfuse_fused_update_total_on) {
    Kokkos::parallel_reduce("update+total", N, ::kfuse::make_fused<kfuse_fused_update_total>(u, f), Total);
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "total", N, KOKKOS_LAMBDA(const int i, double &S) { S += u(i) * (1 + i % 3); }, Total);
// kfuse-original-end
  }
  if (kfuse_fused_update_total_shadow.replay()) {
    Kokkos::parallel_reduce("update+total", N, ::kfuse::make_fused<kfuse_fused_update_total>(u, f), Total);
    kfuse_fused_update_total_shadow.compare();
  }
  // kfuse-end
  return Total;
}

// kfuse-functor-begin kfuse_fused_flux_apply
// 'flux', 'apply' (test/golden/host_code_between.cpp:42), fused.
template <class T_Q, class T_T> struct kfuse_fused_flux_apply {
  T_Q Q;
  T_T T;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_i0, const int kfuse_i1, double *KOKKOS_RESTRICT Q_,
       const ::kfuse::stride_t<T_Q, 0, 2> Q_s0, const ::kfuse::stride_t<T_Q, 1, 2> Q_s1,
       double *KOKKOS_RESTRICT T_, const ::kfuse::stride_t<T_T, 0, 2> T_s0,
       const ::kfuse::stride_t<T_T, 1, 2> T_s1) {
    {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      Q_[i * Q_s0 + j * Q_s1] = 0.25 * T_[i * T_s0 + j * T_s1] + 1.0;
    }
    {
      const int i = kfuse_i0;
      const int j = kfuse_i1;
      T_[i * T_s0 + j * T_s1] += 0.5 * Q_[i * Q_s0 + j * Q_s1];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, const int kfuse_i1) const {
    body(kfuse_i0, kfuse_i1, Q.data(), Q.stride(0), Q.stride(1), T.data(), T.stride(0),
         T.stride(1));
  }
};
// kfuse-functor-end
void heat(Grid T, Grid Q, int NX, int NY) {
  // kfuse-begin fused("flux", "apply") profile=test/golden/host_code_between.profile.json
  auto kfuse_fused_flux_apply_shadow = ::kfuse::shadow_of("flux+apply", "Q,T", [&] { return ::kfuse::shadow_items(Q, T); });
  const bool kfuse_fused_flux_apply_on = kfuse_fused_flux_apply_shadow.run_fused(::kfuse::use_fused("flux+apply", ::kfuse::no_overlap({::kfuse::bytes_of(Q, true), ::kfuse::bytes_of(T, true)})));
  if (!kfuse_fused_flux_apply_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "flux", Cells({0, 0}, {NX, NY}),
      KOKKOS_LAMBDA(const int i, const int j) { Q(i, j) = 0.25 * T(i, j) + 1.0; });
// kfuse-original-end
  }
  // kfuse-kept-begin
  Cells Inner({0, 0}, {NX, NY});
  // kfuse-kept-end
  if (kfuse_fused_flux_apply_on) {
    Kokkos::parallel_for("flux+apply", Cells({0, 0}, {NX, NY}), ::kfuse::make_fused<kfuse_fused_flux_apply>(Q, T));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for(
      "apply", Inner, KOKKOS_LAMBDA(const int i, const int j) { T(i, j) += 0.5 * Q(i, j); });
// kfuse-original-end
  }
  if (kfuse_fused_flux_apply_shadow.replay()) {
    Kokkos::parallel_for("flux+apply", Cells({0, 0}, {NX, NY}), ::kfuse::make_fused<kfuse_fused_flux_apply>(Q, T));
    kfuse_fused_flux_apply_shadow.compare();
  }
  // kfuse-end
}

void relax(Vector u, Vector f, int N) {
  Kokkos::parallel_for(
      "smooth", N, KOKKOS_LAMBDA(const int i) { f(i) += 0.25 * u(i); });
  halve(u);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "restore", N, KOKKOS_LAMBDA(const int i) { u(i) = f(i) - 1.0; });
}

void settle(Vector u, Vector f, double &last, int N) {
  Kokkos::parallel_for(
      "spread", N, KOKKOS_LAMBDA(const int i) { f(i) = u(i) + 1.0; });
  last = 2.5;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "gather", N, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * f(i); });
}

struct Cell {
  double e, m;
};

void warm(Kokkos::View<Cell *> c, double &last, int N) {
  Kokkos::parallel_for(
      "heat_cells", N, KOKKOS_LAMBDA(const int i) { c(i).e += 1.0 + i % 2; });
  last = 3.5;
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "cool_cells", N, KOKKOS_LAMBDA(const int i) { c(i).m = 0.5 * c(i).e; });
}

/// A clock whose step is set through the reference an accessor returns.
struct Clock {
  double dt = 0.1;
  double &step() { return dt; }
};

// kfuse-functor-begin kfuse_fused_prepare_advance
// 'prepare', 'advance' (test/golden/host_code_between.cpp:85), fused.
template <class T_f, class T_u, class T_clock, class T_kfuse_chunks>
struct kfuse_fused_prepare_advance {
  T_f f;
  T_u u;
  T_clock clock;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT f_, double *KOKKOS_RESTRICT u_,
                                          const T_clock clock) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        f_[i] = 0.5 * u_[i] + 1.0;
      }
      {
        const int i = kfuse_i0;
        u_[i] += clock.dt * f_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), f.data(), u.data(), clock);
  }
};
// kfuse-functor-end
void retime(Vector u, Vector f, Clock clock, int N) {
  // kfuse-begin fused("prepare", "advance") profile=test/golden/host_code_between.profile.json
  auto kfuse_fused_prepare_advance_shadow = ::kfuse::shadow_of("prepare+advance", "f,u", [&] { return ::kfuse::shadow_items(f, u); });
  const bool kfuse_fused_prepare_advance_on = kfuse_fused_prepare_advance_shadow.run_fused(::kfuse::use_fused("prepare+advance", ::kfuse::no_overlap({::kfuse::bytes_of(f, true), ::kfuse::bytes_of(u, true)})));
  if (!kfuse_fused_prepare_advance_on) {
// kfuse-original-begin
    Kokkos::parallel_for(
      "prepare", N, KOKKOS_LAMBDA(const int i) { f(i) = 0.5 * u(i) + 1.0; });
// kfuse-original-end
  }
  // kfuse-kept-begin
  clock.step() = 0.25;
  // kfuse-kept-end
  if (kfuse_fused_prepare_advance_on) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
    Kokkos::parallel_for("prepare+advance", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_prepare_advance>(f, u, clock, ::kfuse::chunks_of(kfuse_policy)));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for(
      "advance", N, KOKKOS_LAMBDA(const int i) { u(i) += clock.dt * f(i); });
// kfuse-original-end
  }
  if (kfuse_fused_prepare_advance_shadow.replay()) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
    Kokkos::parallel_for("prepare+advance", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_prepare_advance>(f, u, clock, ::kfuse::chunks_of(kfuse_policy)));
    kfuse_fused_prepare_advance_shadow.compare();
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int N = 300, NX = 20, NY = 30;
    Vector u("u", N), f("f", N), scratch("scratch", N);
    Grid T("T", NX, NY), Q("Q", NX, NY);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) { u(i) = i % 5; f(i) = 0.25 * (i % 3); });
    Kokkos::parallel_for(
        "init2", Cells({0, 0}, {NX, NY}),
        KOKKOS_LAMBDA(const int i, const int j) { T(i, j) = (i + 2 * j) % 7; });
    Kokkos::View<Cell *> cells("cells", N);
    double Sum = 0, Last = 0;
    for (int It = 0; It < 3; ++It) {
      Sum += step(u, f, Alias ? u : scratch, N);
      heat(T, Q, NX, NY);
      relax(u, f, N);
      settle(u, f, Alias ? u(1) : Last, N);
      warm(cells, Alias ? cells(2).e : Last, N);
      retime(u, f, Clock(), N);
    }
    double Check = 0;
    Kokkos::parallel_reduce(
        "check", Cells({0, 0}, {NX, NY}),
        KOKKOS_LAMBDA(const int i, const int j, double &S) { S += T(i, j) * (1 + (i + j) % 5); },
        Check);
    std::printf("sum=%.17g check=%.17g steps=%d last=%.17g u1=%.17g cell2=%.17g %.17g\n", Sum,
                Check, g_steps, Last, u(1), cells(2).e, cells(2).m);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
