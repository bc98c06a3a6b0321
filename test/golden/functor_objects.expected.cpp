#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Functor objects other than '*this', as mini-apps write them: a named
// functor followed by a lambda, a functor template built in place, two
// temporaries of one class, and a class with work tags. Each object's Views
// are what its constructor copies in ('Scale(b, c, 0.5)' reads 'b' and
// writes 'c'), so kernels compare Views by what they are; the fused
// functor holds each functor whole and calls it in turn for each index.
// "alias" passes one View as both 'b' and 'c': the guard sees the overlap
// and the original launches run. Refused with a remark: a functor built
// from members of a struct, and one changed between its declaration and
// its launch.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstring>

using Vec = Kokkos::View<double *>;

struct Scale {
  Vec in, out;
  double s;
  Scale(Vec in_, Vec out_, double s_) : in(in_), out(out_), s(s_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { out(i) = s * in(i); }
};

template <class V> struct Axpy {
  V x, y;
  double alpha;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) += alpha * x(i); }
};

struct Motion {
  struct TagKick {};
  struct TagDrift {};
  Vec x, v;
  double dt;
  KOKKOS_INLINE_FUNCTION void operator()(TagKick, const int i) const { v(i) -= dt * x(i); }
  KOKKOS_INLINE_FUNCTION void operator()(TagDrift, const int i) const { x(i) += dt * v(i); }
};

struct Fields {
  Vec a, b;
};

// kfuse-functor-begin kfuse_fused_scale_add
// 'scale', 'add' (test/golden/functor_objects.cpp:45), fused: the functors called in turn over each
// chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_scale_add {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void named_and_lambda(Vec a, Vec b, Vec c, int n) {
  Scale f(a, b, 2.0);
  // kfuse-begin fused("scale", "add") profile=test/golden/functor_objects.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("scale+add", "b,a,c,f.in,f.out", [&] { return ::kfuse::shadow_items(b, a, c, f.in, f.out); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("scale+add", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true)}) && ::kfuse::same_view(f.out, b) && ::kfuse::same_view(f.in, a)))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("scale+add", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_add>(f, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + 1.0; }, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("scale", n, f);
  Kokkos::parallel_for("add", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i) + 1.0; });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_axpy_b_axpy_c
