// The halves of the step launch the object itself with a tag; the time
// loop refreshes the members and calls them. The final half of one step
// runs fused with the initial half of the next, across the loop's back
// edge; the thermo output (another file) runs the pending half first, after
// its early return.
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

void Integrate::final_half() {
  Kokkos::parallel_for(Kokkos::RangePolicy<TagFinal>(0, nlocal), *this);
}

KOKKOS_INLINE_FUNCTION
void Integrate::operator()(TagFinal, const int &i) const {
  v(i, 0) += dtf * f(i, 0);
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
