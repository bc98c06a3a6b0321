#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class template over its number type and a width, whose member functions
// launch lambdas that name the template's parameters in their bodies
// (`Real(0.5)`, `Width`), called in turn by a step function. 'relax' is
// deferred and runs fused with 'smooth': its part, defined outside the
// class, gets each parameter from the launch site as an empty member whose
// type carries it (`::kfuse::type_is<Real>`, `::kfuse::value_is<int,
// Width>`), and the other site names the part as this unit's first
// instantiation has it (double, 4). The float instantiation's part is
// another type, which that site does not take as pending: it runs as
// written, with the same results. 'scale' and 'shift' are function
// templates naming their parameters, called in turn by a function template
// ('pipeline<C>'): its call of 'scale<C>' depends on its parameter, which
// every instantiation resolves to an instance of 'scale', so the window
// opens in 'pipeline' and 'scale' runs fused with 'shift' (in 'pipeline<2>';
// 'pipeline<3>''s part is another type: it runs as written).
//   main [N]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-PROFILE-RUN: 1000

// kfuse-functor-begin kfuse_part_relax_94faddad
// 'relax' (test/golden/multi/template_params/main.cpp:36) as a functor: deferred, it runs fused
// with 'smooth' (test/golden/multi/template_params/main.cpp:45) when 'Field::step' calls their functions in turn.
template <class T_w, class T_u, class T_omega, class T_kfuse_tp_Real, class T_kfuse_tp_Width> struct kfuse_part_relax_94faddad {
  T_w w;
  T_u u;
  T_omega omega;
  T_kfuse_tp_Real kfuse_tp_Real;
  T_kfuse_tp_Width kfuse_tp_Width;
  using Real = typename T_kfuse_tp_Real::type; // as the launch site has it
  static constexpr auto Width = T_kfuse_tp_Width::value; // as the launch site has it
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
          w(i) = (Real(1) - omega) * u(i) + omega * Real(0.5) * (u(i) + Real(Width));
        }
};
// kfuse-functor-end
template <class Real, int Width> class Field {
public:
  explicit Field(int n) : u("u", n), w("w", n), n_(n) {
    auto u = this->u;
    Kokkos::parallel_for(
        "fill", n, KOKKOS_LAMBDA(const int i) { u(i) = Real(i % 17) * Real(0.25); });
  }

  void relax(Real omega) {
    auto u = this->u;
    auto w = this->w;
    // kfuse-begin deferred("relax") until "smooth" profile=test/golden/multi/template_params/profile.json
    if (::kfuse::deferring("kfuse_chain_94faddad_a6715942")) {
      // Runs later: fused with 'smooth' (test/golden/multi/template_params/main.cpp:45), or on its own.
      const auto kfuse_policy = n_;
      ::kfuse::defer("kfuse_chain_94faddad_a6715942", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_relax_94faddad>(w, u, omega, ::kfuse::type_is<Real>(), ::kfuse::value_is<decltype(Width), Width>()),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("relax", kfuse_policy, kfuse_part);
                     });
    } else {
      ::kfuse::flush("kfuse_chain_94faddad_a6715942"); // one pending from an outer call runs first
// kfuse-original-begin
      Kokkos::parallel_for(
        "relax", n_, KOKKOS_LAMBDA(const int i) {
          w(i) = (Real(1) - omega) * u(i) + omega * Real(0.5) * (u(i) + Real(Width));
        });
// kfuse-original-end
    }
    // kfuse-end
  }

  void smooth() {
    auto u = this->u;
    auto w = this->w;
    // kfuse-begin fused-across("relax", "smooth") profile=test/golden/multi/template_params/profile.json
    {
      // 'relax' (test/golden/multi/template_params/main.cpp:36) may be pending: then both run here as one
      // (and, where the shadow check runs, after the two as they are written).
      const auto kfuse_policy = n_;
      auto *kfuse_first = ::kfuse::pending<kfuse_part_relax_94faddad<Kokkos::View<double *>, Kokkos::View<double *>, double, ::kfuse::type_is<double>, ::kfuse::value_is<int, 4>>>(
          "kfuse_chain_94faddad_a6715942", ::kfuse::bounds_of(kfuse_policy));
      for (auto kfuse_shadow = ::kfuse::shadow_of("relax+smooth", "w,u,u,w", [&] { return ::kfuse::shadow_items(kfuse_first->w, kfuse_first->u, u, w); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("relax+smooth", ::kfuse::apart(kfuse_first->w, true, u, true) &&
              ::kfuse::same_or_apart(kfuse_first->w, w) &&
              ::kfuse::same_or_apart(kfuse_first->u, u)))) {
          Kokkos::parallel_for("relax+smooth", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) {
            u(i) = w(i) / Real(Width) + Real(0.75) * w(i);
          }));
          ::kfuse::discard("kfuse_chain_94faddad_a6715942");
        } else {
          kfuse_shadow.flush("kfuse_chain_94faddad_a6715942");
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
        "smooth", n_, KOKKOS_LAMBDA(const int i) {
          u(i) = w(i) / Real(Width) + Real(0.75) * w(i);
        });
// kfuse-original-end
        }
      }
    }
    // kfuse-end
  }

  void step(Real omega) {
    ::kfuse::Window kfuse_window_94faddad_a6715942("kfuse_chain_94faddad_a6715942"); // kfuse-line 58b9f8b4
    kfuse_window_94faddad_a6715942.arm(); // kfuse-line 031d28c2
    relax(omega);
    kfuse_window_94faddad_a6715942.disarm(); // kfuse-line 328bd9b3
    smooth();
    kfuse_window_94faddad_a6715942.close(); // kfuse-line 3b505409
  }

  Real sum() const {
    auto u = this->u;
    Real s = 0;
    Kokkos::parallel_reduce(
        "sum", n_, KOKKOS_LAMBDA(const int i, Real &acc) { acc += u(i) * Real(1 + i % 3); }, s);
    return s;
  }

  Kokkos::View<Real *> u, w;
  int n_;
};

