// hydro2d: the steps of the hydro cycle, each a sequence of kernel calls.
#ifndef HYDRO2D_HYDRO_H
#define HYDRO2D_HYDRO_H

#include "kernels.h"

/// Allocates the fields of a square chunk of \p cells_per_side cells on the
/// unit square and sets its initial state.
Chunk make_chunk(int cells_per_side);

/// Equation of state, cell velocities and halos for the step's start values;
/// returns the time step to take.
double timestep(Chunk &chunk);

/// Advances the chunk by \p dt and makes the result the next start values.
void hydro_cycle(Chunk &chunk, double dt);

/// Sums over the chunk for the current state.
SummaryValues field_summary(Chunk &chunk);

#endif // HYDRO2D_HYDRO_H
