// A mesh whose kernels reach its Views through accessors, and whose View
// members are public: code between two launches can point them elsewhere.
#ifndef HELD_ASSIGNED_MESH_H
#define HELD_ASSIGNED_MESH_H

#include <Kokkos_Core.hpp>

class Mesh {
public:
  KOKKOS_INLINE_FUNCTION double &vol(int i) const { return m_vol(i); }
  int n = 0;
  Kokkos::View<double *> m_vol, m_alt;
};

double lowest(Mesh &mesh);
double highest(Mesh &mesh);

#endif
