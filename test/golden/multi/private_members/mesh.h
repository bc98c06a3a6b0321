// A mesh that keeps its Views private and hands out elements through
// accessors, in a namespace of its own.
#pragma once
#include <Kokkos_Core.hpp>

namespace sim {

class Mesh {
public:
  explicit Mesh(int n) : m_u("u", n + 1), m_v("v", n), m_w("w", n) {}
  KOKKOS_INLINE_FUNCTION double &u(const int i) const { return m_u(i); }
  KOKKOS_INLINE_FUNCTION double &v(const int i) const { return m_v(i); }
  KOKKOS_INLINE_FUNCTION double &w(const int i) const { return m_w(i); }
  int size() const { return m_v.extent_int(0); }
  /// Handed out: a caller may pass them back as another View.
  Kokkos::View<double *> velocities() const { return m_v; }
  Kokkos::View<double *> weights() const { return m_w; }

private:
  Kokkos::View<double *> m_u, m_v, m_w;
};

void advance(const Mesh &mesh, double dt);
void relax(const Mesh &mesh);
void smooth(const Mesh &mesh);
void damp(const Mesh &mesh, Kokkos::View<double *> out);

} // namespace sim
