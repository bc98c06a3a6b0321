#include <kfuse/runtime/Guard.hpp> // kfuse-include
// One function called twice in a row: its kernel is deferred at the first
// call and runs fused with itself at the second, one body over the Views of
// both calls. Where the second call reads what the first wrote at the same
// element, the two calls' Views are one (the profile saw them so); where it
// reads a neighbour, the calls are not fused. Three calls in a row fuse the
// first two. A caller passing Views the profile never saw together falls back
// to the launches as written.
//   main [N] [alias]
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 1000
// KFUSE-RUN: 77
// KFUSE-FALLBACK-RUN: 1000 alias
// KFUSE-PROFILE-RUN: 1000

using Field = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_part_axpy_4aa3f6a4
// 'axpy' (test/golden/multi/self_chain/main.cpp:22) as a functor: deferred, it runs fused
// with itself when 'main' calls its function twice in a row.
template <class T_y, class T_x, class T_a> struct kfuse_part_axpy_4aa3f6a4 {
  T_y y;
  T_x x;
  T_a a;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) += a * x(i); }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_4aa3f6a4_4aa3f6a4
// 'axpy' (test/golden/multi/self_chain/main.cpp:22) of two calls of its function in a row, fused:
// one body over raw pointers, the first call's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_y, class T_x, class T_a, class T_kfuse_chunks,
          class T_kfuse_same>
