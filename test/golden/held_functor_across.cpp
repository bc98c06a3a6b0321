// A functor held by an object that launches it from a method (`Stepper`
// holding `Scale f`, `launch()` calling parallel_for(n, f)), then a kernel
// of the caller reading what it wrote: across functions the guard at the
// caller's launch would have to read the held functor's Views through the
// holder ('f.b'), which kfuse does not write yet: refused, saying so (it
// said "not a public member"). In one function such functors fuse (golden
// held_functors).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-PROFILE-RUN: 1000
struct Scale {
  Kokkos::View<double *> a, b;
  double s;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = s * a(i); }
};
struct Stepper {
  Scale f;
  void launch(int n) { Kokkos::parallel_for("scale", n, f); } // EXPECT-REMARK: kfuse-not-fusable
};
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Kokkos::View<double *> a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { a(i) = i % 11; });
    for (int t = 0; t < 3; ++t) {
      Stepper st{Scale{a, b, 0.5 + t}};
      st.launch(n);
      Kokkos::parallel_for("acc", n, KOKKOS_LAMBDA(const int i) { c(i) += b(i) * 2.0; }); // EXPECT-REMARK: kfuse-not-fusable
    }
    double sum = 0;
    Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, double &x) { x += c(i); }, sum);
    std::printf("sum %.15g\n", sum);
  }
  Kokkos::finalize();
}
