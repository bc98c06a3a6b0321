#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class template over its element type, instantiated for float and for
// double, whose member functions launch one kernel each, called in turn
// from a loop for both instantiations. The two kernels fuse across
// functions: their accesses conflict for no element type. The deferred
// part's type is spelled as one instantiation has it (the first this unit
// holds, float); the other instantiation's part is another type, which
// the second's site does not take as pending: it runs on its own, and the
// guard's comparisons of the two instantiations' Views compile though they
// never run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 33
// KFUSE-PROFILE-RUN: 1000

// kfuse-functor-begin kfuse_part_scale_23137a0b
// 'scale' (test/golden/multi/template_types/main.cpp:29) as a functor: deferred, it runs fused
// with 'shift' (test/golden/multi/template_types/main.cpp:35) when 'main' calls their functions in turn.
template <class T_b, class T_a, class T_s> struct kfuse_part_scale_23137a0b {
  T_b b;
  T_a a;
  T_s s;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = s * a(i); }
};
// kfuse-functor-end
template <class T> class Field {
public:
  explicit Field(int n) : m_n(n), m_a("a", n), m_b("b", n) {}
  void fill() {
    auto a = m_a;
    Kokkos::parallel_for(
        "fill", m_n, KOKKOS_LAMBDA(const int i) { a(i) = i % 11; });
  }
  void scale(T s) {
    auto a = m_a;
    auto b = m_b;
    // kfuse-begin deferred("scale") until "shift" profile=test/golden/multi/template_types/profile.json
    if (::kfuse::deferring("kfuse_chain_23137a0b_d94cc074")) {
      // Runs later: fused with 'shift' (test/golden/multi/template_types/main.cpp:35), or on its own.
      const auto kfuse_policy = m_n;
      ::kfuse::defer("kfuse_chain_23137a0b_d94cc074", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_scale_23137a0b>(b, a, s),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("scale", kfuse_policy, kfuse_part);
                     });
    } else {
      ::kfuse::flush("kfuse_chain_23137a0b_d94cc074"); // one pending from an outer call runs first
// kfuse-original-begin
      Kokkos::parallel_for(
        "scale", m_n, KOKKOS_LAMBDA(const int i) { b(i) = s * a(i); });
// kfuse-original-end
    }
    // kfuse-end
  }
  void shift(T o) {
    auto a = m_a;
    auto b = m_b;
    // kfuse-begin fused-across("scale", "shift") profile=test/golden/multi/template_types/profile.json
    {
      // 'scale' (test/golden/multi/template_types/main.cpp:29) may be pending: then both run here as one
      // (and, where the shadow check runs, after the two as they are written).
      const auto kfuse_policy = m_n;
      auto *kfuse_first = ::kfuse::pending<kfuse_part_scale_23137a0b<Kokkos::View<float *>, Kokkos::View<float *>, float>>(
          "kfuse_chain_23137a0b_d94cc074", ::kfuse::bounds_of(kfuse_policy));
      for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "b,a,a,b", [&] { return ::kfuse::shadow_items(kfuse_first->b, kfuse_first->a, a, b); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("scale+shift", ::kfuse::apart(kfuse_first->b, true, a, true) &&
              ::kfuse::same_or_apart(kfuse_first->b, b) &&
              ::kfuse::same_or_apart(kfuse_first->a, a)))) {
          Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { a(i) = b(i) * 0.5f + o; }));
          ::kfuse::discard("kfuse_chain_23137a0b_d94cc074");
        } else {
          kfuse_shadow.flush("kfuse_chain_23137a0b_d94cc074");
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "shift", m_n, KOKKOS_LAMBDA(const int i) { a(i) = b(i) * 0.5f + o; });
// kfuse-original-end
        }
      }
    }
    // kfuse-end
  }
  double sum() const {
    auto a = m_a;
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", m_n, KOKKOS_LAMBDA(const int i, double &x) { x += a(i); }, s);
    return s;
  }

private:
  int m_n;
  Kokkos::View<T *> m_a, m_b;
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field<float> single(n);
    Field<double> twice(n);
    single.fill();
    twice.fill();
    for (int step = 0; step < 6; ++step) {
      ::kfuse::Window kfuse_window_23137a0b_d94cc074("kfuse_chain_23137a0b_d94cc074"); // kfuse-line 4da1af70
      kfuse_window_23137a0b_d94cc074.arm(); // kfuse-line afd0782d
      single.scale(2);
      kfuse_window_23137a0b_d94cc074.disarm(); // kfuse-line 3d4dc135
      single.shift(1);
      kfuse_window_23137a0b_d94cc074.close(); // kfuse-line e061fa03
      twice.scale(2);
      twice.shift(1);
    }
    std::printf("checksum %.17g %.17g\n", single.sum(), twice.sum());
  }
  Kokkos::finalize();
}
