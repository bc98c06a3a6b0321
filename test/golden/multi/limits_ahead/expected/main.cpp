#include <kfuse/runtime/Guard.hpp> // kfuse-include
// The driver: each step changes the state, then takes the time step's
// limits over every region and the extremes of the velocities.
//   main [ELEMENTS] [REGIONS] [STILL]   STILL: region 0 does not move (its
//   volume does not change: no element gives a limit there)
#include "mesh.h"
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 400 3 0
// KFUSE-RUN: 400 3 1
// KFUSE-RUN: 9 1 0
// KFUSE-RUN: 1000 7 1
// KFUSE-PROFILE-RUN: 400 3 0

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 400;
    const int regions = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool still = argc > 3 && std::atoi(argv[3]) != 0;
    Mesh m;
    m.ss = Kokkos::View<double *>("ss", n);
    m.arealg = Kokkos::View<double *>("arealg", n);
    m.vdov = Kokkos::View<double *>("vdov", n);
    m.vel = Kokkos::View<double *>("vel", n);
    m.elems = Kokkos::View<int *>("elems", n);
    // Region r holds the elements e with e % regions == r.
    auto elems = Kokkos::create_mirror_view(m.elems);
    int next = 0;
    for (int r = 0; r < regions; ++r) {
      m.offset.push_back(next);
      for (int e = r; e < n; e += regions)
        elems(next++) = e;
      m.size.push_back(next - m.offset.back());
    }
    Kokkos::deep_copy(m.elems, elems);
    auto ss = m.ss;
    auto arealg = m.arealg;
    auto vdov = m.vdov;
    auto vel = m.vel;
    Kokkos::View<double *> snapshot("snapshot", n);
    double sum = 0.0;
    for (int step = 1; step <= 5; ++step) {
      Kokkos::parallel_for(
          "advance", n, KOKKOS_LAMBDA(const int e) {
            ss(e) = 1.0 + 0.01 * ((e * 7 + step) % 13);
            arealg(e) = 0.5 + 0.02 * ((e * 3 + step) % 11);
            vdov(e) = still && e % regions == 0 ? 0.0 : 0.1 * ((e * 5 + step) % 9) - 0.4;
            vel(e) = 0.3 * ((e * 11 + step) % 17) - 2.0;
          });
      double dtcourant = 0.0, dthydro = 0.0;
      time_constraints(m, 2.0, 0.1, dtcourant, dthydro);
      ::kfuse::Window kfuse_window_30421b82_ce58915c("kfuse_chain_30421b82_ce58915c"); // kfuse-line 816658e6
      // 'slowest' is computed ahead, with the first kernel: its captures as 'slowest' declares them. // kfuse-line 5315a565
      kfuse_window_30421b82_ce58915c.ahead([&] { // kfuse-line 36bc75cd
        return [](auto &&m) { // kfuse-line 79a319a5
          auto vel = m.vel; // kfuse-line e2cf9132
          return ::kfuse::ahead_captures(::kfuse::bounds_of(vel.extent(0)), vel); // kfuse-line 3491e46e
        }(m); // kfuse-line 206f5804
      }); // kfuse-line e740f582
      kfuse_window_30421b82_ce58915c.arm(); // kfuse-line f447260c
      const double most = fastest(m);
      kfuse_window_30421b82_ce58915c.disarm(); // kfuse-line 9e6efbc4
      const double least = slowest(m);
      kfuse_window_30421b82_ce58915c.close(); // kfuse-line 436ee7e1
      // A copy between the two pairs: the profile sees two chains.
      Kokkos::deep_copy(snapshot, m.ss);
      ::kfuse::Window kfuse_window_f2ac4050_31d5577a("kfuse_chain_f2ac4050_31d5577a"); // kfuse-line 9e544d38
      // 'hottest' is computed ahead, with the first kernel: its captures as 'hottest' declares them. // kfuse-line d29f2147
      kfuse_window_f2ac4050_31d5577a.ahead([&] { // kfuse-line 4844501f
        return [](auto &&m) { // kfuse-line 79a319a5
          auto ss = m.ss; // kfuse-line 56bf4a44
          return ::kfuse::ahead_captures(::kfuse::bounds_of(ss.extent(0)), ss); // kfuse-line e15a1363
        }(m); // kfuse-line 206f5804
      }); // kfuse-line e740f582
      kfuse_window_f2ac4050_31d5577a.arm(); // kfuse-line 14e5db57
      const int cold = coldest(m);
      kfuse_window_f2ac4050_31d5577a.disarm(); // kfuse-line 112eb801
      const int hot = hottest(m);
      kfuse_window_f2ac4050_31d5577a.close(); // kfuse-line e801736f
      std::printf("step=%d dtcourant=%.17g dthydro=%.17g fastest=%.17g slowest=%.17g "
                  "coldest=%d hottest=%d\n",
                  step, dtcourant, dthydro, most, least, cold, hot);
      sum += dtcourant + dthydro + most + least;
    }
    std::printf("sum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
