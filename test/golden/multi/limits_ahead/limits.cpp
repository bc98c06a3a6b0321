// The limits of the time step. courant_limit and hydro_limit are each a
// reduction whose result its function needs at once, called in turn for
// every region: the second is computed ahead, in one kernel with the first.
#include "mesh.h"
#include <cmath>

static void courant_limit(Mesh &m, const int length, const int offset, const double qqc,
                          double &dtcourant) {
  auto elems = m.elems;
  auto ss = m.ss;
  auto arealg = m.arealg;
  auto vdov = m.vdov;
  const double qqc2 = 64.0 * qqc * qqc;
  Smallest result;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "courant_limit", length,
      KOKKOS_LAMBDA(const int k, Smallest &least) {
        const int e = elems(offset + k);
        double dtf = ss(e) * ss(e);
        if (vdov(e) < 0.0)
          dtf = dtf + qqc2 * arealg(e) * arealg(e) * vdov(e) * vdov(e);
        dtf = arealg(e) / sqrt(dtf);
        Smallest tmp(dtf, k);
        if (vdov(e) != 0.0)
          least += tmp;
      },
      result);
  if (result.i != -1 && result.val < dtcourant)
    dtcourant = result.val;
}

static void hydro_limit(Mesh &m, const int length, const int offset, const double dvovmax,
                        double &dthydro) {
  auto elems = m.elems;
  auto vdov = m.vdov;
  Smallest result;
  Kokkos::parallel_reduce(
      "hydro_limit", length,
      KOKKOS_LAMBDA(const int k, Smallest &least) {
        const int e = elems(offset + k);
        if (vdov(e) != 0.0) {
          Smallest tmp(dvovmax / (fabs(vdov(e)) + 1.0e-20), k);
          least += tmp;
        }
      },
      result);
  if (result.i != -1 && result.val < dthydro)
    dthydro = result.val;
}

// The limits are kept in locals while the kernels run: courant_limit's
// reference parameter, written after its launch, is bound to one here (the
// parameters of time_constraints may be bound to anything, an element of a
// View the kernels read too: writing them between the two would refuse).
void time_constraints(Mesh &m, const double qqc, const double dvovmax, double &dtcourant,
                      double &dthydro) {
  double courant = 1.0e20, hydro = 1.0e20;
  for (int r = 0; r < static_cast<int>(m.size.size()); ++r) {
    const int length = m.size[r];
    const int offset = m.offset[r];
    courant_limit(m, length, offset, qqc, courant);
    hydro_limit(m, length, offset, dvovmax, hydro);
  }
  dtcourant = courant;
  dthydro = hydro;
}

// The largest and smallest speed: a maximum and a minimum, computed as one.
double fastest(Mesh &m) {
  auto vel = m.vel;
  double most = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "fastest", vel.extent(0),
      KOKKOS_LAMBDA(const int e, double &top) {
        const double s = fabs(vel(e));
        if (s > top)
          top = s;
      },
      Kokkos::Max<double>(most));
  return most;
}

double slowest(Mesh &m) {
  auto vel = m.vel;
  double least = 0.0;
  Kokkos::parallel_reduce(
      "slowest", vel.extent(0),
      KOKKOS_LAMBDA(const int e, double &low) { low = fabs(vel(e)) < low ? fabs(vel(e)) : low; },
      Kokkos::Min<double>(least));
  return least;
}

// The elements of the smallest and of the largest sound speed: a MinLoc
// and a MaxLoc reducer, computed as one.
int coldest(Mesh &m) {
  auto ss = m.ss;
  Kokkos::MinLoc<double, int>::value_type where;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-fused
      "coldest", ss.extent(0),
      KOKKOS_LAMBDA(const int e, Kokkos::MinLoc<double, int>::value_type &best) {
        const double s = ss(e) + 1.0e-6 * e; // no ties: threads join in any order
        if (s < best.val) {
          best.val = s;
          best.loc = e;
        }
      },
      Kokkos::MinLoc<double, int>(where));
  return where.loc;
}

int hottest(Mesh &m) {
  auto ss = m.ss;
  Kokkos::MaxLoc<double, int>::value_type where;
  Kokkos::parallel_reduce(
      "hottest", ss.extent(0),
      KOKKOS_LAMBDA(const int e, Kokkos::MaxLoc<double, int>::value_type &best) {
        const double s = ss(e) + 1.0e-6 * e;
        if (s > best.val) {
          best.val = s;
          best.loc = e;
        }
      },
      Kokkos::MaxLoc<double, int>(where));
  return where.loc;
}
