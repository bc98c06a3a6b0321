// Regions of a mesh, as codes that keep their arrays behind raw pointers
// write them: each kernel runs over the elements one region lists (a list
// the class keeps private, behind an accessor) and reads the volumes, a raw
// pointer, at the element the list gives. The guard cannot bound what a
// pointer reaches at an element data choose. 'compress' and 'energy' load
// the volumes alike, though: on every iteration, at one index computed from
// the same list and region number, which neither writes. Whatever one of
// them writes at another iteration is then never a volume the two read,
// or it would race with its own read (Kokkos runs iterations in no order),
// so the pair fuses and the guard checks only that the two name one
// pointer, one list and one region. 'relax' loads them alike too: the
// three run as one (a chain of three, each pair's guard checking its own).
// 'limit' loads the volumes only where its condition holds: 'relax' ->
// 'limit' is refused. Run with the second
// argument 1, 'energy' reads a copy of the volumes (another pointer): the
// guard runs the launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 997 0
// KFUSE-RUN: 64 0
// KFUSE-FALLBACK-RUN: 997 1
// KFUSE-PROFILE-RUN: 997 0

class Regions {
public:
  Regions(int NumElems, int NumRegions)
      : m_elems("elems", NumElems), m_start("start", NumRegions + 1) {
    auto Elems = m_elems;
    auto Start = m_start;
    Kokkos::parallel_for(
        "regions", 1, KOKKOS_LAMBDA(const int) {
          for (int R = 0; R <= NumRegions; ++R)
            Start(R) = R * NumElems / NumRegions;
          for (int K = 0; K < NumElems; ++K) // a permutation: regions scattered
            Elems(K) = (K * 7) % NumElems;
        });
  }
  KOKKOS_INLINE_FUNCTION int element(const int r, int k) const { return m_elems(m_start(r) + k); }
  int count(int r) const {
    auto Start = Kokkos::create_mirror_view(m_start);
    Kokkos::deep_copy(Start, m_start);
    return Start(r + 1) - Start(r);
  }

private:
  Kokkos::View<int *> m_elems;
  Kokkos::View<int *> m_start;
};

void compress(const Regions &regions, double *comp, double *half, const double *vol,
              const double *delv, int r, int n) {
  Kokkos::parallel_for(
      "compress", n, KOKKOS_LAMBDA(const int k) {
        const int e = regions.element(r, k);
        const double v = vol[e];
        comp[k] = 1.0 / v - 1.0;
        half[k] = 1.0 / (v - 0.5 * delv[k]) - 1.0;
      });
}

void energy(const Regions &regions, double *e_new, const double *comp, const double *half,
            const double *vol, int r, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "energy", n, KOKKOS_LAMBDA(const int k) {
        double x = 0.5 * (comp[k] + half[k]);
        if (x < 0.0)
          x = -x;
        e_new[k] = x * vol[regions.element(r, k)];
      });
}

void relax(const Regions &regions, double *e_new, const double *vol, int r, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", n, KOKKOS_LAMBDA(const int k) {
        e_new[k] = 0.75 * e_new[k] + 0.25 * vol[regions.element(r, k)];
      });
}

void limit(const Regions &regions, double *e_new, const double *vol, int r, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "limit", n, KOKKOS_LAMBDA(const int k) {
        if (e_new[k] > 1.0)
          e_new[k] = vol[regions.element(r, k)];
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 997;
    const bool Copy = argc > 2 && std::atoi(argv[2]) == 1;
    const int Regs = 3;
    Regions regions(N, Regs);
    Kokkos::View<double *> store("store", 6 * N);
    Kokkos::parallel_for(
        "init", 6 * N, KOKKOS_LAMBDA(const int i) { store(i) = 1.5 + (i % 13) * 0.125; });
    double *vol = store.data();
    double *delv = store.data() + N;
    double *comp = store.data() + 2 * N;
    double *half = store.data() + 3 * N;
    double *e_new = store.data() + 4 * N;
    double *vol_copy = store.data() + 5 * N;
    Kokkos::parallel_for(
        "copy", N, KOKKOS_LAMBDA(const int i) { vol_copy[i] = vol[i]; });
    for (int Step = 0; Step < 3; ++Step)
      for (int r = 0; r < Regs; ++r) {
        const int n = regions.count(r);
        compress(regions, comp, half, vol, delv, r, n);
        energy(regions, e_new, comp, half, Copy ? vol_copy : vol, r, n);
        relax(regions, e_new, vol, r, n);
        limit(regions, e_new, vol, r, n);
      }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 6 * N, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