// 'axpy_b', 'axpy_c' (test/golden/functor_objects.cpp:50), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_axpy_b_axpy_c {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void functor_template(Vec a, Vec b, Vec c, int n) {
  // kfuse-begin fused("axpy_b", "axpy_c") profile=test/golden/functor_objects.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("axpy_b+axpy_c", "b,a,c", [&] { return ::kfuse::shadow_items(b, a, c); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("axpy_b+axpy_c", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("axpy_b+axpy_c", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_axpy_b_axpy_c>(Axpy<Vec>{a, b, 0.5}, Axpy<Vec>{b, c, 0.25}, ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("axpy_b", Kokkos::RangePolicy<>(0, n), Axpy<Vec>{a, b, 0.5});
  Kokkos::parallel_for("axpy_c", Kokkos::RangePolicy<>(0, n), Axpy<Vec>{b, c, 0.25});
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_scale_b_scale_c
// 'scale_b', 'scale_c' (test/golden/functor_objects.cpp:55), fused: the functors called in turn
// over each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_scale_b_scale_c {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_part2 kfuse_part2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_i0);
  }
};
// kfuse-functor-end
void temporaries(Vec a, Vec b, Vec c, int n) {
  // kfuse-begin fused("scale_b", "scale_c") profile=test/golden/functor_objects.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("scale_b+scale_c", "b,a,c", [&] { return ::kfuse::shadow_items(b, a, c); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("scale_b+scale_c", ::kfuse::no_overlap({::kfuse::bytes_of(b, true), ::kfuse::bytes_of(a, false), ::kfuse::bytes_of(c, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("scale_b+scale_c", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_scale_b_scale_c>(Scale(a, b, 3.0), Scale(b, c, 0.5), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("scale_b", n, Scale(a, b, 3.0));
  Kokkos::parallel_for("scale_c", n, Scale(b, c, 0.5));
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_kick_drift
// 'kick', 'drift' (test/golden/functor_objects.cpp:60), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_tag1, class T_kfuse_part2, class T_kfuse_tag2,
          class T_kfuse_chunks>
struct kfuse_fused_kick_drift {
  T_kfuse_part1 kfuse_part1;
  T_kfuse_tag1 kfuse_tag1;
  T_kfuse_part2 kfuse_part2;
  T_kfuse_tag2 kfuse_tag2;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    const int kfuse_begin = kfuse_chunks.begin(kfuse_chunk),
              kfuse_end = kfuse_chunks.end(kfuse_chunk);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part1(kfuse_tag1, kfuse_i0);
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0)
      kfuse_part2(kfuse_tag2, kfuse_i0);
  }
};
// kfuse-functor-end
void tagged(Vec x, Vec v, int n) {
  // kfuse-begin fused("kick", "drift") profile=test/golden/functor_objects.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("kick+drift", "v,x", [&] { return ::kfuse::shadow_items(v, x); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("kick+drift", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(x, true)})))) {
      const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
      Kokkos::parallel_for("kick+drift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_kick_drift>(Motion{x, v, 0.125}, Motion::TagKick(), Motion{x, v, 0.125}, Motion::TagDrift(), ::kfuse::chunks_of(kfuse_policy)));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for("kick", Kokkos::RangePolicy<Motion::TagKick>(0, n), Motion{x, v, 0.125});
  Kokkos::parallel_for("drift", Kokkos::RangePolicy<Motion::TagDrift>(0, n), Motion{x, v, 0.125});
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_after_struct_1fe91703
// 'after_struct' (test/golden/functor_objects.cpp:66) as a functor: deferred, it runs fused
// with 'changed' (test/golden/functor_objects.cpp:72) when 'main' calls their functions in turn.
template <class T_c> struct kfuse_part_after_struct_1fe91703 {
  T_c c;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { c(i) += 1.0; }
};
// kfuse-functor-end
void through_struct(Fields s, Vec c, int n) {
  Kokkos::parallel_for("from_struct", n, Scale(s.a, s.b, 1.5)); // EXPECT-REMARK: kfuse-not-fusable
  // kfuse-begin deferred("after_struct") until "changed" profile=test/golden/functor_objects.profile.json
  if (::kfuse::deferring("kfuse_chain_1fe91703_94412f8d")) {
    // Runs later: fused with 'changed' (test/golden/functor_objects.cpp:72), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_1fe91703_94412f8d", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_after_struct_1fe91703>(c),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("after_struct", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_1fe91703_94412f8d"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("after_struct", n, KOKKOS_LAMBDA(const int i) { c(i) += 1.0; });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_1fe91703_94412f8d
// 'after_struct' (test/golden/functor_objects.cpp:66) then 'changed'
// (test/golden/functor_objects.cpp:72), fused across functions: one body over raw pointers, the
// first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_kfuse_second, class T_kfuse_chunks>
struct kfuse_fused_1fe91703_94412f8d {
  T_kfuse_first kfuse_first;
  T_kfuse_second kfuse_second;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT out_,
                                          const double *KOKKOS_RESTRICT in_,
                                          const decltype(T_kfuse_second::s) s) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        out_[i] += 1.0;
      }
      {
        const int i = kfuse_i0;
        out_[i] = s * in_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), kfuse_second.out.data(),
         kfuse_second.in.data(), kfuse_second.s);
  }
};
// kfuse-functor-end
void changed(Vec a, Vec b, Vec c, int n) {
  Scale g(a, b, 1.0);
  g.out = c;
  // kfuse-begin fused-across("after_struct", "changed") profile=test/golden/functor_objects.profile.json
  {
    // 'after_struct' (test/golden/functor_objects.cpp:66) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    const auto kfuse_second = g;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_after_struct_1fe91703<Kokkos::View<double *>>>(
        "kfuse_chain_1fe91703_94412f8d", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("after_struct+changed", "c,out,in", [&] { return ::kfuse::shadow_items(kfuse_first->c, kfuse_second.out, kfuse_second.in); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("after_struct+changed", ::kfuse::no_overlap({::kfuse::bytes_of(kfuse_second.out, true), ::kfuse::bytes_of(kfuse_second.in, false)}) &&
            ::kfuse::same_view(kfuse_first->c, kfuse_second.out)))) {
        Kokkos::parallel_for("after_struct+changed", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_1fe91703_94412f8d>(*kfuse_first, kfuse_second, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_1fe91703_94412f8d");
      } else {
        kfuse_shadow.flush("kfuse_chain_1fe91703_94412f8d");
// kfuse-original-begin
        Kokkos::parallel_for("changed", n, g);
// kfuse-original-end
      }
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-not-fusable
  Kokkos::parallel_for("after_changed", n, KOKKOS_LAMBDA(const int i) { b(i) += c(i); });
}

// 'h' keeps the View 'b' held when it was built; rebinding 'b' through a
// reference afterwards is not seen as a change of 'b'. The profile saw what
// 'h' writes and 'e' as one View, so the pair is refused (read-after-write
// through 'e'); without that, the guard checks that 'h' still holds 'b'.
void rebound(Vec a, Vec b, Vec c, Vec d, Vec e, int n) {
  Vec &other = b;
  Scale h(a, b, 0.25);
  other = d;
  Kokkos::parallel_for("rebound", n - 1, h);
  Kokkos::parallel_for("after_rebound", n - 1,
                       KOKKOS_LAMBDA(const int i) { c(i) += e(i + 1); }); // EXPECT-REMARK: kfuse-unsafe-dependence
}

// A temporary built from an element of 'b' that the kernel before it
// writes: built where the fused launch runs, before that kernel, it would
// see the old value. Refused with a remark.
void scaled_by_first(Vec a, Vec b, Vec c, int n) {
  Kokkos::parallel_for("fill_b", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) + 1.0; });
  Kokkos::parallel_for("by_first", n, Scale(b, c, b(0))); // EXPECT-REMARK: kfuse-not-fusable
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool Alias = argc > 1 && std::strcmp(argv[1], "alias") == 0;
    const int n = 1000;
    Vec a("a", n), b("b", n), c("c", n), x("x", n), v("v", n);
    if (Alias)
      c = b;
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          a(i) = i % 13;
          b(i) = i % 5;
          c(i) = 1;
          x(i) = i % 7;
          v(i) = 1 - i % 3;
        });
    for (int r = 0; r < 3; ++r) {
      named_and_lambda(a, b, c, n);
      functor_template(a, b, c, n);
      temporaries(a, b, c, n);
      tagged(x, v, n);
      ::kfuse::Window kfuse_window_1fe91703_94412f8d("kfuse_chain_1fe91703_94412f8d"); // kfuse-line 152c9922
      kfuse_window_1fe91703_94412f8d.arm(); // kfuse-line b6076587
      through_struct(Fields{a, b}, c, n);
      kfuse_window_1fe91703_94412f8d.disarm(); // kfuse-line 3e8a5c1a
      changed(a, b, c, n);
      kfuse_window_1fe91703_94412f8d.close(); // kfuse-line 73a46ffa
      rebound(a, b, c, v, b, n);
      scaled_by_first(a, b, c, n);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n,
        KOKKOS_LAMBDA(const int i, double &s) {
          s += (a(i) + 2 * b(i) + 3 * c(i) + 4 * x(i) + 5 * v(i)) * (1 + i % 7);
        },
        sum);
    std::printf("checksum=%.17g\n", sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN:
// KFUSE-RUN-FALLBACK: alias
