// minimd: thermodynamic output, the instantaneous temperature and kinetic energy.
#ifndef MINIMD_THERMO_H
#define MINIMD_THERMO_H

#include "system.h"

/// Temperature in reduced units: sum of m v^2 over the 3N - 3 degrees of freedom.
double temperature(System &sys);

/// Kinetic energy per atom: sum of m v^2 / 2 over N.
double kinetic_energy(System &sys);

#endif // MINIMD_THERMO_H
