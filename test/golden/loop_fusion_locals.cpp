// Loop fusion of kernels with declarations before their inner loop and
// statements after it: the declarations run first, then one loop with both
// bodies, then what followed each loop. Both kernels name their accumulator
// Acc: the second one's is renamed. The fourth kernel's loop reads norm(i),
// which the statement after the third kernel's loop writes: its loop stays
// apart, after the merged one (the kernel still fuses).
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 300, M = 120;
    Kokkos::View<double **> A("A", N, M);
    Kokkos::View<double *> rowsum("rowsum", N), rowmax("rowmax", N), norm("norm", N);
    Kokkos::parallel_for(
        "init", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(const int i, const int j) { A(i, j) = double((i * 7 + j * 13) % 31) - 15.0; });
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "row_sum", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 0.0;
            for (int j = 0; j < M; ++j)
              Acc += A(i, j);
            rowsum(i) = Acc + It;
          });
      Kokkos::parallel_for(
          "row_max", N, KOKKOS_LAMBDA(const int i) {
            double Acc = A(i, 0);
            const double Floor = -100.0;
            for (int j = 0; j < M; ++j) {
              const double V = A(i, j);
              Acc = Acc > V ? Acc : V;
            }
            const double Half = 0.5 * Acc;
            rowmax(i) = Half > Floor ? Half : Floor;
          });
      Kokkos::parallel_for(
          "norm", N, KOKKOS_LAMBDA(const int i) {
            double Sq = 0.0;
            for (int j = 0; j < M; ++j)
              Sq += A(i, j) * A(i, j);
            norm(i) = Sq;
          });
      Kokkos::parallel_for(
          "relative", N, KOKKOS_LAMBDA(const int i) {
            double Acc = 0.0;
            for (int j = 0; j < M; ++j)
              Acc += A(i, j) / (norm(i) + 1.0);
            rowsum(i) += Acc;
          });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N,
        KOKKOS_LAMBDA(const int i, double &S) { S += rowsum(i) + 3.0 * rowmax(i) + norm(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
