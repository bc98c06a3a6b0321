#pragma once
#include <Kokkos_Core.hpp>

class Solver {
public:
  explicit Solver(int n) : n(n), u("u", n), v("v", n) {}
  void predict();
  void correct();
  double sum() const;

private:
  static KOKKOS_INLINE_FUNCTION double limit(double x) { return x < 0 ? 0 : x; }
  int n;
  Kokkos::View<double *> u, v;
};
