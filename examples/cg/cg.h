// cg: conjugate-gradient iterations on the 1-D Laplacian, written the way
// solver libraries often write them: each kernel a functor class whose
// operator calls private helpers of its class, each launch in a member
// function of its own, the iteration in main.cpp. See README.md.
#pragma once

#include <Kokkos_Core.hpp>

namespace cg {

using Vector = Kokkos::View<double *>;

/// q = A p, A = tridiag(-1, 2, -1) with zero boundary values.
struct Laplacian {
  Vector p, q;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    q(i) = 2.0 * p(i) - neighbour(i - 1) - neighbour(i + 1);
  }

private:
  KOKKOS_INLINE_FUNCTION double neighbour(const int j) const {
    return j < 0 || j >= n ? 0.0 : p(j);
  }
};

/// The dot product of a and b.
struct Dot {
  Vector a, b;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &sum) const { sum += product(i); }

private:
  KOKKOS_INLINE_FUNCTION double product(const int i) const { return a(i) * b(i); }
};

/// x += alpha p and r -= alpha q.
struct Update {
  Vector x, r, p, q;
  double alpha;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    x(i) = axpy(alpha, p(i), x(i));
    r(i) = axpy(-alpha, q(i), r(i));
  }

private:
  static KOKKOS_INLINE_FUNCTION double axpy(const double a, const double u, const double v) {
    return a * u + v;
  }
};

/// p = r + beta p.
struct Direction {
  Vector r, p;
  double beta;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { p(i) = r(i) + beta * p(i); }
};

/// Updates x and r (as Update) and sums the squares of the new r: the
/// hand-fused pair update -> residual.
struct UpdateResidual {
  Vector x, r, p, q;
  double alpha;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &sum) const {
    Update{x, r, p, q, alpha}(i);
    Dot{r, r}(i, sum);
  }
};

/// q = A p and the sum of p q (as Laplacian, then Dot): the hand-fused
/// pair apply -> curvature.
struct ApplyCurvature {
  Vector p, q;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &sum) const {
    Laplacian{p, q, n}(i);
    Dot{p, q}(i, sum);
  }
};

class Solver {
public:
  /// Solves A x = b for b(i) = 1 + (i % 7) / 10, from x = 0.
  explicit Solver(int n);
  void apply();                 ///< q = A p            (operator.cpp)
  double curvature() const;     ///< p . q              (operator.cpp)
  void update(double alpha);    ///< x, r               (vectors.cpp)
  double residual() const;      ///< r . r              (vectors.cpp)
  void direction(double beta);  ///< p                  (vectors.cpp)
  double applyCurvature();      ///< hand-fused apply, curvature
  double updateResidual(double alpha); ///< hand-fused update, residual
  double solution() const;      ///< the sum of x

  void setup(); ///< r = b, p = r (public: CUDA takes no lambda in a private member)

private:
  int n;
  Vector x, r, p, q;
};

} // namespace cg
