#pragma once
#include <Kokkos_Core.hpp>

struct Field {
  int n = 0;
  Kokkos::View<double *> t, q;
};

void heat(Field &s, double rate);

// A relaxation whose order the driver chooses at compile time: the class
// launches itself from a member of its class template.
template <int Order> class Cool {
public:
  explicit Cool(double k) : k(k) {}
  void run(Field &s) {
    t = s.t;
    q = s.q;
    Kokkos::parallel_for("cool", Kokkos::RangePolicy<>(0, s.n), *this); // EXPECT-REMARK: kfuse-fused
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
