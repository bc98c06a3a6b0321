#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Kernels that pass their Views to device functions of the program
// (`kick(v, fc, i, h)`, a function template `axpy(y, x, i, a)`): kfuse
// follows the calls, each parameter standing for its argument, and judges
// what the functions touch at the call. The bodies are kept as written (no
// restrict pointers). 'fc', a read-only View of 'f', is one View with it
// (the guard checks): the kick, the drift, the force and the second kick
// fuse. A function reading the next element of what the next kernel
// writes is refused, naming the access. A View passed whole to a function
// kfuse does not follow fuses where no other kernel writes it.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Vec3 = Kokkos::View<double *[3]>;
using ConstVec3 = Kokkos::View<const double *[3]>;
using Vec = Kokkos::View<double *>;

KOKKOS_INLINE_FUNCTION void kick(const Vec3 &v, const ConstVec3 &f, const int i, const double h) {
  for (int d = 0; d < 3; ++d)
    v(i, d) += h * f(i, d);
}

template <class V> KOKKOS_INLINE_FUNCTION void axpy(const V &y, const V &x, const int i, double a) {
  y(i) += a * x(i);
}

// Not followed (a while loop): the View is passed whole, only read; the
// kernel after it touches other Views, so the pair fuses, the bodies kept
// as written (a restrict pointer cannot stand for a View passed whole).
KOKKOS_INLINE_FUNCTION double first_positive(const Vec &v, int i) {
  int k = i;
  while (k > 0 && v(k) <= 0.0)
    --k;
  return v(k);
}

// The remark names the access where the function makes it.
KOKKOS_INLINE_FUNCTION double ahead(const Vec &u, const int i) {
  return u(i + 1) - u(i); // EXPECT-REMARK: kfuse-unsafe-dependence
}

struct Drift {
  Vec3 x, v;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    for (int d = 0; d < 3; ++d)
      x(i, d) += dt * v(i, d);
  }
};

// kfuse-functor-begin kfuse_fused_kick_drift_force_kick2
// 'kick', 'drift', 'force', 'kick2' (test/golden/device_functions.cpp:53), fused: the functors
// called in turn over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_part3, class T_kfuse_part4,
          class T_kfuse_chunks>
struct kfuse_fused_kick_drift_force_kick2 {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  T_kfuse_part3 kfuse_part3;
  T_kfuse_part4 kfuse_part4;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part3(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part4(kfuse_i0);
  }
};
// kfuse-functor-end
void step(Vec3 x, Vec3 v, Vec3 f, int n, double dt) {
  ConstVec3 fc = f;
  // kfuse-begin fused("kick", "drift", "force", "kick2") profile=test/golden/device_functions.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("kick+drift+force+kick2", "v,fc,x,f", [&] { return ::kfuse::shadow_items(v, fc, x, f); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("kick+drift+force+kick2", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(fc, true), ::kfuse::bytes_of(x, true)}) && ::kfuse::same_view(fc, f)))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("kick+drift+force+kick2", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift_force_kick2>(KOKKOS_LAMBDA(const int i) { kick(v, fc, i, 0.5 * dt); }, Drift{x, v, dt}, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d)
            f(i, d) = -x(i, d);
        }, KOKKOS_LAMBDA(const int i) { kick(v, fc, i, 0.5 * dt); }, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "kick", n, KOKKOS_LAMBDA(const int i) { kick(v, fc, i, 0.5 * dt); });
  Kokkos::parallel_for("drift", n, Drift{x, v, dt});
  Kokkos::parallel_for(
      "force", n, KOKKOS_LAMBDA(const int i) {
        for (int d = 0; d < 3; ++d)
          f(i, d) = -x(i, d);
      });
  Kokkos::parallel_for("kick2", n, KOKKOS_LAMBDA(const int i) { kick(v, fc, i, 0.5 * dt); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_blend_slope
// 'blend', 'slope' (test/golden/device_functions.cpp:65), fused.
template <class T_w, class T_u, class T_g> struct kfuse_fused_blend_slope {
  T_w w;
  T_u u;
  T_g g;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      axpy(w, u, i, 0.25);
    }
    {
      const int i = kfuse_i0;
      g(i) = ahead(u, i);
    }
  }
};
// kfuse-functor-end
void relax(Vec u, Vec w, Vec g, int n) {
  // kfuse-begin fused("blend", "slope") profile=test/golden/device_functions.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("blend+slope", "w,u,g", [&] { return ::kfuse::shadow_items(w, u, g); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("blend+slope", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(u, false), ::kfuse::bytes_of(g, true)})))) {
      Kokkos::parallel_for("blend+slope", n, ::kfuse::make_fused<kfuse_fused_blend_slope>(w, u, g));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "blend", n, KOKKOS_LAMBDA(const int i) { axpy(w, u, i, 0.25); });
  Kokkos::parallel_for("slope", n, KOKKOS_LAMBDA(const int i) { g(i) = ahead(u, i); });
// kfuse-original-end
    }
  }
  // kfuse-end
  Kokkos::parallel_for(
      "smooth", n, KOKKOS_LAMBDA(const int i) { u(i) = 0.5 * (u(i) + w(i)); });
}

// kfuse-functor-begin kfuse_fused_look_twice
// 'look', 'twice' (test/golden/device_functions.cpp:73), fused.
template <class T_b, class T_a, class T_c> struct kfuse_fused_look_twice {
  T_b b;
  T_a a;
  T_c c;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      b(i) = first_positive(a, i) + a(i);
    }
    {
      const int i = kfuse_i0;
      c(i) = 2.0 * b(i);
    }
  }
};
// kfuse-functor-end
void search(Vec a, Vec b, Vec c, int n) {
  // kfuse-begin fused("look", "twice") profile=test/golden/device_functions.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("look+twice", "b,a,c", [&] { return ::kfuse::shadow_items(b, a, c); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("look+twice", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, true), ::kfuse::bytes_of(c, true)})))) {
      Kokkos::parallel_for("look+twice", n, ::kfuse::make_fused<kfuse_fused_look_twice>(b, a, c));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "look", n, KOKKOS_LAMBDA(const int i) { b(i) = first_positive(a, i) + a(i); });
  Kokkos::parallel_for("twice", n, KOKKOS_LAMBDA(const int i) { c(i) = 2.0 * b(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vec3 x("x", n), v("v", n), f("f", n);
    Vec u("u", n + 1), w("w", n), g("g", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          for (int d = 0; d < 3; ++d) {
            x(i, d) = 0.01 * ((i + d) % 17);
            v(i, d) = 0.1 * d;
          }
          u(i) = 0.5 * (i % 9);
          w(i) = 1.0;
        });
    for (int t = 0; t < 5; ++t) {
      step(x, v, f, n, 0.01);
      relax(u, w, g, n);
      search(g, b, c, n);
    }
    double s = 0.0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &acc) {
          acc += x(i, 0) + v(i, 1) + f(i, 2) + u(i) + w(i) + g(i) + b(i) + c(i);
        },
        s);
    std::printf("s=%.17g\n", s);
  }
  Kokkos::finalize();
}
