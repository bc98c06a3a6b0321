#!/usr/bin/env python3
"""The model of a generated program (chains of launches and what each access touches), shared by the generator and the oracle."""
import zlib
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

# Launch index offsets that keep every access in bounds, by the range's lower
# bound (Views have extent n + 3; i runs over [lo, n + lo)).
OFFSETS = {0: (0, 1, 2), 1: (-1, 0, 1)}
ALIAS_NAMES = ("distinct", "same", "overlap")


@dataclass
class View:
    name: str            # parameter name in the chain's function
    rank: int            # 1 or 2
    etype: str           # double | long
    layout: str          # LayoutRight | LayoutLeft
    slot: int = -1       # 0/1: subview of the chain's store made by the caller (1 is offset
                         # by the alias mode); 2: subview of `parent` made in the function
    parent: str = ""
    sub: int = 0         # slot 2: its first element in the parent
    member: bool = False     # also reachable as fs.NAME(...)
    accessor: bool = False   # also reachable as dom.NAME(...) (an accessor method)
    raw: bool = False        # also reachable as p_NAME[...] (a raw pointer)

    def ctype(self) -> str:
        star = "*" * self.rank
        lay = "" if self.layout == "LayoutRight" else f", Kokkos::{self.layout}"
        return f"Kokkos::View<{self.etype} {star}{lay}>"


# An index is a tuple with one entry per dimension:
#   ('i', off) ('j', off)  launch index plus offset
#   ('k', off)             inner loop variable plus offset
#   ('c', value)           constant
#   ('perm', 0)            idx_perm(i): a permutation
#   ('nonin', 0)           idx_nonin(i): i / 2, not injective
#   ('row', c)             idx_rows.row(i)(c): an entry of a neighbour list's row
#   ('left', 0)            left(i): the cell on one side of face i (--atomics;
#   ('right', 0)           right(i): the other side); two faces per cell
Index = Tuple[Tuple[str, int], ...]

# Indices whose element data choose (any element of the View, as far as a
# tool reading the code can tell).
DATA_CHOSEN = ("perm", "nonin", "row", "left", "right")

# The families of atomic updates (Access.op) whose updates commute with one
# another: adds (add, sub, increment, decrement, fetch_add, fetch_sub; Kokkos
# 3.4 declares add_fetch on Windows only), max (fetch_max, max_fetch), min. A compare-exchange loop ('cas') commutes with nothing, not even with
# itself: no tool can tell what its loop computes.
COMMUTING = ("add", "max", "min")


@dataclass
class Access:
    view: str
    index: Index
    mode: str            # r (read) | w (write) | a (atomic update)
    spelling: str = "plain"   # plain | member | accessor | raw
    op: str = "add"      # mode a: the update's family, add | max | min | cas


@dataclass
class Expr:
    terms: list          # (sign, term); term = ('v', Access) | ('var', name) | ('res', name) | ('acc', name)
    const: int = 0


@dataclass
class Stmt:
    kind: str            # assign | atomic | reduce | loop | accdecl | accum
    target: Optional[Access] = None
    expr: Optional[Expr] = None
    body: list = field(default_factory=list)   # loop: the inner statements
    acc: str = ""        # accdecl, accum: the accumulator's name
    # atomic: how it is written (generate.spell_atomic), '' for
    # `Kokkos::atomic_add(&a(i), x)`, else 'ADDRESS OPERATION CELL': the
    # address in place (&g(c)), through a pointer (double *p = &g(c)) or
    # made from data() (g.data() + c); the Kokkos operation (add,
    # fetch_add, increment, fetch_max, cas_max, ...); the cell's index in a
    # local (`const int cell = left(i);`) or written in place. assign: 'zero'
    # writes 0 (no kf_wrap).
    form: str = ""


@dataclass
class Kernel:
    label: str
    kind: str            # for | reduce
    md: bool             # MDRangePolicy<Rank<2>>
    policy: str          # count | range | md
    lo: int
    hi: str              # n | n2 | n - 1
    body: List[Stmt]
    reducer: str = ""    # sum | max
    result: str = ""     # host variable of the reduction


@dataclass
class Item:
    kind: str            # launch | if | loop | host
    kernel: Optional[Kernel] = None
    bit: int = 0         # if: the flag bit tested
    braces: bool = False
    reps: int = 0        # loop: iterations
    loop: int = -1       # loop: the id of a host loop of several launches (its items in a row)
    host: str = ""       # arith | mirror | fence | fill | use-result
    view: str = ""
    member: bool = False  # mirror, fill: the View named as a member of the chain's struct (fs.g)
    result: str = ""


@dataclass
class Chain:
    name: str
    views: List[View]
    lo: int
    md: bool
    items: List[Item]
    shift: int = 0               # alias mode of the store's subviews: (alias + shift) % 3
    store_type: str = ""         # element type of the store, when there is one
    # The store is a row-major matrix of two columns, x and y columns of it
    # (LayoutStride): apart, y is the other column; the same, the same
    # column; overlapping, the same column one row down.
    columns: bool = False
    results: List[str] = field(default_factory=list)
    # The chain's function is a template when set: ("value", V) for
    # `template <int KfC>` called with V, ("type", "int") for
    # `template <class KfT>`; its lambdas spell constants through it.
    tparam: Optional[Tuple[str, object]] = None
    # The accessor class keeps its Views private (built by a constructor):
    # the guard names them through pointers to the members, and they are
    # the Views also passed.
    private_dom: bool = False
    # That class is declared in a namespace of its own (and a using
    # declaration brings it into the global one).
    dom_namespace: bool = False
    # --atomics: the chain has kernels over faces that scatter through
    # atomics at the cells `left` and `right` (index Views its function
    # takes) name.
    faces: bool = False

    def view(self, name: str) -> View:
        return next(v for v in self.views if v.name == name)

    def kernels(self) -> List[Kernel]:
        return [it.kernel for it in self.items if it.kernel is not None]


