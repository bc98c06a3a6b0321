// A reduction into a value type of the program's own at the end of a group:
// the smallest time step and where it is, joined with operator+= (as
// a minimum with its location). The fused kernel reduces into the same type, so Kokkos
// initialises (its default constructor) and joins it as the original did.
// Several reductions into such types combine into one value with a member
// for each ('limits': a hydrodynamics code's hydro and Courant constraints, and a
// Kokkos::Max beside them), initialised and joined member by member as
// Kokkos treats each alone.
#include <Kokkos_Core.hpp>
#include <cmath>
#include <cstdio>

struct Smallest {
  double val;
  int at;
  KOKKOS_INLINE_FUNCTION Smallest() : val(1.0e20), at(-1) {}
  KOKKOS_INLINE_FUNCTION Smallest(double v, int i) : val(v), at(i) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const Smallest &o) {
    if (o.val < val || (o.val == val && o.at < at)) {
      val = o.val;
      at = o.at;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile Smallest &o) volatile {
    if (o.val < val || (o.val == val && o.at < at)) {
      val = o.val;
      at = o.at;
    }
  }
};

using Vector = Kokkos::View<double *>;

Smallest time_step(Vector ss, Vector vdov, Vector area, Vector dt, int N, double qqc) {
  Kokkos::parallel_for(
      "courant", N, KOKKOS_LAMBDA(const int i) {
        dt(i) = area(i) / std::sqrt(ss(i) * ss(i) + qqc * vdov(i) * vdov(i));
      });
  Smallest found;
  Kokkos::parallel_reduce(
      "smallest", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        if (vdov(i) != 0.0) {
          Smallest here(dt(i), i);
          m += here;
        }
      },
      found);
  return found;
}

Smallest limits(Vector vdov, Vector dt, int N, double &largest) {
  Smallest hydro;
  Kokkos::parallel_reduce(
      "hydro", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        if (vdov(i) != 0.0) {
          Smallest here(0.1 / (std::fabs(vdov(i)) + 1.0e-20), i);
          m += here;
        }
      },
      hydro);
  Smallest courant;
  Kokkos::parallel_reduce(
      "again", N,
      KOKKOS_LAMBDA(const int i, Smallest &m) {
        Smallest here(dt(i), i);
        m += here;
      },
      courant);
  Kokkos::parallel_reduce(
      "largest", N,
      KOKKOS_LAMBDA(const int i, double &m) {
        if (std::fabs(vdov(i)) > m)
          m = std::fabs(vdov(i));
      },
      Kokkos::Max<double>(largest));
  return hydro.val < courant.val ? hydro : courant;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 500;
    Vector ss("ss", N), vdov("vdov", N), area("area", N), dt("dt", N);
    Kokkos::parallel_for(
        "init", N, KOKKOS_LAMBDA(const int i) {
          ss(i) = 1.0 + (i * 37 % 101) * 0.01;
          vdov(i) = (i % 13 == 0) ? 0.0 : ((i * 17 % 29) - 14) * 0.05;
          area(i) = 0.5 + (i * 7 % 23) * 0.02;
        });
    double Sum = 0, Largest = 0;
    int At = 0;
    for (int It = 0; It < 4; ++It) {
      Smallest s = time_step(ss, vdov, area, dt, N, 0.25 + It);
      Smallest l = limits(vdov, dt, N, Largest);
      Sum += s.val + l.val + Largest;
      At += s.at + 3 * l.at;
    }
    std::printf("sum=%.17g at=%d\n", Sum, At);
  }
  Kokkos::finalize();
}
