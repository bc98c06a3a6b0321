#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Regions of a mesh, as codes that keep their arrays behind raw pointers
// write them: each kernel runs over the elements one region lists (a list
// the class keeps private, behind an accessor) and reads the volumes, a raw
// pointer, at the element the list gives. The guard cannot bound what a
// pointer reaches at an element data choose. 'compress' and 'energy' load
// the volumes alike, though: on every iteration, at one index computed from
// the same list and region number, which neither writes. Whatever one of
// them writes at another iteration is then never a volume the two read,
// or it would race with its own read (Kokkos runs iterations in no order),
// so the pair fuses and the guard checks only that the two name one
// pointer, one list and one region. 'relax' loads them alike too: the
// three run as one (a chain of three, each pair's guard checking its own).
// 'limit' loads the volumes only where its condition holds: 'relax' ->
// 'limit' is refused. Run with the second
// argument 1, 'energy' reads a copy of the volumes (another pointer): the
// guard runs the launches as written.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 997 0
// KFUSE-RUN: 64 0
// KFUSE-FALLBACK-RUN: 997 1
// KFUSE-PROFILE-RUN: 997 0

class Regions {
public:
  Regions(int NumElems, int NumRegions)
      : m_elems("elems", NumElems), m_start("start", NumRegions + 1) {
    auto Elems = m_elems;
    auto Start = m_start;
    Kokkos::parallel_for(
        "regions", 1, KOKKOS_LAMBDA(const int) {
          for (int R = 0; R <= NumRegions; ++R)
            Start(R) = R * NumElems / NumRegions;
          for (int K = 0; K < NumElems; ++K) // a permutation: regions scattered
            Elems(K) = (K * 7) % NumElems;
        });
  }
  KOKKOS_INLINE_FUNCTION int element(const int r, int k) const { return m_elems(m_start(r) + k); }
  int count(int r) const {
    auto Start = Kokkos::create_mirror_view(m_start);
    Kokkos::deep_copy(Start, m_start);
    return Start(r + 1) - Start(r);
  }

private:
  Kokkos::View<int *> m_elems;
  Kokkos::View<int *> m_start;
};

