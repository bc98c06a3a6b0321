#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Face fluxes as finite-volume codes write them, with functor classes: a face
// functor scatters its flux into the cells on both sides through pointers to
// their elements and Kokkos atomics, then a per-cell functor gathers the
// residual. The gather reads cells that other faces' indices update, in a
// fused launch before they are complete: the pair stays apart. A second face
// functor adds into the same cells (one operation: fused with the first); a
// third takes the maximum there (another operation: apart).
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

using Cells = Kokkos::View<double *>;
using Faces = Kokkos::View<int *[2]>;

struct FaceFlux {
  Faces faces;
  Cells res, u;
  KOKKOS_INLINE_FUNCTION void operator()(const int f) const {
    const int l = faces(f, 0), r = faces(f, 1);
    const double flux = u(l) - u(r);
    double *pl = &res(l);
    double *pr = res.data() + r;
    Kokkos::atomic_add(pl, -flux); // EXPECT-REMARK: kfuse-unsafe-dependence
    Kokkos::atomic_fetch_add(pr, flux);
  }
};

struct FaceSource {
  Faces faces;
  Cells res;
  KOKKOS_INLINE_FUNCTION void operator()(const int f) const {
    double *p = &res(faces(f, 0));
    Kokkos::atomic_add(p, 1.0);
  }
};

struct FaceMax {
  Faces faces;
  Cells res;
  KOKKOS_INLINE_FUNCTION void operator()(const int f) const {
    double *p = &res(faces(f, 1));
    Kokkos::atomic_fetch_max(p, 0.5 * (f % 7)); // EXPECT-REMARK: kfuse-unsafe-dependence
  }
};

struct Gather {
  Cells res, u;
  KOKKOS_INLINE_FUNCTION void operator()(const int c) const { u(c) += 0.25 * res(c); }
};

struct Zero {
  Cells res;
  KOKKOS_INLINE_FUNCTION void operator()(const int c) const { res(c) = 0.0; }
};

// kfuse-functor-begin kfuse_fused_flux_source
// 'flux', 'source' (test/golden/atomic_functors.cpp:73), fused: the functors called in turn over
// each chunk of indices.
template <class T_kfuse_part1, class T_kfuse_part2, class T_kfuse_chunks>
struct kfuse_fused_flux_source {
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
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = argc > 1 ? std::atoi(argv[1]) : 1003;
    Cells u("u", N), res("res", N);
    Faces faces("faces", N);
    auto FacesHost = Kokkos::create_mirror_view(faces);
    auto UHost = Kokkos::create_mirror_view(u);
    for (int f = 0; f < N; ++f) {
      FacesHost(f, 0) = f;
      FacesHost(f, 1) = (f + 1) % N; // each cell has two faces
      UHost(f) = f % 11;
    }
    Kokkos::deep_copy(faces, FacesHost);
    Kokkos::deep_copy(u, UHost);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for("zero", N, Zero{res});
      // kfuse-begin fused("flux", "source") profile=test/golden/atomic_functors.profile.json
      for (auto kfuse_shadow = ::kfuse::shadow_of("flux+source", "faces,u,res", [&] { return ::kfuse::shadow_items(faces, u, res); }); kfuse_shadow.next();) {
        if (kfuse_shadow.run_fused(::kfuse::use_fused("flux+source", ::kfuse::no_overlap({::kfuse::bytes_of(faces, false), ::kfuse::bytes_of(u, false), ::kfuse::bytes_of(res, true)})))) {
          const auto kfuse_policy = Kokkos::RangePolicy<>(0, N);
          Kokkos::parallel_for("flux+source", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_flux_source>(FaceFlux{faces, res, u}, FaceSource{faces, res}, ::kfuse::chunks_of(kfuse_policy)));
        } else {
// kfuse-original-begin
          Kokkos::parallel_for("flux", N, FaceFlux{faces, res, u}); // EXPECT-REMARK: kfuse-fused
      Kokkos::parallel_for("source", N, FaceSource{faces, res});
// kfuse-original-end
        }
      }
      // kfuse-end
      Kokkos::parallel_for("max", N, FaceMax{faces, res});
      Kokkos::parallel_for("gather", N, Gather{res, u});
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int c, double &A) { A += u(c) + res(c); }, S);
    std::printf("checksum=%.17g\n", S);
  }
  Kokkos::finalize();
}
