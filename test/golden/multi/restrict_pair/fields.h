// Two kernels of a time step in two files: the first writes a temperature
// and a column of a LayoutLeft matrix, the second reads them through a View
// of const elements and writes another column. Both read a value named
// 'scale' that differs between them. Then a damping kernel and a reduction
// over its output (a sum into a number), also in two files.
#pragma once
#include <Kokkos_Core.hpp>

using Vec = Kokkos::View<double *>;
using ConstVec = Kokkos::View<const double *>;
using Mat = Kokkos::View<double **, Kokkos::LayoutLeft>;

void heat(Vec t, Mat q, ConstVec w, double scale, int k);
void relax(ConstVec t, Vec u, Mat q, double scale);
void damp(Vec u, double factor);
double norm(ConstVec u, double weight);
