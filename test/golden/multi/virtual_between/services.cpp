// The services: a communicator for one process, two samplers (one reads the
// state's data), and the step log.
#include "app.h"
#include <cstdio>

void Comm::reduce(double *, int) {}

namespace {
class SerialComm : public Comm {
public:
  int Calls = 0;
  void reduce(double *, int) override { ++Calls; }
};

class Quiet : public Sampler {
public:
  int Seen = 0;
  void sample(const State &, int) override { ++Seen; }
};

// Copies the state to the host: it reads what the kernels write.
class Probe : public Sampler {
public:
  double Last = 0;
  void sample(const State &s, int) override {
    auto h = Kokkos::create_mirror_view(s.u);
    Kokkos::deep_copy(h, s.u);
    Last = h(0);
  }
};
} // namespace

Comm *make_comm() { return new SerialComm(); }

Sampler *make_sampler(int kind) {
  if (kind == 1)
    return new Probe();
  return new Quiet();
}

static int g_logged = 0;

void log_step(int step, double e, int every) {
  ++g_logged;
  if (every > 0 && step % every == 0)
    std::printf("step %d e=%.17g logged=%d\n", step, e, g_logged);
}
