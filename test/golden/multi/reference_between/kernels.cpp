#include "kernels.h"

void produce(Kokkos::View<double *> v, const double scale) {
  Kokkos::parallel_for(
      "produce", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale * i; });
}

void consume(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-code-between
      "consume", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 2.0 * v(i); });
}

// 'out' may be any double, an element of 'v' too: writing it between the
// launches must stay after 'produce' (refused at consume's launch).
void step(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, const double scale) {
  produce(v, scale);
  out = 42.0;
  consume(v, w);
}

void grow(Kokkos::View<double *> u, const double scale) {
  Kokkos::parallel_for(
      "grow", u.extent(0), KOKKOS_LAMBDA(const int i) { u(i) += scale; });
}

void mirror(Kokkos::View<double *> u, Kokkos::View<double *> z) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "mirror", u.extent(0), KOKKOS_LAMBDA(const int i) { z(i) = -u(i); });
}

// 'count' is an int: no element of the kernels' Views of doubles.
void tally(Kokkos::View<double *> u, Kokkos::View<double *> z, int &count, const double scale) {
  grow(u, scale);
  ++count;
  mirror(u, z);
}

// Writes its reference parameter after its launch: where the caller binds
// it to a local, that is no element of a View ('noted_locally' fuses);
// where it passes a reference parameter of its own ('noted'), it may be.
void produce_noting(Kokkos::View<double *> v, const double scale, double &note) {
  Kokkos::parallel_for(
      "produce_noting", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale - i; });
  note = scale;
}

void halve_into(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "halve_into", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.5 * v(i); });
}

void noted(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, const double scale) {
  produce_noting(v, scale, out);
  halve_into(v, w);
}

double noted_locally(Kokkos::View<double *> v, Kokkos::View<double *> w, const double scale) {
  double note = 0.0;
  produce_noting(v, scale, note);
  halve_into(v, w);
  return note;
}

// Writes its reference parameter after its launch, bound by 'stamped' to a
// member of an object holding Views (never a View's element): fuses.
void stamp(Kokkos::View<double *> v, const double scale, double &when) {
  Kokkos::parallel_for(
      "stamp", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = scale * (i % 3); });
  when = scale;
}

void quarter_into(Kokkos::View<double *> v, Kokkos::View<double *> w) {
  Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "quarter_into", v.extent(0), KOKKOS_LAMBDA(const int i) { w(i) = 0.25 * v(i); });
}

void stamped(State &s, const double scale) {
  stamp(s.v, scale, s.when);
  quarter_into(s.v, s.w);
}