@dataclass
class Program:
    seed: int
    n0: int
    m0: int
    alias0: int
    flags0: int
    nbits: int
    steps: int
    chains: List[Chain]

    @property
    def wide(self) -> bool:
        """Ranges above the 256 indices a fused kernel runs per chunk on the
        host: sums that grow with the range (reductions, atomic adds) take
        wrapped terms, so that they stay exact."""
        return self.n0 > 256

    def args(self, n=None, n2=None, m=None, alias=None, flags=None) -> List[str]:
        n = self.n0 if n is None else n
        return [str(x) for x in (n, n if n2 is None else n2, self.m0 if m is None else m,
                                 self.alias0 if alias is None else alias,
                                 self.flags0 if flags is None else flags)]

    def run_modes(self) -> dict:
        """Argument lists of the runs compared: the profiled one first."""
        modes = {"profiled": self.args(),
                 "flipped": self.args(flags=self.flags0 ^ ((1 << self.nbits) - 1)),
                 "resized": self.args(n=self.n0 + 5, m=self.m0 + 1),
                 "ranges": self.args(n2=self.n0 - 1)}
        if any(v.slot >= 0 for c in self.chains for v in c.views):
            modes["alias+1"] = self.args(alias=(self.alias0 + 1) % 3)
            modes["alias+2"] = self.args(alias=(self.alias0 + 2) % 3)
        return modes


# ------------------------------------------------------------- walking

def walk(stmts):
    """Every statement, those of inner loops included."""
    for s in stmts:
        yield s
        if s.kind == "loop":
            yield from walk(s.body)


def accesses(k: Kernel) -> List[Access]:
    """Every access of a kernel, in the order written."""
    out = []
    for s in walk(k.body):
        if s.target is not None:
            out.append(s.target)
        if s.expr is not None:
            out += [t[1] for _, t in s.expr.terms if t[0] == "v"]
    return out


def results_read(k: Kernel) -> List[str]:
    """The reduction results (host variables) a kernel reads."""
    return [t[1] for s in walk(k.body) if s.expr is not None for _, t in s.expr.terms
            if t[0] == "res"]


def spell_index(index: Index) -> List[str]:
    out = []
    for kind, val in index:
        if kind in ("i", "j", "k"):
            out.append(kind if val == 0 else f"{kind} {'+' if val > 0 else '-'} {abs(val)}")
        elif kind == "c":
            out.append(str(val))
        elif kind == "perm":
            out.append("idx_perm(i)")
        elif kind == "row":
            out.append(f"idx_rows.row(i)({val})")
        elif kind in ("left", "right"):
            out.append(f"{kind}(i)")
        else:
            out.append("idx_nonin(i)")
    return out


# The chain whose function is being written (generate.emit_chain): names
# its accessor object's device functions.
CURRENT_CHAIN = ""


def spell_access(a: Access) -> str:
    """The access as the program writes it."""
    rank = len(a.index)
    ix = spell_index(a.index)
    if a.spelling == "raw":
        # About an eighth through a device function handed the element's
        # address (kf_ref(&p[i])): that element, as kfuse reads it.
        if a.mode in "rw" and zlib.crc32(f"{a.view}:{ix}:{a.mode}".encode()) % 8 == 3:
            return f"kf_ref(&p_{a.view}[{ix[0]}])"
        return f"p_{a.view}[{ix[0]}]"
    prefix = {"plain": "", "member": "fs.", "accessor": "dom."}[a.spelling]
    # About a quarter of the plain reads and writes pass the View to a device
    # function (kf_at), chosen by the access's text: the program is the same
    # otherwise.
    spelled = zlib.crc32(f"{a.view}:{ix}:{a.mode}".encode()) % 8
    if a.spelling == "plain" and a.mode in "rw" and spelled in (0, 4):
        return f"kf_at({a.view}, {', '.join(ix[:rank])})"
    # About an eighth of the plain reads pass the View whole to a device
    # function kfuse does not follow (kf_get).
    if a.spelling == "plain" and a.mode == "r" and spelled == 1:
        return f"kf_get({a.view}, {', '.join(ix[:rank])})"
    # About a sixteenth of the plain reads of 1-D Views through a device
    # function that changes its index before it indexes (kf_shift: `i = i +
    # 1; return v(i - 1);`), the same element: kfuse must not read the
    # parameter as its argument.
    if (a.spelling == "plain" and a.mode == "r" and rank == 1 and
            zlib.crc32(f"{a.view}:{ix}:{a.mode}:shift".encode()) % 16 == 0):
        return f"kf_shift({a.view}, {ix[0]})"
    # About an eighth of the plain reads of 1-D Views, and of the accessor
    # reads and writes, hand a pointer to the element to a device function
    # (kf_elem, kf_ref): kfuse follows it into any element of the View.
    if a.spelling == "plain" and a.mode == "r" and rank == 1 and spelled == 2:
        return f"kf_elem(&{a.view}({ix[0]}), 0)"
    if a.spelling == "accessor" and a.mode == "r" and spelled == 5 and CURRENT_CHAIN:
        return f"kf_{CURRENT_CHAIN}_{a.view}(dom, {', '.join(ix[:rank])})"
    if a.spelling == "accessor" and a.mode in "rw" and spelled == 6:
        return f"kf_ref(&dom.{a.view}({', '.join(ix[:rank])}))"
    return f"{prefix}{a.view}({', '.join(ix[:rank])})"
