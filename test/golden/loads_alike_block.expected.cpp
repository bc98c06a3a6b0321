#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Raw pointers read at an element data choose, in one function: 'compress'
// and 'energy' both load the volumes ('vol', a raw pointer) at the element
// the list names, on every iteration, and write only at their own index.
// No guard can bound what 'vol' reaches, but neither needs to: what one
// kernel writes at another iteration is never a volume the two read, or it
// would race with its own read (Kokkos runs iterations in no order). They
// fuse, with no restrict pointer (a store may be to the volumes, at its own
// iteration). 'relax' writes without loading the volumes: what it writes
// could be a volume 'energy' reads at another iteration, so it is refused,
// naming 'vol'. Run with the last argument 1, the list is in order and the
// energies are the volumes themselves ('e' is 'vol'): 'energy' then stores
// to the volume it loads, at its own iteration, which is race free, and the
// fused kernel (run: the guard does not compare 'vol') gives the same result.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 3 0
// KFUSE-RUN: 17 2 0
// KFUSE-RUN: 1000 3 1
// KFUSE-PROFILE-RUN: 1000 3 0

// kfuse-functor-begin kfuse_fused_compress_energy
// 'compress', 'energy' (test/golden/loads_alike_block.cpp:25), fused.
template <class T_list, class T_comp, class T_vol, class T_e> struct kfuse_fused_compress_energy {
  T_list list;
  T_comp comp;
  T_vol vol;
  T_e e;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int k = kfuse_i0;
      const int el = list(k);
      comp[k] = 2.0 / vol[el];
    }
    {
      const int k = kfuse_i0;
      double x = comp[k] * vol[list(k)];
      if (x > 4.0)
        x = 4.0;
      e[k] = x;
    }
  }
};
// kfuse-functor-end
void step(Kokkos::View<int *> list, const double *vol, double *comp, double *e, double *out,
          int n) {
  // kfuse-begin fused("compress", "energy") profile=test/golden/loads_alike_block.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("compress+energy", "list,comp,e", [&] { return ::kfuse::shadow_items(list, ::kfuse::pointer_bytes(comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e, {0}, {static_cast<long long>(n)}, true)); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("compress+energy", ::kfuse::no_overlap({::kfuse::bytes_of(list, false), ::kfuse::pointer_bytes(comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e, {0}, {static_cast<long long>(n)}, true)})))) {
      Kokkos::parallel_for("compress+energy", n, ::kfuse::make_fused<kfuse_fused_compress_energy>(list, comp, vol, e));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "compress", n, KOKKOS_LAMBDA(const int k) {
        const int el = list(k);
        comp[k] = 2.0 / vol[el];
      });
  Kokkos::parallel_for(
      "energy", n, KOKKOS_LAMBDA(const int k) {
        double x = comp[k] * vol[list(k)];
        if (x > 4.0)
          x = 4.0;
        e[k] = x;
      });
// kfuse-original-end
    }
  }
  // kfuse-end
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "relax", n, KOKKOS_LAMBDA(const int k) { out[k] = 0.5 * e[k] + 0.25 * comp[k]; });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int Steps = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool Overlap = argc > 3 && std::atoi(argv[3]) == 1;
    Kokkos::View<double *> store("store", 5 * N + 8);
    Kokkos::View<int *> list("list", N);
    Kokkos::parallel_for(
        "init", 5 * N + 8, KOKKOS_LAMBDA(const int i) { store(i) = 1.0 + (i % 11) * 0.25; });
    // Every element once (7 and N share no factor for these N); in order
    // where 'energy' writes into the volumes, so that it races with nothing.
    Kokkos::parallel_for(
        "list", N, KOKKOS_LAMBDA(const int i) { list(i) = Overlap ? i : (i * 7) % N; });
    double *vol = store.data();
    double *comp = store.data() + N + 2;
    double *e = Overlap ? vol : store.data() + 2 * N + 4;
    double *out = store.data() + 3 * N + 6;
    for (int It = 0; It < Steps; ++It)
      step(list, vol, comp, e, out, N);
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 5 * N + 8, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
