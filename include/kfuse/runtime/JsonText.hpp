// JSON text for the profiling runtime's hand-written profile (no JSON library: the runtime is
// header-only and dependency-free, C++14).
#ifndef KFUSE_RUNTIME_JSONTEXT_HPP
#define KFUSE_RUNTIME_JSONTEXT_HPP

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

namespace kfuse {
namespace rt {
namespace detail {

/// Appends S to Out as a JSON string literal.
inline void appendJsonString(std::string &Out, const char *S) {
  Out += '"';
  for (const unsigned char *P = reinterpret_cast<const unsigned char *>(S ? S : ""); *P; ++P) {
    const unsigned char C = *P;
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += static_cast<char>(C);
      }
    }
  }
  Out += '"';
}
/// Appends S to Out as a JSON string literal.
inline void appendJsonString(std::string &Out, const std::string &S) {
  appendJsonString(Out, S.c_str());
}
/// Appends V to Out as a JSON number.
inline void appendInt(std::string &Out, long long V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%lld", V);
  Out += Buf;
}
/// Appends V to Out as a JSON number.
inline void appendUInt(std::string &Out, std::uint64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%" PRIu64, V);
  Out += Buf;
}
/// Appends the N integers at V to Out as a JSON array.
template <class T> inline void appendIntArray(std::string &Out, const T *V, int N) {
  Out += '[';
  for (int I = 0; I < N; ++I) {
    if (I)
      Out += ", ";
    appendInt(Out, static_cast<long long>(V[I]));
  }
  Out += ']';
}

} // namespace detail
} // namespace rt
} // namespace kfuse

#endif // KFUSE_RUNTIME_JSONTEXT_HPP
