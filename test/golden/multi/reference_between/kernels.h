// A producer and a consumer of one View, each in a function of its own,
// and steps that write through a reference parameter between them.
#ifndef REFERENCE_BETWEEN_KERNELS_H
#define REFERENCE_BETWEEN_KERNELS_H
#include <Kokkos_Core.hpp>

void produce(Kokkos::View<double *> v, double scale);
void consume(Kokkos::View<double *> v, Kokkos::View<double *> w);
void step(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, double scale);
void grow(Kokkos::View<double *> u, double scale);
void mirror(Kokkos::View<double *> u, Kokkos::View<double *> z);
void tally(Kokkos::View<double *> v, Kokkos::View<double *> w, int &count, double scale);

/// Views and the time they were last stamped.
struct State {
  Kokkos::View<double *> v, w;
  double when = 0.0;
};
void stamp(Kokkos::View<double *> v, double scale, double &when);
void quarter_into(Kokkos::View<double *> v, Kokkos::View<double *> w);
void stamped(State &s, double scale);
void produce_noting(Kokkos::View<double *> v, double scale, double &note);
void halve_into(Kokkos::View<double *> v, Kokkos::View<double *> w);
void noted(Kokkos::View<double *> v, Kokkos::View<double *> w, double &out, double scale);
double noted_locally(Kokkos::View<double *> v, Kokkos::View<double *> w, double scale);

#endif
