//===- ModelPrinter.cpp - The launch model as text or JSON ----------------===//

#include "kfuse/ModelPrinter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace kfuse {

static std::string join(const std::vector<std::string> &V, const char *Sep) {
  return llvm::join(V.begin(), V.end(), Sep);
}

static std::string indicesText(const std::vector<IndexExpr> &Indices) {
  std::vector<std::string> Parts;
  for (const IndexExpr &I : Indices)
    Parts.push_back(I.Text);
  return "(" + join(Parts, ", ") + ")";
}

static std::string policyText(const PolicyModel &P) {
  std::string S = P.TypeName;
  std::vector<std::string> Args;
  for (const std::string *A : {&P.ExecSpace, &P.WorkTag, &P.IndexType,
                               &P.Schedule})
    if (!A->empty())
      Args.push_back(*A);
  if (P.Kind == PolicyKind::MDRange)
    Args.insert(Args.begin(), "Rank<" + std::to_string(P.Rank) + ">");
  if (!Args.empty())
    S += "<" + join(Args, ", ") + ">";
  if (P.Kind == PolicyKind::Team)
    return S + " league " + P.LeagueSize + ", team " + P.TeamSize;
  for (size_t D = 0; D < P.End.size(); ++D)
    S += " [" + (D < P.Begin.size() ? P.Begin[D] : std::string("0")) + ", " +
         P.End[D] + ")";
  return S;
}

void printModelText(const std::vector<FileModel> &Files, llvm::raw_ostream &OS) {
  for (const FileModel &F : Files) {
    if (F.Failed)
      continue;
    for (const KernelModel &M : F.Sites) {
      OS << M.Pos.File << ":" << M.Pos.Line << ":" << M.Pos.Column << ": "
         << toString(M.Kind);
      if (M.LabelKind == "literal")
        OS << " '" << M.Label << "'";
      else if (M.LabelKind == "expression")
        OS << " label=" << M.Label;
      else
        OS << " (no label)";
      OS << "\n  id:      " << M.Id.str() << "\n";
      OS << "  policy:  " << policyText(M.Policy) << "\n";
      const FunctorModel &Fn = M.Functor;
      OS << "  functor: ";
      if (Fn.Kind == FunctorModel::Form::Lambda)
        OS << "lambda " << Fn.LambdaMacro;
      else if (Fn.Kind == FunctorModel::Form::Object)
        OS << "object " << Fn.ClassName << "::" << Fn.OperatorSignature;
      else
        OS << "unknown";
      if (!Fn.IndexParams.empty())
        OS << ", index " << join(Fn.IndexParams, ", ");
      OS << "\n";
      for (const ViewUse &V : M.Views) {
        OS << "  view:    " << V.Name << " " << toString(V.Mode) << " ["
           << V.ValueType << ", rank " << V.Rank;
        if (!V.Layout.empty())
          OS << ", " << V.Layout;
        OS << (V.IsMember ? ", member" : "") << "]";
        // Through a pointer into the View: some element, which the
        // pointer's value chooses (`atomic:g(...) through 'p'`).
        for (const ViewAccess &A : V.Accesses)
          OS << " " << toString(A.Mode) << ":" << V.Name
             << (A.Indices.empty()   ? ""
                 : A.Through.empty() ? indicesText(A.Indices)
                                     : "(...) through '" + A.Through + "'");
        OS << "\n";
      }
      for (const ScalarUse &S : M.Scalars)
        OS << "  scalar:  " << S.Name << " (" << S.Type << ")"
           << (S.IsMember ? " member" : "") << (S.Written ? " written" : "")
           << (S.WrittenThrough ? " written-through" : "")
           << "\n";
      for (const InnerLoop &L : M.Loops)
        OS << "  loop:    for " << L.Var << " in [" << L.Begin << ", " << L.End
           << ") depth " << L.Depth << " at line " << L.Pos.Line << "\n";
      if (M.Reduction) {
        OS << "  reduce:  " << (M.Reduction->Reducer.empty() ? "scan" : M.Reduction->Reducer);
        if (!M.Reduction->ResultText.empty())
          OS << " into " << M.Reduction->ResultText;
        if (!M.Reduction->AccumulatorParam.empty())
          OS << " (accumulator " << M.Reduction->AccumulatorParam << ")";
        OS << "\n";
      }
      if (M.Before)
        for (const HostStatement &H : M.Before->Statements) {
          OS << "  before:  line " << H.Pos.Line;
          auto List = [&](const char *What, const std::vector<std::string> &Names) {
            if (!Names.empty())
              OS << ", " << What << " " << join(Names, " ");
          };
          List("declares", H.Declares);
          List("changes", H.Changes);
          List("reads", H.Reads);
          List("touches", H.TouchesViews);
          List("touches members of", H.TouchesObjects);
          if (!H.Opaque.empty())
            OS << ", opaque: " << H.Opaque;
          OS << "\n";
        }
      if (M.InTemplate || M.FromMacro) {
        std::vector<std::string> Ways;
        if (M.InTemplate)
          Ways.push_back(M.TemplateWhy.empty() ? "in a template"
                                               : "in a template (" + M.TemplateWhy + ")");
        if (M.FromMacro)
          Ways.push_back("through a macro");
        OS << "  written: " << join(Ways, ", ") << "\n";
      }
      for (const std::string &N : M.Notes)
        OS << "  note:    " << N << "\n";
    }
  }
}

