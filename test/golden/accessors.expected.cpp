#include <kfuse/runtime/Guard.hpp> // kfuse-include
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

// kfuse-functor-begin kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_656e40_members {
  friend auto kfuse_private_656e40_member(Tag) { return Member; }
};
struct kfuse_private_656e40_Mesh_m_vol_new {
  friend auto kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol_new);
};
template struct kfuse_private_656e40_members<kfuse_private_656e40_Mesh_m_vol_new,
                                             decltype(&::Mesh::m_vol_new), &::Mesh::m_vol_new>;
struct kfuse_private_656e40_Mesh_m_vol {
  friend auto kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol);
};
template struct kfuse_private_656e40_members<kfuse_private_656e40_Mesh_m_vol,
                                             decltype(&::Mesh::m_vol), &::Mesh::m_vol>;
// 'copy_volume', 'clamp_low', 'clamp_high', 'count_errors' (test/golden/accessors.cpp:41), fused.
template <class T_vc, class T_mesh, class T_vmin, class T_kfuse_if2, class T_vmax,
          class T_kfuse_if3>
struct kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors {
  T_vc vc;
  T_mesh mesh;
  T_vmin vmin;
  T_kfuse_if2 kfuse_if2;
  T_vmax vmax;
  T_kfuse_if3 kfuse_if3;
  using value_type = int;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, int &err) const {
    {
      const int i = kfuse_i0;
      vc(i) = mesh.vol_new(i) + mesh.vol(i);
    }
    if (kfuse_if2) {
      const int i = kfuse_i0;
      if (vc(i) < vmin)
        vc(i) = vmin;
    }
    if (kfuse_if3) {
      const int i = kfuse_i0;
      if (vc(i) > vmax)
        vc(i) = vmax;
    }
    {
      const int i = kfuse_i0;
      double v = mesh.vol(i);
      if (vmin != 0.0 && v < vmin)
        v = vmin;
      if (v <= 0.0)
        err++;
    }
  }
};
// kfuse-functor-end
int apply_material(const Mesh &mesh, double vmin, double vmax, Vector out) {
  const int n = mesh.size();
  Vector vc("vc", n);
  // kfuse-begin fused("copy_volume", "clamp_low", "clamp_high", "count_errors") profile=test/golden/accessors.profile.json
  auto kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_shadow = ::kfuse::shadow_of("copy_volume+clamp_low+clamp_high+count_errors", "vc,mesh.m_vol_new,mesh.m_vol", [&] { return ::kfuse::shadow_items(vc, (mesh.*kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol_new{})), (mesh.*kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol{}))); });
  const bool kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_on = kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_shadow.run_fused(::kfuse::use_fused("copy_volume+clamp_low+clamp_high+count_errors", ::kfuse::no_overlap({::kfuse::bytes_of(vc, true), ::kfuse::bytes_of((mesh.*kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol_new{})), false), ::kfuse::bytes_of((mesh.*kfuse_private_656e40_member(kfuse_private_656e40_Mesh_m_vol{})), false)})));
  if (!kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_on) {
// kfuse-original-begin
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
// kfuse-original-end
  }
  // kfuse-kept-begin
  int errors = 0;
  // kfuse-kept-end
  if (kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_on) {
    const bool kfuse_if2 = (vmin != 0.0);
    const bool kfuse_if3 = (vmax != 0.0);
    Kokkos::parallel_reduce("copy_volume+clamp_low+clamp_high+count_errors", n, ::kfuse::make_fused<kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors>(vc, mesh, vmin, kfuse_if2, vmax, kfuse_if3), errors);
  } else {
// kfuse-original-begin
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
// kfuse-original-end
  }
  if (kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_shadow.replay()) {
    const bool kfuse_if2 = (vmin != 0.0);
    const bool kfuse_if3 = (vmax != 0.0);
    Kokkos::parallel_reduce("copy_volume+clamp_low+clamp_high+count_errors", n, ::kfuse::make_fused<kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors>(vc, mesh, vmin, kfuse_if2, vmax, kfuse_if3), errors);
    kfuse_fused_copy_volume_clamp_low_clamp_high_count_errors_shadow.compare();
  }
  // kfuse-end
  Kokkos::deep_copy(out, vc);
  return errors;
}

