// minimd: the neighbour-list build: count, size the list, then fill full or half rows.
#include "neighbor.h"

#include "view_util.h"

namespace {

/// Counts the neighbours of each atom: one team per atom, whose threads share
/// the candidates j.
struct CountNeighs {
  using member_type = Kokkos::TeamPolicy<>::member_type;

  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  int N;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type &team) const {
    const int i = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, N), [&](const int j) {
      if (j != i && distance_sq(x, i, j, box) < cutsq)
        Kokkos::atomic_add(&num_neighs(i), 1);
    });
  }
};

/// Writes row i of a full list: every j != i within the cutoff, in index order.
struct FillFull {
  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
  int N;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    int n = 0;
    for (int j = 0; j < N; ++j)
      if (j != i && distance_sq(x, i, j, box) < cutsq)
        neighs(i, n++) = j;
    num_neighs(i) = n;
  }
};

/// Writes row i of a half list: only the j > i within the cutoff.
struct FillHalf {
  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
  int N;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    int n = 0;
    for (int j = i + 1; j < N; ++j)
      if (distance_sq(x, i, j, box) < cutsq)
        neighs(i, n++) = j;
    num_neighs(i) = n;
  }
};

} // namespace

void Neighbor::build(System &sys, NeighList2D &list) {
  const int N = sys.N;
  const double cutsq = cutoff_ * cutoff_;
  list.half = half_;
  if (static_cast<int>(list.num_neighs.extent(0)) != N)
    list.num_neighs = Kokkos::View<int *>("num_neighs", N);

  fill(list.num_neighs, 0);
  Kokkos::parallel_for("Neighbor::count", Kokkos::TeamPolicy<>(N, Kokkos::AUTO),
                       CountNeighs{sys.x, list.num_neighs, N, sys.box, cutsq});

  auto num_neighs = list.num_neighs;
  int max_neighs = 0;
  Kokkos::parallel_reduce(
      "Neighbor::max_neighs", Kokkos::RangePolicy<>(0, N),
      KOKKOS_LAMBDA(const int i, int &m) {
        if (num_neighs(i) > m)
          m = num_neighs(i);
      },
      Kokkos::Max<int>(max_neighs));

  // The full count bounds the half rows too; keep some room so that a list
  // rebuilt a few times does not reallocate each time.
  if (static_cast<int>(list.neighs.extent(0)) != N ||
      static_cast<int>(list.neighs.extent(1)) < max_neighs)
    list.neighs = Kokkos::View<int **>("neighs", N, max_neighs + max_neighs / 8 + 1);

  if (half_)
    Kokkos::parallel_for("Neighbor::fill_half", Kokkos::RangePolicy<>(0, N),
                         FillHalf{sys.x, list.num_neighs, list.neighs, N, sys.box, cutsq});
  else
    Kokkos::parallel_for("Neighbor::fill_full", Kokkos::RangePolicy<>(0, N),
                         FillFull{sys.x, list.num_neighs, list.neighs, N, sys.box, cutsq});
}
