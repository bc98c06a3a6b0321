//===- ModelPrinter.h - The launch model as text or JSON --------*- C++ -*-===//
//
// `kfuse sites` output: one readable block per site, or one JSON document.
// Reads the model; knows nothing of the AST.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_MODELPRINTER_H
#define KFUSE_MODELPRINTER_H

#include "kfuse/LaunchModel.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace kfuse {

/// One block per site, compiler-style position first.
void printModelText(const std::vector<FileModel> &Files, llvm::raw_ostream &OS);

/// `{"files": [{"file": ..., "sites": [...]}, ...]}`.
void printModelJson(const std::vector<FileModel> &Files, llvm::raw_ostream &OS);

} // namespace kfuse

#endif // KFUSE_MODELPRINTER_H
