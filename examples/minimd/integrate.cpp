// minimd: the two halves of the velocity-Verlet step, one kernel each.
#include "integrate.h"

#ifdef MINIMD_TAGGED
void Integrator::initial_integrate(System &sys) {
  x = sys.x;
  v = sys.v;
  f = sys.f;
  type = sys.type;
  mass = sys.mass;
  dt = dt_;
  dtf = dtf_;
  box = sys.box;
  Kokkos::parallel_for("Integrator::initial_integrate",
                       Kokkos::RangePolicy<TagInitial>(0, sys.N), *this);
}

KOKKOS_INLINE_FUNCTION
void Integrator::operator()(TagInitial, const int &i) const {
  const double dtfm = dtf / mass(type(i));
  for (int d = 0; d < 3; ++d) {
    v(i, d) += dtfm * f(i, d);
    x(i, d) += dt * v(i, d);
    if (x(i, d) < 0.0)
      x(i, d) += box;
    else if (x(i, d) >= box)
      x(i, d) -= box;
  }
}

void Integrator::final_integrate(System &sys) {
  v = sys.v;
  f = sys.f;
  type = sys.type;
  mass = sys.mass;
  dtf = dtf_;
  Kokkos::parallel_for("Integrator::final_integrate", Kokkos::RangePolicy<TagFinal>(0, sys.N),
                       *this);
}

KOKKOS_INLINE_FUNCTION
void Integrator::operator()(TagFinal, const int &i) const {
  const double dtfm = dtf / mass(type(i));
  v(i, 0) += dtfm * f(i, 0);
  v(i, 1) += dtfm * f(i, 1);
  v(i, 2) += dtfm * f(i, 2);
}
#else
void Integrator::initial_integrate(System &sys) {
  // Copies for the lambda: capturing members would capture the host object.
  auto x = sys.x;
  auto v = sys.v;
  auto f = sys.f;
  auto type = sys.type;
  auto mass = sys.mass;
  const double dt = dt_, dtf = dtf_, box = sys.box;
  Kokkos::parallel_for(
      "Integrator::initial_integrate", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i) {
        const double dtfm = dtf / mass(type(i));
        for (int d = 0; d < 3; ++d) {
          v(i, d) += dtfm * f(i, d);
          x(i, d) += dt * v(i, d);
          if (x(i, d) < 0.0)
            x(i, d) += box;
          else if (x(i, d) >= box)
            x(i, d) -= box;
        }
      });
}

void Integrator::final_integrate(System &sys) {
  auto v = sys.v;
  auto f = sys.f;
  auto type = sys.type;
  auto mass = sys.mass;
  const double dtf = dtf_;
  Kokkos::parallel_for(
      "Integrator::final_integrate", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i) {
        const double dtfm = dtf / mass(type(i));
        v(i, 0) += dtfm * f(i, 0);
        v(i, 1) += dtfm * f(i, 1);
        v(i, 2) += dtfm * f(i, 2);
      });
}

#endif // MINIMD_TAGGED

#ifdef MINIMD_HANDFUSED
void Integrator::final_then_initial_integrate(System &sys) {
  auto x = sys.x;
  auto v = sys.v;
  auto f = sys.f;
  auto type = sys.type;
  auto mass = sys.mass;
  const double dt = dt_, dtf = dtf_, box = sys.box;
  Kokkos::parallel_for(
      "Integrator::final_then_initial_integrate", Kokkos::RangePolicy<>(0, sys.N),
      KOKKOS_LAMBDA(const int i) {
        // final_integrate's body, then initial_integrate's: the same arithmetic
        // in the same order, so the results are bitwise those of the two kernels
        // (both compute the same dtfm; it is computed once here).
        const double dtfm = dtf / mass(type(i));
        v(i, 0) += dtfm * f(i, 0);
        v(i, 1) += dtfm * f(i, 1);
        v(i, 2) += dtfm * f(i, 2);

        for (int d = 0; d < 3; ++d) {
          v(i, d) += dtfm * f(i, d);
          x(i, d) += dt * v(i, d);
          if (x(i, d) < 0.0)
            x(i, d) += box;
          else if (x(i, d) >= box)
            x(i, d) -= box;
        }
      });
}
#endif
