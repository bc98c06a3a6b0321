#pragma once
#include <Kokkos_Core.hpp>

using Field = Kokkos::View<double *>;

void predict(Field u, Field v, double dt);
void correct(Field u, Field w);
