// Rows handed out by an accessor: a neighbour list keeps its rows in two
// Views (offsets and entries, compressed rows) and hands out one row at a
// time, `list.row(i)`, a small object holding a pointer to const into the
// entries and a length, as neighbour lists and graphs do. kfuse reads such a
// row as a read of some elements of every View the list holds: 'force' and
// 'kick' fuse, and the guard checks the list's Views, named through the
// list, against what the kernels write. Run with the entries stored in the
// marks 'kick' writes (the last argument 1), the guard finds them overlapping
// and runs the original launches. 'drift' writes 'x', which 'force' reads at
// neighbours' indices: refused ('drift' fuses with 'relink'). 'relink' writes
// the entries that 'force_again' reads through its rows: refused, naming them.
// A row whose pointer is not to const could be stored through: 'probe' only
// reads through it and fuses with 'force' and 'kick'; 'restore' stores
// through it (the value the entry holds) and is refused.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3 0
// KFUSE-RUN: 17 2 0
// KFUSE-RUN-FALLBACK: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 3 0

struct Row {
  const int *Ptr;
  int Count;
  KOKKOS_INLINE_FUNCTION Row(const int *P, int C) : Ptr(P), Count(C) {}
  KOKKOS_INLINE_FUNCTION int operator()(int K) const { return Ptr[K]; }
  KOKKOS_INLINE_FUNCTION int size() const { return Count; }
};

struct MutableRow {
  int *Ptr;
  KOKKOS_INLINE_FUNCTION int &operator()(int K) const { return Ptr[K]; }
};

struct NeighbourList {
  Kokkos::View<int *> Offsets;
  Kokkos::View<int *> Entries;
  KOKKOS_INLINE_FUNCTION Row row(const int I) const {
    const int Start = Offsets(I);
    return Row(&Entries(Start), Offsets(I + 1) - Start);
  }
  KOKKOS_INLINE_FUNCTION MutableRow mutableRow(const int I) const {
    return MutableRow{&Entries(Offsets(I))};
  }
};

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool Shared = argc > 3 && std::atoi(argv[3]) == 1;
    const int K = 4;
    Kokkos::View<double *> x("x", N), v("v", N), f("f", N), out("out", N);
    Kokkos::View<int *> marks("marks", N * K);
    NeighbourList List;
    List.Offsets = Kokkos::View<int *>("offsets", N + 1);
    List.Entries = Shared ? marks : Kokkos::View<int *>("entries", N * K);
    Kokkos::parallel_for(
        "init", N + 1, KOKKOS_LAMBDA(const int i) {
          List.Offsets(i) = i * K;
          if (i < N) {
            x(i) = 0.01 * (i % 97);
            for (int k = 0; k < K; ++k)
              List.Entries(i * K + k) = (i + 1 + 7 * k) % N;
          }
        });
    const double Dt = 0.01;
    for (int It = 0; It < Steps; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "force", N, KOKKOS_LAMBDA(const int i) {
            const Row Neigh = List.row(i);
            double F = 0.0;
            for (int k = 0; k < Neigh.size(); ++k)
              F += x(Neigh(k)) - x(i); // EXPECT-REMARK: kfuse-unsafe-dependence
            f(i) = F;
          });
      Kokkos::parallel_for(
          "kick", N, KOKKOS_LAMBDA(const int i) {
            v(i) += Dt * f(i);
            for (int k = 0; k < K; ++k) // the values the entries hold
              marks(i * K + k) = (i + 1 + 7 * k) % N;
          });
      Kokkos::parallel_for(
          "probe", N, KOKKOS_LAMBDA(const int i) {
            const MutableRow R = List.mutableRow(i);
            out(i) += R(0);
          });
      Kokkos::parallel_for(
          "drift", N, KOKKOS_LAMBDA(const int i) { x(i) += Dt * v(i); });
      Kokkos::parallel_for(
          "relink", N, KOKKOS_LAMBDA(const int i) { List.Entries(i) = (i + 3) % N; });
      Kokkos::parallel_for(
          "force_again", N, KOKKOS_LAMBDA(const int i) {
            double F = 0.0;
            for (int k = 0; k < List.row(i).size(); ++k) // EXPECT-REMARK: kfuse-unsafe-dependence
              F += v(List.row(i)(k));
            out(i) = F;
          });
      Kokkos::parallel_for(
          "restore", N, KOKKOS_LAMBDA(const int i) {
            const MutableRow R = List.mutableRow(i);
            R(0) = (i + 1) % N; // EXPECT-REMARK: kfuse-unknown-access
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += x(i) + 3 * v(i) + 5 * out(i) + List.Entries(i); },
        Sum);
    std::printf("sum %.17g\n", Sum);
  }
  Kokkos::finalize();
  return 0;
}