// kfuse-functor-begin kfuse_part_compress_ba7fb686
// 'compress' (test/golden/multi/loads_alike/main.cpp:54) as a functor: deferred, it runs fused
// with 'energy' (test/golden/multi/loads_alike/main.cpp:65) when 'main' calls their functions in turn.
template <class T_regions, class T_vol, class T_comp, class T_half, class T_delv, class T_r> struct kfuse_part_compress_ba7fb686 {
  T_regions regions;
  T_vol vol;
  T_comp comp;
  T_half half;
  T_delv delv;
  T_r r;
  KOKKOS_INLINE_FUNCTION void operator()(const int k) const {
        const int e = regions.element(r, k);
        const double v = vol[e];
        comp[k] = 1.0 / v - 1.0;
        half[k] = 1.0 / (v - 0.5 * delv[k]) - 1.0;
      }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_private
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_members {
  friend auto kfuse_private_member(Tag) { return Member; }
};
struct kfuse_private_Regions_m_elems {
  friend auto kfuse_private_member(kfuse_private_Regions_m_elems);
};
template struct kfuse_private_members<kfuse_private_Regions_m_elems, decltype(&::Regions::m_elems),
                                      &::Regions::m_elems>;
struct kfuse_private_Regions_m_start {
  friend auto kfuse_private_member(kfuse_private_Regions_m_start);
};
template struct kfuse_private_members<kfuse_private_Regions_m_start, decltype(&::Regions::m_start),
                                      &::Regions::m_start>;
// kfuse-functor-end
void compress(const Regions &regions, double *comp, double *half, const double *vol,
              const double *delv, int r, int n) {
  // kfuse-begin deferred("compress") until "energy" profile=test/golden/multi/loads_alike/profile.json
  if (::kfuse::deferring("kfuse_chain_ba7fb686_df831b01")) {
    // Runs later: fused with 'energy' (test/golden/multi/loads_alike/main.cpp:65), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_ba7fb686_df831b01", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_compress_ba7fb686>(regions, vol, comp, half, delv, r),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("compress", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_ba7fb686_df831b01"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "compress", n, KOKKOS_LAMBDA(const int k) {
        const int e = regions.element(r, k);
        const double v = vol[e];
        comp[k] = 1.0 / v - 1.0;
        half[k] = 1.0 / (v - 0.5 * delv[k]) - 1.0;
      });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_energy_df831b01
// 'energy' (test/golden/multi/loads_alike/main.cpp:65) as a functor: deferred, it runs fused
// with 'relax' (test/golden/multi/loads_alike/main.cpp:75) when 'main' calls their functions in turn.
template <class T_comp, class T_half, class T_e_new, class T_vol, class T_regions, class T_r> struct kfuse_part_energy_df831b01 {
  T_comp comp;
  T_half half;
  T_e_new e_new;
  T_vol vol;
  T_regions regions;
  T_r r;
  KOKKOS_INLINE_FUNCTION void operator()(const int k) const {
        double x = 0.5 * (comp[k] + half[k]);
        if (x < 0.0)
          x = -x;
        e_new[k] = x * vol[regions.element(r, k)];
      }
};
// kfuse-functor-end
void energy(const Regions &regions, double *e_new, const double *comp, const double *half,
            const double *vol, int r, int n) {
  // kfuse-begin fused-across("compress", "energy") deferred until "relax" profile=test/golden/multi/loads_alike/profile.json
  {
    // 'compress' (test/golden/multi/loads_alike/main.cpp:54) may be pending: then both run as one, later:
    // with 'relax' (test/golden/multi/loads_alike/main.cpp:75), or on their own.
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_compress_ba7fb686<Regions, const double *, double *, double *, const double *, int>>(
        "kfuse_chain_ba7fb686_df831b01", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("compress+energy", ::kfuse::same_pointer(kfuse_first->vol, vol) &&
          ::kfuse::same_view((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))) &&
          ::kfuse::same_view((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{}))) &&
          (kfuse_first->r == r) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::same_or_apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(comp, {0}, {static_cast<long long>(n)}, false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(half, {0}, {static_cast<long long>(n)}, false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(comp, {0}, {static_cast<long long>(n)}, false)) &&
          ::kfuse::same_or_apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(half, {0}, {static_cast<long long>(n)}, false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->delv, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)));
    if (::kfuse::deferring("kfuse_chain_df831b01_215a5b83")) {
      if (kfuse_fuse) {
        const auto kfuse_both = ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_energy_df831b01>(comp, half, e_new, vol, regions, r));
        ::kfuse::discard("kfuse_chain_ba7fb686_df831b01");
        ::kfuse::defer("kfuse_chain_df831b01_215a5b83", ::kfuse::bounds_of(kfuse_policy), kfuse_both,
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("compress+energy", kfuse_policy, kfuse_part); });
      } else {
        ::kfuse::flush("kfuse_chain_ba7fb686_df831b01");
        ::kfuse::defer("kfuse_chain_df831b01_215a5b83", ::kfuse::bounds_of(kfuse_policy), ::kfuse::make_fused<kfuse_part_energy_df831b01>(comp, half, e_new, vol, regions, r),
                       [=](const auto &kfuse_part) { Kokkos::parallel_for("energy", kfuse_policy, kfuse_part); });
      }
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("compress+energy", "regions.m_start,regions.m_elems,comp,half,e_new,regions.m_start,regions.m_elems", [&] { return ::kfuse::shadow_items((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), ::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          Kokkos::parallel_for("compress+energy", kfuse_policy, ::kfuse::compose<int>(*kfuse_first, ::kfuse::make_fused<kfuse_part_energy_df831b01>(comp, half, e_new, vol, regions, r)));
          ::kfuse::discard("kfuse_chain_ba7fb686_df831b01");
        } else {
          kfuse_shadow.flush("kfuse_chain_ba7fb686_df831b01");
          if (!kfuse_fuse)
            ::kfuse::flush("kfuse_chain_df831b01_215a5b83"); // one pending from an outer call runs first
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "energy", n, KOKKOS_LAMBDA(const int k) {
        double x = 0.5 * (comp[k] + half[k]);
        if (x < 0.0)
          x = -x;
        e_new[k] = x * vol[regions.element(r, k)];
      });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

void relax(const Regions &regions, double *e_new, const double *vol, int r, int n) {
  // kfuse-begin fused-across("energy", "relax") after "compress" profile=test/golden/multi/loads_alike/profile.json
  {
    // 'energy' (test/golden/multi/loads_alike/main.cpp:65) may be pending, alone or run as one with
    // 'compress' (test/golden/multi/loads_alike/main.cpp:54): then they run here as one with this kernel.
    const auto kfuse_policy = n;
    auto *kfuse_both = ::kfuse::pending<::kfuse::Composed<int, kfuse_part_compress_ba7fb686<Regions, const double *, double *, double *, const double *, int>, kfuse_part_energy_df831b01<const double *, const double *, double *, const double *, Regions, int>>>(
        "kfuse_chain_df831b01_215a5b83", ::kfuse::bounds_of(kfuse_policy));
    auto *kfuse_first = ::kfuse::pending<kfuse_part_energy_df831b01<const double *, const double *, double *, const double *, Regions, int>>(
        "kfuse_chain_df831b01_215a5b83", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_three = kfuse_both && ::kfuse::use_fused("compress+energy+relax", ::kfuse::same_pointer(kfuse_both->A.vol, vol) &&
          ::kfuse::same_view((kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))) &&
          ::kfuse::same_view((kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{}))) &&
          (kfuse_both->A.r == r) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.half, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.half, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->A.delv, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::same_pointer(kfuse_both->B.vol, vol) &&
          ::kfuse::same_view((kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))) &&
          ::kfuse::same_view((kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{}))) &&
          (kfuse_both->B.r == r) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->B.comp, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->B.half, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::same_or_apart_bytes(::kfuse::pointer_bytes(kfuse_both->B.e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->B.e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_both->B.e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)));
    const bool kfuse_two = !kfuse_three && kfuse_first && ::kfuse::use_fused("energy+relax", ::kfuse::same_pointer(kfuse_first->vol, vol) &&
          ::kfuse::same_view((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))) &&
          ::kfuse::same_view((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{}))) &&
          (kfuse_first->r == r) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->comp, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->half, {0}, {static_cast<long long>(n)}, false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::same_or_apart_bytes(::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), ::kfuse::bytes_of((regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)) &&
          ::kfuse::apart_bytes(::kfuse::bytes_of((kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), false), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true)));
    for (auto kfuse_shadow3 = ::kfuse::shadow_of("compress+energy+relax", "regions.m_start,regions.m_elems,comp,half,e_new,regions.m_start,regions.m_elems,e_new,regions.m_start,regions.m_elems", [&] { return ::kfuse::shadow_items((kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (kfuse_both->A.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), ::kfuse::pointer_bytes(kfuse_both->A.comp, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(kfuse_both->A.half, {0}, {static_cast<long long>(n)}, true), ::kfuse::pointer_bytes(kfuse_both->B.e_new, {0}, {static_cast<long long>(n)}, true), (kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (kfuse_both->B.regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))); }); kfuse_shadow3.next();)
      for (auto kfuse_shadow = ::kfuse::shadow_of("energy+relax", "e_new,regions.m_start,regions.m_elems,e_new,regions.m_start,regions.m_elems", [&] { return ::kfuse::shadow_items(::kfuse::pointer_bytes(kfuse_first->e_new, {0}, {static_cast<long long>(n)}, true), (kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (kfuse_first->regions.*kfuse_private_member(kfuse_private_Regions_m_elems{})), ::kfuse::pointer_bytes(e_new, {0}, {static_cast<long long>(n)}, true), (regions.*kfuse_private_member(kfuse_private_Regions_m_start{})), (regions.*kfuse_private_member(kfuse_private_Regions_m_elems{}))); }); kfuse_shadow.next();) {
        if (kfuse_shadow3.run_fused(kfuse_three)) {
          Kokkos::parallel_for("compress+energy+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_both, KOKKOS_LAMBDA(const int k) {
            e_new[k] = 0.75 * e_new[k] + 0.25 * vol[regions.element(r, k)];
          }));
          ::kfuse::discard("kfuse_chain_df831b01_215a5b83");
        } else if (kfuse_shadow.run_fused(kfuse_two)) {
          Kokkos::parallel_for("energy+relax", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), *kfuse_first, KOKKOS_LAMBDA(const int k) {
            e_new[k] = 0.75 * e_new[k] + 0.25 * vol[regions.element(r, k)];
          }));
          ::kfuse::discard("kfuse_chain_df831b01_215a5b83");
        } else {
          if (kfuse_shadow3.checking()) {
            Kokkos::parallel_for("compress", kfuse_policy, ::kfuse::alone<int>(kfuse_both->A));
            Kokkos::parallel_for("energy", kfuse_policy, ::kfuse::alone<int>(kfuse_both->B));
          } else {
            kfuse_shadow.flush("kfuse_chain_df831b01_215a5b83");
          }
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax", n, KOKKOS_LAMBDA(const int k) {
        e_new[k] = 0.75 * e_new[k] + 0.25 * vol[regions.element(r, k)];
      });