struct kfuse_fused_4aa3f6a4_4aa3f6a4 {
  T_kfuse_first kfuse_first;
  T_y y;
  T_x x;
  T_a a;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT y_,
                                          const double *KOKKOS_RESTRICT x_,
                                          double *KOKKOS_RESTRICT y_first_, const T_a a,
                                          const decltype(T_kfuse_first::a) a_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        y_first_[i] += a_first * x_[i];
      }
      {
        const int i = kfuse_i0;
        y_[i] += a * x_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), y.data(), x.data(),
         kfuse_first.y.data(), a, T_kfuse_same::value ? a : kfuse_first.a);
  }
};
// kfuse-functor-end
// y += a x: called on different Views each time.
void axpy(Field y, Field x, double a) {
  // kfuse-begin fused-across("axpy", "axpy") profile=test/golden/multi/self_chain/profile.json
  {
    // This launch may be pending from the call before: then both run here as one.
    // Else, in the first of two calls in a row, it runs later: fused with the next.
    const auto kfuse_policy = y.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_axpy_4aa3f6a4<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_4aa3f6a4_4aa3f6a4", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("axpy+axpy", ::kfuse::no_overlap({::kfuse::bytes_of(y, true), ::kfuse::bytes_of(x, false), ::kfuse::bytes_of(kfuse_first->y, true)}) &&
            ::kfuse::same_view(kfuse_first->x, x));
    if (!kfuse_fuse && ::kfuse::deferring("kfuse_chain_4aa3f6a4_4aa3f6a4")) {
      ::kfuse::defer("kfuse_chain_4aa3f6a4_4aa3f6a4", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_axpy_4aa3f6a4>(y, x, a),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("axpy", kfuse_policy, kfuse_part);
                     });
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("axpy+axpy", "y,x,y,x", [&] { return ::kfuse::shadow_items(kfuse_first->y, kfuse_first->x, y, x); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          if (::kfuse::same_bits(kfuse_first->a, a))
            Kokkos::parallel_for("axpy+axpy", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_4aa3f6a4_4aa3f6a4>(*kfuse_first, y, x, a, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
          else
            Kokkos::parallel_for("axpy+axpy", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_4aa3f6a4_4aa3f6a4>(*kfuse_first, y, x, a, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
          ::kfuse::discard("kfuse_chain_4aa3f6a4_4aa3f6a4");
        } else {
          kfuse_shadow.flush("kfuse_chain_4aa3f6a4_4aa3f6a4");
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "axpy", y.extent(0), KOKKOS_LAMBDA(const int i) { y(i) += a * x(i); });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_square_3b03940c
// 'square' (test/golden/multi/self_chain/main.cpp:29) as a functor: deferred, it runs fused
// with itself when 'main' calls its function twice in a row.
template <class T_out, class T_in, class T_one> struct kfuse_part_square_3b03940c {
  T_out out;
  T_in in;
  T_one one;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { out(i) = in(i) * in(i) + one; }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_3b03940c_3b03940c
// 'square' (test/golden/multi/self_chain/main.cpp:29) of two calls of its function in a row, fused:
// one body over raw pointers, the first call's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_out, class T_one, class T_kfuse_chunks, class T_kfuse_same>
struct kfuse_fused_3b03940c_3b03940c {
  T_kfuse_first kfuse_first;
  T_out out;
  T_one one;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT out_, double *KOKKOS_RESTRICT in_,
                                          const double *KOKKOS_RESTRICT in_first_, const T_one one,
                                          const decltype(T_kfuse_first::one) one_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        in_[i] = in_first_[i] * in_first_[i] + one_first;
      }
      {
        const int i = kfuse_i0;
        out_[i] = in_[i] * in_[i] + one;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), out.data(),
         kfuse_first.out.data(), kfuse_first.in.data(), one,
         T_kfuse_same::value ? one : kfuse_first.one);
  }
};
// kfuse-functor-end
// out = in^2 + 1: the second call squares what the first wrote.
void square(Field out, Field in) {
  const double one = 1.0;
  // kfuse-begin fused-across("square", "square") profile=test/golden/multi/self_chain/profile.json
  {
    // This launch may be pending from the call before: then both run here as one.
    // Else, in the first of two calls in a row, it runs later: fused with the next.
    const auto kfuse_policy = out.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_square_3b03940c<Kokkos::View<double *>, Kokkos::View<double *>, double>>(
        "kfuse_chain_3b03940c_3b03940c", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("square+square", ::kfuse::no_overlap({::kfuse::bytes_of(out, true), ::kfuse::bytes_of(kfuse_first->out, true), ::kfuse::bytes_of(kfuse_first->in, false)}) &&
            ::kfuse::same_view(kfuse_first->out, in));
    if (!kfuse_fuse && ::kfuse::deferring("kfuse_chain_3b03940c_3b03940c")) {
      ::kfuse::defer("kfuse_chain_3b03940c_3b03940c", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_square_3b03940c>(out, in, one),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("square", kfuse_policy, kfuse_part);
                     });
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("square+square", "out,in,out,in", [&] { return ::kfuse::shadow_items(kfuse_first->out, kfuse_first->in, out, in); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          if (::kfuse::same_bits(kfuse_first->one, one))
            Kokkos::parallel_for("square+square", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_3b03940c_3b03940c>(*kfuse_first, out, one, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
          else
            Kokkos::parallel_for("square+square", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_3b03940c_3b03940c>(*kfuse_first, out, one, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
          ::kfuse::discard("kfuse_chain_3b03940c_3b03940c");
        } else {
          kfuse_shadow.flush("kfuse_chain_3b03940c_3b03940c");
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "square", out.extent(0), KOKKOS_LAMBDA(const int i) { out(i) = in(i) * in(i) + one; });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

// A three-point average: the second call reads neighbours of what the first
// wrote.
void blur(Field out, Field in) {
  const int n = in.extent(0);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "blur", n, KOKKOS_LAMBDA(const int i) {
        out(i) = (in(i > 0 ? i - 1 : i) + in(i) + in(i + 1 < n ? i + 1 : i)) / 3.0;
      });
}

// kfuse-functor-begin kfuse_part_shift_ee709c45
// 'shift' (test/golden/multi/self_chain/main.cpp:45) as a functor: deferred, it runs fused
// with itself when 'main' calls its function twice in a row.
template <class T_v, class T_by> struct kfuse_part_shift_ee709c45 {
  T_v v;
  T_by by;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { v(i) = 0.5 * v(i) + by; }
};
// kfuse-functor-end
// kfuse-functor-begin kfuse_fused_ee709c45_ee709c45
// 'shift' (test/golden/multi/self_chain/main.cpp:45) of two calls of its function in a row, fused:
// one body over raw pointers, the first call's Views and values read from its deferred functor.
template <class T_kfuse_first, class T_v, class T_by, class T_kfuse_chunks, class T_kfuse_same>
struct kfuse_fused_ee709c45_ee709c45 {
  T_kfuse_first kfuse_first;
  T_v v;
  T_by by;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // std::true_type where the site found the numbers both kernels name alike equal:
  // the body reads one value for both.
  T_kfuse_same kfuse_same;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT v_,
                                          double *KOKKOS_RESTRICT v_first_, const T_by by,
                                          const decltype(T_kfuse_first::by) by_first) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_first_[i] = 0.5 * v_first_[i] + by_first;
      }
      {
        const int i = kfuse_i0;
        v_[i] = 0.5 * v_[i] + by;
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), v.data(),
         kfuse_first.v.data(), by, T_kfuse_same::value ? by : kfuse_first.by);
  }
};
// kfuse-functor-end
// Called three times in a row: the first two calls fuse.
void shift(Field v, double by) {
  // kfuse-begin fused-across("shift", "shift") profile=test/golden/multi/self_chain/profile.json
  {
    // This launch may be pending from the call before: then both run here as one.
    // Else, in the first of two calls in a row, it runs later: fused with the next.
    const auto kfuse_policy = v.extent(0);
    auto *kfuse_first = ::kfuse::pending<kfuse_part_shift_ee709c45<Kokkos::View<double *>, double>>(
        "kfuse_chain_ee709c45_ee709c45", ::kfuse::bounds_of(kfuse_policy));
    const bool kfuse_fuse = kfuse_first && ::kfuse::use_fused("shift+shift", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(kfuse_first->v, true)}));
    if (!kfuse_fuse && ::kfuse::deferring("kfuse_chain_ee709c45_ee709c45")) {
      ::kfuse::defer("kfuse_chain_ee709c45_ee709c45", ::kfuse::bounds_of(kfuse_policy),
                     ::kfuse::make_fused<kfuse_part_shift_ee709c45>(v, by),
                     [=](const auto &kfuse_part) {
                       Kokkos::parallel_for("shift", kfuse_policy, kfuse_part);
                     });
    } else {
      for (auto kfuse_shadow = ::kfuse::shadow_of("shift+shift", "v,v", [&] { return ::kfuse::shadow_items(kfuse_first->v, v); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(kfuse_fuse)) {
          if (::kfuse::same_bits(kfuse_first->by, by))
            Kokkos::parallel_for("shift+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_ee709c45_ee709c45>(*kfuse_first, v, by, ::kfuse::chunks_of(kfuse_policy), std::true_type()));
          else
            Kokkos::parallel_for("shift+shift", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_ee709c45_ee709c45>(*kfuse_first, v, by, ::kfuse::chunks_of(kfuse_policy), std::false_type()));
          ::kfuse::discard("kfuse_chain_ee709c45_ee709c45");
        } else {
          kfuse_shadow.flush("kfuse_chain_ee709c45_ee709c45");
// kfuse-original-begin
          Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "shift", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = 0.5 * v(i) + by; });
// kfuse-original-end
        }
      }
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    const bool alias = argc > 2;
    Field x("x", n), y("y", n), z("z", n), u("u", n), w("w", n), p("p", n), q("q", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          x(i) = (i * 7) % 11 - 5.0;
          p(i) = (i * 3) % 13 * 0.5;
        });
    // With `alias`, the second axpy reads the View the first writes.
    Field second = alias ? y : x;
    double total = 0.0, seen = 0.0;
    for (int step = 0; step < 5; ++step) {
      // The host reads a result between the pairs (the Views are in host
      // memory here): kernels of different functions do not fuse across it.
      ::kfuse::Window kfuse_window_4aa3f6a4_4aa3f6a4("kfuse_chain_4aa3f6a4_4aa3f6a4"); // kfuse-line 89c9fd68
      kfuse_window_4aa3f6a4_4aa3f6a4.arm(); // kfuse-line f4b35044
      axpy(y, x, 0.5);
      kfuse_window_4aa3f6a4_4aa3f6a4.disarm(); // kfuse-line 5c146ec0
      axpy(z, second, 0.25);
      kfuse_window_4aa3f6a4_4aa3f6a4.close(); // kfuse-line 89044db9
      seen += z(n / 2);
      ::kfuse::Window kfuse_window_3b03940c_3b03940c("kfuse_chain_3b03940c_3b03940c"); // kfuse-line 8708bbc8
      kfuse_window_3b03940c_3b03940c.arm(); // kfuse-line 61f2fb5b
      square(u, y);
      kfuse_window_3b03940c_3b03940c.disarm(); // kfuse-line 70880966
      square(w, u);
      kfuse_window_3b03940c_3b03940c.close(); // kfuse-line 039c71be
      seen += w(n / 3);
      blur(q, p);
      blur(p, q);
      seen += p(n / 4);
      ::kfuse::Window kfuse_window_ee709c45_ee709c45("kfuse_chain_ee709c45_ee709c45"); // kfuse-line 274fcda9
      kfuse_window_ee709c45_ee709c45.arm(); // kfuse-line a48c7f29
      shift(y, 1.0);
      kfuse_window_ee709c45_ee709c45.disarm(); // kfuse-line 19467f30
      shift(z, 2.0);
      kfuse_window_ee709c45_ee709c45.close(); // kfuse-line 7604c9ba
      shift(w, -1.0);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) {
            acc += y(i) + 2.0 * z(i) + 1e-3 * w(i) + 3.0 * p(i) + u(i);
          },
          s);
      total += s;
    }
    std::printf("total=%.17g seen=%.17g\n", total, seen);
  }
  Kokkos::finalize();
}
