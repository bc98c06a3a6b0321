// Two reductions over the mesh, each in a function of its own: the second
// could be computed ahead with the first (the mesh held by its address),
// but the driver points the mesh's View elsewhere between the calls, which
// the guard cannot see through the accessor: refused.
#include "mesh.h"

double lowest(Mesh &mesh) {
  double r = 0.0;
  Kokkos::parallel_reduce(
      "lowest", mesh.n,
      KOKKOS_LAMBDA(const int i, double &m) {
        if (mesh.vol(i) < m)
          m = mesh.vol(i);
      },
      Kokkos::Min<double>(r));
  return r;
}

double highest(Mesh &mesh) {
  double r = 0.0;
  Kokkos::parallel_reduce( // EXPECT-REMARK: kfuse-code-between
      "highest", mesh.n,
      KOKKOS_LAMBDA(const int i, double &m) {
        if (mesh.vol(i) > m)
          m = mesh.vol(i);
      },
      Kokkos::Max<double>(r));
  return r;
}
