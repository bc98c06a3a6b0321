#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Launches in templates, each instantiated twice (double and float): the
// model of every instantiation in the unit must agree; the fused functor is
// a template already, and its element types come from its members, so one
// fused launch serves every instantiation. 'relax' is a function template
// with lambdas, 'Smoother' a class template launching itself with tags.
// Bodies that name the template's parameters ('Real(2)', 'K') fuse too: the
// fused functor gets each from the launch site, as the type of an empty
// member ('::kfuse::type_is<Real>', '::kfuse::value_is<int, K>'), whatever
// line the template's header is on.
#include <Kokkos_Core.hpp>
#include <cstdio>

// kfuse-functor-begin kfuse_fused_residual_update
// 'residual', 'update' (test/golden/templates.cpp:14), fused.
template <class T_r, class T_u, class T_w, class T_kfuse_chunks>
struct kfuse_fused_residual_update {
  T_r r;
  T_u u;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          typename T_r::value_type *KOKKOS_RESTRICT r_,
                                          typename T_u::value_type *KOKKOS_RESTRICT u_,
                                          const typename T_w::value_type *KOKKOS_RESTRICT w_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        r_[i] = u_[i] * 0.5 - w_[i];
      }
      {
        const int i = kfuse_i0;
        u_[i] += 0.25 * r_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), r.data(), u.data(),
         w.data());
  }
};
// kfuse-functor-end
template <class V> void relax(V u, V r, V w, int n) {
  // kfuse-begin fused("residual", "update") profile=test/golden/templates.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("residual+update", "r,u,w", [&] { return ::kfuse::shadow_items(r, u, w); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("residual+update", ::kfuse::no_overlap({::kfuse::bytes_of(r, true), ::kfuse::bytes_of(u, true), ::kfuse::bytes_of(w, false)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("residual+update", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_residual_update>(r, u, w, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("residual", n, KOKKOS_LAMBDA(const int i) { r(i) = u(i) * 0.5 - w(i); });
  Kokkos::parallel_for("update", n, KOKKOS_LAMBDA(const int i) { u(i) += 0.25 * r(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_double_a_copy_b
// 'double_a', 'copy_b' (test/golden/templates.cpp:19), fused.
template <class T_a, class T_b, class T_kfuse_tp_Real, class T_kfuse_chunks>
struct kfuse_fused_double_a_copy_b {
  T_a a;
  T_b b;
  // The template parameters the bodies name, as the launch site has them.
  T_kfuse_tp_Real kfuse_tp_Real;
  using Real = typename T_kfuse_tp_Real::type;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          typename T_a::value_type *KOKKOS_RESTRICT a_,
                                          typename T_b::value_type *KOKKOS_RESTRICT b_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        a_[i] *= Real(2);
      }
      {
        const int i = kfuse_i0;
        b_[i] = a_[i] + 1;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), a.data(), b.data());
  }
};
// kfuse-functor-end
template <class Real> void scale_twice(Kokkos::View<Real *> a, Kokkos::View<Real *> b, int n) {
  // kfuse-begin fused("double_a", "copy_b") profile=test/golden/templates.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("double_a+copy_b", "a,b", [&] { return ::kfuse::shadow_items(a, b); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("double_a+copy_b", ::kfuse::no_overlap({::kfuse::bytes_of(a, true), ::kfuse::bytes_of(b, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("double_a+copy_b", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_double_a_copy_b>(a, b, ::kfuse::type_is<Real>(), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("double_a", n, KOKKOS_LAMBDA(const int i) { a(i) *= Real(2); }); // EXPECT-REMARK: kfuse-fused
  Kokkos::parallel_for("copy_b", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) + 1; });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_spread_k_shift_k
