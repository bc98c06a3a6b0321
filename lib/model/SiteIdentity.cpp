//===- SiteIdentity.cpp - Stable ids for launch sites ---------------------===//

#include "kfuse/SiteIdentity.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <cstdio>

namespace kfuse {

std::string hashLaunchText(llvm::StringRef LaunchText) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  clang::Lexer Lex(clang::SourceLocation(), LO, LaunchText.begin(),
                   LaunchText.begin(), LaunchText.end());
  std::string Normalized;
  // Raw lexing from a null location: each token's location encodes its
  // offset in the buffer.
  clang::Token Tok;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    if (!Normalized.empty())
      Normalized += ' ';
    Normalized += LaunchText.substr(Tok.getLocation().getRawEncoding(),
                                    Tok.getLength());
  }
  char Buf[17];
  std::snprintf(Buf, sizeof(Buf), "%016llx",
                static_cast<unsigned long long>(llvm::xxh3_64bits(Normalized)));
  return Buf;
}

std::string projectRootFor(llvm::StringRef File, llvm::StringRef Root) {
  std::string Abs = absolutePath(Root.empty() ? File : Root);
  if (!Root.empty())
    return Abs;
  llvm::SmallString<256> Dir = llvm::sys::path::parent_path(Abs);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Git(D);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return D.str();
  }
  return std::string(Dir);
}

std::string absolutePath(llvm::StringRef File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string relativePath(llvm::StringRef File, llvm::StringRef Root) {
  std::string Abs = absolutePath(File);
  llvm::StringRef Rel = Abs;
  if (!Root.empty() && Rel.consume_front(Root) &&
      (Rel.empty() || llvm::sys::path::is_separator(Rel.front())))
    Rel = Rel.ltrim("/\\");
  else
    Rel = Abs;
  return llvm::sys::path::convert_to_slash(Rel);
}

void assignOrdinals(std::vector<KernelModel> &Sites) {
  std::stable_sort(Sites.begin(), Sites.end(),
                   [](const KernelModel &A, const KernelModel &B) {
                     return A.CallRange.Offset < B.CallRange.Offset;
                   });
  llvm::StringMap<unsigned> Next;
  for (KernelModel &M : Sites) {
    unsigned &N = Next[M.Id.RelFile + "\n" + M.Id.Function];
    // A launch `kfuse fuse` wrote does not count: the original launches it
    // keeps as its fallback keep their profiled ids.
    bool Generated = llvm::StringRef(M.Functor.ClassName).contains("kfuse_fused_");
    M.Id.Ordinal = Generated ? N : N++;
  }
}

} // namespace kfuse
