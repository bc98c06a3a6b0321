// The pair potential for the ring's lists.
#include "force_impl.h"

template class ForceLJ<NeighborRing>;
