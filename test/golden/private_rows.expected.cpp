#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Rows of a neighbour list whose Views are private members, in a namespace:
// kfuse reads `list.row(i)` as a read of some elements of every View the
// list holds and names them in the guard through pointers to the members.
// 'force' and 'kick' fuse; run with the list's entries being the marks
// 'kick' writes (the last argument 1), the guard finds them overlapping and
// runs the original launches.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000 0
// KFUSE-RUN: 17 0
// KFUSE-RUN-FALLBACK: 1000 1
// KFUSE-PROFILE-RUN: 1000 0

namespace md {

struct Row {
  const int *Ptr;
  int Count;
  KOKKOS_INLINE_FUNCTION int operator()(const int K) const { return Ptr[K]; }
  KOKKOS_INLINE_FUNCTION int size() const { return Count; }
};

class NeighList {
public:
  NeighList(Kokkos::View<int *> Offsets, Kokkos::View<int *> Entries)
      : m_offsets(Offsets), m_entries(Entries) {}
  KOKKOS_INLINE_FUNCTION Row row(const int I) const {
    return Row{&m_entries(m_offsets(I)), m_offsets(I + 1) - m_offsets(I)};
  }

private:
  Kokkos::View<int *> m_offsets, m_entries;
};

} // namespace md

// kfuse-functor-begin kfuse_fused_force_kick
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_ba9235_members {
  friend auto kfuse_private_ba9235_member(Tag) { return Member; }
};
struct kfuse_private_ba9235_md_NeighList_m_offsets {
  friend auto kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_offsets);
};
template struct kfuse_private_ba9235_members<kfuse_private_ba9235_md_NeighList_m_offsets,
                                             decltype(&::md::NeighList::m_offsets),
                                             &::md::NeighList::m_offsets>;
struct kfuse_private_ba9235_md_NeighList_m_entries {
  friend auto kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_entries);
};
template struct kfuse_private_ba9235_members<kfuse_private_ba9235_md_NeighList_m_entries,
                                             decltype(&::md::NeighList::m_entries),
                                             &::md::NeighList::m_entries>;
// 'force', 'kick' (test/golden/private_rows.cpp:42), fused.
template <class T_list, class T_x, class T_f, class T_v, class T_marks, class T_dt,
          class T_kfuse_chunks>
struct kfuse_fused_force_kick {
  T_list list;
  T_x x;
  T_f f;
  T_v v;
  T_marks marks;
  T_dt dt;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          const T_list &list, const double *KOKKOS_RESTRICT x_,
                                          double *KOKKOS_RESTRICT f_, double *KOKKOS_RESTRICT v_,
                                          int *KOKKOS_RESTRICT marks_, const T_dt dt) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        const md::Row r = list.row(i);
        double s = 0;
        for (int k = 0; k < r.size(); ++k)
          s += x_[r(k)] - x_[i];
        f_[i] = s;
      }
      {
        const int i = kfuse_i0;
        v_[i] += dt * f_[i];
        marks_[i] = v_[i] > 0 ? 1 : 0;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), list, x.data(), f.data(),
         v.data(), marks.data(), dt);
  }
};
// kfuse-functor-end
void step(const md::NeighList &list, Kokkos::View<double *> x, Kokkos::View<double *> f,
          Kokkos::View<double *> v, Kokkos::View<int *> marks, double dt) {
  const int n = x.extent_int(0);
  // kfuse-begin fused("force", "kick") profile=test/golden/private_rows.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("force+kick", "list.m_offsets,list.m_entries,x,f,v,marks", [&] { return ::kfuse::shadow_items((list.*kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_offsets{})), (list.*kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_entries{})), x, f, v, marks); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("force+kick", ::kfuse::no_overlap({::kfuse::bytes_of((list.*kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_offsets{})), false), ::kfuse::bytes_of((list.*kfuse_private_ba9235_member(kfuse_private_ba9235_md_NeighList_m_entries{})), false), ::kfuse::bytes_of(x, false), ::kfuse::bytes_of(f, true), ::kfuse::bytes_of(v, true), ::kfuse::bytes_of(marks, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("force+kick", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_force_kick>(list, x, f, v, marks, dt, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "force", n, KOKKOS_LAMBDA(const int i) {
        const md::Row r = list.row(i);
        double s = 0;
        for (int k = 0; k < r.size(); ++k)
          s += x(r(k)) - x(i);
        f(i) = s;
      });
  Kokkos::parallel_for(
      "kick", n, KOKKOS_LAMBDA(const int i) {
        v(i) += dt * f(i);
        marks(i) = v(i) > 0 ? 1 : 0;
      });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool shared = argc > 2 && std::atoi(argv[2]) == 1;
    const int m = 4;
    Kokkos::View<int *> offsets("offsets", n + 1), entries("entries", n * m), marks("marks", n * m);
    Kokkos::parallel_for(
        "build", n, KOKKOS_LAMBDA(const int i) {
          offsets(i) = i * m;
          if (i == n - 1)
            offsets(n) = n * m;
          for (int k = 0; k < m; ++k)
            entries(i * m + k) = (i + 7 * k + 1) % n;
        });
    if (shared)
      Kokkos::deep_copy(marks, entries);
    md::NeighList list(offsets, shared ? marks : entries);
    Kokkos::View<double *> x("x", n), f("f", n), v("v", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { x(i) = 0.001 * (i % 97) - 0.03; });
    for (int s = 0; s < 4; ++s)
      step(list, x, f, v, marks, 0.5);
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &a) { a += v(i) + f(i) + marks(i); }, sum);
    std::printf("checksum %.17g\n", sum);
  }
  Kokkos::finalize();
}
