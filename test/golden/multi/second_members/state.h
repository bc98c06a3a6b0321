#pragma once
#include <Kokkos_Core.hpp>

using t_field = Kokkos::View<double *>;
using t_field_const = Kokkos::View<const double *>;

struct State {
  int n = 0;
  t_field u, w, flux, rate;
};

// A flux computed by the object itself (`*this`), its Views private.
class Flux {
public:
  explicit Flux(double k) : k(k) {}
  void compute(const State &s);
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    const double left = i > 0 ? u(i - 1) : u(i);
    const double right = i < n - 1 ? u(i + 1) : u(i);
    flux(i) = k * (left - 2.0 * u(i) + right);
  }

private:
  double k;
  int n = 0;
  t_field_const u;
  t_field flux;
};

// Advances the field by the flux (into w): its functors live in its
// source file.
class Advance {
public:
  explicit Advance(double dt) : dt(dt) {}
  void relax(State &s);
  void decay(State &s);

private:
  double dt;
};