// kfuse-original-end
        }
      }
  }
  // kfuse-end
}

void limit(const Regions &regions, double *e_new, const double *vol, int r, int n) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-not-fusable
      "limit", n, KOKKOS_LAMBDA(const int k) {
        if (e_new[k] > 1.0)
          e_new[k] = vol[regions.element(r, k)];
      });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 997;
    const bool Copy = argc > 2 && std::atoi(argv[2]) == 1;
    const int Regs = 3;
    Regions regions(N, Regs);
    Kokkos::View<double *> store("store", 6 * N);
    Kokkos::parallel_for(
        "init", 6 * N, KOKKOS_LAMBDA(const int i) { store(i) = 1.5 + (i % 13) * 0.125; });
    double *vol = store.data();
    double *delv = store.data() + N;
    double *comp = store.data() + 2 * N;
    double *half = store.data() + 3 * N;
    double *e_new = store.data() + 4 * N;
    double *vol_copy = store.data() + 5 * N;
    Kokkos::parallel_for(
        "copy", N, KOKKOS_LAMBDA(const int i) { vol_copy[i] = vol[i]; });
    for (int Step = 0; Step < 3; ++Step)
      for (int r = 0; r < Regs; ++r) {
        const int n = regions.count(r);
        ::kfuse::Window kfuse_window_ba7fb686_df831b01("kfuse_chain_ba7fb686_df831b01"); // kfuse-line c99ba13e
        kfuse_window_ba7fb686_df831b01.arm(); // kfuse-line abf19afe
        compress(regions, comp, half, vol, delv, r, n);
        kfuse_window_ba7fb686_df831b01.disarm(); // kfuse-line abc649c1
        ::kfuse::Window kfuse_window_df831b01_215a5b83("kfuse_chain_df831b01_215a5b83"); // kfuse-line 7f0debb9
        kfuse_window_df831b01_215a5b83.arm(); // kfuse-line 5986fddb
        energy(regions, e_new, comp, half, Copy ? vol_copy : vol, r, n);
        kfuse_window_ba7fb686_df831b01.close(); // kfuse-line 394dfb4a
        kfuse_window_df831b01_215a5b83.disarm(); // kfuse-line 7716db6f
        relax(regions, e_new, vol, r, n);
        kfuse_window_df831b01_215a5b83.close(); // kfuse-line aa0a6d3d
        limit(regions, e_new, vol, r, n);
      }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "sum", 6 * N, KOKKOS_LAMBDA(const int i, double &S) { S += store(i) * (1 + i % 7); },
        Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