// kfuse-functor-begin kfuse_part_scale_66291d83
// 'scale' (test/golden/multi/template_params/main.cpp:69) as a functor: deferred, it runs fused
// with 'shift' (test/golden/multi/template_params/main.cpp:74) when 'pipeline' calls their functions in turn.
template <class T_b, class T_a, class T_kfuse_tp_C> struct kfuse_part_scale_66291d83 {
  T_b b;
  T_a a;
  T_kfuse_tp_C kfuse_tp_C;
  static constexpr auto C = T_kfuse_tp_C::value; // as the launch site has it
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = a(i) * (C + 1) - 0.5; }
};
// kfuse-functor-end
template <int C> static void scale(Kokkos::View<double *> a, Kokkos::View<double *> b, int n) {
  // kfuse-begin deferred("scale") until "shift" profile=test/golden/multi/template_params/profile.json
  if (::kfuse::deferring("kfuse_chain_66291d83_8d6f7af4")) {
    // Runs later: fused with 'shift' (test/golden/multi/template_params/main.cpp:74), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_66291d83_8d6f7af4", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_scale_66291d83>(b, a, ::kfuse::value_is<decltype(C), C>()),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("scale", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_66291d83_8d6f7af4"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "scale", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) * (C + 1) - 0.5; });
// kfuse-original-end
  }
  // kfuse-end
}

template <class T> static void shift(Kokkos::View<double *> b, Kokkos::View<double *> c, int n) {
  // kfuse-begin fused-across("scale", "shift") profile=test/golden/multi/template_params/profile.json
  {
    // 'scale' (test/golden/multi/template_params/main.cpp:69) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_scale_66291d83<Kokkos::View<double *>, Kokkos::View<double *>, ::kfuse::value_is<int, 2>>>(
        "kfuse_chain_66291d83_8d6f7af4", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+shift", "b,a,c,b", [&] { return ::kfuse::shadow_items(kfuse_first->b, kfuse_first->a, c, b); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("scale+shift", ::kfuse::apart(kfuse_first->b, true, c, true) &&
            ::kfuse::same_or_apart(kfuse_first->b, b) &&
            ::kfuse::apart(kfuse_first->a, false, c, true)))) {
        Kokkos::parallel_for("scale+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + T(3) + 0.25 * c(i); }));
        ::kfuse::discard("kfuse_chain_66291d83_8d6f7af4");
      } else {
        kfuse_shadow.flush("kfuse_chain_66291d83_8d6f7af4");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + T(3) + 0.25 * c(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

template <int C>
void pipeline(Kokkos::View<double *> a, Kokkos::View<double *> b, Kokkos::View<double *> c,
              int n) {
  ::kfuse::Window kfuse_window_66291d83_8d6f7af4("kfuse_chain_66291d83_8d6f7af4"); // kfuse-line 5a404f95
  kfuse_window_66291d83_8d6f7af4.arm(); // kfuse-line 1c0f9e1d
  scale<C>(a, b, n);
  kfuse_window_66291d83_8d6f7af4.disarm(); // kfuse-line 90b43641
  shift<int>(b, c, n);
  kfuse_window_66291d83_8d6f7af4.close(); // kfuse-line fb794eab
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Field<double, 4> d(n);
    Field<float, 2> f(n);
    Kokkos::View<double *> x("x", n);
    for (int t = 0; t < 6; ++t) {
      d.step(0.5);
      f.step(0.25f);
      pipeline<2>(d.u, d.w, x, n);
      pipeline<3>(x, d.w, d.u, n);
    }
    double sx = 0;
    Kokkos::parallel_reduce(
        "sum_x", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) * (1 + i % 5); }, sx);
    std::printf("double=%.17g float=%.9g x=%.17g\n", d.sum(), static_cast<double>(f.sum()), sx);
  }
  Kokkos::finalize();
}
