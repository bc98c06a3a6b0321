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

// The weight of each cell by its kind, then scaled: fused.
void weights(const Mesh &mesh, Vector w, Vector out, double scale) {
  const int n = mesh.size();
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "weight", n, KOKKOS_LAMBDA(const int i) { w(i) = 1.0 + 0.5 * mesh.kind(i); });
  Kokkos::parallel_for(
      "scale", n, KOKKOS_LAMBDA(const int i) { out(i) = scale * w(i); });
}

// Volumes read through 'vol' (doubles): 'dens', given by the caller, might
// be the mesh's volumes.
void densities(const Mesh &mesh, Vector mass, Vector dens) {
  const int n = mesh.size();
  Kokkos::parallel_for(
      "density", n, KOKKOS_LAMBDA(const int i) { dens(i) = mass(i) / mesh.vol(i); });
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-aliasing
      "clip", n, KOKKOS_LAMBDA(const int i) { dens(i) = dens(i) > 4.0 ? 4.0 : dens(i); });
}

// Volumes read through 'vol' and written, doubled, into 'v' (given: it
// might be the mesh's volumes) by one kernel; the next writes only ints:
// fused.
void marks(const Mesh &mesh, Vector v, Kokkos::View<int *> big) {
  const int n = mesh.size();
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "double_vol", n, KOKKOS_LAMBDA(const int i) { v(i) = 2.0 * mesh.vol(i); });
  Kokkos::parallel_for(
      "mark", n, KOKKOS_LAMBDA(const int i) { big(i) = v(i) > 1.5 ? 1 : 0; });
}

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
      densities(mesh, mass, dens);
      double s = 0.0;
      Kokkos::parallel_reduce(
          "sum", n,
          KOKKOS_LAMBDA(const int i, double &acc) { acc += out(i) + dens(i) + v(i) * big(i); }, s);
      total += s;
    }
    std::printf("total=%.17g\n", total);
  }
  Kokkos::finalize();
}
