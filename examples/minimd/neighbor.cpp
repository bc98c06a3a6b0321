// minimd: the neighbour-list build: count, size the list, then fill full or half rows.
#include "neighbor.h"

#include "view_util.h"

#include <vector>

namespace {

/// Atoms sorted into per_side^3 cubic bins of the given width: bin b holds
/// atoms(start(b)) .. atoms(start(b + 1) - 1), in index order. Built on the
/// host, so that every backend lists the neighbours in one order.
struct Bins {
  int per_side = 1;
  double width = 0.0;
  Kokkos::View<int *> start;
  Kokkos::View<int *> atoms;
};

KOKKOS_INLINE_FUNCTION int binOf(double coord, int per_side, double width) {
  const int b = static_cast<int>(coord / width);
  return b < 0 ? 0 : (b >= per_side ? per_side - 1 : b);
}

Bins makeBins(System &sys, double cutoff) {
  Bins bins;
  bins.per_side = static_cast<int>(sys.box / cutoff);
  if (bins.per_side < 3) // a neighbour bin would be visited twice
    bins.per_side = 1;
  bins.width = sys.box / bins.per_side;
  const int nbins = bins.per_side * bins.per_side * bins.per_side;
  auto x = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sys.x);
  std::vector<int> bin(sys.N), count(nbins + 1, 0);
  for (int i = 0; i < sys.N; ++i) {
    int b = 0;
    for (int d = 0; d < 3; ++d)
      b = b * bins.per_side + binOf(x(i, d), bins.per_side, bins.width);
    bin[i] = b;
    ++count[b + 1];
  }
  for (int b = 0; b < nbins; ++b)
    count[b + 1] += count[b];
  Kokkos::View<int *, Kokkos::HostSpace> start("bin_start", nbins + 1), atoms("bin_atoms", sys.N);
  for (int b = 0; b <= nbins; ++b)
    start(b) = count[b];
  for (int i = 0; i < sys.N; ++i)
    atoms(count[bin[i]]++) = i;
  bins.start = Kokkos::View<int *>("bin_start", nbins + 1);
  bins.atoms = Kokkos::View<int *>("bin_atoms", sys.N);
  Kokkos::deep_copy(bins.start, start);
  Kokkos::deep_copy(bins.atoms, atoms);
  return bins;
}

/// The bin at offset (dx, dy, dz) from atom i's, across the periodic box.
KOKKOS_INLINE_FUNCTION int binNear(const Kokkos::View<double *[3]> &x, const Bins &bins, int i,
                                   int dx, int dy, int dz) {
  const int ps = bins.per_side;
  const int cx = binOf(x(i, 0), ps, bins.width) + dx + ps, cy = binOf(x(i, 1), ps, bins.width) + dy + ps,
            cz = binOf(x(i, 2), ps, bins.width) + dz + ps;
  return ((cx % ps) * ps + cy % ps) * ps + cz % ps;
}

/// Calls visit(j) for every atom j of atom i's bin and the bins around it,
/// bin by bin in a fixed order.
template <class Visit>
KOKKOS_INLINE_FUNCTION void forEachCandidate(const Kokkos::View<double *[3]> &x, const Bins &bins,
                                             int i, const Visit &visit) {
  const int reach = bins.per_side >= 3 ? 1 : 0;
  for (int dx = -reach; dx <= reach; ++dx)
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dz = -reach; dz <= reach; ++dz) {
        const int b = binNear(x, bins, i, dx, dy, dz);
        for (int k = bins.start(b); k < bins.start(b + 1); ++k)
          visit(bins.atoms(k));
      }
}

/// Counts the neighbours of each atom: one team per atom, whose threads
/// share the bins around it.
struct CountNeighs {
  using member_type = Kokkos::TeamPolicy<>::member_type;

  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  Bins bins;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type &team) const {
    const int i = team.league_rank();
    const int reach = bins.per_side >= 3 ? 1 : 0, span = 2 * reach + 1;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, span * span * span), [&](const int k) {
      const int b = binNear(x, bins, i, k / (span * span) - reach, (k / span) % span - reach,
                            k % span - reach);
      for (int m = bins.start(b); m < bins.start(b + 1); ++m) {
        const int j = bins.atoms(m);
        if (j != i && distance_sq(x, i, j, box) < cutsq)
          Kokkos::atomic_add(&num_neighs(i), 1);
      }
    });
  }
};

/// Writes row i of a full list: every j != i within the cutoff.
struct FillFull {
  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
  Bins bins;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    int n = 0;
    forEachCandidate(x, bins, i, [&](const int j) {
      if (j != i && distance_sq(x, i, j, box) < cutsq)
        neighs(i, n++) = j;
    });
    num_neighs(i) = n;
  }
};

/// Writes row i of a half list: only the j > i within the cutoff.
struct FillHalf {
  Kokkos::View<double *[3]> x;
  Kokkos::View<int *> num_neighs;
  Kokkos::View<int **> neighs;
  Bins bins;
  double box, cutsq;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    int n = 0;
    forEachCandidate(x, bins, i, [&](const int j) {
      if (j > i && distance_sq(x, i, j, box) < cutsq)
        neighs(i, n++) = j;
    });
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

  const Bins bins = makeBins(sys, cutoff_);
  fill(list.num_neighs, 0);
  Kokkos::parallel_for("Neighbor::count", Kokkos::TeamPolicy<>(N, Kokkos::AUTO),
                       CountNeighs{sys.x, list.num_neighs, bins, sys.box, cutsq});

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
                         FillHalf{sys.x, list.num_neighs, list.neighs, bins, sys.box, cutsq});
  else
    Kokkos::parallel_for("Neighbor::fill_full", Kokkos::RangePolicy<>(0, N),
                         FillFull{sys.x, list.num_neighs, list.neighs, bins, sys.box, cutsq});
}
