#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Launches written on one line with the end of their function: a static
// member function, and a member of a class template, each the first
// kernel of a pair across functions. The rewrite puts the closing brace
// after the region's end marker on a line of its own (it compiled before
// only when the launch had its own line), and revert joins them again.
// The second function of the last pair builds its functor itself from
// handles (`Shift f(c, e)`): that reads no element of 'c', so the first
// kernel may wait past it. A call that shares its line with other code
// (`tick(); halve(...)`) is refused with the rewriter's limit named.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Arr = Kokkos::View<double *>;

struct Scale {
  Arr a, b;
  Scale(Arr a_, Arr b_) : a(a_), b(b_) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = 2.0 * a(i); }
  static void apply(Arr a, Arr b) { // kfuse-begin deferred("scale") until "addone" profile=test/golden/one_line_members.profile.json
                                    if (::kfuse::deferring("kfuse_chain_777a7c3b_d158a878")) {
                                      // Runs later: fused with 'addone' (test/golden/one_line_members.cpp:24), or on its own.
                                      const auto kfuse_policy = Kokkos::RangePolicy<>(0, a.extent(0));
                                      ::kfuse::defer("kfuse_chain_777a7c3b_d158a878", ::kfuse::bounds_of(kfuse_policy),
                                                     Scale(a, b),
                                                     [=](const auto &kfuse_part) {
                                                       Kokkos::parallel_for("scale", kfuse_policy, kfuse_part);
                                                     });
                                    } else {
                                      ::kfuse::flush("kfuse_chain_777a7c3b_d158a878"); // one pending from an outer call runs first
// kfuse-original-begin
                                      Kokkos::parallel_for("scale", Kokkos::RangePolicy<>(0, a.extent(0)), Scale(a, b));
// kfuse-original-end
                                    }
                                    // kfuse-end (the line goes on below)
 }
};

