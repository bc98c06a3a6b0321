#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Deep copies and allocations between the kernels of a chain. A halo is
// staged through buffers that no kernel of the chain touches (the send
// buffer copied to the receive buffer, and that into a View allocated there,
// between 'produce' and 'consume'), and a snapshot of the weights 'w',
// which 'consume' only reads: the copies and the allocation write nothing
// the kernels use and read nothing they write, so the pair is in the
// profile and fuses, the fused kernel running before them ('update' joins
// them: the host code after 'consume' reads only the buffers). A copy into a View
// the kernels around it use (the copy of 'seed' into 'y' between 'update'
// and 'smooth') must run between them: the profile does not pair them (the
// instrumented run saw the copy's bytes overlap 'y'), so they are no
// candidate.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3
// KFUSE-RUN: 64 5
// KFUSE-PROFILE-RUN: 1000 3

// kfuse-functor-begin kfuse_fused_produce_consume_update
// 'produce', 'consume', 'update' (test/golden/deep_copy_between.cpp:34), fused.
template <class T_x, class T_y, class T_w, class T_It, class T_kfuse_chunks>
struct kfuse_fused_produce_consume_update {
  T_x x;
  T_y y;
  T_w w;
  T_It It;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT x_, double *KOKKOS_RESTRICT y_,
                                          const double *KOKKOS_RESTRICT w_, const T_It It) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        x_[i] = i * 0.5 + It;
      }
      {
        const int i = kfuse_i0;
        y_[i] = x_[i] + y_[i] * w_[i];
      }
      {
        const int i = kfuse_i0;
        y_[i] = 2.0 * y_[i] - x_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), x.data(), y.data(),
         w.data(), It);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    Kokkos::View<double *> x("x", N), y("y", N), z("z", N);
    Kokkos::View<double *> send("send", 8), recv("recv", 8), seed("seed", N);
    Kokkos::View<double *> w("w", N), snapshot("snapshot", N);
    Kokkos::deep_copy(seed, 0.75);
    Kokkos::deep_copy(w, 0.5);
    double Halo = 0;
    for (int It = 0; It < Steps; ++It) {
      Kokkos::deep_copy(send, 1.0 + It);
      // kfuse-begin fused("produce", "consume", "update") profile=test/golden/deep_copy_between.profile.json
      auto kfuse_fused_produce_consume_update_shadow = ::kfuse::shadow_of("produce+consume+update", "x,y", [&] { return ::kfuse::shadow_items(x, y); });
      const bool kfuse_fused_produce_consume_update_on = kfuse_fused_produce_consume_update_shadow.run_fused(::kfuse::use_fused("produce+consume+update", ::kfuse::no_overlap({::kfuse::bytes_of(x, true), ::kfuse::bytes_of(y, true), ::kfuse::bytes_of(w, true), ::kfuse::bytes_of(recv, true), ::kfuse::bytes_of(send, true), ::kfuse::bytes_of(snapshot, true)})));
      if (!kfuse_fused_produce_consume_update_on) {
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "produce", N, KOKKOS_LAMBDA(const int i) { x(i) = i * 0.5 + It; });
// kfuse-original-end
      }
      // kfuse-kept-begin
      Kokkos::deep_copy(recv, send);
      Kokkos::View<double *> staged("staged", 8);
      Kokkos::deep_copy(staged, recv);
      Kokkos::deep_copy(snapshot, w);
      // kfuse-kept-end
      if (kfuse_fused_produce_consume_update_on) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("produce+consume+update", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_produce_consume_update>(x, y, w, It, ::kfuse::chunks_of(kfuse_policy)));
      } else {
// kfuse-original-begin
        Kokkos::parallel_for(
          "consume", N, KOKKOS_LAMBDA(const int i) { y(i) = x(i) + y(i) * w(i); });
// kfuse-original-end
      }
      // kfuse-kept-begin
      auto HostRecv = Kokkos::create_mirror_view(recv);
      Kokkos::deep_copy(HostRecv, recv);
      Halo += HostRecv(3) + staged(2) + snapshot(N / 2);

      // kfuse-kept-end
      if (!kfuse_fused_produce_consume_update_on) {
// kfuse-original-begin
        Kokkos::parallel_for(
          "update", N, KOKKOS_LAMBDA(const int i) { y(i) = 2.0 * y(i) - x(i); });
// kfuse-original-end
      }
      if (kfuse_fused_produce_consume_update_shadow.replay()) {
        const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
        Kokkos::parallel_for("produce+consume+update", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_produce_consume_update>(x, y, w, It, ::kfuse::chunks_of(kfuse_policy)));
        kfuse_fused_produce_consume_update_shadow.compare();
      }
      // kfuse-end
      Kokkos::deep_copy(y, seed);
      Kokkos::parallel_for(
          "smooth", N, KOKKOS_LAMBDA(const int i) { z(i) = z(i) + y(i); });
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += z(i) + y(i); }, Sum);
    std::printf("checksum=%.17g halo=%.17g\n", Sum, Halo);
  }
  Kokkos::finalize();
}
