#include <kfuse/runtime/Guard.hpp> // kfuse-include
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

// kfuse-functor-begin kfuse_fused_force_kick_probe
// 'force', 'kick', 'probe' (test/golden/row_accessors.cpp:72), fused.
template <class T_List, class T_x, class T_f, class T_v, class T_marks, class T_out, class T_Dt,
          class T_K, class T_N, class T_kfuse_chunks>
struct kfuse_fused_force_kick_probe {
  T_List List;
  T_x x;
  T_f f;
  T_v v;
  T_marks marks;
  T_out out;
  T_Dt Dt;
  T_K K;
  T_N N;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          const T_List &List, const double *KOKKOS_RESTRICT x_,
                                          double *KOKKOS_RESTRICT f_, double *KOKKOS_RESTRICT v_,
                                          int *KOKKOS_RESTRICT marks_, double *KOKKOS_RESTRICT out_,
                                          const T_Dt Dt, const T_K K, const T_N N) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        const Row Neigh = List.row(i);
        double F = 0.0;
        for (int k = 0; k < Neigh.size(); ++k)
          F += x_[Neigh(k)] - x_[i]; // EXPECT-REMARK: kfuse-unsafe-dependence
        f_[i] = F;
      }
      {
        const int i = kfuse_i0;
        v_[i] += Dt * f_[i];
        for (int k = 0; k < K; ++k) // the values the entries hold
          marks_[i * K + k] = (i + 1 + 7 * k) % N;
      }
      {
        const int i = kfuse_i0;
        const MutableRow R = List.mutableRow(i);
        out_[i] += R(0);
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), List, x.data(), f.data(),
         v.data(), marks.data(), out.data(), Dt, K, N);
  }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_drift_relink
// 'drift', 'relink' (test/golden/row_accessors.cpp:91), fused.
template <class T_x, class T_v, class T_List, class T_Dt, class T_N, class T_kfuse_chunks>
struct kfuse_fused_drift_relink {
  T_x x;
  T_v v;
  T_List List;
  T_Dt Dt;
  T_N N;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT x_,
                                          const double *KOKKOS_RESTRICT v_,
                                          int *KOKKOS_RESTRICT List_Entries_, const T_Dt Dt,
                                          const T_N N) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        x_[i] += Dt * v_[i];
      }
      {
        const int i = kfuse_i0;
        List_Entries_[i] = (i + 3) % N;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), x.data(), v.data(),
         List.Entries.data(), Dt, N);
  }
};
// kfuse-functor-end
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
      // kfuse-begin fused("force", "kick", "probe") profile=test/golden/row_accessors.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("force+kick+probe", "List.Offsets,List.Entries,x,f,v,marks,out", [&] { return ::kfuse::shadow_items(List.Offsets, List.Entries, x, f, v, marks, out); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("force+kick+probe", ::kfuse::no_overlap({::kfuse::bytes_of(List.Offsets, false), ::kfuse::bytes_of(List.Entries, false), ::kfuse::bytes_of(x, false), ::kfuse::bytes_of(f, true), ::kfuse::bytes_of(v, true), ::kfuse::bytes_of(marks, true), ::kfuse::bytes_of(out, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("force+kick+probe", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_force_kick_probe>(List, x, f, v, marks, out, Dt, K, N, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
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
// kfuse-original-end
        }
      }
      // kfuse-end
      // kfuse-begin fused("drift", "relink") profile=test/golden/row_accessors.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("drift+relink", "x,v,List.Entries,List.Offsets", [&] { return ::kfuse::shadow_items(x, v, List.Entries, List.Offsets); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("drift+relink", ::kfuse::no_overlap({::kfuse::bytes_of(x, true), ::kfuse::bytes_of(v, false), ::kfuse::bytes_of(List.Entries, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("drift+relink", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_drift_relink>(x, v, List, Dt, N, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for(
          "drift", N, KOKKOS_LAMBDA(const int i) { x(i) += Dt * v(i); });
      Kokkos::parallel_for(
          "relink", N, KOKKOS_LAMBDA(const int i) { List.Entries(i) = (i + 3) % N; });
// kfuse-original-end
        }
      }
      // kfuse-end
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
