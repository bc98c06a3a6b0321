// A functor whose operator names what only its class's scope knows (a
// type and a static constant): its body cannot be copied into a fused body
// of its own, so the chain across functions calls the functor and the
// lambda in turn (composition).
#pragma once
#include <Kokkos_Core.hpp>

using Vec = Kokkos::View<double *>;

void smooth(Vec a, Vec b, double w);
void accumulate(Vec b, Vec c);
