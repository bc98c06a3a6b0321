#include <kfuse/runtime/Guard.hpp> // kfuse-include
#pragma once
#include <Kokkos_Core.hpp>

struct Field {
  int n = 0;
  Kokkos::View<double *> t, q;
};

void heat(Field &s, double rate);

// kfuse-functor-begin kfuse_part_heat_986f9170
// 'heat' (test/golden/multi/template_second/heat.cpp:5) as a functor: deferred, it runs fused
// with 'cool' (test/golden/multi/template_second/cool.h:19) when 'main' calls their functions in turn.
template <class T_t, class T_rate> struct kfuse_part_heat_986f9170 {
  T_t t;
  T_rate rate;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { t(i) += rate * (1 + i % 3); }
};
// kfuse-functor-end
// A relaxation whose order the driver chooses at compile time: the class
// launches itself from a member of its class template.
template <int Order> class Cool {
public:
  explicit Cool(double k) : k(k) {}
  void run(Field &s) {
    t = s.t;
    q = s.q;
    // kfuse-begin fused-across("heat", "cool") profile=test/golden/multi/template_second/profile.json
    {
      // 'heat' (test/golden/multi/template_second/heat.cpp:5) may be pending: then both run here as one
      // (and, where the shadow check runs, after the two as they are written).
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, s.n);
      const auto kfuse_second = *this;
      auto *kfuse_first = ::kfuse::pending<kfuse_part_heat_986f9170<Kokkos::View<double *>, double>>(
          "kfuse_chain_986f9170_41166ae4", ::kfuse::bounds_of(kfuse_policy));
      for (auto kfuse_shadow = ::kfuse::shadow_of("heat+cool", "t,t,q", [&] { return ::kfuse::shadow_items(kfuse_first->t, kfuse_second.t, kfuse_second.q); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("heat+cool", ::kfuse::same_or_apart(kfuse_first->t, kfuse_second.t) &&
              ::kfuse::apart(kfuse_first->t, true, kfuse_second.q, true)))) {
          Kokkos::parallel_for("heat+cool", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, kfuse_second));
          ::kfuse::discard("kfuse_chain_986f9170_41166ae4");
        } else {
          kfuse_shadow.flush("kfuse_chain_986f9170_41166ae4");
// kfuse-original-begin
          Kokkos::parallel_for("cool", Kokkos::RangePolicy<>(0, s.n), *this);
// kfuse-original-end
        }
      }
    }
    // kfuse-end // EXPECT-REMARK: kfuse-fused
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    double d = t(i);
    for (int o = 1; o < Order; ++o)
      d *= t(i);
    q(i) = k * d;
    t(i) -= q(i);
  }

private:
  double k;
  Kokkos::View<double *> t, q;
};
