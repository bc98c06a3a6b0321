#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Launches separated by host statements that touch none of their data: the
// second launch moves up past them and fuses with the first; the host
// statements stay where they are and run once either way.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// kfuse-functor-begin kfuse_fused_kick_drift
// 'kick', 'drift' (test/golden/move_past.cpp:17), fused.
template <class T_vel, class T_pos, class T_Dt, class T_kfuse_chunks>
struct kfuse_fused_kick_drift {
  T_vel vel;
  T_pos pos;
  T_Dt Dt;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT vel_,
                                          double *KOKKOS_RESTRICT pos_, const T_Dt Dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        vel_[i] += Dt * (1.0 - 0.001 * i);
      }
      {
        const int i = kfuse_i0;
        pos_[i] += Dt * vel_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), vel.data(), pos.data(),
         Dt);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const double Dt = 0.01;
    Kokkos::View<double *> pos("pos", N), vel("vel", N);
    double Time = 0;
    int Steps = 0;
    for (int It = 0; It < 4; ++It) {
      // kfuse-begin fused("kick", "drift") profile=test/golden/move_past.profile.json
      auto kfuse_fused_kick_drift_shadow = ::kfuse::shadow_of("kick+drift", "vel,pos", [&] { return ::kfuse::shadow_items(vel, pos); });
      const bool kfuse_fused_kick_drift_on = kfuse_fused_kick_drift_shadow.run_fused(::kfuse::use_fused("kick+drift", ::kfuse::no_overlap({::kfuse::bytes_of(vel, true), ::kfuse::bytes_of(pos, true)})));
      if (kfuse_fused_kick_drift_on) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift>(vel, pos, Dt, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for(
          "kick", N, KOKKOS_LAMBDA(const int i) { vel(i) += Dt * (1.0 - 0.001 * i); });
// kfuse-original-end
      }
      // kfuse-kept-begin
      Time += Dt;
      ++Steps;
      // kfuse-kept-end
      if (!kfuse_fused_kick_drift_on) {
// kfuse-original-begin
        Kokkos::parallel_for(
          "drift", N, KOKKOS_LAMBDA(const int i) { pos(i) += Dt * vel(i); });
// kfuse-original-end
      }
      if (kfuse_fused_kick_drift_shadow.replay()) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift>(vel, pos, Dt, ::kfuse::chunks_of(kfuse_policy)));
        kfuse_fused_kick_drift_shadow.compare();
      }
      // kfuse-end
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += pos(i) + vel(i); }, Sum);
    std::printf("checksum=%.17g time=%.17g steps=%d\n", Sum, Time, Steps);
  }
  Kokkos::finalize();
}
