#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The time loop: push, then the communicator's reduction (virtual) and the
// step log (in another file), then force; later relax, a sampler (virtual,
// one of whose overriders copies the state to the host), then smooth.
//   main [N] [EVERY] [SAMPLER]
#include "app.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 2 0
// KFUSE-RUN: 77 3 1
// KFUSE-PROFILE-RUN: 1000 2 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    State s;
    s.n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int every = argc > 2 ? std::atoi(argv[2]) : 2;
    const int kind = argc > 3 ? std::atoi(argv[3]) : 0;
    s.u = Kokkos::View<double *>("u", s.n);
    s.f = Kokkos::View<double *>("f", s.n);
    s.w = Kokkos::View<double *>("w", s.n);
    Kokkos::deep_copy(s.u, 1.0);
    Comm *comm = make_comm();
    Sampler *sampler = make_sampler(kind);
    for (int step = 1; step <= 6; ++step) {
      ::kfuse::Window kfuse_window_38cbbada_c74bfa22("kfuse_chain_38cbbada_c74bfa22"); // kfuse-line 37fe6eea
      kfuse_window_38cbbada_c74bfa22.arm(); // kfuse-line 1e6fae94
      push(s, 0.1);
      kfuse_window_38cbbada_c74bfa22.disarm(); // kfuse-line 8309f8d9
      double e = step * 0.5;
      comm->reduce(&e, 1);
      log_step(step, e, every);
      force(s);
      kfuse_window_38cbbada_c74bfa22.close(); // kfuse-line 13229ff7
    }
    ::kfuse::Window kfuse_window_b7de95e5_b4ab9963("kfuse_chain_b7de95e5_b4ab9963"); // kfuse-line 4832ad82
    for (int step = 1; step <= 4; ++step) {
      relax(s);
      sampler->sample(s, step);
      kfuse_window_b7de95e5_b4ab9963.arm(); // kfuse-line 0b81096d
      smooth(s);
      kfuse_window_b7de95e5_b4ab9963.disarm(); // kfuse-line 6596ad75
    }
    kfuse_window_b7de95e5_b4ab9963.close(); // kfuse-line a7d2cbfb
    double sum = 0;
    auto u = s.u;
    auto f = s.f;
    auto w = s.w;
    Kokkos::parallel_reduce(
        "sum", s.n, KOKKOS_LAMBDA(const int i, double &t) { t += u(i) + 2.0 * f(i) + 3.0 * w(i); },
        sum);
    std::printf("checksum=%.17g\n", sum);
    delete sampler;
    delete comm;
  }
  Kokkos::finalize();
}