// kfuse-functor-begin kfuse_fused_scale_volume_sum_scaled
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_eb8ec7_members {
  friend auto kfuse_private_eb8ec7_member(Tag) { return Member; }
};
struct kfuse_private_eb8ec7_Mesh_m_vol {
  friend auto kfuse_private_eb8ec7_member(kfuse_private_eb8ec7_Mesh_m_vol);
};
template struct kfuse_private_eb8ec7_members<kfuse_private_eb8ec7_Mesh_m_vol,
                                             decltype(&::Mesh::m_vol), &::Mesh::m_vol>;
// 'scale_volume', 'sum_scaled' (test/golden/accessors.cpp:72), fused.
template <class T_scaled, class T_mesh> struct kfuse_fused_scale_volume_sum_scaled {
  T_scaled scaled;
  T_mesh mesh;
  using value_type = double;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0, double &s) const {
    {
      const int i = kfuse_i0;
      scaled(i) = 2.0 * mesh.vol(i);
    }
    {
      const int i = kfuse_i0;
      s += scaled(i);
    }
  }
};
// kfuse-functor-end
// The host writes 'other', which is mesh's volumes under another name: the
// launches move past that write only where the guard finds 'other' apart
// from the View read through 'vol'.
double moved(const Mesh &mesh, Vector other) {
  const int n = mesh.size();
  Vector scaled("scaled", n);
  // kfuse-begin fused("scale_volume", "sum_scaled") profile=test/golden/accessors.profile.json
  auto kfuse_fused_scale_volume_sum_scaled_shadow = ::kfuse::shadow_of("scale_volume+sum_scaled", "scaled,mesh.m_vol", [&] { return ::kfuse::shadow_items(scaled, (mesh.*kfuse_private_eb8ec7_member(kfuse_private_eb8ec7_Mesh_m_vol{}))); });
  const bool kfuse_fused_scale_volume_sum_scaled_on = kfuse_fused_scale_volume_sum_scaled_shadow.run_fused(::kfuse::use_fused("scale_volume+sum_scaled", ::kfuse::no_overlap({::kfuse::bytes_of(scaled, true), ::kfuse::bytes_of((mesh.*kfuse_private_eb8ec7_member(kfuse_private_eb8ec7_Mesh_m_vol{})), false), ::kfuse::bytes_of(other, true)})));
  if (!kfuse_fused_scale_volume_sum_scaled_on) {
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "scale_volume", n, KOKKOS_LAMBDA(const int i) { scaled(i) = 2.0 * mesh.vol(i); });
// kfuse-original-end
  }
  // kfuse-kept-begin
  other(3) = 7.0;
  double sum = 0;
  // kfuse-kept-end
  if (kfuse_fused_scale_volume_sum_scaled_on) {
    Kokkos::parallel_reduce("scale_volume+sum_scaled", n, ::kfuse::make_fused<kfuse_fused_scale_volume_sum_scaled>(scaled, mesh), sum);
  } else {
// kfuse-original-begin
    Kokkos::parallel_reduce(
      "sum_scaled", n, KOKKOS_LAMBDA(const int i, double &s) { s += scaled(i); }, sum);
// kfuse-original-end
  }
  if (kfuse_fused_scale_volume_sum_scaled_shadow.replay()) {
    Kokkos::parallel_reduce("scale_volume+sum_scaled", n, ::kfuse::make_fused<kfuse_fused_scale_volume_sum_scaled>(scaled, mesh), sum);
    kfuse_fused_scale_volume_sum_scaled_shadow.compare();
  }
  // kfuse-end
  return sum;
}

// kfuse-functor-begin kfuse_fused_relax_scale_relax_add
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_1e5319_members {
  friend auto kfuse_private_1e5319_member(Tag) { return Member; }
};
struct kfuse_private_1e5319_Mesh_m_vol {
  friend auto kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_vol);
};
template struct kfuse_private_1e5319_members<kfuse_private_1e5319_Mesh_m_vol,
                                             decltype(&::Mesh::m_vol), &::Mesh::m_vol>;
struct kfuse_private_1e5319_Mesh_m_energy {
  friend auto kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_energy);
};
template struct kfuse_private_1e5319_members<kfuse_private_1e5319_Mesh_m_energy,
                                             decltype(&::Mesh::m_energy), &::Mesh::m_energy>;