// 'spread_k', 'shift_k' (test/golden/templates.cpp:25), fused.
template <class T_c, class T_b, class T_kfuse_tp_K, class T_kfuse_tp_Real, class T_kfuse_chunks>
struct kfuse_fused_spread_k_shift_k {
  T_c c;
  T_b b;
  // The template parameters the bodies name, as the launch site has them.
  T_kfuse_tp_K kfuse_tp_K;
  static constexpr auto K = T_kfuse_tp_K::value;
  T_kfuse_tp_Real kfuse_tp_Real;
  using Real = typename T_kfuse_tp_Real::type;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          typename T_c::value_type *KOKKOS_RESTRICT c_,
                                          const typename T_b::value_type *KOKKOS_RESTRICT b_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        c_[i] = b_[i] * K;
      }
      {
        const int i = kfuse_i0;
        const Real half = Real(K) / 2;
        c_[i] += half;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), c.data(), b.data());
  }
};
// kfuse-functor-end
template <int K, class Real>
void spread(Kokkos::View<Real *> b, Kokkos::View<Real *> c, int n) {
  // kfuse-begin fused("spread_k", "shift_k") profile=test/golden/templates.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("spread_k+shift_k", "c,b", [&] { return ::kfuse::shadow_items(c, b); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("spread_k+shift_k", ::kfuse::no_overlap({::kfuse::bytes_of(c, true), ::kfuse::bytes_of(b, false)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("spread_k+shift_k", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_spread_k_shift_k>(c, b, ::kfuse::value_is<decltype(K), K>(), ::kfuse::type_is<Real>(), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "spread_k", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) * K; });
  Kokkos::parallel_for(
      "shift_k", n, KOKKOS_LAMBDA(const int i) {
        const Real half = Real(K) / 2;
        c(i) += half;
      });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_spread_decay
// 'spread', 'decay' (test/golden/templates.cpp:42), fused: the object's operators called in turn
// over each chunk of indices.
template <class T_self, class T_kfuse_tag1, class T_kfuse_tag2, class T_kfuse_chunks>
struct kfuse_fused_spread_decay {
  T_self self;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_tag2 kfuse_tag2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      self(kfuse_tag2, kfuse_i0);
  }
};
// kfuse-functor-end
template <class Real> struct Smoother {
  struct TagSpread {};
  struct TagDecay {};
  Kokkos::View<Real *> u, s;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(TagSpread, const int i) const { s(i) = u(i) * 0.75; }
  KOKKOS_INLINE_FUNCTION void operator()(TagDecay, const int i) const { u(i) -= 0.5 * s(i); }
  void step() {
    // kfuse-begin fused("spread", "decay") profile=test/golden/templates.profile.json
    for (auto kfuse_shadow = ::kfuse::shadow_of("spread+decay", "s,u", [&] { return ::kfuse::shadow_items(this->s, this->u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(::kfuse::use_fused("spread+decay", ::kfuse::no_overlap({::kfuse::bytes_of(this->s, true), ::kfuse::bytes_of(this->u, true)})))) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
        Kokkos::parallel_for("spread+decay", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_spread_decay>(*this, TagSpread(), TagDecay(), ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for("spread", Kokkos::RangePolicy<TagSpread>(0, n), *this);
    Kokkos::parallel_for("decay", Kokkos::RangePolicy<TagDecay>(0, n), *this);
// kfuse-original-end
      }
    }
    // kfuse-end
  }
};

template <class Real> double run(int n) {
  Kokkos::View<Real *> u("u", n), r("r", n), w("w", n), a("a", n), b("b", n), c("c", n);
  Kokkos::parallel_for(
      "init", n, KOKKOS_LAMBDA(const int i) {
        u(i) = i % 9;
        w(i) = (i % 4) * 0.5;
        a(i) = i % 3;
      });
  Smoother<Real> S;
  S.u = u;
  S.s = Kokkos::View<Real *>("s", n);
  S.n = n;
  for (int It = 0; It < 3; ++It) {
    relax(u, r, w, n);
    scale_twice(a, b, n);
    spread<3>(b, c, n);
    S.step();
  }
  double Sum = 0;
  Kokkos::parallel_reduce(
      "sum", n,
      KOKKOS_LAMBDA(const int i, double &T) { T += (u(i) + 2 * r(i) + 3 * b(i) + c(i)) * (1 + i % 5); },
      Sum);
  return Sum;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const double D = run<double>(1000);
    const double F = run<float>(700);
    std::printf("double=%.17g float=%.17g\n", D, F);
  }
  Kokkos::finalize();
}
