// Compiled with -std=c++14 by the test RuntimeHeadersCompileAsCxx14: the runtime headers must
// build for Kokkos 3.4 users who compile as C++14.

#include "kfuse/runtime/Profiler.hpp"

void instrumentedLaunch(int N) {
  Kokkos::View<double *> A("a", N);
  Kokkos::View<const double **, Kokkos::LayoutLeft> B;
  Kokkos::View<int ***, Kokkos::LayoutStride> C;
  static const ::kfuse::rt::SiteInfo kfuse_site_{"f.cpp:main#1:ac1f032465ca3e65", "f.cpp", 30, 7,
                                                 "parallel_for", "copy"};
  ::kfuse::rt::Launch kfuse_launch_(kfuse_site_);
  kfuse_launch_.range(0, N)
      .label(std::string("copy"))
      .space("Serial")
      .view("a", ::kfuse::rt::Write, A)
      .view("b", ::kfuse::rt::Read, B)
      .view("c", ::kfuse::rt::ReadWrite, C);
  kfuse_launch_.start();
  Kokkos::parallel_for("copy", N, KOKKOS_LAMBDA(const int i) { A(i) = 1.0; });
  kfuse_launch_.stop();
}