// 'relax_scale', 'relax_add' (test/golden/accessors.cpp:83), fused.
template <class T_out, class T_mesh> struct kfuse_fused_relax_scale_relax_add {
  T_out out;
  T_mesh mesh;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      out(i) = 0.5 * mesh.vol(i);
    }
    {
      const int i = kfuse_i0;
      out(i) += mesh.energy(i);
    }
  }
};
// kfuse-functor-end
void relax(const Mesh &mesh, Vector out) {
  const int n = mesh.size();
  // kfuse-begin fused("relax_scale", "relax_add") profile=test/golden/accessors.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("relax_scale+relax_add", "out,mesh.m_vol,mesh.m_energy", [&] { return ::kfuse::shadow_items(out, (mesh.*kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_vol{})), (mesh.*kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_energy{}))); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("relax_scale+relax_add", ::kfuse::no_overlap({::kfuse::bytes_of(out, true), ::kfuse::bytes_of((mesh.*kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_vol{})), false), ::kfuse::bytes_of((mesh.*kfuse_private_1e5319_member(kfuse_private_1e5319_Mesh_m_energy{})), false)})))) {
      Kokkos::parallel_for("relax_scale+relax_add", n, ::kfuse::make_fused<kfuse_fused_relax_scale_relax_add>(out, mesh));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "relax_scale", n, KOKKOS_LAMBDA(const int i) { out(i) = 0.5 * mesh.vol(i); });
  Kokkos::parallel_for(
      "relax_add", n, KOKKOS_LAMBDA(const int i) { out(i) += mesh.energy(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
}

// kfuse-functor-begin kfuse_fused_heat_energy_heat_volume
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_666827_members {
  friend auto kfuse_private_666827_member(Tag) { return Member; }
};
struct kfuse_private_666827_Mesh_m_energy {
  friend auto kfuse_private_666827_member(kfuse_private_666827_Mesh_m_energy);
};
template struct kfuse_private_666827_members<kfuse_private_666827_Mesh_m_energy,
                                             decltype(&::Mesh::m_energy), &::Mesh::m_energy>;
struct kfuse_private_666827_Mesh_m_vol {
  friend auto kfuse_private_666827_member(kfuse_private_666827_Mesh_m_vol);
};
template struct kfuse_private_666827_members<kfuse_private_666827_Mesh_m_vol,
                                             decltype(&::Mesh::m_vol), &::Mesh::m_vol>;
// 'heat_energy', 'heat_volume' (test/golden/accessors.cpp:91), fused.
template <class T_mesh> struct kfuse_fused_heat_energy_heat_volume {
  T_mesh mesh;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      mesh.energy(i) += 0.125 * mesh.vol(i);
    }
    {
      const int i = kfuse_i0;
      mesh.vol(i) += 0.01 * mesh.energy(i);
    }
  }
};
// kfuse-functor-end
void heat(const Mesh &mesh) {
  const int n = mesh.size();
  // kfuse-begin fused("heat_energy", "heat_volume") profile=test/golden/accessors.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("heat_energy+heat_volume", "mesh.m_energy,mesh.m_vol", [&] { return ::kfuse::shadow_items((mesh.*kfuse_private_666827_member(kfuse_private_666827_Mesh_m_energy{})), (mesh.*kfuse_private_666827_member(kfuse_private_666827_Mesh_m_vol{}))); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("heat_energy+heat_volume", ::kfuse::no_overlap({::kfuse::bytes_of((mesh.*kfuse_private_666827_member(kfuse_private_666827_Mesh_m_energy{})), true), ::kfuse::bytes_of((mesh.*kfuse_private_666827_member(kfuse_private_666827_Mesh_m_vol{})), true)})))) {
      Kokkos::parallel_for("heat_energy+heat_volume", n, ::kfuse::make_fused<kfuse_fused_heat_energy_heat_volume>(mesh));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "heat_energy", n, KOKKOS_LAMBDA(const int i) { mesh.energy(i) += 0.125 * mesh.vol(i); });
  Kokkos::parallel_for(
      "heat_volume", n, KOKKOS_LAMBDA(const int i) { mesh.vol(i) += 0.01 * mesh.energy(i); });
// kfuse-original-end
    }
  }
  // kfuse-end
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