// kfuse-functor-begin kfuse_fused_777a7c3b_d158a878
// 'scale' (test/golden/one_line_members.cpp:20) then 'addone'
// (test/golden/one_line_members.cpp:24), fused across functions: one body over raw pointers, the
// first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_c, class T_kfuse_chunks>
struct kfuse_fused_777a7c3b_d158a878 {
  T_kfuse_first kfuse_first;
  T_c c;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT c_, double *KOKKOS_RESTRICT b_,
                                          const double *KOKKOS_RESTRICT a_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        b_[i] = 2.0 * a_[i];
      }
      {
        const int i = kfuse_i0;
        c_[i] = b_[i] + 1.0;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), c.data(),
         kfuse_first.b.data(), kfuse_first.a.data());
  }
};
// kfuse-functor-end
void addone(Arr b, Arr c) {
  // kfuse-begin fused-across("scale", "addone") profile=test/golden/one_line_members.profile.json
  {
    // 'scale' (test/golden/one_line_members.cpp:20) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, b.extent(0));
    auto *kfuse_first = ::kfuse::pending<Scale>(
        "kfuse_chain_777a7c3b_d158a878", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("scale+addone", "b,a,c,b", [&] { return ::kfuse::shadow_items(kfuse_first->b, kfuse_first->a, c, b); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("scale+addone", ::kfuse::no_overlap({::kfuse::bytes_of(c, true), ::kfuse::bytes_of(kfuse_first->b, true), ::kfuse::bytes_of(kfuse_first->a, false)}) &&
            ::kfuse::same_view(kfuse_first->b, b)))) {
        Kokkos::parallel_for("scale+addone", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_777a7c3b_d158a878>(*kfuse_first, c, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_777a7c3b_d158a878");
      } else {
        kfuse_shadow.flush("kfuse_chain_777a7c3b_d158a878");
// kfuse-original-begin
        Kokkos::parallel_for("addone", Kokkos::RangePolicy<>(0, b.extent(0)), KOKKOS_LAMBDA(const int i) { c(i) = b(i) + 1.0; });
// kfuse-original-end
      }
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-fused
}

template <int N> struct Tag {};

// kfuse-functor-begin kfuse_second_10eba5bf_071e26d9
// 'shift' (test/golden/one_line_members.cpp:43) as a functor: its class is declared
// where this file cannot name it (its site hands over its members); it runs fused with 'damp' (test/golden/one_line_members.cpp:32)
// when 'main' calls their functions in turn.
template <class T_to, class T_from> struct kfuse_second_10eba5bf_071e26d9 {
  T_to to;
  T_from from;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { to(i) = from(i) + 3.0; }
};
// kfuse-functor-end
template <class T> struct Damp {
  Kokkos::View<T *> v;
  KOKKOS_INLINE_FUNCTION void operator()(Tag<2>, const int i) const { v(i) *= 0.5; }
  void run(int n) { // kfuse-begin deferred("damp") until "shift" profile=test/golden/one_line_members.profile.json
                    if (::kfuse::deferring("kfuse_chain_10eba5bf_071e26d9")) {
                      // Runs later: fused with 'shift' (test/golden/one_line_members.cpp:43), or on its own.
                      const auto kfuse_policy = Kokkos::RangePolicy<Tag<2>>(0, n);
                      ::kfuse::defer_fusable<std::tuple<Kokkos::View<double *>, Kokkos::View<double *>>>("kfuse_chain_10eba5bf_071e26d9", ::kfuse::bounds_of(kfuse_policy),
                          *this,
                          [=](const auto &kfuse_part) {
                            Kokkos::parallel_for("damp", kfuse_policy, kfuse_part);
                          },
                          [=](const auto &kfuse_first, const std::tuple<Kokkos::View<double *>, Kokkos::View<double *>> &kfuse_members) {
                            const auto kfuse_second = ::kfuse::make_fused<kfuse_second_10eba5bf_071e26d9>(std::get<0>(kfuse_members), std::get<1>(kfuse_members));
                            if (!::kfuse::use_fused("damp+shift", ::kfuse::apart(kfuse_first.v, true, kfuse_second.to, true) &&
                                  ::kfuse::same_or_apart(kfuse_first.v, kfuse_second.from)))
                              return false;
                            for (auto kfuse_shadow = ::kfuse::shadow_of("damp+shift", "v,e,c", [&] { return ::kfuse::shadow_items(kfuse_first.v, kfuse_second.to, kfuse_second.from); }); kfuse_shadow.next();) {
                              if (kfuse_shadow.run_fused(true)) {
                                Kokkos::parallel_for("damp+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::compose_chunks<int>(::kfuse::chunks_of(kfuse_policy), ::kfuse::tagged<Tag<2>>(kfuse_first), kfuse_second));
                              } else {
                                Kokkos::parallel_for("damp", kfuse_policy, ::kfuse::alone<int>(::kfuse::tagged<Tag<2>>(kfuse_first)));
                                Kokkos::parallel_for("shift", kfuse_policy, ::kfuse::alone<int>(kfuse_second));
                              }
                            }
                            return true;
                          });
                    } else {
                      ::kfuse::flush("kfuse_chain_10eba5bf_071e26d9"); // one pending from an outer call runs first
// kfuse-original-begin
                      Kokkos::parallel_for("damp", Kokkos::RangePolicy<Tag<2>>(0, n), *this);
// kfuse-original-end
                    }
                    // kfuse-end (the line goes on below)
 }
};

struct Shift {
  Arr from, to;
  Shift(Arr From, Arr To) : from(From), to(To) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { to(i) = from(i) + 3.0; }
};

void shifted(int n, Arr c, Arr e) {
  Shift f(c, e);
  // kfuse-begin fused-across("damp", "shift") profile=test/golden/one_line_members.profile.json
  {
    // 'damp' (test/golden/one_line_members.cpp:32) may be pending: then its site launches
    // both as one.
    const auto kfuse_policy = n;
    const auto kfuse_second = f;
    if (!::kfuse::fuse_pending("kfuse_chain_10eba5bf_071e26d9", ::kfuse::bounds_of(kfuse_policy),
                               std::tuple<Kokkos::View<double *>, Kokkos::View<double *>>(kfuse_second.to, kfuse_second.from))) {
      ::kfuse::flush("kfuse_chain_10eba5bf_071e26d9");
// kfuse-original-begin
      Kokkos::parallel_for("shift", n, f);
// kfuse-original-end
    }
  }
  // kfuse-end // EXPECT-REMARK: kfuse-fused
}

static int Ticks = 0;
void tick() { ++Ticks; }

// kfuse-functor-begin kfuse_part_square_121a5ce8
// 'square' (test/golden/one_line_members.cpp:54) as a functor: deferred, it runs fused
// with 'halve' (test/golden/one_line_members.cpp:50) when 'main' calls their functions in turn.
template <class T_h, class T_g> struct kfuse_part_square_121a5ce8 {
  T_h h;
  T_g g;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { h(i) = g(i) * g(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_121a5ce8_cdcdd420
// 'square' (test/golden/one_line_members.cpp:54) then 'halve'
// (test/golden/one_line_members.cpp:50), fused across functions: one body over raw pointers, the
// first's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_g, class T_e, class T_kfuse_chunks>
struct kfuse_fused_121a5ce8_cdcdd420 {
  T_kfuse_first kfuse_first;
  T_g g;
  T_e e;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT g_,
                                          const double *KOKKOS_RESTRICT e_,
                                          double *KOKKOS_RESTRICT h_) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        h_[i] = g_[i] * g_[i];
      }
      {
        const int i = kfuse_i0;
        g_[i] = 0.5 * e_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), g.data(), e.data(),
         kfuse_first.h.data());
  }
};
// kfuse-functor-end
void halve(int n, Arr e, Arr g) {
  // kfuse-begin fused-across("square", "halve") profile=test/golden/one_line_members.profile.json
  {
    // 'square' (test/golden/one_line_members.cpp:54) may be pending: then both run here as one
    // (and, where the shadow check runs, after the two as they are written).
    const auto kfuse_policy = n;
    auto *kfuse_first = ::kfuse::pending<kfuse_part_square_121a5ce8<Kokkos::View<double *>, Kokkos::View<double *>>>(
        "kfuse_chain_121a5ce8_cdcdd420", ::kfuse::bounds_of(kfuse_policy));
    for (auto kfuse_shadow = ::kfuse::shadow_of("square+halve", "h,g,g,e", [&] { return ::kfuse::shadow_items(kfuse_first->h, kfuse_first->g, g, e); }); kfuse_shadow.next();) {
      if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("square+halve", ::kfuse::no_overlap({::kfuse::bytes_of(g, true), ::kfuse::bytes_of(e, false), ::kfuse::bytes_of(kfuse_first->h, true)}) &&
            ::kfuse::same_view(kfuse_first->g, g)))) {
        Kokkos::parallel_for("square+halve", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_121a5ce8_cdcdd420>(*kfuse_first, g, e, ::kfuse::chunks_of(kfuse_policy)));
        ::kfuse::discard("kfuse_chain_121a5ce8_cdcdd420");
      } else {
        kfuse_shadow.flush("kfuse_chain_121a5ce8_cdcdd420");
// kfuse-original-begin
        Kokkos::parallel_for("halve", n, KOKKOS_LAMBDA(const int i) { g(i) = 0.5 * e(i); });
// kfuse-original-end
      }
    }
  }
  // kfuse-end
}

void square(int n, Arr g, Arr h) {
  // kfuse-begin deferred("square") until "halve" profile=test/golden/one_line_members.profile.json
  if (::kfuse::deferring("kfuse_chain_121a5ce8_cdcdd420")) {
    // Runs later: fused with 'halve' (test/golden/one_line_members.cpp:50), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_121a5ce8_cdcdd420", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_square_121a5ce8>(h, g),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("square", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_121a5ce8_cdcdd420"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for("square", n, KOKKOS_LAMBDA(const int i) { h(i) = g(i) * g(i); });
// kfuse-original-end
  }
  // kfuse-end // EXPECT-REMARK: kfuse-code-between "a limit of its rewriter"
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1001;
    Arr a("a", n), b("b", n), c("c", n), e("e", n), g("g", n), h("h", n);
    Kokkos::parallel_for("init", n, KOKKOS_LAMBDA(const int i) { a(i) = 0.25 * (i % 13); });
    Kokkos::fence();
    Damp<double> d{c};
    for (int it = 0; it < 3; ++it) {
      ::kfuse::Window kfuse_window_777a7c3b_d158a878("kfuse_chain_777a7c3b_d158a878"); // kfuse-line 8b2ebdcf
      kfuse_window_777a7c3b_d158a878.arm(); // kfuse-line 65957e09
      Scale::apply(a, b);
      kfuse_window_777a7c3b_d158a878.disarm(); // kfuse-line 9f055571
      addone(b, c);
      kfuse_window_777a7c3b_d158a878.close(); // kfuse-line 6e55b123
    }
    for (int it = 0; it < 3; ++it) {
      ::kfuse::Window kfuse_window_10eba5bf_071e26d9("kfuse_chain_10eba5bf_071e26d9"); // kfuse-line 6589eec1
      kfuse_window_10eba5bf_071e26d9.arm(); // kfuse-line fa96827f
      d.run(n);
      kfuse_window_10eba5bf_071e26d9.disarm(); // kfuse-line f3ffee62
      shifted(n, c, e);
      kfuse_window_10eba5bf_071e26d9.close(); // kfuse-line b42a6b94
    }
    ::kfuse::Window kfuse_window_121a5ce8_cdcdd420("kfuse_chain_121a5ce8_cdcdd420"); // kfuse-line 4f1e728e
    for (int it = 0; it < 3; ++it) {
      tick(); halve(n, e, g);
      kfuse_window_121a5ce8_cdcdd420.arm(); // kfuse-line 004323bc
      square(n, g, h);
      kfuse_window_121a5ce8_cdcdd420.disarm(); // kfuse-line 467c2051
    }
    kfuse_window_121a5ce8_cdcdd420.close(); // kfuse-line adbd4aac
    double s = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &r) { r += b(i) + c(i) + 2.0 * e(i) + h(i); }, s);
    std::printf("checksum=%.17g\n", s);
  }
  Kokkos::finalize();
}
