// tagged_members' integrator, where the final half's operator names a
// helper declared after the initial half's function: one body over both,
// which would go before that function, could not name it, so the fused
// kernel calls the two operators in turn (composition), which needs only
// the class.
#include "integrate.h"

void Integrate::initial() {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      Kokkos::RangePolicy<TagInitial>(0, nlocal), *this);
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
  Kokkos::parallel_for(Kokkos::RangePolicy<TagFinal>(0, nlocal), *this);
}

KOKKOS_INLINE_FUNCTION
void Integrate::operator()(TagFinal, const int &i) const {
  v(i, 0) = damped(v(i, 0)) + dtf * f(i, 0);
  v(i, 1) += dtf * f(i, 1);
  v(i, 2) += dtf * f(i, 2);
}

void Integrate::run(Atoms &atoms, Thermo &thermo, int steps) {
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

    final_half();

    if (thermo.every) thermo.compute(n + 1, atoms);
  }
  // Drop the references to the atoms' data.
  x = t_x();
  v = t_x();
  f = t_x();
}
