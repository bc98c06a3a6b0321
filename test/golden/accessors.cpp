// Accessors: a mesh class keeps its Views private and hands out elements
// through accessor methods (`mesh.vol(i)`, whose body is `return m_vol[i];`).
// kfuse reads such a call as an access of the member View, and names the
// private member in the guard and the profile through a pointer to it (an
// explicit instantiation names it). 'apply_material' fuses (the clamps run
// only where their conditions held); so do 'relax', which writes a View it
// was given, and 'heat', which writes through the accessors. In 'moved' the
// host writes 'other', which the guard compares with the View read through
// 'vol': where a run passes the mesh's volumes there (flag 4), the guard
// refuses and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

class Mesh {
public:
  explicit Mesh(int n) : m_vol("vol", n), m_vol_new("vol_new", n), m_energy("energy", n) {}
  KOKKOS_INLINE_FUNCTION double &vol(const int i) const { return m_vol[i]; }
  KOKKOS_INLINE_FUNCTION double vol_new(const int i) const { return m_vol_new(i); }
  KOKKOS_INLINE_FUNCTION double &energy(const int i) const { return m_energy(i); }
  int size() const { return m_vol.extent_int(0); }
  Kokkos::View<double *> volumes() const { return m_vol; }

private:
  Kokkos::View<double *> m_vol, m_vol_new, m_energy;
};

using Vector = Kokkos::View<double *>;

void init(const Mesh &mesh) {
  Kokkos::parallel_for(
      "init_mesh", mesh.size(), KOKKOS_LAMBDA(const int i) {
        mesh.vol(i) = 0.5 + (i % 7) * 0.25 - (i % 11 == 3 ? 1.0 : 0.0);
        mesh.energy(i) = 1.0 + (i % 5);
      });
}

int apply_material(const Mesh &mesh, double vmin, double vmax, Vector out) {
  const int n = mesh.size();
  Vector vc("vc", n);
  Kokkos::parallel_for(
      "copy_volume", n, KOKKOS_LAMBDA(const int i) { vc(i) = mesh.vol_new(i) + mesh.vol(i); });
  if (vmin != 0.0) {
    Kokkos::parallel_for(
        "clamp_low", n, KOKKOS_LAMBDA(const int i) { if (vc(i) < vmin) vc(i) = vmin; });
  }
  if (vmax != 0.0) {
    Kokkos::parallel_for(
        "clamp_high", n, KOKKOS_LAMBDA(const int i) { if (vc(i) > vmax) vc(i) = vmax; });
  }
  int errors = 0;
  Kokkos::parallel_reduce(
      "count_errors", n,
      KOKKOS_LAMBDA(const int i, int &err) {
        double v = mesh.vol(i);
        if (vmin != 0.0 && v < vmin)
          v = vmin;
        if (v <= 0.0)
          err++;
      },
      errors);
  Kokkos::deep_copy(out, vc);
  return errors;
}

// The host writes 'other', which is mesh's volumes under another name: the
// launches move past that write only where the guard finds 'other' apart
// from the View read through 'vol'.
double moved(const Mesh &mesh, Vector other) {
  const int n = mesh.size();
  Vector scaled("scaled", n);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale_volume", n, KOKKOS_LAMBDA(const int i) { scaled(i) = 2.0 * mesh.vol(i); });
  other(3) = 7.0;
  double sum = 0;
  Kokkos::parallel_reduce(
      "sum_scaled", n, KOKKOS_LAMBDA(const int i, double &s) { s += scaled(i); }, sum);
  return sum;
}

void relax(const Mesh &mesh, Vector out) {
  const int n = mesh.size();
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax_scale", n, KOKKOS_LAMBDA(const int i) { out(i) = 0.5 * mesh.vol(i); });
  Kokkos::parallel_for(
      "relax_add", n, KOKKOS_LAMBDA(const int i) { out(i) += mesh.energy(i); });
}

void heat(const Mesh &mesh) {
  const int n = mesh.size();
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "heat_energy", n, KOKKOS_LAMBDA(const int i) { mesh.energy(i) += 0.125 * mesh.vol(i); });
  Kokkos::parallel_for(
      "heat_volume", n, KOKKOS_LAMBDA(const int i) { mesh.vol(i) += 0.01 * mesh.energy(i); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int Flags = argc > 1 ? std::atoi(argv[1]) : 3;
    const int N = 300;
    Mesh mesh(N);
    Vector out("out", N), relaxed("relaxed", N);
    init(mesh);
    int errors = 0;
    for (int It = 0; It < 3; ++It) {
      errors += apply_material(mesh, Flags & 1 ? 0.6 : 0.0, Flags & 2 ? 1.5 : 0.0, out);
      relax(mesh, relaxed);
      errors += static_cast<int>(moved(mesh, Flags & 4 ? mesh.volumes() : relaxed));
      heat(mesh);
    }
    double Sum = 0;
    Kokkos::parallel_reduce(
        "check", N,
        KOKKOS_LAMBDA(const int i, double &S) {
          S += (out(i) + 2 * relaxed(i) + 3 * mesh.energy(i)) * (1 + i % 7);
        },
        Sum);
    std::printf("flags=%d errors=%d checksum=%.17g\n", Flags, errors, Sum);
  }
  Kokkos::finalize();
}
// KFUSE-RUN: 3
// KFUSE-RUN: 0
// KFUSE-RUN: 1
// KFUSE-RUN: 2
// KFUSE-RUN-FALLBACK: 7
