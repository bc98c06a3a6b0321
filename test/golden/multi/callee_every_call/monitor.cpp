#include "state.h"

// Reads a View on the host: the flush of a pending kernel goes before it,
// on every call.
void record(Monitor &m, const State &s) {
  m.total += s.probe(m.count % 4);
  m.count += 1;
}
