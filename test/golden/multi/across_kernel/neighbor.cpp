// Builds the ring's lists.
#include "neighbor.h"

void NeighborRing::build(System *system) {
  const int n = system->N_local, k = K;
  list.num_neighs = Kokkos::View<int *>("num_neighs", n);
  list.neighs = Kokkos::View<int **, Kokkos::LayoutRight>("neighs", n, k);
  Kokkos::View<int *> num = list.num_neighs;
  Kokkos::View<int **, Kokkos::LayoutRight> neighs = list.neighs;
  Kokkos::parallel_for(
      "NeighborRing::build", n, KOKKOS_LAMBDA(const int i) {
        num(i) = k - i % 2;
        for (int j = 0; j < k; ++j)
          neighs(i, j) = (i + j + 1) % n;
      });
}
