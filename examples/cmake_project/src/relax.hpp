// The time step of the relax example: three kernels kept in one modular function.
#pragma once

#include <Kokkos_Core.hpp>

using Field = Kokkos::View<double *>;

/// One relaxation step: scales u into tmp, damps tmp into flux, updates u.
void relaxStep(Field U, Field Tmp, Field Flux, double Alpha, double Dt);
