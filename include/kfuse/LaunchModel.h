//===- LaunchModel.h - What kfuse knows about one Kokkos launch -*- C++ -*-===//
//
// Plain data describing a Kokkos::parallel_for/reduce/scan site: the policy,
// the functor, and every View and scalar the kernel body touches. Produced by
// LaunchFinder, read by the printer, the instrumenter and the planner.
//
//===----------------------------------------------------------------------===//

#ifndef KFUSE_LAUNCHMODEL_H
#define KFUSE_LAUNCHMODEL_H

#include <cstdint>
#include <optional>
#include <map>
#include <string>
#include <vector>

namespace kfuse {

/// A position in a user file (1-based line and column, as compilers print).
struct SourcePos {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A byte range in a user file (the expansion of any macro involved).
struct TextRange {
  unsigned Offset = 0;
  unsigned Length = 0;
  bool valid() const { return Length != 0; }
};

/// Which Kokkos parallel pattern a site launches.
enum class LaunchKind { For, Reduce, Scan };

/// How a kernel body uses a View's elements.
enum class AccessMode {
  Read,        ///< only loaded
  Write,       ///< only stored (plain assignment)
  ReadWrite,   ///< compound assignment, ++/--, or both loads and stores
  Atomic,      ///< through Kokkos::atomic_* or an atomic View
  PassedToCall ///< the View or an element reference escapes into a call
};

/// What policy a launch runs over.
enum class PolicyKind { Count, Range, MDRange, Team, Other };

/// How one index expression of a View access relates to the launch index.
enum class IndexForm {
  LaunchIndex, ///< an index parameter of the kernel plus a constant offset
  LoopVar,     ///< an inner for-loop variable plus a constant offset
  Constant,    ///< an integer constant
  Indirect,    ///< contains a View access (a(idx(i)))
  Other        ///< anything else (i*2, a scalar, a function call)
};

/// One subscript of a View access, e.g. the `i+1` in `a(i+1, j)`.
struct IndexExpr {
  std::string Text;    ///< as written
  IndexForm Form = IndexForm::Other;
  std::string Var;     ///< the index parameter or loop variable, if any
  int64_t Offset = 0;  ///< the constant added to Var, or the constant itself
  TextRange Range;     ///< where it is written (invalid inside macros)
  /// The index's value as a term over the launch indices (`i0`), literals,
  /// captured numbers (`$r`) and elements of Views (`@d.list(...)`), with
  /// the locals it reads and the accessors it calls written out:
  /// `(+ @d.rows($r) i0)`. Two kernels computing one term from the same
  /// Views and numbers compute the same value. Empty where kfuse cannot
  /// spell it (a call it does not follow, a local changed in the body).
  std::string Value;
};

/// One element access (or escape) of a View inside the kernel body.
struct ViewAccess {
  AccessMode Mode = AccessMode::Read;
  std::vector<IndexExpr> Indices; ///< empty when the whole View escapes
  SourcePos Pos;
  std::string Callee; ///< for PassedToCall/Atomic: the function called
  /// The accessor call the body reads it through (`list.row(i)`), where the
  /// body never indexes the View itself: some elements, which data choose.
  std::string Through;
  TextRange Range;    ///< the whole access `a(i, j)` (invalid inside macros)
  /// Made inside an inner loop: of the body, or of a call the body makes
  /// that the analysis followed (whose loops are not the body's Loops).
  bool InLoop = false;
  /// Made on every iteration of the launch: not under a branch or in a
  /// loop, nor after a statement that may leave the body.
  bool Always = false;
};

/// A View the kernel uses: a lambda capture or a functor member, or a
/// public member of one (`field.density`).
struct ViewUse {
  /// As spelled in the body: the capture or member name, or the path to it
  /// through members of a captured object (`field.density`).
  std::string Name;
  /// The captured object (or functor member) the View is a member of,
  /// `field` for `field.density`; empty when the View is captured itself.
  std::string Root;
  /// The class of Root, described as FunctorModel describes a functor's
  /// (empty when it cannot be named: a template, an unnamed class).
  std::string RootClass;
  std::string RootFile;
  unsigned RootOffset = 0;
  bool RootFileOnly = false;
  /// Declared in the body (a subview or an unmanaged View over scratch):
  /// not a capture, so neither recorded nor passed to a fused kernel.
  bool Local = false;
  std::string Type;     ///< the View type as written
  std::string ValueType;///< element type (`double`, `const int`)
  std::string ValueTypeCanonical; ///< without typedefs and qualifiers (`double`)
  unsigned Rank = 0;
  std::string Layout;   ///< LayoutRight, LayoutLeft, LayoutStride, or empty
  bool IsMember = false;///< functor data member rather than lambda capture
  /// A member of a functor object bound to the variable its constructor
  /// copies into it (FunctorModel::Bound): the member's name; Name is then
  /// the variable's, as a lambda capturing it would name it.
  std::string Member;
  bool PrivateMember = false; ///< a member that is not public
  /// A member of the functor reached from `*this` that code of the
  /// functor's class may name (a public, protected or own private member):
  /// a launch of `*this` in one of its member functions can read it there.
  bool ClassReadable = false;
  /// Reached only through this accessor method of Root (`d.vnew(i)`, whose
  /// body is `return m_vnew[i];`): the body reads it through the accessor,
  /// and kfuse cannot name the View itself (no identity recorded, no guard
  /// entry, no restrict pointer). Name is the path to the member.
  std::string Accessor;
  /// Reached through an accessor, yet nameable by its path of public
  /// members from a lambda's capture (`list.entries`, read through the row
  /// `list.row(i)` hands out): the profile records it and the guard checks
  /// it like any View, though the body never names it.
  bool Named = false;
  /// For a View reached through an accessor along private members
  /// (`mesh.m_u`, `m_u` private), one step per member of Name after Root:
  /// the class declaring it, spelled from the global namespace, or empty
  /// where that member is public. Code outside the
  /// class names the View through pointers to those members, which an
  /// explicit instantiation names (access is not checked there; see
  /// emit/PrivateMembers.h). Empty when no member is private, or when one
  /// cannot be spelled (Named is then false).
  struct MemberStep {
    std::string Member, Class;
  };
  std::vector<MemberStep> Steps;
  /// A View variable that the launch's function allocates (declared with a
  /// label) and names, before the launch, only in its kernels: no View
  /// that existed before can share its memory.
  bool Fresh = false;
  bool MetadataUsed = false;  ///< extent(), stride() or size() called in the body
  /// Not a View: a raw pointer to numbers that a lambda captures and the
  /// body only indexes (`p[i + 1]`), as a 1-D array (Rank 1, LayoutRight).
  /// Nothing records its identity; the guard checks its footprint, the
  /// elements its accesses reach over the launch's range.
  bool Pointer = false;
  /// For a raw pointer: the View variable whose data() initialises it
  /// (`double *p = a.data();` in the launch's function), or "". A hint
  /// only: the guard checks the pointer is that View's data where the plan
  /// relies on it.
  std::string DataOf;
  /// The type spelled so that any file of the project can name it (the
  /// canonical type, when it names only Kokkos, the standard library and
  /// built-in types, and names no execution or memory space a typedef
  /// chose), or "" when there is no such spelling.
  std::string PortableType;
  AccessMode Mode = AccessMode::Read; ///< the combined mode over all accesses
  std::vector<ViewAccess> Accesses;
};

/// A memory access in a kernel body that kfuse cannot attribute to a View:
/// through a raw pointer, an accessor method of a captured object, or an
/// object holding Views passed to a function. It may touch anything.
struct UnknownAccess {
  std::string Text; ///< the access as written (`d.a(i + 1)`, `p[i]`)
  std::string Why;  ///< how it reaches memory ("accessor 'a' of 'd'")
  SourcePos Pos;
  bool MayWrite = true; ///< false when it provably only loads
};

/// A non-View variable the kernel reads (a captured scalar or a member).
struct ScalarUse {
  std::string Name;
  std::string Type;
  bool IsMember = false;
  bool Written = false; ///< assigned in the body (a bug in Kokkos, noted)
  /// A pointer (or array) the body stores through: `p[i] = x`.
  bool WrittenThrough = false;
  bool PrivateMember = false; ///< a functor's member that is not public
  std::string PortableType; ///< as ViewUse::PortableType
  /// Where the body names it, in text order of the walk (invalid inside
  /// macros): a fused body that renames it rewrites these.
  std::vector<TextRange> Refs;
};

/// A `for` loop inside the kernel body.
struct InnerLoop {
  std::string Var;
  std::string Begin; ///< initial value as written
  std::string End;   ///< the exclusive bound: `N` for `j < N`, `(N) + 1` for `j <= N`
  std::string Cond;  ///< the whole condition as written
  std::string Step;  ///< the increment as written
  unsigned Depth = 1;///< 1 for a loop directly in the body
  SourcePos Pos;
  TextRange Range;    ///< the whole `for` statement
  TextRange BodyRange;///< the loop's body statement
};

/// A statement directly in the kernel body, in order.
struct BodyStatement {
  enum class Form { Declaration, Loop, Other } Kind = Form::Other;
  TextRange Range;                   ///< as written (a declaration through its `;`)
  std::vector<std::string> Declares; ///< the variables a declaration declares
};

/// The execution policy of a launch.
struct PolicyModel {
  PolicyKind Kind = PolicyKind::Other;
  std::string Text;          ///< the policy argument as written
  std::string TypeName;      ///< RangePolicy, MDRangePolicy, TeamPolicy, ...
  std::string ExecSpace;     ///< template argument naming an execution space
  std::string WorkTag;       ///< template argument naming a work tag
  /// The work tag's class as code of other functions names it
  /// (`Integrate::TagFinal`; empty where it cannot be spelled: a template
  /// specialization, a local class), the file declaring it (absolute),
  /// where, and whether only that file can name it (an anonymous
  /// namespace's).
  std::string WorkTagClass;
  std::string WorkTagFile;
  unsigned WorkTagOffset = 0;
  bool WorkTagFileOnly = false;
  std::string IndexType;     ///< IndexType<T> or an integral template argument
  std::string Schedule;      ///< Schedule<...>, if given
  unsigned Rank = 1;         ///< dimensions (MDRange rank; 1 otherwise)
  std::vector<std::string> Begin; ///< per dimension, as written ("0" if implied)
  std::vector<std::string> End;   ///< per dimension, as written
  std::string LeagueSize, TeamSize; ///< TeamPolicy arguments
  /// Constructor arguments besides the bounds (an execution space instance,
  /// a chunk size): the policy cannot be rebuilt from the fields above.
  bool OtherArgs = false;
  /// A 1-D end written as `base`, `base + k` or `base - k` (k an integer
  /// literal): the base as written and k, so related ranges are recognised.
  std::string EndBase;
  int64_t EndOffset = 0;
  /// A range or box whose bounds kfuse does not read (a policy a helper
  /// builds, `cells(chunk)`, or a variable) and whose expression changes
  /// nothing: it can be evaluated again, and compared at run time
  /// (`::kfuse::bounds_of`).
  bool OpaqueBounds = false;
  std::vector<std::string> HelperReads; ///< names the helper's body reads
  /// Names the policy takes from namespace scope (types, templates,
  /// enumerators, globals: `T_INT` in `RangePolicy<IndexType<T_INT>>`),
  /// and per name the project file declaring it ("" in a system header):
  /// code elsewhere may name them where it includes that file.
  std::vector<std::string> GlobalNames, GlobalFiles;
  TextRange Range;           ///< the policy argument
};

/// The functor a launch runs.
struct FunctorModel {
  enum class Form { Lambda, Object, Unknown } Kind = Form::Unknown;
  std::string LambdaMacro;   ///< KOKKOS_LAMBDA, KOKKOS_CLASS_LAMBDA, or "[=]" / "[&]"
  std::string ClassName;     ///< for functor objects
  /// Functor objects: the class as code of the file defining it can name it
  /// (anonymous namespaces left out), the file (absolute), and whether only
  /// that file can name it (an anonymous namespace, a local class) or it is
  /// a template specialization.
  std::string SpelledClass;
  std::string ClassFile;
  unsigned ClassOffset = 0; ///< where its definition begins in ClassFile
  bool ClassFileOnly = false;
  bool ClassTemplate = false;
  /// What the class and its bases declare besides non-static data members
  /// (methods, types, static members, enumerators): names its operator's
  /// body may use that only the class scope knows.
  std::vector<std::string> ClassScopeNames;
  std::string OperatorSignature; ///< the operator() the tag selects
  std::string Text;          ///< the functor argument as written
  std::vector<std::string> IndexParams;  ///< names of the index parameters
  std::string IndexType;     ///< type of the first index parameter
  bool BodyVisible = false;  ///< the body was analysed
  /// A lambda that captures only by copy, and not `this`: its captures can
  /// be stored and the kernel launched later.
  bool CopiesOnly = false;
  /// A functor object other than `*this`, built where it is launched
  /// (`Scale(a, b, 2.0)`, `Axpy<V>{x, y, a}`) or in a local variable declared
  /// before, whose constructor only copies its arguments: every View member
  /// the kernel uses is bound to the variable copied into it
  /// (ViewUse::Member), so kernels compare Views by what they are.
  bool Bound = false;
  /// Bound and a local variable built before its launch (not a temporary):
  /// the guard checks its members still hold the variables they were bound
  /// to (code between may have rebound a name).
  bool BoundVariable = false;
  /// BoundVariable: where its declaration statement begins (a file offset).
  unsigned VariableOffset = 0;
  /// The class declares what a reduction of it uses (init, join or final,
  /// or a value_type other than the accumulator's number): it reduces its
  /// own way.
  bool ReductionMembers = false;
  std::string BindWhy; ///< why an object is not bound, for remarks
  SourcePos BodyPos;
  TextRange BodyRange;       ///< the lambda's `{ ... }`
  /// The body `{ ... }` as written (a functor object's operator() may be
  /// in another file than the launch: BodyRange is an offset into that one).
  std::string BodyText;
  TextRange Range;           ///< the functor argument
};

/// The reducer and result of a parallel_reduce (or scan).
struct ReductionModel {
  std::string Reducer;       ///< Sum (implicit), or the reducer class (Max, MinLoc...)
  std::string ResultText;    ///< the result variable (inside a reducer)
  std::string ResultArgText; ///< the whole result argument as written
  std::string ResultType;
  bool ResultIsView = false;
  /// The result is a variable of arithmetic type, given directly or to a
  /// Sum/Prod/Min/Max reducer: several such reductions combine into one.
  bool ScalarVariable = false;
  /// The result is a variable (of any type) given to a Kokkos reducer
  /// (`Kokkos::MinLoc<double, int>(loc)`): several such reductions combine
  /// through the reducers' own init and join.
  bool ReducerVariable = false;
  /// The result is a variable of a class type, given directly (a value
  /// type of the program's own, a minimum with its location): Kokkos initialises it
  /// with its default constructor and joins with `+=`, and so does a
  /// combined value holding several.
  bool ClassVariable = false;
  /// That reducer's type as any scope can name it (portableTypeText).
  std::string ReducerType;
  /// In an instantiated template, a type of the reduction (its value, its
  /// result, its reducer) that a template parameter supplied, as written
  /// ("" when none): other instantiations replace it.
  std::string TemplateTyped;
  std::string AccumulatorParam; ///< name of the lambda's accumulator parameter
  std::string AccumulatorType;
  /// The accumulator's type as any scope can name it (portableTypeText),
  /// or "": what a functor composing functor objects declares.
  std::string AccumulatorPortable;
  /// A class accumulator's type fully qualified, when the class is declared
  /// at namespace scope outside anonymous namespaces (another function or a
  /// file including its header names it so), or "".
  std::string AccumulatorQualified;
};

/// A host `for` loop whose body is launches and nothing else,
/// `for (int t = 0; t < T; ++t) { Kokkos::parallel_for(...); ... }`: the
/// launches run back to back, the last with the first of the next
/// iteration. When each element of what they write is touched by one launch
/// index only, the loop can run inside the fused kernel instead (temporal
/// fusion).
struct RepeatLoop {
  TextRange Range;  ///< the whole `for` statement
  TextRange Header; ///< `for (...)` through its `)`
  SourcePos Pos;
  /// Statements of the loop's body. It is launches only where that many
  /// sites have this loop (one: the launch alone).
  unsigned BodySize = 1;
  std::vector<std::string> LoopVars; ///< declared by its init statement
  std::vector<ScalarUse> Names;      ///< other variables its header reads
  /// Why the header cannot run inside a kernel (it calls a function, names a
  /// View or an object, changes a variable of the enclosing code), or "".
  std::string Unsupported;
};

/// What one host statement between two launches of a block does, from the
/// AST: the variables it declares, changes and reads, the variables whose
/// View data it may read or write, and why it might touch any memory at all.
/// Calls into functions whose bodies the unit holds are followed.
struct HostStatement {
  TextRange Range;
  SourcePos Pos;
  std::vector<std::string> Declares;
  /// Assigned, incremented, or passed by non-const reference or address.
  std::vector<std::string> Changes;
  std::vector<std::string> Reads;
  /// View variables used for more than their metadata (`extent`, `size`,
  /// `label`): the statement may read or write their elements, or copy them
  /// to another name.
  std::vector<std::string> TouchesViews;
  /// Those of TouchesViews whose elements the statement only reads: the
  /// source of a statement that is one `Kokkos::deep_copy(dst, src)` of two
  /// View variables, or a View whose every use is an element loaded
  /// (`double x = a(0) + a(1);`: not assigned, not bound to a reference,
  /// not passed to a function).
  std::vector<std::string> ReadOnlyViews;
  /// Objects with Views among their members used for more than reading a
  /// number: any of those Views' elements may be touched.
  std::vector<std::string> TouchesObjects;
  /// Why the statement may touch any memory (a call into code kfuse cannot
  /// see, control flow leaving the block, a raw pointer), or "".
  std::string Opaque;
  SourcePos OpaquePos;
  /// Numbers read through pointers to objects (`input->rate`), by their
  /// canonical type: memory kfuse cannot name, but of that type only.
  std::vector<std::string> PointerReads;
  /// Numbers read or written through pointer data members (`array[which]
  /// += t`): memory kfuse cannot name, unless the member only ever holds an
  /// allocation of its own (FileModel::PointerFields, judged over every
  /// unit), else of that type only. Opaque says where; not OpaqueOther.
  struct FieldUse {
    std::string Name; ///< the member, qualified
    std::string Type; ///< the number's canonical type
    bool Written = false;
    bool operator==(const FieldUse &O) const {
      return Name == O.Name && Type == O.Type && Written == O.Written;
    }
  };
  std::vector<FieldUse> FieldPointers;
  /// A value read or written through a reference parameter of the
  /// function (`double &out`): its referent may be any memory of its type,
  /// an element of a View too. Type: canonical, as ViewUse::ValueTypeCanonical.
  struct ReferenceUse {
    std::string Name, Type;
    bool Written = false;
  };
  std::vector<ReferenceUse> ThroughReferences;
  /// Opaque for a reason other than PointerReads.
  bool OpaqueOther = false;
  /// Functions of the project it calls (or its callees call) whose bodies
  /// the unit does not hold, and virtual ones (the overrider is chosen at
  /// run time): the planner may find their bodies in other units.
  struct UnseenCall {
    std::string Usr, Name;
    bool Virtual = false;
  };
  std::vector<UnseenCall> Unseen;
  /// Where it (or a callee the unit holds) launches kernels: the planner
  /// may know what each stores (KernelModel::Pos).
  std::vector<SourcePos> Launches;
  /// Opaque for a reason other than PointerReads, the Unseen calls and the
  /// Launches.
  bool OpaqueBeyondCalls = false;
};

/// The host statements between a launch and the previous launch statement
/// of its block.
struct HostGap {
  unsigned From = 0; ///< just after the previous launch statement's `;`
  unsigned To = 0;   ///< where this launch statement begins
  std::vector<HostStatement> Statements;
  bool Directive = false; ///< a preprocessor directive between them
};

/// The host condition of a launch that is all an `if` (without `else`)
/// does: `if (flag) Kokkos::parallel_for(...);`, braces or not.
struct LaunchCondition {
  std::string Text;      ///< the condition as written
  SourcePos Pos;
  HostStatement Effects; ///< what evaluating it reads (and whether it does more)
};

/// The stable identity of a launch site (DESIGN.md, "Site identity").
struct SiteId {
  std::string RelFile;   ///< file relative to the project root
  std::string Function;  ///< enclosing function (qualified), or "<global>"
  unsigned Ordinal = 0;  ///< index among the launches of that function
  std::string Hash;      ///< 16 hex digits of the normalized launch text
  /// "file:function#ordinal:hash", the key profiles and plans use.
  std::string str() const;
};

/// Everything kfuse knows about one launch site.
struct KernelModel {
  SiteId Id;
  /// The file the launch is written in (absolute): the main file of the
  /// unit or a project header. Every TextRange of the model is an offset
  /// into this file.
  std::string File;
  LaunchKind Kind = LaunchKind::For;
  SourcePos Pos;            ///< where the call is written (macro use, not definition)
  std::string CallText;     ///< the whole launch as written
  TextRange CallRange;      ///< the whole launch, `Kokkos::` to `)`
  /// The launch statement through its `;`, when the launch is a statement
  /// of a block (not part of a larger expression); otherwise invalid.
  TextRange StmtRange;
  /// The launch statement through its `;` whenever the launch is a whole
  /// statement, also the body of a brace-less `if` or loop.
  TextRange WholeStmt;
  unsigned BlockOffset = 0; ///< offset of the enclosing block's `{`
  /// Start of the line where the namespace-scope declaration holding the
  /// launch begins, before the comments right above it: where a fused
  /// functor can be defined (types local to a function cannot instantiate
  /// a CUDA kernel).
  unsigned TopDeclOffset = 0;
  std::string LabelKind;    ///< "literal", "expression" or "none"
  std::string Label;        ///< literal text, or the expression as written
  PolicyModel Policy;
  FunctorModel Functor;
  std::vector<ViewUse> Views;
  std::vector<ScalarUse> Scalars;
  /// Accesses not attributed to any View: the kernel may touch any memory
  /// there, so it is not fused with a kernel it might depend on.
  std::vector<UnknownAccess> Unknown;
  /// The body (and every function it calls, followed through their
  /// bodies) stores only into its locals and its accumulator: the kernel
  /// changes no memory anything else reads, whatever it reads. For a
  /// template, in every instantiation of the unit.
  bool StoresOnlyLocals = false;
  /// Else its first store that may reach other memory, "what (file:line)".
  std::string FirstStore;
  std::vector<InnerLoop> Loops;
  std::vector<BodyStatement> Statements; ///< of the body, when it is a block
  std::optional<ReductionModel> Reduction;
  std::optional<RepeatLoop> Repeat; ///< the host loop around the launch alone
  /// The host code between the previous launch statement of the block and
  /// this one, when the launch is a statement of a block after another.
  std::optional<HostGap> Before;
  /// Variables the launch statement names outside its functor: in the label,
  /// the policy, the reduction result and the condition.
  std::vector<std::string> HostNames;
  /// Set when the launch is guarded by an `if`: StmtRange, BlockOffset and
  /// Before then describe the `if` statement in the block around it.
  std::optional<LaunchCondition> Condition;
  bool InTemplate = false;  ///< written inside a template
  /// For a launch in a template: why its instantiations cannot be fused as
  /// one (they use their Views differently, there is none, the template is
  /// in a header other units may instantiate), or "" when the model, taken
  /// from the first instantiation, holds for every one of this unit.
  std::string TemplateWhy;
  /// TemplateWhy says only that the template is in a header: with every
  /// unit of the program read, its models of the launch are compared
  /// (templateShape) instead.
  bool TemplateInHeader = false;
  /// Instantiations of this unit hold elements of other types in Views of
  /// one name: rules by element type (C++'s aliasing rules) read the first.
  bool TemplateTypesVary = false;
  unsigned Instantiations = 0; ///< seen in this unit
  /// For a launch in a template: its call as written depends on the
  /// template's parameters (its policy, functor or types), so that its
  /// instantiations may launch different kernels.
  bool DependentLaunch = false;
  bool FromMacro = false;   ///< written through a macro expansion
  std::string MacroName;    ///< that macro, as the user wrote it
  bool EarlyExit = false;
  /// The body uses `this` other than to read a data member (a method call,
  /// `*this`): it cannot run outside its object.
  bool ThisBeyondMembers = false;   ///< the body has a `return`
  /// The body passes Views to functions of the project that the analysis
  /// followed (`kick(v, f, i, h)`): their accesses are recorded at the
  /// call (ViewAccess::Range), so the body is kept as written, its Views
  /// never replaced by restrict pointers, its statements never reordered.
  bool FollowsCalls = false;
  /// The body reaches a View through a pointer into it (`&v(k, 0)`,
  /// `v.data()`), any element: kept as written, as FollowsCalls keeps it.
  bool PointsIntoViews = false;
  /// A View the kernel's functor holds, as code at the launch names it.
  struct HeldView {
    std::string Text;
    /// Where its variable is declared in File; 0 where it is in scope
    /// everywhere before the launch (`this->m`, a global of a header).
    unsigned DeclOffset = 0;
  };
  /// Every View the functor holds, whether the body uses it or not (the
  /// shadow check copies them all): a lambda's captures of View type and the
  /// public View members of the objects it captures (and of `*this`); the
  /// public View members of a functor variable.
  std::vector<HeldView> Held;
  /// What the body names that code at namespace scope cannot reach: types
  /// declared in the enclosing function (not in the body), and member
  /// functions called through an implicit `this`.
  std::vector<std::string> ScopedNames;
  /// The template parameters of the enclosing templates that the body
  /// names (`Real(2)`, `N`): the launch site can name them, so a copy of
  /// the body at namespace scope gets them from there (the fused functor
  /// is given each as an empty member whose type carries it).
  struct TemplateParam {
    std::string Name;
    bool IsType = true; ///< a type parameter; else a non-type one
    /// Its argument in the instantiation analysed, as any scope spells it
    /// (`double`, `3`); for a non-type one, ValueType is the argument's
    /// type. Empty where it cannot be spelled.
    std::string Spelled, ValueType;
    bool operator==(const TemplateParam &O) const {
      return Name == O.Name && IsType == O.IsType;
    }
  };
  std::vector<TemplateParam> TemplateParams;
  /// The project files (absolute) declaring what the body names from
  /// outside itself (functions, globals, types): a copy of the body
  /// compiles only where they are included.
  std::vector<std::string> BodyDeclFiles;
  /// Of BodyDeclFiles, those only the data members the body reads through
  /// `this` are declared in: a copy of the body as a functor of its own
  /// members needs none of them.
  std::vector<std::string> BodyMemberFiles;
  /// Of what the body names by lookup (not members reached through an
  /// object), the name first declared last in the body's own file, and
  /// where that declaration begins: a copy of the body earlier in that file
  /// does not compile. Empty when none.
  std::string BodyDeclLast;
  unsigned BodyDeclLastOffset = 0;
  std::vector<std::string> Notes; ///< what could not be analysed, and why
};

/// One statement of a function body, as far as placing a chain of launches
/// across functions needs it: the launch or the call of a project function
/// it is, what it does to memory, and the statements of the `if` or loop it
/// is. Offsets are into the file of the function.
struct FlowStatement {
  enum class Form { Plain, Launch, Call, If, Loop, Block } Kind = Form::Plain;
  TextRange Range;
  SourcePos Pos;
  /// Where a whole line can be inserted before the statement (the start of
  /// its line, when only blanks precede it there) and after it (just past
  /// the end of its line, when only blanks or a comment follow); ~0u when
  /// the statement shares its line with other code.
  unsigned LineBegin = ~0u, LineAfter = ~0u;
  std::string Indent; ///< the blanks before it on its line
  HostStatement Effects;
  /// A declaration that only copies View handles (`auto v = sys.v;`): no
  /// element is touched.
  bool CopiesHandles = false;
  /// An assignment of a View handle a copy of another or an empty View
  /// (`x = atom.x;`, `v = t_v();`): no element is touched, but the name
  /// (Effects.Changes) holds another View afterwards.
  bool AssignsHandle = false;
  /// An assignment to a data member of the function's object, `m = value;`
  /// or `this->m = value;`: the member's name and the value as written
  /// (what a replay declares as a local of the member's name).
  std::string AssignedMember;
  TextRange AssignedValue;
  /// A declaration of types only (`typedef`, `using`): their names.
  std::vector<std::string> DeclaresTypes;
  /// A `return`: Effects are those of its value.
  bool Returns = false;
  /// A `return` whose value is a call of a function of the project (not
  /// virtual): its USR. Nothing of the function runs after that call.
  std::string TailCallee;
  std::string Site;       ///< Launch: its site id
  std::string Callee;     ///< Call: the USR of the function called
  std::string CalleeName; ///< Call: its qualified name
  /// Call: why the call cannot delimit a chain (a virtual call, arguments
  /// that do more than name variables), or "".
  std::string CallProblem;
  /// Call: why evaluating its arguments may touch View data (they name
  /// more than variables), or "".
  std::string ArgsProblem;
  /// Call: numbers its arguments read through pointers (`d.size(r)` whose
  /// body returns `m_size[r]`): PointerReads, and Opaque saying where.
  HostStatement ArgsPointerReads;
  /// Call: what the statement evaluates besides the call (`f(x) / n`),
  /// before or after it: it changes nothing and touches no View; Opaque
  /// when it reads numbers through pointers (PointerReads).
  HostStatement Around;
  /// Call: a virtual call (the function run is chosen at run time), on
  /// the object written as ObjectText (a pointer when ObjectIsPointer).
  bool Virtual = false;
  /// Call: its arguments as written, and whether each is of exactly its
  /// parameter's type (no conversion, no default argument) and names a
  /// variable or changes nothing when evaluated (`d.size(r)`).
  std::vector<std::string> Args;
  bool ArgsExact = false;
  /// Call: per argument, whether it names storage no View's element can
  /// be (a local that is no reference, a parameter taken by value, a plain
  /// data member of one or of an object holding Views, also through an
  /// accessor returning it): a reference parameter bound to it refers to
  /// no View's element.
  std::vector<bool> ArgsLocal;
  std::string ObjectText;
  bool ObjectIsPointer = false;
  /// If: its condition; Loop: its init statement, condition and increment.
  HostStatement Header;
  std::string CondText; ///< If: its condition as written
  bool HasElse = false;
  /// If: just past the line of the `{` of its then-block, when the brace
  /// ends its line; ~0u otherwise.
  unsigned ThenLineAfter = ~0u;
  std::string ThenIndent;
  /// If: the statements of its then-block; Loop: of its body; Block (a
  /// nested `{ ... }`): its own.
  std::vector<FlowStatement> Body;
  /// If: the statements of its else-block (an `else if` is one If).
  std::vector<FlowStatement> Else;
};

/// A function of the project whose body the unit holds.
struct FunctionSummary {
  std::string Usr;
  std::string Name; ///< qualified
  std::string File; ///< absolute
  SourcePos Pos;
  std::vector<FlowStatement> Body;
  /// A method: the USRs of the methods it overrides (transitively), and its
  /// class as FunctorModel describes one (SpelledClass, ClassFile, ...).
  std::vector<std::string> Overrides;
  std::string SpelledClass;
  std::string ClassFile;
  bool ClassFileOnly = false;
  /// A method with an object (`this`): not static.
  bool Method = false;
  /// A virtual method that overrides others whose body the unit does not
  /// hold (declared only, or a class template's specialization it does not
  /// instantiate): not summarized (no Body), recorded so that a virtual
  /// call it may answer is not judged on the other overriders alone, unless
  /// a unit given defines it.
  bool Unsummarized = false;
  std::vector<std::string> Params; ///< the parameters' names
  std::vector<bool> ParamsByReference; ///< per parameter: an lvalue reference
};

/// The launches of one translation unit, or why there are none.
struct FileModel {
  std::string File;
  /// The launches of the unit: in the file and in the project headers it
  /// includes (KernelModel::File says which).
  std::vector<KernelModel> Sites;
  /// For the analysis of a header: the models of its launches that the
  /// other units reading it made (Sites are the first unit's, or those of
  /// the unit that instantiates most of its templates).
  std::vector<KernelModel> OtherUnits;
  /// Every project file the unit read (absolute), the main file first.
  std::vector<std::string> ProjectFiles;
  /// The functions defined in those files (not templates), for placing
  /// chains across functions.
  std::vector<FunctionSummary> Functions;
  /// The pointer data members to numbers the unit's project code uses:
  /// "" where every use keeps the member's memory its own (OwnInEveryUnit
  /// where no other unit can use it), else why not (pointerFieldUses).
  std::map<std::string, std::string> PointerFields;
  bool Failed = false;
  std::string Error;
};

const char *toString(LaunchKind K);
const char *toString(AccessMode M);
const char *toString(PolicyKind K);
const char *toString(IndexForm F);

/// The mode that results from using a View first as \p A and then as \p B.
AccessMode combine(AccessMode A, AccessMode B);

/// The commutative operation an atomic access \p A makes, named by its
/// family (`add` for atomic_add, atomic_fetch_sub, atomic_increment; `max`,
/// `min`, `and`, `or`, `xor`, `mul`), or "" where it is none of these (a
/// compare-exchange, an exchange, a store, an atomic View's update): two
/// atomic updates of one element commute only within one family.
std::string atomicOperation(const ViewAccess &A);

/// What the planner relies on in the model of one instantiation of a
/// launch in a template, apart from types and from the Views it only reads
/// through accessors of objects whose type may differ between
/// instantiations (mergeInstantiation): the instantiations of one launch
/// may be fused as one only when they agree on it.
std::string templateShape(const KernelModel &M);

/// Adds to \p First the Views another instantiation \p Other of its launch
/// only reads through accessors; those not read alike by both (of one name
/// and type) are no longer named (ViewUse::Named): code written once for
/// every instantiation cannot name them. For models of one shape.
void mergeInstantiation(KernelModel &First, const KernelModel &Other);

} // namespace kfuse

#endif // KFUSE_LAUNCHMODEL_H
