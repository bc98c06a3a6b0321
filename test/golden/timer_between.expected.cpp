#include <kfuse/runtime/Guard.hpp> // kfuse-include
// Host code between launches as mini-apps write it: a timer that keeps its
// times in an array of its own (a private pointer member only ever assigned
// a `new` result, by member functions all defined here, so that no other
// unit can use it), reading the clock through MPI (a serial stand-in with C linkage,
// as an MPI stub's header declares it), and a sum reduced over MPI. None of
// it touches a View: 'predict' and 'correct' fuse across it. A timer whose
// array is handed to the caller ('Log::slots', which may then point
// anywhere) keeps 'correct' and 'report' apart.
#include <Kokkos_Core.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
double MPI_Wtime(void);
int MPI_Allreduce(const void *in, void *out, int count, int type, int op, int comm);
}

extern "C" double MPI_Wtime(void) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
extern "C" int MPI_Allreduce(const void *in, void *out, int count, int, int, int) {
  std::memcpy(out, in, count * sizeof(double));
  return 0;
}

class Timer {
public:
  Timer() : times(new double[4]) {
    for (int k = 0; k < 4; ++k)
      times[k] = 0.0;
  }
  ~Timer() { delete[] times; }
  void stamp(int which) {
    const double now = MPI_Wtime();
    times[which] += now - last;
    last = now;
  }

private:
  double *times;
  double last = 0.0;
};

struct Log {
  double *slots = nullptr;
  double *share() { return slots; }
  void note(int k, double v) { slots[k] += v; }
};

using Vector = Kokkos::View<double *>;

// kfuse-functor-begin kfuse_fused_predict_correct
// 'predict', 'correct' (test/golden/timer_between.cpp:57), fused.
template <class T_v, class T_f, class T_x, class T_dt, class T_global, class T_n,
          class T_kfuse_chunks>
struct kfuse_fused_predict_correct {
  T_v v;
  T_f f;
  T_x x;
  T_dt dt;
  T_global global;
  T_n n;
  // The indices each call runs (one on a device, a chunk on the host).
  T_kfuse_chunks kfuse_chunks;
  // Raw pointers as parameters: compilers honour restrict there, not on members.
  KOKKOS_INLINE_FUNCTION static void body(const int kfuse_begin, const int kfuse_end,
                                          double *KOKKOS_RESTRICT v_,
                                          const double *KOKKOS_RESTRICT f_,
                                          double *KOKKOS_RESTRICT x_, const T_dt dt,
                                          const T_global global, const T_n n) {
    for (int kfuse_i0 = kfuse_begin; kfuse_i0 < kfuse_end; ++kfuse_i0) {
      {
        const int i = kfuse_i0;
        v_[i] += 0.5 * dt * f_[i];
      }
      {
        const int i = kfuse_i0;
        x_[i] += global / n * v_[i];
      }
    }
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_chunk) const {
    body(kfuse_chunks.begin(kfuse_chunk), kfuse_chunks.end(kfuse_chunk), v.data(), f.data(),
         x.data(), dt, global, n);
  }
};
// kfuse-functor-end
double step(Vector x, Vector v, Vector f, double dt, Timer &timer, Log &log) {
  const int n = x.extent_int(0);
  // kfuse-begin fused("predict", "correct") profile=test/golden/timer_between.profile.json
  auto kfuse_fused_predict_correct_shadow = ::kfuse::shadow_of("predict+correct", "v,f,x", [&] { return ::kfuse::shadow_items(v, f, x); });
  const bool kfuse_fused_predict_correct_on = kfuse_fused_predict_correct_shadow.run_fused(::kfuse::use_fused("predict+correct", ::kfuse::no_overlap({::kfuse::bytes_of(v, true), ::kfuse::bytes_of(f, false), ::kfuse::bytes_of(x, true)})));
  if (!kfuse_fused_predict_correct_on) {
// kfuse-original-begin
    Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "predict", n, KOKKOS_LAMBDA(const int i) { v(i) += 0.5 * dt * f(i); });
// kfuse-original-end
  }
  // kfuse-kept-begin
  timer.stamp(1);
  double local = dt * n, global = 0.0;
  MPI_Allreduce(&local, &global, 1, 0, 0, 0);
  // kfuse-kept-end
  if (kfuse_fused_predict_correct_on) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_predict_correct>(v, f, x, dt, global, n, ::kfuse::chunks_of(kfuse_policy)));
  } else {
// kfuse-original-begin
    Kokkos::parallel_for(
      "correct", n, KOKKOS_LAMBDA(const int i) { x(i) += global / n * v(i); });
// kfuse-original-end
  }
  if (kfuse_fused_predict_correct_shadow.replay()) {
    const auto kfuse_policy = Kokkos::RangePolicy<>(0, n);
    Kokkos::parallel_for("predict+correct", ::kfuse::chunked(kfuse_policy), ::kfuse::make_fused<kfuse_fused_predict_correct>(v, f, x, dt, global, n, ::kfuse::chunks_of(kfuse_policy)));
    kfuse_fused_predict_correct_shadow.compare();
  }
  // kfuse-end
  log.note(0, global);
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "report", n, KOKKOS_LAMBDA(const int i) { f(i) = -0.25 * x(i); });
  return global;
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000;
    Vector x("x", n), v("v", n), f("f", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) { x(i) = (i * 7) % 11 - 5.0; f(i) = -x(i); });
    Timer timer;
    Log log;
    log.slots = new double[2]();
    double total = 0.0;
    for (int s = 0; s < 4; ++s)
      total += step(x, v, f, 0.01 * (s + 1), timer, log);
    double sum = 0.0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &acc) { acc += x(i) + 2.0 * v(i); }, sum);
    std::printf("sum=%.17g total=%.17g logged=%.17g\n", sum, total, log.share()[0]);
    delete[] log.slots;
  }
  Kokkos::finalize();
}
