#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Accessors whose Views the guard cannot name (private members of a class
// of an anonymous namespace, which no other file can spell), in one function: a chain
// reading them fuses where no View it writes may hold their elements (C++'s
// aliasing rules keep a mesh's int cell types apart from the doubles
// written, also into Views the function was given); where a written View
// may (doubles read through 'vol', doubles written into a View given), the
// pair is refused. A View that the kernel reading through the accessor
// writes itself is no obstacle: fusing keeps that kernel's own order.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

namespace { class Mesh {
public:
  explicit Mesh(int n) : m_kind("kind", n), m_vol("vol", n) {}
  KOKKOS_INLINE_FUNCTION int kind(const int i) const { return m_kind(i); }
  KOKKOS_INLINE_FUNCTION double vol(const int i) const { return m_vol(i); }
  int size() const { return m_kind.extent_int(0); }
  void fill() {
    auto k = m_kind;
    auto v = m_vol;
    Kokkos::parallel_for(
        "fill_mesh", size(), KOKKOS_LAMBDA(const int i) {
          k(i) = (i * 7) % 3;
          v(i) = 0.5 + (i % 5) * 0.25;
        });
  }

private:
  Kokkos::View<int *> m_kind;
  Kokkos::View<double *> m_vol;
}; } // namespace

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_weight_scale
// 'weight', 'scale' (test/golden/accessor_types.cpp:39), fused.
template <class T_w, class T_mesh, class T_out, class T_scale> struct kfuse_fused_weight_scale {
  T_w w;
  T_mesh mesh;
  T_out out;
  T_scale scale;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      w(i) = 1.0 + 0.5 * mesh.kind(i);
    }
    {
      const int i = kfuse_i0;
      out(i) = scale * w(i);
    }
  }
};
// kfuse-functor-end
// The weight of each cell by its kind, then scaled: fused.
void weights(const Mesh &mesh, Vector w, Vector out, double scale) {
  const int n = mesh.size();
  // kfuse-begin fused("weight", "scale") profile=test/golden/accessor_types.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("weight+scale", "w,out", [&] { return ::kfuse::shadow_items(w, out); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("weight+scale", ::kfuse::no_overlap({::kfuse::bytes_of(w, true), ::kfuse::bytes_of(out, true)})))) {
      Kokkos::parallel_for("weight+scale", n, ::kfuse::make_fused<kfuse_fused_weight_scale>(w, mesh, out, scale));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "weight", n, KOKKOS_LAMBDA(const int i) { w(i) = 1.0 + 0.5 * mesh.kind(i); });
  Kokkos::parallel_for(
      "scale", n, KOKKOS_LAMBDA(const int i) { out(i) = scale * w(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_part_clip_c910ae54
// 'clip' (test/golden/accessor_types.cpp:51) as a functor: deferred, it runs fused
// with 'sum' (test/golden/accessor_types.cpp:81) when 'main' calls their functions in turn.
template <class T_dens> struct kfuse_part_clip_c910ae54 {
  T_dens dens;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { dens(i) = dens(i) > 4.0 ? 4.0 : dens(i); }
};
// kfuse-functor-end
// Volumes read through 'vol' (doubles): 'dens', given by the caller, might
// be the mesh's volumes.
void densities(const Mesh &mesh, Vector mass, Vector dens) {
  const int n = mesh.size();
  Kokkos::parallel_for(
      "density", n, KOKKOS_LAMBDA(const int i) { dens(i) = mass(i) / mesh.vol(i); });
  // kfuse-begin deferred("clip") until "sum" profile=test/golden/accessor_types.profile.json
  if (::kfuse::deferring("kfuse_chain_c910ae54_f4d2df06")) {
    // Runs later: fused with 'sum' (test/golden/accessor_types.cpp:81), or on its own.
    const auto kfuse_policy = n;
    ::kfuse::defer("kfuse_chain_c910ae54_f4d2df06", ::kfuse::bounds_of(kfuse_policy),
                   ::kfuse::make_fused<kfuse_part_clip_c910ae54>(dens),
                   [=](const auto &kfuse_part) {
                     Kokkos::parallel_for("clip", kfuse_policy, kfuse_part);
                   });
  } else {
    ::kfuse::flush("kfuse_chain_c910ae54_f4d2df06"); // one pending from an outer call runs first
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "clip", n, KOKKOS_LAMBDA(const int i) { dens(i) = dens(i) > 4.0 ? 4.0 : dens(i); });
// kfuse-original-end
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_double_vol_mark
// 'double_vol', 'mark' (test/golden/accessor_types.cpp:60), fused.
template <class T_v, class T_mesh, class T_big> struct kfuse_fused_double_vol_mark {
  T_v v;
  T_mesh mesh;
  T_big big;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      v(i) = 2.0 * mesh.vol(i);
    }
    {
      const int i = kfuse_i0;
      big(i) = v(i) > 1.5 ? 1 : 0;
    }
  }
};
// kfuse-functor-end
// Volumes read through 'vol' and written, doubled, into 'v' (given: it
// might be the mesh's volumes) by one kernel; the next writes only ints:
// fused.
void marks(const Mesh &mesh, Vector v, Kokkos::View<int *> big) {
  const int n = mesh.size();
  // kfuse-begin fused("double_vol", "mark") profile=test/golden/accessor_types.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("double_vol+mark", "v,big", [&] { return ::kfuse::shadow_items(v, big); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("double_vol+mark", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(big, true)})))) {
      Kokkos::parallel_for("double_vol+mark", n, ::kfuse::make_fused<kfuse_fused_double_vol_mark>(v, mesh, big));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "double_vol", n, KOKKOS_LAMBDA(const int i) { v(i) = 2.0 * mesh.vol(i); });
  Kokkos::parallel_for(
      "mark", n, KOKKOS_LAMBDA(const int i) { big(i) = v(i) > 1.5 ? 1 : 0; });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_c910ae54_f4d2df06
// 'clip' (test/golden/accessor_types.cpp:51) then 'sum' (test/golden/accessor_types.cpp:81), fused
// across functions: one body over raw pointers, the first's Views and values read from its deferred
// functor.
template <class T_kfuse_first, class T_out, class T_v, class T_big>
struct kfuse_fused_c910ae54_f4d2df06 {
  T_kfuse_first kfuse_first;
  T_out out;
  T_v v;
  T_big big;
  using value_type = double;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_i0, const double *KOKKOS_RESTRICT out_,
                                          double *KOKKOS_RESTRICT dens_,
                                          const double *KOKKOS_RESTRICT v_,
                                          const int *KOKKOS_RESTRICT big_, double &kfuse_acc) {
    {
      const int i = kfuse_i0;
      dens_[i] = dens_[i] > 4.0 ? 4.0 : dens_[i];
    }
    {
      const int i = kfuse_i0;
      double &acc = kfuse_acc;
      acc += out_[i] + dens_[i] + v_[i] * big_[i];
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, value_type &kfuse_acc) const {
    body(kfuse_i0, out.data(), kfuse_first.dens.data(), v.data(), big.data(), kfuse_acc);
  }
};
// kfuse-functor-end
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Mesh mesh(n);
    mesh.fill();
    Vector w("w", n), out("out", n), mass("mass", n), dens("dens", n), v("v", n);
    Kokkos::View<int *> big("big", n);
    Kokkos::deep_copy(mass, 1.5);
    double total = 0.0;
    for (int step = 0; step < 4; ++step) {
      weights(mesh, w, out, 1.0 + step);
      marks(mesh, v, big);
      ::kfuse::Window kfuse_window_c910ae54_f4d2df06("kfuse_chain_c910ae54_f4d2df06"); // kfuse-line 94793f3c
      kfuse_window_c910ae54_f4d2df06.arm(); // kfuse-line 3233311b
      densities(mesh, mass, dens);
      kfuse_window_c910ae54_f4d2df06.disarm(); // kfuse-line ba17f3ab
      double s = 0.0;
      // kfuse-begin fused-across("clip", "sum") profile=test/golden/accessor_types.profile.json
      {
        // 'clip' (test/golden/accessor_types.cpp:51) may be pending: then both run here as one
        // (and, where the shadow check runs, after the two as they are written).
        const auto kfuse_policy = n;
        auto *kfuse_first = ::kfuse::pending<kfuse_part_clip_c910ae54<Kokkos::View<double *>>>(
            "kfuse_chain_c910ae54_f4d2df06", ::kfuse::bounds_of(kfuse_policy));
        for (auto kfuse_shadow = ::kfuse::shadow_of("clip+sum", "dens,out,dens,v,big,s", [&] { return ::kfuse::shadow_items(kfuse_first->dens, out, dens, v, big, ::kfuse::result_of(s)); }); kfuse_shadow.next();) {
          if (kfuse_shadow.run_fused(kfuse_first && ::kfuse::use_fused("clip+sum", ::kfuse::no_overlap({::kfuse::bytes_of(out, false), ::kfuse::bytes_of(kfuse_first->dens, true), ::kfuse::bytes_of(v, false), ::kfuse::bytes_of(big, false)}) &&
                ::kfuse::same_view(kfuse_first->dens, dens)))) {
            Kokkos::parallel_reduce("clip+sum", kfuse_policy, ::kfuse::make_fused<kfuse_fused_c910ae54_f4d2df06>(*kfuse_first, out, v, big), s);
            ::kfuse::discard("kfuse_chain_c910ae54_f4d2df06");
          } else {
            kfuse_shadow.flush("kfuse_chain_c910ae54_f4d2df06");
// kfuse-original-begin
            Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) { acc += out(i) + dens(i) + v(i) * big(i); }, s);
// kfuse-original-end
          }
        }
      }
      // kfuse-end
      kfuse_window_c910ae54_f4d2df06.close(); // kfuse-line 4f25a50e
      total += s;
    }
    std::printf("total=%.17g\n", total);
  }
  Kokkos::finalize();
}
