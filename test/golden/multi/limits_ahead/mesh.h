// A hydrodynamics code's mesh and the limits of its time step: the
// smallest Courant and volume-change limits over each region's elements,
// each computed by a function of its own (the shape of a hydrodynamics code's
// CalcTimeConstraintsForElems), and extremes of the velocities.
#ifndef LIMITS_AHEAD_MESH_H
#define LIMITS_AHEAD_MESH_H
#include <Kokkos_Core.hpp>
#include <vector>

/// The smallest value seen and the element it was seen at, joined with +=
/// (a minimum with its location).
struct Smallest {
  double val;
  int i;
  KOKKOS_INLINE_FUNCTION Smallest() : val(1.0e20), i(-1) {}
  KOKKOS_INLINE_FUNCTION Smallest(const double val_, const int i_) : val(val_), i(i_) {}
  KOKKOS_INLINE_FUNCTION void operator+=(const Smallest &src) {
    if (src.val < val) {
      val = src.val;
      i = src.i;
    }
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile Smallest &src) volatile {
    if (src.val < val) {
      val = src.val;
      i = src.i;
    }
  }
};

struct Mesh {
  Kokkos::View<double *> ss;     // sound speed
  Kokkos::View<double *> arealg; // characteristic length
  Kokkos::View<double *> vdov;   // volume change rate
  Kokkos::View<double *> vel;    // velocity
  Kokkos::View<int *> elems;     // the elements of every region, region after region
  std::vector<int> offset, size; // where each region's elements are in elems
};

void time_constraints(Mesh &m, double qqc, double dvovmax, double &dtcourant, double &dthydro);
double fastest(Mesh &m);
double slowest(Mesh &m);
int coldest(Mesh &m);
int hottest(Mesh &m);

#endif
