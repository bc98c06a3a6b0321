// Element kernels of an unstructured mesh, as codes written around a mesh
// object often are: each element reaches its nodes through a pointer into
// the connectivity View (`&m.nodelist(k, 0)`), a device function gathers
// the nodes' coordinates from the mesh object it is handed (a const
// reference) into local arrays, and the kernels read and write fields
// through accessors returning elements. kfuse follows the pointer (any
// element of 'm.m_nodelist') and the function (what it reads of the mesh,
// what it writes of the kernel's own arrays), and names the fields by
// their public members: 'volumes' and 'pressures' fuse across functions
// (the fused remark at the second's launch), 'heat' and 'relax' in one
// block. 'move' writes the coordinates that 'volumes' gathers at other
// elements' nodes: refused, naming the access (at the launch of 'volumes').
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 2000 4
// KFUSE-RUN: 7 2
// KFUSE-PROFILE-RUN: 2000 4

struct Mesh {
  Kokkos::View<int **> m_nodelist;
  Kokkos::View<double *> m_x, m_vol, m_p, m_e;
  KOKKOS_INLINE_FUNCTION int &nodelist(int k, int j) const { return m_nodelist(k, j); }
  KOKKOS_INLINE_FUNCTION double x(int n) const { return m_x(n); }
  KOKKOS_INLINE_FUNCTION double &vol(int k) const { return m_vol(k); }
  KOKKOS_INLINE_FUNCTION double &p(int k) const { return m_p(k); }
  KOKKOS_INLINE_FUNCTION double &e(int k) const { return m_e(k); }
};

KOKKOS_INLINE_FUNCTION
void gather(const Mesh &m, const int *nodes, double xl[4]) {
  xl[0] = m.x(nodes[0]);
  xl[1] = m.x(nodes[1]);
  xl[2] = m.x(nodes[2]);
  xl[3] = m.x(nodes[3]);
}

KOKKOS_INLINE_FUNCTION
double volumeOf(const double xl[4]) { return (xl[1] - xl[0]) + 0.5 * (xl[3] - xl[2]); }

void volumes(const Mesh &m, int ne) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-unsafe-dependence
      "volumes", ne, KOKKOS_LAMBDA(const int k) {
        const int *const nodes = &m.nodelist(k, 0);
        double xl[4];
        gather(m, nodes, xl);
        m.vol(k) = volumeOf(xl);
      });
}

void pressures(const Mesh &m, int ne, double g) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "pressures", ne, KOKKOS_LAMBDA(const int k) { m.p(k) = g * m.e(k) / m.vol(k); });
}

void move(const Mesh &m, int nn) {
  Kokkos::parallel_for(
      "move", nn, KOKKOS_LAMBDA(const int n) { m.m_x(n) += 1e-4 * (n % 5); });
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int ne = argc > 1 ? std::atoi(argv[1]) : 2000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 4;
    const int nn = ne + 3;
    Mesh m;
    m.m_nodelist = Kokkos::View<int **>("nodelist", ne, 4);
    m.m_x = Kokkos::View<double *>("x", nn);
    m.m_vol = Kokkos::View<double *>("vol", ne);
    m.m_p = Kokkos::View<double *>("p", ne);
    m.m_e = Kokkos::View<double *>("e", ne);
    Kokkos::parallel_for(
        "connect", ne, KOKKOS_LAMBDA(const int k) {
          for (int j = 0; j < 4; ++j)
            m.m_nodelist(k, j) = (k + j * 7) % nn;
          m.m_e(k) = 1.0 + k % 3;
        });
    Kokkos::fence();
    Kokkos::parallel_for(
        "coordinates", nn, KOKKOS_LAMBDA(const int n) { m.m_x(n) = n * n * 0.001 + 1.0; });
    Kokkos::fence();
    for (int s = 0; s < steps; ++s) {
      volumes(m, ne);
      pressures(m, ne, 1.4);
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
          "heat", ne, KOKKOS_LAMBDA(const int k) {
            const double *xs = m.m_x.data();
            m.m_e(k) += 1e-3 * xs[m.nodelist(k, 2)];
          });
      Kokkos::parallel_for(
          "relax", ne, KOKKOS_LAMBDA(const int k) { m.e(k) = 0.5 * (m.e(k) + m.p(k)); });
      Kokkos::fence();
      move(m, nn);
      volumes(m, ne);
    }
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", ne,
        KOKKOS_LAMBDA(const int k, double &a) { a += m.m_p(k) + m.m_e(k) + m.m_vol(k); }, sum);
    std::printf("sum %.15g\n", sum);
  }
  Kokkos::finalize();
  return 0;
}
