#include <kfuse/runtime/Guard.hpp> // kfuse-include
// A class keeps a View private behind an accessor, built from a View the
// caller also passes by its own name: the profile saw 'dom.m_a' and 'a' as
// one View, and the two kernels fuse with the two names as one, the guard
// checking through a pointer to the private member that they still are.
// Run with the object built from another View (the argument 1), the guard
// finds them apart and the original launches run.
#include <Kokkos_Core.hpp>
#include <cstdio>
#include <cstdlib>

// KFUSE-RUN: 0
// KFUSE-RUN-FALLBACK: 1
// KFUSE-PROFILE-RUN: 0

class Dom {
public:
  Dom() = default;
  explicit Dom(Kokkos::View<double *> a) : m_a(a) {}
  KOKKOS_INLINE_FUNCTION double &a(const int i) const { return m_a(i); }

private:
  Kokkos::View<double *> m_a;
};

// kfuse-functor-begin kfuse_fused_w_r
// Pointers to private members the guard names (an explicit instantiation
// names them: its arguments are not checked for access).
template <class Tag, class Pointer, Pointer Member> struct kfuse_private_256911_members {
  friend auto kfuse_private_256911_member(Tag) { return Member; }
};
struct kfuse_private_256911_Dom_m_a {
  friend auto kfuse_private_256911_member(kfuse_private_256911_Dom_m_a);
};
template struct kfuse_private_256911_members<kfuse_private_256911_Dom_m_a, decltype(&::Dom::m_a),
                                             &::Dom::m_a>;
// 'w', 'r' (test/golden/private_alias.cpp:26), fused.
template <class T_a, class T_b, class T_dom> struct kfuse_fused_w_r {
  T_a a;
  T_b b;
  T_dom dom;
  KOKKOS_INLINE_FUNCTION void operator()(const int kfuse_i0) const {
    {
      const int i = kfuse_i0;
      a(i) = 2.0 * b(i) + 1;
    }
    {
      const int i = kfuse_i0;
      b(i) = dom.a(i) * 0.5;
    }
  }
};
// kfuse-functor-end
void chain(Kokkos::View<double *> a, Kokkos::View<double *> b, Dom dom, int n) {
  // kfuse-begin fused("w", "r") profile=test/golden/private_alias.profile.json
  for (auto kfuse_shadow = ::kfuse::shadow_of("w+r", "a,b,dom.m_a", [&] { return ::kfuse::shadow_items(a, b, (dom.*kfuse_private_256911_member(kfuse_private_256911_Dom_m_a{}))); }); kfuse_shadow.next();) {
    if (kfuse_shadow.run_fused(::kfuse::use_fused("w+r", ::kfuse::no_overlap({::kfuse::bytes_of(a, true), ::kfuse::bytes_of(b, true)}) && ::kfuse::same_view(a, (dom.*kfuse_private_256911_member(kfuse_private_256911_Dom_m_a{})))))) {
      Kokkos::parallel_for("w+r", n, ::kfuse::make_fused<kfuse_fused_w_r>(a, b, dom));
    } else {
// kfuse-original-begin
      Kokkos::parallel_for( // EXPECT-REMARK: kfuse-fused
      "w", n, KOKKOS_LAMBDA(const int i) { a(i) = 2.0 * b(i) + 1; });
  Kokkos::parallel_for(
      "r", n, KOKKOS_LAMBDA(const int i) { b(i) = dom.a(i) * 0.5; });
// kfuse-original-end
    }
  }
  // kfuse-end
}

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const bool other = argc > 1 && std::atoi(argv[1]) == 1;
    const int n = 1000;
    Kokkos::View<double *> a("a", n), b("b", n), c("c", n);
    Kokkos::parallel_for(
        "init", n, KOKKOS_LAMBDA(const int i) {
          b(i) = i % 7;
          c(i) = i % 3;
        });
    Dom dom(other ? c : a);
    for (int s = 0; s < 5; ++s)
      chain(a, b, dom, n);
    double sum = 0;
    Kokkos::parallel_reduce(
        "sum", n, KOKKOS_LAMBDA(const int i, double &x) { x += a(i) + b(i) + c(i); }, sum);
    std::printf("checksum %.17g\n", sum);
  }
  Kokkos::finalize();
}
