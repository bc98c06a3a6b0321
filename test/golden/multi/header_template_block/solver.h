// A class template in a header whose member function launches two kernels
// in one block, and two units that include it (every unit given). kfuse
// does not fuse launches of one block in a header's template yet, and says
// so (it said other units kfuse does not analyse might instantiate it).
#pragma once
#include <Kokkos_Core.hpp>
template <class T> struct Solver {
  Kokkos::View<T *> u, v;
  int n;
  Solver(int n_) : u("u", n_), v("v", n_), n(n_) {}
  void step() {
    auto u_ = u; auto v_ = v;
    Kokkos::parallel_for("predict", n, KOKKOS_LAMBDA(const int i) { v_(i) = 0.5 * u_(i); }); // EXPECT-REMARK: kfuse-not-fusable "does not fuse launches of one block there yet"
    Kokkos::parallel_for("correct", n, KOKKOS_LAMBDA(const int i) { u_(i) += v_(i); });
  }
  T sum() const {
    T s = 0; auto u_ = u;
    Kokkos::parallel_reduce("sum", n, KOKKOS_LAMBDA(const int i, T &a) { a += u_(i); }, s);
    return s;
  }
};
