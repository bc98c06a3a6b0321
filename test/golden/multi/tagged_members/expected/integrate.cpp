#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The halves of the step launch the object itself with a tag; the time
// loop refreshes the members and calls them. The final half of one step
// runs fused with the initial half of the next, across the loop's back
// edge; the thermo output (another file) runs the pending half first, after
// its early return.
#include "integrate.h"

// kfuse-functor-begin kfuse_fused_0c00495f_6d4a80fd
// 'Integrate::final_half' (test/golden/multi/tagged_members/integrate.cpp:24) then
// 'Integrate::initial' (test/golden/multi/tagged_members/integrate.cpp:9), fused across functions:
// one body over raw pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_kfuse_second, class T_kfuse_chunks, class T_kfuse_same>
struct kfuse_fused_0c00495f_6d4a80fd {
  T_kfuse_first kfuse_first;
  T_kfuse_second kfuse_second;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void
  body(const int kfuse_begin, const int kfuse_end, double *KOKKOS_RESTRICT v_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::v), 0, 2> v_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::v), 1, 2> v_s1,
       const double *KOKKOS_RESTRICT f_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::f), 0, 2> f_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::f), 1, 2> f_s1, double *KOKKOS_RESTRICT x_,
       const ::kfuse::stride_t<decltype(T_kfuse_second::x), 0, 2> x_s0,
       const ::kfuse::stride_t<decltype(T_kfuse_second::x), 1, 2> x_s1,
       const decltype(T_kfuse_second::dtf) dtf, const decltype(T_kfuse_second::dt) dt,
       const decltype(T_kfuse_first::dtf) dtf_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_[i * v_s0 + 0 * v_s1] += dtf_first * f_[i * f_s0 + 0 * f_s1];
        v_[i * v_s0 + 1 * v_s1] += dtf_first * f_[i * f_s0 + 1 * f_s1];
        v_[i * v_s0 + 2 * v_s1] += dtf_first * f_[i * f_s0 + 2 * f_s1];
      }
      {
        const int i = kfuse_i0;
        v_[i * v_s0 + 0 * v_s1] += dtf * f_[i * f_s0 + 0 * f_s1];
        v_[i * v_s0 + 1 * v_s1] += dtf * f_[i * f_s0 + 1 * f_s1];
        v_[i * v_s0 + 2 * v_s1] += dtf * f_[i * f_s0 + 2 * f_s1];
        x_[i * x_s0 + 0 * x_s1] += dt * v_[i * v_s0 + 0 * v_s1];
        x_[i * x_s0 + 1 * x_s1] += dt * v_[i * v_s0 + 1 * v_s1];
        x_[i * x_s0 + 2 * x_s1] += dt * v_[i * v_s0 + 2 * v_s1];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const Integrate::TagInitial &,
                                         const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), kfuse_second.v.data(),
         kfuse_second.v.stride(0), kfuse_second.v.stride(1), kfuse_second.f.data(),
         kfuse_second.f.stride(0), kfuse_second.f.stride(1), kfuse_second.x.data(),
         kfuse_second.x.stride(0), kfuse_second.x.stride(1), kfuse_second.dtf, kfuse_second.dt,
         T_kfuse_same::value ? kfuse_second.dtf : kfuse_first.dtf);
  }
};
// kfuse-functor-end
void Integrate::initial() {
  // kfuse-begin fused-across("Integrate::final_half", "Integrate::initial") profile=test/golden/multi/tagged_members/profile.json
  {
    // 'Integrate::final_half' (test/golden/multi/tagged_members/integrate.cpp:24) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<TagInitial>(0, nlocal);
    const auto kfuse_second = *this;
    auto *kfuse_first = ::kfuse::pending<Integrate>(
        "kfuse_chain_0c00495f_6d4a80fd", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("Integrate::final_half+Integrate::initial", "v,f,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first->v, kfuse_first->f, kfuse_second.v, kfuse_second.f, kfuse_second.x); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("Integrate::final_half+Integrate::initial", ::kfuse::no_overlap({::kfuse::bytes_of(kfuse_second.v, true), ::kfuse::bytes_of(kfuse_second.f, false), ::kfuse::bytes_of(kfuse_second.x, true)}) &&
            ::kfuse::same_view(kfuse_first->v, kfuse_second.v) &&
            ::kfuse::same_view(kfuse_first->f, kfuse_second.f)))) {
        if (::kfuse::same_bits(kfuse_first->dtf, kfuse_second.dtf))
          Kokkos::parallel_for("Integrate::final_half+Integrate::initial", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_0c00495f_6d4a80fd>(*kfuse_first, kfuse_second, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
        else
          Kokkos::parallel_for("Integrate::final_half+Integrate::initial", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_0c00495f_6d4a80fd>(*kfuse_first, kfuse_second, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
        ::kfuse::discard("kfuse_chain_0c00495f_6d4a80fd");
      } else {
        kfuse_shadow.flush("kfuse_chain_0c00495f_6d4a80fd");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      Kokkos::RangePolicy<TagInitial>(0, nlocal), *this);
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

KOKKOS_INLINE_FUNCTION
void Integrate::operator()(TagInitial, const int &i) const {
  v(i, 0) += dtf * f(i, 0);
  v(i, 1) += dtf * f(i, 1);
  v(i, 2) += dtf * f(i, 2);
  x(i, 0) += dt * v(i, 0);
  x(i, 1) += dt * v(i, 1);
  x(i, 2) += dt * v(i, 2);
}

void Integrate::final_half() {
  // kfuse-begin deferred("Integrate::final_half") until "Integrate::initial" profile=test/golden/multi/tagged_members/profile.json
  if (::kfuse::deferring("kfuse_chain_0c00495f_6d4a80fd")) {
    // Runs later: fused with 'Integrate::initial' (test/golden/multi/tagged_members/integrate.cpp:9), or on its own.
    const auto kfuse_policy = Kokkos::RangePolicy<TagFinal>(0, nlocal);
    ::kfuse::defer("kfuse_chain_0c00495f_6d4a80fd", ::kfuse::bounds_of(kfuse_policy),
                   *this,
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for(kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_0c00495f_6d4a80fd"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(Kokkos::RangePolicy<TagFinal>(0, nlocal), *this);
// kfuse-original-end
  }
  // kfuse-end
}

KOKKOS_INLINE_FUNCTION
void Integrate::operator()(TagFinal, const int &i) const {
  v(i, 0) += dtf * f(i, 0);
  v(i, 1) += dtf * f(i, 1);
  v(i, 2) += dtf * f(i, 2);
}

void Integrate::run(Atoms &atoms, Thermo &thermo, int steps) {
  ::kfuse::Window kfuse_window_0c00495f_6d4a80fd("kfuse_chain_0c00495f_6d4a80fd"); // kfuse-line 8204ed18
  for (int n = 0; n < steps; n++) {
    Kokkos::fence();

    x = atoms.x;
    v = atoms.v;
    f = atoms.f;
    nlocal = atoms.n;

    initial();

    compute_forces(atoms);

    v = atoms.v;
    f = atoms.f;

    Kokkos::fence();

    kfuse_window_0c00495f_6d4a80fd.arm(); // kfuse-line bab7d033
    final_half();
    kfuse_window_0c00495f_6d4a80fd.disarm(); // kfuse-line 3994b692

    if (thermo.every) thermo.compute(n + 1, atoms);
  }
  kfuse_window_0c00495f_6d4a80fd.close(); // kfuse-line e884ee9c
  // Drop the references to the atoms' data.
  x = t_x();
  v = t_x();
  f = t_x();
}