static llvm::json::Value posJson(const SourcePos &P) {
  return llvm::json::Object{
      {"file", P.File}, {"line", P.Line}, {"column", P.Column}};
}

static llvm::json::Value strings(const std::vector<std::string> &V) {
  llvm::json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

static llvm::json::Value siteJson(const KernelModel &M) {
  llvm::json::Array Views;
  for (const ViewUse &V : M.Views) {
    llvm::json::Array Accesses;
    for (const ViewAccess &A : V.Accesses) {
      llvm::json::Array Indices;
      for (const IndexExpr &I : A.Indices) {
        llvm::json::Object O{{"text", I.Text},
                             {"form", toString(I.Form)},
                             {"var", I.Var},
                             {"offset", I.Offset}};
        if (!I.Value.empty())
          O["value"] = I.Value;
        Indices.push_back(std::move(O));
      }
      llvm::json::Object O{{"mode", toString(A.Mode)},
                           {"indices", std::move(Indices)},
                           {"line", A.Pos.Line},
                           {"column", A.Pos.Column}};
      if (!A.Callee.empty())
        O["callee"] = A.Callee;
      if (!A.Through.empty())
        O["through"] = A.Through;
      O["every_iteration"] = A.Always;
      Accesses.push_back(std::move(O));
    }
    Views.push_back(llvm::json::Object{{"name", V.Name},
                                       {"type", V.Type},
                                       {"value_type", V.ValueType},
                                       {"rank", V.Rank},
                                       {"layout", V.Layout},
                                       {"member", V.IsMember},
                                       {"mode", toString(V.Mode)},
                                       {"accesses", std::move(Accesses)}});
  }
  llvm::json::Array Scalars;
  for (const ScalarUse &S : M.Scalars)
    Scalars.push_back(llvm::json::Object{{"name", S.Name},
                                         {"type", S.Type},
                                         {"member", S.IsMember},
                                         {"written", S.Written},
                                         {"written_through", S.WrittenThrough}});
  llvm::json::Array Loops;
  for (const InnerLoop &L : M.Loops)
    Loops.push_back(llvm::json::Object{{"var", L.Var},
                                       {"begin", L.Begin},
                                       {"end", L.End},
                                       {"cond", L.Cond},
                                       {"step", L.Step},
                                       {"depth", L.Depth},
                                       {"line", L.Pos.Line}});
  const PolicyModel &P = M.Policy;
  llvm::json::Object Policy{{"kind", toString(P.Kind)},
                            {"type", P.TypeName},
                            {"text", P.Text},
                            {"execution_space", P.ExecSpace},
                            {"work_tag", P.WorkTag},
                            {"index_type", P.IndexType},
                            {"rank", P.Rank},
                            {"begin", strings(P.Begin)},
                            {"end", strings(P.End)}};
  if (P.Kind == PolicyKind::Team) {
    Policy["league_size"] = P.LeagueSize;
    Policy["team_size"] = P.TeamSize;
  }
  const FunctorModel &F = M.Functor;
  const char *Form = F.Kind == FunctorModel::Form::Lambda   ? "lambda"
                     : F.Kind == FunctorModel::Form::Object ? "object"
                                                            : "unknown";
  llvm::json::Object Functor{{"form", Form},
                             {"index_params", strings(F.IndexParams)},
                             {"index_type", F.IndexType},
                             {"body_visible", F.BodyVisible}};
  if (F.Kind == FunctorModel::Form::Lambda)
    Functor["lambda"] = F.LambdaMacro;
  if (F.Kind == FunctorModel::Form::Object) {
    Functor["class"] = F.ClassName;
    Functor["operator"] = F.OperatorSignature;
  }
  llvm::json::Object Site{{"id", M.Id.str()},
                          {"kind", toString(M.Kind)},
                          {"position", posJson(M.Pos)},
                          {"label_kind", M.LabelKind},
                          {"label", M.Label},
                          {"policy", std::move(Policy)},
                          {"functor", std::move(Functor)},
                          {"views", std::move(Views)},
                          {"scalars", std::move(Scalars)},
                          {"loops", std::move(Loops)},
                          {"in_template", M.InTemplate},
                          {"from_macro", M.FromMacro},
                          {"notes", strings(M.Notes)}};
  if (M.Reduction)
    Site["reduction"] =
        llvm::json::Object{{"reducer", M.Reduction->Reducer},
                           {"result", M.Reduction->ResultText},
                           {"result_type", M.Reduction->ResultType},
                           {"result_is_view", M.Reduction->ResultIsView},
                           {"accumulator", M.Reduction->AccumulatorParam}};
  return Site;
}

void printModelJson(const std::vector<FileModel> &Files, llvm::raw_ostream &OS) {
  llvm::json::Array Out;
  for (const FileModel &F : Files) {
    llvm::json::Array Sites;
    for (const KernelModel &M : F.Sites)
      Sites.push_back(siteJson(M));
    llvm::json::Object O{{"file", F.File}, {"sites", std::move(Sites)}};
    if (F.Failed)
      O["error"] = F.Error;
    Out.push_back(std::move(O));
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"kfuse_sites", 1}, {"files", std::move(Out)}}))
     << "\n";
}

} // namespace kfuse
