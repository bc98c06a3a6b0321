#include <kfuse/runtime/Guard.hpp> // kfuse-include
// tagged_members' integrator, where the final half's operator names a
// helper declared after the initial half's function: one body over both,
// which would go before that function, could not name it, so the fused
// kernel calls the two operators in turn (composition), which needs only
// the class.
#include "integrate.h"

void Integrate::initial() {
  // kfuse-begin fused-across("Integrate::final_half", "Integrate::initial") profile=test/golden/multi/declared_later/profile.json
  {
    // 'Integrate::final_half' (test/golden/multi/declared_later/integrate.cpp:26) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<TagInitial>(0, nlocal);
    const auto kfuse_second = *this;
    auto *kfuse_first = ::kfuse::pending<Integrate>(
        "kfuse_chain_0c00495f_6d4a80fd", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("Integrate::final_half+Integrate::initial", "v,f,v,f,x", [&] { return ::kfuse::shadow_items(kfuse_first->v, kfuse_first->f, kfuse_second.v, kfuse_second.f, kfuse_second.x); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("Integrate::final_half+Integrate::initial", ::kfuse::same_or_apart(kfuse_first->v, kfuse_second.v) &&
            ::kfuse::apart(kfuse_first->v, true, kfuse_second.f, false) &&
            ::kfuse::apart(kfuse_first->v, true, kfuse_second.x, true) &&
            ::kfuse::apart(kfuse_first->f, false, kfuse_second.v, true) &&
            ::kfuse::apart(kfuse_first->f, false, kfuse_second.x, true)))) {
        Kokkos::parallel_for("Integrate::final_half+Integrate::initial", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<Integrate::TagFinal>(*kfuse_first), ::kfuse::tagged<Integrate::TagInitial>(kfuse_second)));
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

KOKKOS_INLINE_FUNCTION double damped(double x) { return 0.999 * x; }

void Integrate::final_half() {
  // kfuse-begin deferred("Integrate::final_half") until "Integrate::initial" profile=test/golden/multi/declared_later/profile.json
  if (::kfuse::deferring("kfuse_chain_0c00495f_6d4a80fd")) {
    // Runs later: fused with 'Integrate::initial' (test/golden/multi/declared_later/integrate.cpp:9), or on its own.
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
  v(i, 0) = damped(v(i, 0)) + dtf * f(i, 0);
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
