// An integrator behind a base class, as MD codes write them: the step's
// halves are virtual, each launches a functor object of its own file.
#ifndef FUNCTOR_OBJECTS_INTEGRATOR_H
#define FUNCTOR_OBJECTS_INTEGRATOR_H

#include <Kokkos_Core.hpp>

using t_x = Kokkos::View<double *[3], Kokkos::LayoutRight>;

struct Particles {
  int n = 0;
  t_x x, v, f;
};

class Integrator {
public:
  explicit Integrator(Particles &p) : p(p) {}
  virtual ~Integrator() = default;
  virtual void initial_integrate() = 0;
  virtual void final_integrate() = 0;

protected:
  Particles &p;
};

class IntegratorVerlet : public Integrator {
public:
  using Integrator::Integrator;
  void initial_integrate() override;
  void final_integrate() override;
};

/// The same, with a damping final half: a call through the base class may
/// run either.
class IntegratorDamped : public IntegratorVerlet {
public:
  using IntegratorVerlet::IntegratorVerlet;
  void final_integrate() override;
};

void compute_forces(Particles &p);
double kinetic(Particles &p);

#endif
