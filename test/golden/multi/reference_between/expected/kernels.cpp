#include <kfuse/runtime/Guard.hpp> // kfuse-include
#include "kernels.h"

void produce(Kokkos::View<double *> v, const double scale) {
  Kokkos::parallel_for(
      "produce", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale * i; });
}

void consume(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "consume", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 2.0 * v(i); });
}

// 'out' may be any double, an element of 'v' too: writing it between the
// launches must stay after 'produce' (refused at consume's launch).
void step(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, const double scale) {
  produce(v, scale);
  out = 42.0;
  consume(v, w);
}

// kfuse-functor-begin kfuse_part_grow_b0273150
// 'grow' (test/golden/multi/reference_between/kernels.cpp:22) as a functor: deferred, it runs fused
// with 'mirror' (test/golden/multi/reference_between/kernels.cpp:27) when 'tally' calls their functions in turn.
template <class T_u, class T_scale> struct kfuse_part_grow_b0273150 {
  T_u u;
  T_scale scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { u(i) += scale; }
};
// kfuse-functor-end
void grow(Kokkos::View<double *> u, const double scale) {
  // kfuse-begin deferred("grow") until "mirror" profile=test/golden/multi/reference_between/profile.json
  if (::kfuse::deferring("kfuse_chain_b0273150_28545b70")) {
    // Runs later: fused with 'mirror' (test/golden/multi/reference_between/kernels.cpp:27), or on its own.
    const auto kfuse_policy = u.extent(0);
    ::kfuse::defer("kfuse_chain_b0273150_28545b70", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_grow_b0273150>(u, scale),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("grow", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_b0273150_28545b70"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "grow", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) += scale; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_b0273150_28545b70
// 'grow' (test/golden/multi/reference_between/kernels.cpp:22) then 'mirror'
// (test/golden/multi/reference_between/kernels.cpp:27), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_z, class T_kfuse_chunks>
struct kfuse_fused_b0273150_28545b70 {
  T_kfuse_first kfuse_first;
  T_z z;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT z_, double *KOKKOS_RESTRICT u_,
                                          const decltype(T_kfuse_first::scale) scale) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        u_[i] += scale;
      }
      {
        const int i = kfuse_i0;
        z_[i] = -u_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), z.data(),
         kfuse_first.u.data(), kfuse_first.scale);
  }
};
// kfuse-functor-end
void mirror(Kokkos::View<double *> u, Kokkos::View<double *> z) {
  // kfuse-begin fused-across("grow", "mirror") profile=test/golden/multi/reference_between/profile.json
  {
    // 'grow' (test/golden/multi/reference_between/kernels.cpp:22) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = u.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_grow_b0273150<Kokkos::View<double *>, double>>(
        "kfuse_chain_b0273150_28545b70", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("grow+mirror", "u,z,u", [&] { return ::kfuse::shadow_items(kfuse_first->u, z, u); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("grow+mirror", ::kfuse::no_overlap({::kfuse::bytes_of(z, true), ::kfuse::bytes_of(kfuse_first->u, true)}) &&
            ::kfuse::same_view(kfuse_first->u, u)))) {
        Kokkos::parallel_for("grow+mirror", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_b0273150_28545b70>(*kfuse_first, z, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_b0273150_28545b70");
      } else {
        kfuse_shadow.flush("kfuse_chain_b0273150_28545b70");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "mirror", u.extent(0), KOKKOS_LAMBDA(const int i) { z(i) = -u(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

// 'count' is an int: no element of the kernels' Views of doubles.
void tally(Kokkos::View<double *> u, Kokkos::View<double *> z, int &count, const double scale) {
  ::kfuse::Window kfuse_window_b0273150_28545b70("kfuse_chain_b0273150_28545b70"); // kfuse-line 5131bc2c
  kfuse_window_b0273150_28545b70.arm(); // kfuse-line d087285d
  grow(u, scale);
  kfuse_window_b0273150_28545b70.disarm(); // kfuse-line 39b6c156
  ++count;
  mirror(u, z);
  kfuse_window_b0273150_28545b70.close(); // kfuse-line b4382c6c
}

// kfuse-functor-begin kfuse_part_produce_noting_e00fb8ab
// 'produce_noting' (test/golden/multi/reference_between/kernels.cpp:42) as a functor: deferred, it runs fused
// with 'halve_into' (test/golden/multi/reference_between/kernels.cpp:48) when 'noted_locally' calls their functions in turn.
template <class T_v, class T_scale> struct kfuse_part_produce_noting_e00fb8ab {
  T_v v;
  T_scale scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = scale - i; }
};
// kfuse-functor-end
// Writes its reference parameter after its launch: where the caller binds
// it to a local, that is no element of a View ('noted_locally' fuses);
// where it passes a reference parameter of its own ('noted'), it may be.
void produce_noting(Kokkos::View<double *> v, const double scale, double &note) {
  // kfuse-begin deferred("produce_noting") until "halve_into" profile=test/golden/multi/reference_between/profile.json
  if (::kfuse::deferring("kfuse_chain_e00fb8ab_55c6b444")) {
    // Runs later: fused with 'halve_into' (test/golden/multi/reference_between/kernels.cpp:48), or on its own.
    const auto kfuse_policy = v.extent(0);
    ::kfuse::defer("kfuse_chain_e00fb8ab_55c6b444", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_produce_noting_e00fb8ab>(v, scale),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("produce_noting", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_e00fb8ab_55c6b444"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "produce_noting", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale - i; });
// kfuse-original-end
  }
  // kfuse-end
  note = scale;
}

// kfuse-functor-begin kfuse_fused_e00fb8ab_55c6b444
// 'produce_noting' (test/golden/multi/reference_between/kernels.cpp:42) then 'halve_into'
// (test/golden/multi/reference_between/kernels.cpp:48), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_e00fb8ab_55c6b444 {
  T_kfuse_first kfuse_first;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT w_, double *KOKKOS_RESTRICT v_,
                                          const decltype(T_kfuse_first::scale) scale) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_[i] = scale - i;
      }
      {
        const int i = kfuse_i0;
        w_[i] = 0.5 * v_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.v.data(), kfuse_first.scale);
  }
};
// kfuse-functor-end
void halve_into(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  // kfuse-begin fused-across("produce_noting", "halve_into") profile=test/golden/multi/reference_between/profile.json
  {
    // 'produce_noting' (test/golden/multi/reference_between/kernels.cpp:42) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = v.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_produce_noting_e00fb8ab<Kokkos::View<double *>, double>>(
        "kfuse_chain_e00fb8ab_55c6b444", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("produce_noting+halve_into", "v,w,v", [&] { return ::kfuse::shadow_items(kfuse_first->v, w, v); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("produce_noting+halve_into", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->v, true)}) &&
            ::kfuse::same_view(kfuse_first->v, v)))) {
        Kokkos::parallel_for("produce_noting+halve_into", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_e00fb8ab_55c6b444>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_e00fb8ab_55c6b444");
      } else {
        kfuse_shadow.flush("kfuse_chain_e00fb8ab_55c6b444");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "halve_into", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * v(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void noted(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, const double scale) {
  produce_noting(v, scale, out);
  halve_into(v, w);
}

double noted_locally(Kokkos::View<double *> v, Kokkos::View<double *> w, const double scale) {
  double note = 0.0;
  ::kfuse::Window kfuse_window_e00fb8ab_55c6b444("kfuse_chain_e00fb8ab_55c6b444"); // kfuse-line f8073a3d
  kfuse_window_e00fb8ab_55c6b444.arm(); // kfuse-line 3babd2f4
  produce_noting(v, scale, note);
  kfuse_window_e00fb8ab_55c6b444.disarm(); // kfuse-line 5bcad76d
  halve_into(v, w);
  kfuse_window_e00fb8ab_55c6b444.close(); // kfuse-line e4cce1c3
  return note;
}

// kfuse-functor-begin kfuse_part_stamp_cc267098
// 'stamp' (test/golden/multi/reference_between/kernels.cpp:67) as a functor: deferred, it runs fused
// with 'quarter_into' (test/golden/multi/reference_between/kernels.cpp:73) when 'stamped' calls their functions in turn.
template <class T_v, class T_scale> struct kfuse_part_stamp_cc267098 {
  T_v v;
  T_scale scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = scale * (i % 3); }
};
// kfuse-functor-end
// Writes its reference parameter after its launch, bound by 'stamped' to a
// member of an object holding Views (never a View's element): fuses.
void stamp(Kokkos::View<double *> v, const double scale, double &when) {
  // kfuse-begin deferred("stamp") until "quarter_into" profile=test/golden/multi/reference_between/profile.json
  if (::kfuse::deferring("kfuse_chain_cc267098_57054254")) {
    // Runs later: fused with 'quarter_into' (test/golden/multi/reference_between/kernels.cpp:73), or on its own.
    const auto kfuse_policy = v.extent(0);
    ::kfuse::defer("kfuse_chain_cc267098_57054254", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_stamp_cc267098>(v, scale),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("stamp", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_cc267098_57054254"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for(
      "stamp", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale * (i % 3); });
// kfuse-original-end
  }
  // kfuse-end
  when = scale;
}

// kfuse-functor-begin kfuse_fused_cc267098_57054254
// 'stamp' (test/golden/multi/reference_between/kernels.cpp:67) then 'quarter_into'
// (test/golden/multi/reference_between/kernels.cpp:73), fused across functions: one body over raw
// pointers, the first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_w, class T_kfuse_chunks>
struct kfuse_fused_cc267098_57054254 {
  T_kfuse_first kfuse_first;
  T_w w;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT w_, double *KOKKOS_RESTRICT v_,
                                          const decltype(T_kfuse_first::scale) scale) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_[i] = scale * (i % 3);
      }
      {
        const int i = kfuse_i0;
        w_[i] = 0.25 * v_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), w.data(),
         kfuse_first.v.data(), kfuse_first.scale);
  }
};
// kfuse-functor-end
void quarter_into(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  // kfuse-begin fused-across("stamp", "quarter_into") profile=test/golden/multi/reference_between/profile.json
  {
    // 'stamp' (test/golden/multi/reference_between/kernels.cpp:67) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = v.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_stamp_cc267098<Kokkos::View<double *>, double>>(
        "kfuse_chain_cc267098_57054254", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("stamp+quarter_into", "v,w,v", [&] { return ::kfuse::shadow_items(kfuse_first->v, w, v); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("stamp+quarter_into", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(kfuse_first->v, true)}) &&
            ::kfuse::same_view(kfuse_first->v, v)))) {
        Kokkos::parallel_for("stamp+quarter_into", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_cc267098_57054254>(*kfuse_first, w, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_cc267098_57054254");
      } else {
        kfuse_shadow.flush("kfuse_chain_cc267098_57054254");
// kfuse-original-begin
        Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "quarter_into", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.25 * v(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void stamped(State &s, const double scale) {
  ::kfuse::Window kfuse_window_cc267098_57054254("kfuse_chain_cc267098_57054254"); // kfuse-line de8ec3ba
  kfuse_window_cc267098_57054254.arm(); // kfuse-line 146dec59
  stamp(s.v, scale, s.when);
  kfuse_window_cc267098_57054254.disarm(); // kfuse-line d9f021cd
  quarter_into(s.v, s.w);
  kfuse_window_cc267098_57054254.close(); // kfuse-line 4f9dde4d
}
