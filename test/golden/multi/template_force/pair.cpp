#include "pair_impl.h"

template class PairForce<RowList>;
template class PairForce<OffsetList>;

Force *make_force(int kind, int n, int width) {
  // Each atom's neighbours: the next `width` atoms around the ring.
  Kokkos::View<int *> counts("counts", n), offsets("offsets", n + 1);
  Kokkos::View<int **, Kokkos::LayoutRight> rows("rows", n, width);
  Kokkos::View<int *> flat("flat", n * width);
  Kokkos::parallel_for("lists", n, KOKKOS_LAMBDA(const int i) {
    counts(i) = width;
    offsets(i + 1) = (i + 1) * width;
    for (int k = 0; k < width; ++k) {
      rows(i, k) = (i + k + 1) % n;
      flat(i * width + k) = (i + k + 1) % n;
    }
  });
  if (kind == 0)
    return new PairForce<RowList>(RowList{rows, counts}, 1.5);
  return new PairForce<OffsetList>(OffsetList{flat, offsets}, 1.5);
}
