#!/usr/bin/env python3
"""Random Kokkos programs for differential testing of kfuse, deterministic by seed, with a legality oracle per chain."""
# One program = 4-6 functions ("chains"), each a sequence of 2-5 launches
# (with host statements, `if`s and host loops between them) over its own
# Views, called from main's time loop. Values stay exact: every write wraps
# its value into a small integer range, so doubles hold integers and the
# fused and original programs print the same bits. The oracle (oracle.py)
# says which launches of each chain may be fused.
#
# Usage: generate.py SEED [-o prog.cpp] [--oracle prog.oracle.json]
#        [--split] [--functors] [--pointers | --atomics]
import argparse
import os
import json
import random
import re
import sys
import zlib

import model
from typing import List

from model import (spell_index, OFFSETS, Access, Chain, Expr, Index, Item, Kernel, Program, Stmt, View,
                   spell_access)
from oracle import conflict_possible, key, oracle_json

TIME_STEPS = (2, 3)

# The fused code on the host runs chunks of this many indices per call: a
# wrong fusion may only show over a longer range.
CHUNK = 256


# ------------------------------------------------------------- generation

class Generator:
    def __init__(self, seed: int, pointers: bool = False, atomics: bool = False):
        self.seed = seed
        # --pointers: a raw pointer to a View's data in about two thirds of
        # the chains (a mode of its own: the programs of the other modes
        # keep their shapes).
        self.pointers = pointers
        # --atomics: kernels over faces scattering through atomics into
        # most chains (a mode of its own, from a stream of its own:
        # face_block).
        self.atomics = atomics
        self.atom = random.Random(f"{seed}:atomics")
        self.r = random.Random(seed)
        # Draws of shapes added later, apart from self.r: the programs of
        # earlier seeds keep their shapes.
        self.rows = random.Random(f"{seed}:rows")
        self.alike = random.Random(f"{seed}:alike")

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, weighted):
        """weighted: list of (weight, value)."""
        total = sum(w for w, _ in weighted)
        x = self.r.random() * total
        for w, v in weighted:
            x -= w
            if x < 0:
                return v
        return weighted[-1][1]

    def program(self) -> Program:
        r = self.r
        # Drawn first: kernels are generated race free in the profiled aliasing.
        self.alias0 = alias0 = self.pick([(6, 0), (2, 1), (2, 2)])
        n0, m0 = r.randint(9, 24), r.randint(3, 6)
        # About half of the programs run ranges longer than a chunk (from a
        # stream of its own: the programs are otherwise the same).
        sizes = random.Random(f"{self.seed}:sizes")
        if sizes.random() < 0.5:
            n0 = wide_size(sizes)
        nbits = 0
        chains = []
        for c in range(r.randint(4, 6)):
            chain = self.chain(f"c{c}", nbits)
            nbits += sum(1 for it in chain.items if it.kind == "if")
            chains.append(chain)
        flags0 = r.randrange(1 << nbits) if nbits else 0
        return Program(self.seed, n0, m0, alias0, flags0, nbits, r.choice(TIME_STEPS), chains)

    # -- views and chains

    def chain(self, name: str, first_bit: int) -> Chain:
        r = self.r
        views = []
        for k in range(r.randint(2, 4)):
            views.append(View("abcd"[k], 1, self.pick([(3, "double"), (1, "long")]),
                              self.pick([(3, "LayoutRight"), (1, "LayoutLeft")])))
        if self.chance(0.4):
            for k in range(r.randint(1, 2)):
                views.append(View("zw"[k], 2, self.pick([(3, "double"), (1, "long")]),
                                  self.pick([(1, "LayoutRight"), (1, "LayoutLeft")])))
        chain = Chain(name, views, lo=self.pick([(2, 0), (1, 1)]),
                      md=any(v.rank == 2 for v in views) and self.chance(0.35), items=[])
        if self.chance(0.25):  # two subviews of one allocation, made by the caller
            chain.store_type = self.pick([(3, "double"), (1, "long")])
            chain.shift = r.randrange(3)
            # About four in ten stores are a matrix whose columns x and y are
            # (from a stream of its own: the programs are otherwise the same).
            chain.columns = random.Random(f"{self.seed}:{name}:columns").random() < 0.4
            lay = "LayoutStride" if chain.columns else "LayoutRight"
            views += [View("x", 1, chain.store_type, lay, slot=0),
                      View("y", 1, chain.store_type, lay, slot=1)]
            if self.chance(0.4):  # and one made in the function
                views.append(View("u", 1, chain.store_type, lay, slot=2,
                                  parent=r.choice("xy"), sub=r.randint(0, 2)))
        one_d = [v for v in views if v.rank == 1]
        passed = [v for v in views if v.slot != 2]  # what main can put in a struct
        if self.chance(0.15):
            for v in r.sample(passed, r.randint(1, min(2, len(passed)))):
                v.member = True
        if self.chance(0.12):
            r.choice(passed).accessor = True
        if self.chance(0.12):
            # (A column's elements are not contiguous: indexing its data()
            # would be another program.)
            contiguous = [v for v in one_d if v.layout != "LayoutStride"]
            choice = r.choice(one_d)
            if choice in contiguous:
                choice.raw = True
        contiguous = [v for v in one_d if v.layout != "LayoutStride"]
        if self.pointers and contiguous and not any(v.raw for v in views) and \
                self.alike.random() < 0.7:
            self.alike.choice(contiguous).raw = True
        # The index each View is mostly used with in this chain: kernels that
        # agree on it may be fused.
        self.pref = {}
        for v in views:
            self.pref[v.name] = self.preferred(v, chain)
        self.cur = chain
        nk = r.randint(2, 5)
        bit = first_bit
        for k in range(nk):
            if k and self.chance(0.25):
                chain.items.append(self.host_item(chain))
            kind = self.pick([(10, "launch"), (2, "if"), (1, "loop")])
            kern = self.kernel(chain, f"{name}k{k}", in_loop=kind == "loop")
            if kind == "if":
                chain.items.append(Item("if", kern, bit=bit, braces=self.chance(0.5)))
                bit += 1
            elif kind == "loop":
                chain.items.append(Item("loop", kern, reps=r.randint(2, 3), braces=self.chance(0.6)))
            else:
                chain.items.append(Item("launch", kern))
        # About a third of the chains end with a host loop whose body is two
        # launches (kfuse may fuse them and take the loop in: temporal
        # fusion). Drawn from a stream of its own and appended last, so that
        # the rest of a seed's program is the one it was before such loops
        # existed (the CI's regression seeds).
        side = random.Random(f"{self.seed}:{name}:loop")
        if side.random() < 0.35:
            main, self.r = self.r, side
            reps = side.randint(2, 3)
            for tail in ("x", "y"):
                kern = self.kernel(chain, f"{name}k{nk}{tail}", in_loop=True)
                chain.items.append(Item("loop", kern, reps=reps, braces=True, loop=0))
            self.r = main
        # About a quarter of the chains' functions are templates whose
        # lambdas name the template's parameter (from a stream of its own,
        # as the loops above).
        side = random.Random(f"{self.seed}:{name}:template")
        if side.random() < 0.25:
            chain.tparam = ("value", side.randint(1, 4)) if side.random() < 0.5 else ("type", "int")
        # About half of the accessor classes keep their Views private: Views
        # the guard names through pointers to the members, under another
        # name of the same memory. About half of those are declared in a
        # namespace (from a stream of its own), which the pointers spell.
        side = random.Random(f"{self.seed}:{name}:private")
        chain.private_dom = side.random() < 0.5
        side = random.Random(f"{self.seed}:{name}:namespace")
        chain.dom_namespace = chain.private_dom and side.random() < 0.5
        if self.atomics and self.atom.random() < 0.8:
            self.face_block(chain)
        return chain

    def preferred(self, v: View, chain: Chain) -> Index:
        offs = OFFSETS[chain.lo]
        d0 = self.pick([(14, ("i", 0)), (3, ("i", self.r.choice(offs))),
                        (2 if v.rank == 1 and not chain.md else 0, ("perm", 0))])
        if v.rank == 1:
            return (d0,)
        if chain.md:
            return (d0, ("j", self.pick([(4, 0), (1, self.r.choice(offs))])))
        return (d0, ("k", 0))

    def host_item(self, chain: Chain) -> Item:
        kind = self.pick([(3, "arith"), (3, "mirror"), (1, "fence"), (2, "fill"),
                          (2 if chain.results else 0, "use-result")])
        if kind in ("mirror", "fill"):
            return Item("host", host=kind, view=self.r.choice(chain.views).name)
        if kind == "use-result":
            return Item("host", host=kind, result=self.r.choice(chain.results))
        return Item("host", host=kind)

    # -- kernels

    def kernel(self, chain: Chain, label: str, in_loop: bool) -> Kernel:
        r = self.r
        md = chain.md if self.chance(0.9) else (not chain.md and any(v.rank == 2 for v in chain.views))
        kind = "for" if in_loop else self.pick([(3, "for"), (1, "reduce")])
        lo = chain.lo
        hi = self.pick([(20, "n"), (2, "n2"), (1, "n - 1")])
        if md:
            policy = "md"
        elif lo == 0:
            policy = self.pick([(2, "count"), (1, "range")])
        else:
            policy = "range"
        k = Kernel(label, kind, md, policy, lo, hi, [])
        if kind == "reduce":
            k.reducer = self.pick([(3, "sum"), (1, "max")])
            k.result = f"r{len(chain.results)}"
        self.kern = k
        self.accs: List[Access] = []
        self.in_loop = in_loop
        if kind == "reduce":
            if self.chance(0.25):
                self.write_stmt(k.body)
            if not md and self.has2d() and self.chance(0.35):
                k.body.append(Stmt("loop", body=[Stmt("reduce", expr=self.expr(inner=True))]))
            else:
                k.body.append(Stmt("reduce", expr=self.expr()))
        else:
            for _ in range(self.pick([(4, 1), (2, 2), (1, 3)])):
                self.write_stmt(k.body)
            if not k.body:  # every write conflicted: a harmless one
                k.body.append(Stmt("accdecl", acc="acc"))
            self.row_sum_first(k)
        self.load_alike(k)
        if kind == "reduce":
            chain.results.append(k.result)
        return k

    def load_alike(self, k: Kernel):
        """--pointers: about three quarters of the kernels over a 1-D range
        also load the chain's raw pointer at the element the chain's index
        View names (`p_a[idx_perm(i)]`), in a statement of their body's top
        level: kernels that load a pointer alike fuse with no footprint."""
        raw = [v for v in self.cur.views if v.raw]
        if not self.pointers or k.md or not raw or self.alike.random() >= 0.75:
            return
        # (A write to a row of a 2-D View is written in a loop over it.)
        top = [s for s in k.body if s.expr is not None and (
            s.kind == "reduce" or (s.kind == "assign" and len(s.target.index) == 1))]
        if not top:
            return
        kind = "perm" if sum(map(ord, self.cur.name)) % 2 else "nonin"
        a = Access(raw[0].name, ((kind, 0),), "r", "raw")
        if self.add_access(a):
            top[-1].expr.terms.append((1, ("v", a)))

    def row_sum_first(self, k: Kernel):
        """About two thirds of the kernels over a 1-D range (drawn from a stream
        of their own, so a seed's programs are otherwise what they were)
        first sum the launch index's row of a 2-D View in an inner loop, and
        add the sum to their last write: a loop that kfuse may run inside an
        earlier kernel's loop over the same row, once it has moved the
        statements between them."""
        side = random.Random(f"{self.seed}:{k.label}:rowsum")
        rows = [v for v in self.cur.views if v.rank == 2]
        if k.md or not rows or side.random() >= 0.7:
            return
        last = next((s for s in reversed(k.body) if s.kind == "assign"), None)
        # One View per chain, so that consecutive kernels sum the same rows.
        v = random.Random(f"{self.seed}:{self.cur.name}:rowsum").choice(rows)
        a = Access(v.name, (self.pref[v.name][0], ("k", 0)), "r", "plain")
        if last is None or not self.add_access(a):
            return
        k.body[:0] = [Stmt("accdecl", acc="rowsum"),
                      Stmt("loop", body=[Stmt("accum", expr=Expr([(1, ("v", a))], 1),
                                              acc="rowsum")])]
        last.expr.terms.append((1, ("acc", "rowsum")))

    def has2d(self) -> bool:
        return any(v.rank == 2 for v in self.cur.views)

    def write_stmt(self, body: List[Stmt]):
        chain, k = self.cur, self.kern
        cands = [v for v in chain.views if v.rank == 2 or not k.md]
        v = self.r.choice(cands)
        if v.rank == 2 and not k.md:
            if self.chance(0.7):  # an inner loop over the row
                inner = []
                target = Access(v.name, (self.pref[v.name][0], ("k", 0)), "w", self.spelling(v))
                if self.add_access(target):
                    inner.append(Stmt("assign", target, self.expr(inner=True, self_read=target)))
                    body.append(Stmt("loop", body=inner))
                return
            target = Access(v.name, (self.pref[v.name][0], ("c", self.r.randint(0, 1))), "w",
                            self.spelling(v))
            if self.add_access(target):
                body.append(Stmt("assign", target, self.expr(self_read=target)))
            return
        if v.rank == 1 and not k.md and self.chance(0.12):  # atomic add
            idx = self.pick([(2, self.pref[v.name]), (2, (("nonin", 0),)), (1, (("c", 0),)),
                             (1, (("perm", 0),))])
            target = Access(v.name, idx, "a", self.spelling(v))
            if self.add_access(target):
                body.append(Stmt("atomic", target, self.expr()))
            return
        if v.rank == 1 and not k.md and self.has2d() and self.chance(0.2):
            # accumulate along a row in an inner loop, then write
            target = Access(v.name, self.write_index(v), "w", self.spelling(v))
            if not self.add_access(target):
                return
            n = sum(1 for s in body if s.kind == "accdecl")
            acc = "acc" if n == 0 else f"acc{n}"
            body.append(Stmt("accdecl", acc=acc))
            body.append(Stmt("loop", body=[Stmt("accum", expr=self.expr(inner=True, only2d=True),
                                                acc=acc)]))
            e = self.expr(self_read=target)
            e.terms.append((1, ("acc", acc)))
            body.append(Stmt("assign", target, e))
            return
        if v.rank == 1 and k.md:
            return  # a 1-D View written by all j of a row: a race; md kernels write 2-D Views
        target = Access(v.name, self.write_index(v), "w", self.spelling(v))
        if self.add_access(target):
            body.append(Stmt("assign", target, self.expr(self_read=target)))

    def write_index(self, v: View) -> Index:
        pref = self.pref[v.name]
        if v.rank == 2 and pref[1][0] != "j":  # an md kernel in a chain of 1-D launches
            pref = (pref[0], ("j", 0))
        if self.chance(0.88):
            return pref
        offs = OFFSETS[self.kern.lo]
        if v.rank == 1:
            return self.pick([(3, (("i", self.r.choice(offs)),)),
                              (0 if self.kern.md else 1, (("perm", 0),))])
        return (("i", self.r.choice(offs)), ("j", self.r.choice(offs)))

    def spelling(self, v: View) -> str:
        opts = [(10, "plain")]
        if v.member:
            opts.append((8, "member"))
        if v.accessor:
            opts.append((6, "accessor"))
        if v.raw:
            opts.append((6, "raw"))
        return self.pick(opts)

    def read_index(self, v: View, inner: bool) -> Index:
        k = self.kern
        offs = OFFSETS[k.lo]
        pref = self.pref[v.name]
        if v.rank == 1:
            if k.md:  # only the row index exists for a 1-D View in an md kernel
                d0 = pref[0] if pref[0][0] == "i" else ("i", 0)
                return (d0,) if self.chance(0.85) else (("i", self.r.choice(offs)),)
            if self.chance(0.8):
                return pref
            d0 = self.pick([(3, ("i", self.r.choice(offs))), (2, ("c", self.r.randint(0, 1))),
                            (1, ("perm", 0)), (2, ("nonin", 0))])
            # An element a neighbour list's row names (`idx_rows.row(i)(1)`),
            # for about half of the elements data choose.
            if d0[0] == "nonin" and self.rows.random() < 0.5:
                d0 = ("row", self.rows.randint(0, 1))
            return (d0,)
        d0 = pref[0] if self.chance(0.85) else self.pick(
            [(3, ("i", self.r.choice(offs))), (1, ("c", 0))])
        if d0[0] in ("perm", "nonin"):
            d0 = ("i", 0)
        if k.md:
            d1 = pref[1] if self.chance(0.8) and pref[1][0] == "j" else ("j", self.r.choice(offs))
        elif inner:
            d1 = ("k", self.pick([(4, 0), (1, 1), (1, 2)]))
        else:
            d1 = ("c", self.r.randint(0, 1))
        return (d0, d1)

    def expr(self, inner=False, self_read=None, only2d=False) -> Expr:
        """A sum of reads (and loop variables, reduction results), each access
        checked against the kernel's writes so that the kernel is race free."""
        chain, k = self.cur, self.kern
        e = Expr([], self.r.randint(-5, 9))
        if self_read is not None and self.chance(0.5):
            e.terms.append((1, ("v", Access(self_read.view, self_read.index, "r",
                                            self.spelling(chain.view(self_read.view))))))
        for _ in range(self.pick([(2, 1), (3, 2), (1, 3)])):
            cands = [v for v in chain.views if v.rank == 2] if only2d else chain.views
            if not k.md and not inner:
                cands = [v for v in cands if v.rank == 1 or self.chance(0.3)]
            if not cands:
                continue
            v = self.r.choice(cands)
            a = Access(v.name, self.read_index(v, inner and v.rank == 2), "r", self.spelling(v))
            # About half the raw reads of 1-D launches at one element data
            # choose, the same in every kernel of the chain (`p_a[idx_perm(i)]`):
            # kernels that load a pointer alike fuse with no footprint.
            if a.spelling == "raw" and not k.md and len(a.index) == 1 and \
                    self.alike.random() < 0.5:
                kind = "perm" if sum(map(ord, chain.name)) % 2 else "nonin"
                a = Access(a.view, ((kind, 0),), "r", "raw")
            if v.rank == 2 and not k.md and not inner and a.index[1][0] == "k":
                continue
            if self.add_access(a):
                e.terms.append((self.pick([(3, 1), (1, -1)]), ("v", a)))
        if self.chance(0.2):
            e.terms.append((1, ("var", "i")))
        if inner and self.chance(0.2):
            e.terms.append((1, ("var", "k")))
        if k.md and self.chance(0.2):
            e.terms.append((1, ("var", "j")))
        if self.in_loop and self.chance(0.6):
            e.terms.append((1, ("var", "r")))
        if chain.results and self.chance(0.15):
            e.terms.append((1, ("res", self.r.choice(chain.results))))
        return e

    def add_access(self, a: Access) -> bool:
        """Adds an access to the kernel unless it races with one already there
        (in the profiled aliasing): then the caller leaves it out."""
        for b in self.accs:
            if not conflict_possible(self.cur, a, b, self.alias_mode()):
                continue
            if "w" not in (a.mode, b.mode) and "a" not in (a.mode, b.mode):
                continue
            if (a.mode == "a") != (b.mode == "a"):
                return False
            if a.mode == "a":
                # Atomics commute with each other inside one kernel when
                # they compute alike (a compare-exchange loop computes a
                # max); two others would make the result depend on the order.
                if SEMANTIC.get(a.op, a.op) == SEMANTIC.get(b.op, b.op):
                    continue
                return False
            if key(self.kern, self.cur, a, self.alias_mode()) != key(self.kern, self.cur, b, self.alias_mode()):
                return False
        self.accs.append(a)
        return True

    def alias_mode(self) -> int:
        return (self.alias0 + self.cur.shift) % 3

    # -- --atomics: faces scattering into cells

    def face_block(self, chain: Chain):
        """--atomics: a row of kernels inserted into the chain, over faces
        that scatter into Views of cells through Kokkos atomics at the cell
        an index View names (`left(i)`, `right(i)`: two faces per cell),
        next to a kernel zeroing the scattered Views and one gathering them
        per cell, with host code between them touching some of them as
        members of the chain's struct (`Kokkos::deep_copy(fs.g, 0)`). Drawn
        from a stream of its own (self.atom), after the rest of the chain:
        the rest of the program is the one the seed gives without
        --atomics."""
        main, self.r = self.r, self.atom
        try:
            self.add_faces(chain)
        finally:
            self.r = main

    def add_faces(self, chain: Chain):
        r = self.r
        chain.faces = True
        faces = [View("g", 1, "double", self.pick([(3, "LayoutRight"), (1, "LayoutLeft")]))]
        if self.chance(0.5):
            faces.append(View("cnt", 1, "long", "LayoutRight"))
        if self.chance(0.5):
            faces.append(View("vol", 1, "double", "LayoutRight"))
        if self.chance(0.4):
            faces.append(View("peak", 2, "double", self.pick([(1, "LayoutRight"), (1, "LayoutLeft")])))
        # About half of the chains hold most of them in the struct their
        # function is handed (`fs.g`), which host code between the launches
        # touches too.
        if self.chance(0.5):
            for v in faces:
                v.member = self.chance(0.7)
            faces[0].member = True
        chain.views += faces
        for v in faces:
            self.pref[v.name] = (("i", 0),) if v.rank == 1 else (("i", 0), ("j" if chain.md else "k", 0))
        # The family each View is mostly updated with: pairs updating it
        # alike commute.
        self.usual = {v.name: FACE_FAMILIES[v.name] if v.name != "vol" else r.choice(("add", "max"))
                      for v in faces}
        roles = (["zero"] if self.chance(0.6) else []) + ["face"] * self.pick([(3, 1), (4, 2), (2, 3)])
        if self.chance(0.75):
            roles.insert(len(roles) if self.chance(0.7) else r.randint(1, len(roles)), "gather")
        # Where the row goes: before the host loop that ends some chains.
        limit = next((n for n, it in enumerate(chain.items) if it.loop >= 0), len(chain.items))
        pos = r.randint(0, limit)
        # Its kernels read the results of the reductions before it only.
        every = chain.results
        chain.results = [it.kernel.result for it in chain.items[:pos]
                         if it.kernel is not None and it.kernel.result]
        self.next_result = len(every)
        block = []
        for n, role in enumerate(roles):
            if n and self.chance(0.3):
                block.append(self.face_host(chain, faces))
            make = {"zero": self.zero_kernel, "face": self.face_kernel, "gather": self.gather_kernel}
            block.append(Item("launch", make[role](chain, f"{chain.name}f{n}", faces)))
        chain.items[pos:pos] = block
        chain.results = every + [it.kernel.result for it in block
                                 if it.kernel is not None and it.kernel.result]

    def face_shell(self, chain: Chain, label: str, kind: str = "for") -> Kernel:
        """A kernel over a 1-D range of the chain, its body empty."""
        hi = self.pick([(20, "n"), (2, "n2"), (1, "n - 1")])
        policy = self.pick([(2, "count"), (1, "range")]) if chain.lo == 0 else "range"
        k = Kernel(label, kind, False, policy, chain.lo, hi, [])
        self.kern, self.accs, self.in_loop = k, [], False
        return k

    def face_host(self, chain: Chain, faces: List[View]) -> Item:
        members = [v for v in faces if v.member]
        if members and self.chance(0.7):
            return Item("host", host=self.pick([(1, "fill"), (1, "mirror")]),
                        view=self.r.choice(members).name, member=True)
        return self.host_item(chain)

    def zero_kernel(self, chain: Chain, label: str, faces: List[View]) -> Kernel:
        """Zeroes some of the scattered Views per cell (`g(i) = 0`)."""
        k = self.face_shell(chain, label)
        for v in self.r.sample(faces, self.r.randint(1, len(faces))):
            t = Access(v.name, self.pref[v.name] if v.rank == 1 else (("i", 0), ("k", 0)), "w",
                       self.spelling(v))
            if self.add_access(t):
                z = Stmt("assign", t, Expr([], 0), form="zero")
                k.body.append(z if v.rank == 1 else Stmt("loop", body=[z]))
        if not k.body:
            k.body.append(Stmt("accdecl", acc="acc"))
        return k

    def face_kernel(self, chain: Chain, label: str, faces: List[View]) -> Kernel:
        """Scatters into one or two Views at the cells of its face, in
        about a third of the updates of a 1-D View into both cells."""
        k = self.face_shell(chain, label)
        for v in self.r.sample(faces, min(len(faces), self.pick([(3, 1), (2, 2)]))):
            side = self.pick([(7, "left"), (3, "right")])
            op = self.face_update(k, v, side)
            if op and v.rank == 1 and self.chance(0.3):
                family = ATOMIC_OPS[op]
                self.face_update(k, v, "right" if side == "left" else "left",
                                 self.r.choice([o for o in FACE_OPS[v.name] if ATOMIC_OPS[o] == family]))
        if self.chance(0.5):  # and a plain write of the face's own element
            self.write_stmt(k.body)
        if not k.body:
            k.body.append(Stmt("accdecl", acc="acc"))
        return k

    def face_update(self, k: Kernel, v: View, side: str, op: str = "") -> str:
        """An atomic update of View \p v at the cell \p side of the face;
        returns its operation ('' when it would race with the kernel's other
        accesses)."""
        if not op:
            usual = [o for o in FACE_OPS[v.name] if ATOMIC_OPS[o] == self.usual[v.name]]
            op = self.r.choice(usual if self.chance(0.65) else FACE_OPS[v.name])
        index = ((side, 0),) if v.rank == 1 else ((side, 0), ("c", 0))
        t = Access(v.name, index, "a", self.spelling(v), op=ATOMIC_OPS[op])
        if not self.add_access(t):
            return ""
        if op == "cas_max":
            addr = self.pick([(7, "ptr"), (3 if v.rank == 1 else 0, "data")])
        else:
            addr = self.pick([(6 if v.name == "vol" else 4, "inplace"), (4, "ptr"),
                              (3 if v.rank == 1 else 0, "data")])
        cell = "cell" if self.chance(0.6) else "at"
        value = None if op in ("increment", "decrement") else self.expr()
        k.body.append(Stmt("atomic", t, value, form=f"{addr} {op} {cell}"))
        return op

    def gather_kernel(self, chain: Chain, label: str, faces: List[View]) -> Kernel:
        """Reads the scattered Views per cell (`b(i) = kf_wrap(b(i) +
        g(i))`; about a fifth through a face, `g(left(i))`), into a View of
        the chain or (about a third) a reduction."""
        kind = "reduce" if self.chance(0.3) else "for"
        k = self.face_shell(chain, label, kind)
        terms = []
        for v in self.r.sample(faces, self.r.randint(1, min(2, len(faces)))):
            d0 = ("left", 0) if self.chance(0.2) else ("i", 0)
            a = Access(v.name, (d0,) if v.rank == 1 else (d0, ("c", 0)), "r", self.spelling(v))
            if self.add_access(a):
                terms.append((1, ("v", a)))
        const = self.r.randint(-5, 9)
        if kind == "reduce":
            k.reducer = self.pick([(3, "sum"), (1, "max")])
            k.result = f"r{self.next_result}"
            self.next_result += 1
            k.body.append(Stmt("reduce", expr=Expr(terms, const)))
            chain.results.append(k.result)
            return k
        cells = [v for v in chain.views if v.rank == 1 and v not in faces]
        v = self.r.choice(cells)
        t = Access(v.name, self.write_index(v), "w", self.spelling(v))
        if self.add_access(t):
            if self.chance(0.5):
                terms.insert(0, (1, ("v", Access(t.view, t.index, "r", self.spelling(v)))))
            k.body.append(Stmt("assign", t, Expr(terms, const)))
        else:
            k.body.append(Stmt("accdecl", acc="acc"))
        return k


# --atomics: the operations a face kernel updates each of its Views with
# (Kokkos::atomic_OP), and each operation's family (Access.op): updates of
# one family commute, compare-exchange loops (cas_max) with nothing.
ATOMIC_OPS = {"add": "add", "sub": "add", "fetch_add": "add", "fetch_sub": "add",
              "increment": "add", "decrement": "add", "fetch_max": "max", "max_fetch": "max",
              "fetch_min": "min", "cas_max": "cas"}
FACE_OPS = {"g": ("add", "sub", "fetch_add", "fetch_sub", "fetch_max", "cas_max"),
            "cnt": ("increment", "decrement", "add", "fetch_add", "fetch_max"),
            "vol": ("fetch_add", "add", "fetch_max", "max_fetch", "fetch_min"),
            "peak": ("cas_max", "fetch_max", "add")}
FACE_FAMILIES = {"g": "add", "cnt": "add", "peak": "cas"}
# What an update computes, for races inside one kernel: a compare-exchange
# loop computes a max.
SEMANTIC = {"cas": "max"}


def wide_size(rng: random.Random) -> int:
    """A range size above a chunk, odd, 301 to 1501, none of the sizes the
    run modes take from it (n - 1, n + 5, ...) a multiple of a chunk."""
    while True:
        n = 2 * rng.randint(150, 750) + 1
        if all((n + d) % CHUNK for d in range(-2, 7)):
            return n


def generate(seed: int, pointers: bool = False, atomics: bool = False) -> Program:
    return Generator(seed, pointers, atomics).program()


# ---------------------------------------------------------------- emission


# The template parameter of the chain function being written, when its
# lambdas spell their constants through it (see Chain.tparam).
SPELL_TPARAM = None

# Whether the program being written runs ranges longer than a chunk
# (Program.wide): then the terms of sums that grow with the range (the
# values of reductions and atomic adds) are wrapped, so that every sum stays
# an exact integer in any order.
WIDE = False


def spell_const(c: int) -> str:
    """The constant \p c as a term (with its sign), through the template
    parameter in SPELL_TPARAM when there is one."""
    tp = SPELL_TPARAM
    if tp is None:
        return f"{'+' if c > 0 else '-'} {abs(c)}"
    if tp[0] == "type":
        return f"+ KfT({c})"
    d = c - tp[1]
    return f"+ (KfC{'' if d == 0 else (' + ' if d > 0 else ' - ') + str(abs(d))})"


def spell_expr(e: Expr, spelled=None) -> str:
    """\p e as written; \p spelled: the text of some of its accesses (by
    their position among the terms) where they are not spell_access's."""
    parts = []
    for n, (sign, t) in enumerate(e.terms):
        if spelled and n in spelled:
            s = spelled[n]
        elif t[0] == "v":
            s = spell_access(t[1])
        else:
            s = t[1]
        parts.append(("- " if sign < 0 else "+ ") + s)
    text = " ".join(parts)
    if text.startswith("+ "):
        text = text[2:]
    c = e.const
    if not parts:
        return spell_const(c)[2:] if SPELL_TPARAM is not None and c else str(c)
    if c:
        text += " " + spell_const(c)
    return text


def emit_stmts(stmts: List[Stmt], k: Kernel, chain: Chain, ind: str) -> List[str]:
    out = []
    for n, s in enumerate(stmts):
        if s.kind == "assign":
            # About a sixteenth of the plain reads of 1-D Views go through a
            # local pointer to the element (`const double *kf_p0 = &a(i);`,
            # then `kf_p0[0]`), declared in a block around the statement.
            decls, spelled = [], {}
            for t_at, (_, t) in enumerate(s.expr.terms):
                if t[0] != "v" or t[1].spelling != "plain" or t[1].mode != "r":
                    continue
                v = chain.view(t[1].view)
                ix = spell_index(t[1].index)
                if v.rank != 1 or zlib.crc32(f"{chain.name}:{k.label}:{n}:{t_at}:ptr".encode()) % 16:
                    continue
                name = f"kf_p{len(decls)}"
                decls.append(f"const {v.etype} *{name} = &{t[1].view}({ix[0]});")
                spelled[t_at] = f"{name}[0]"
            value = spell_expr(s.expr, spelled)
            # About a sixth of the statements of chains with an accessor
            # object scale their value by a number a device function reads
            # of that object (`kf_c0_one(dom)`, 1).
            if (any(v.accessor for v in chain.views) and
                    zlib.crc32(f"{chain.name}:{k.label}:{n}:one".encode()) % 6 == 0):
                value = f"({value}) * kf_{chain.name}_one(dom)"
            line = f"{spell_access(s.target)} = kf_wrap({value});"
            if s.form == "zero":
                line = f"{spell_access(s.target)} = 0;"
            if decls:
                out.append(f"{ind}{{ {' '.join(decls)} {line} }}")
            else:
                out.append(f"{ind}{line}")
        elif s.kind == "atomic":
            out.append(ind + spell_atomic(s, chain))
        elif s.kind == "reduce":
            if k.reducer == "max":
                out.append(f"{ind}{{ const double v = {spell_expr(s.expr)}; if (v > s) s = v; }}")
            elif WIDE:
                out.append(f"{ind}s += kf_wrap({spell_expr(s.expr)});")
            else:
                out.append(f"{ind}s += {spell_expr(s.expr)};")
        elif s.kind == "accdecl":
            out.append(f"{ind}double {s.acc} = 0;")
        elif s.kind == "accum":
            out.append(f"{ind}{s.acc} += {spell_expr(s.expr)};")
        elif s.kind == "loop":
            out.append(f"{ind}for (int k = 0; k < m; ++k) {{")
            out += emit_stmts(s.body, k, chain, ind + "  ")
            out.append(f"{ind}}}")
    return out


def spell_atomic(s: Stmt, chain: Chain) -> str:
    """The atomic update \p s as written (Stmt.form): `Kokkos::atomic_add(&a(i),
    x)`, or with --atomics at a cell, e.g. `{ const int cell = left(i); double
    *p = &g(cell); Kokkos::atomic_fetch_add(p, kf_wrap(x)); }`."""
    t = chain.view(s.target.view)
    elem = spell_access(s.target)
    if not s.form:
        value = f"kf_wrap({spell_expr(s.expr)})" if WIDE else spell_expr(s.expr)
        return f"Kokkos::atomic_add(&{elem}, ({t.etype})({value}));"
    addr, op, cell = s.form.split()
    at = spell_index(s.target.index)[0]
    pre = []
    if cell == "cell":
        pre.append(f"const int cell = {at};")
        elem, at = elem.replace(at, "cell"), "cell"
    if addr == "inplace":
        ptr = f"&{elem}"
    else:
        ptr = "p"
        # (data() is the element 0 of a 1-D View in either layout.)
        pre.append(f"{t.etype} *p = " + (f"&{elem};" if addr == "ptr" else
                                         f"{elem[:elem.index('(')]}.data() + {at};"))
    if s.expr is not None:
        value = f"kf_wrap({spell_expr(s.expr)})"
        value = value if t.etype == "double" else f"({t.etype}){value}"
    if op == "cas_max":
        call = (f"const {t.etype} val = {value}; {t.etype} old, nw; do {{ old = *p; "
                f"nw = old > val ? old : val; }} while (Kokkos::atomic_compare_exchange(p, old, nw) "
                f"!= old);")
    elif op in ("increment", "decrement"):
        call = f"Kokkos::atomic_{op}({ptr});"
    else:
        call = f"Kokkos::atomic_{op}({ptr}, {value});"
    if not pre:
        return call
    return "{ " + " ".join(pre + [call]) + " }"


def functor_name(k: Kernel, chain: Chain) -> str:
    return f"K_{chain.name}_{k.label}"


def emit_functor(k: Kernel, chain: Chain, decls: List[str]) -> List[str]:
    """Kernel \p k as a functor class: a member for each name its body uses
    (of \p decls, the `type name` declarations of the chain's function), its
    body as the operator's. The launch builds it from those names."""
    body = emit_stmts(k.body, k, chain, "    ")
    text = "\n".join(body)
    members = []
    for d in decls:
        typ, name = d.rsplit(" ", 1)
        if name.startswith("*"):
            typ, name = typ + " *", name[1:]
        # (A parameter taken by reference is held by value: a class with a
        # reference member has no default constructor or assignment.)
        typ = typ[:-1] if typ.endswith("&") else typ
        if re.search(rf"\b{re.escape(name)}\b", text):
            members.append((typ, name))
    k.functor_members = [name for _, name in members]
    params = "const int i, const int j" if k.md else "const int i"
    # About half of those over a 1-D range select their operator with a
    # work tag, as functors with several kernels do.
    k.tagged = not k.md and zlib.crc32(f"{chain.name}:{k.label}:tag".encode()) % 2 == 0
    if k.tagged:
        params = "Tag, " + params
    # About half reach their Views through private member functions that
    # return the element (`at_a(i + 1)`), as classes with helpers do; the
    # helpers' parameters are named as the caller's indices, or swapped, so
    # that only what each one is bound to says which element is touched.
    helpers = []
    if zlib.crc32(f"{chain.name}:{k.label}:helpers".encode()) % 2 == 0:
        swapped = zlib.crc32(f"{chain.name}:{k.label}:swapped".encode()) % 2 == 0
        for typ, name in members:
            if not typ.startswith("Kokkos::View"):
                continue
            pattern = rf"(?<![.\w]){re.escape(name)}\("
            if not re.search(pattern, "\n".join(body)):
                continue
            body = [re.sub(pattern, f"at_{name}(", line) for line in body]
            rank = typ.count("*")
            names = (["j", "i"] if swapped else ["i", "j"])[:rank] if rank == 2 else \
                (["k"] if swapped else ["i"])
            helpers += [f"  KOKKOS_INLINE_FUNCTION typename decltype({name})::reference_type "
                        f"at_{name}({', '.join('const int ' + n for n in names)}) const {{",
                        f"    return {name}({', '.join(names)});", "  }"]
    # About half of the tagged ones select their operator with a tag of a
    # class template given a number, and that operator delegates to an
    # overload taking a value by reference (`this->operator()(TagE<E>(), i,
    # e)`), which a template resolves only when instantiated.
    k.delegates = k.tagged and zlib.crc32(f"{chain.name}:{k.label}:delegate".encode()) % 2 == 0
    if k.delegates:
        operators = ["  template <int E> struct TagE {};",
                     "  template <int E>",
                     "  KOKKOS_INLINE_FUNCTION void operator()(TagE<E>, const int i) const {",
                     "    double kf_e = 0;",
                     "    this->operator()(TagE<E>(), i, kf_e);",
                     "  }",
                     "  template <int E>",
                     "  KOKKOS_INLINE_FUNCTION void operator()(TagE<E>, const int i, "
                     "double &kf_e) const {"] + body + ["    if (E)", "      kf_e += 1.0;", "  }"]
    else:
        operators = ([f"  KOKKOS_INLINE_FUNCTION void operator()({params}) const {{"] + body +
                     ["  }"])
    k.run_args = None
    if self_launching(k, chain):
        # Members private, set by run(), which launches `*this`; the names
        # its policy reads come as arguments too.
        pol = functor_policy(k, chain)
        extra = []
        for d in decls:
            typ, name = d.rsplit(" ", 1)
            if name.startswith("*"):
                typ, name = typ + " *", name[1:]
            if (re.search(rf"\b{re.escape(name)}\b", pol) and
                    name not in [n for _, n in members]):
                extra.append((typ, name))
        args = members + extra
        k.run_args = [name for _, name in args]
        run = ([f"  void run({', '.join(f'{t} {n}_' for t, n in args)}) {{"] +
               [f"    {n} = {n}_;" for _, n in members] +
               [f"    const {t} {n} = {n}_;" for t, n in extra] +
               [f"    Kokkos::parallel_for(\"{k.label}\", {pol}, *this);", "  }"])
        # About half are class templates (of a number they do not use), as
        # classes parameterized by a layout or a policy are.
        k.class_template = zlib.crc32(f"{chain.name}:{k.label}:template".encode()) % 2 == 0
        return ((["template <int KF_N>"] if k.class_template else []) +
                [f"class {functor_name(k, chain)} {{", "public:"] +
                (["  struct Tag {};"] if k.tagged and not k.delegates else []) +
                run + operators + ["", "private:"] +
                [f"  {typ} {name};" for typ, name in members] + helpers + ["};", ""])
    # About a third of the others, whose members are Views and numbers, are
    # built by a constructor from a struct of their Views (`K(pack, n)`
    # copying `pack.a`), as functors built from a solver's state are.
    views = [(t, n) for t, n in members if t.startswith("Kokkos::View")]
    numbers = [(t, n) for t, n in members if not t.startswith("Kokkos::View")]
    k.packed = (bool(views) and all(t in ("int", "double", "const int", "long") for t, _ in numbers)
                and zlib.crc32(f"{chain.name}:{k.label}:packed".encode()) % 3 == 0)
    ctor, pack = [], []
    if k.packed:
        name = functor_name(k, chain)
        pack = [f"struct P{name} {{"] + [f"  {t} {n};" for t, n in views] + ["};", ""]
        k.pack_views = [n for _, n in views]
        k.pack_numbers = [n for _, n in numbers]
        params = [f"const P{name} &p"] + [f"{t} {n}_" for t, n in numbers]
        inits = [f"{n}(p.{n})" for _, n in views] + [f"{n}({n}_)" for _, n in numbers]
        ctor = [f"  {name}({', '.join(params)}) : {', '.join(inits)} {{}}"]
    # About a quarter of the others are held by an object that launches
    # them from a method (`parallel_for(n, f)`, `f` its data member).
    k.held = zlib.crc32(f"{chain.name}:{k.label}:held".encode()) % 4 == 0
    holder = []
    if k.held:
        name = functor_name(k, chain)
        holder = [f"struct H{name} {{", f"  {name} f;",
                  "  void launch(const int n, const int n2, const int m) {",
                  f"    Kokkos::parallel_for(\"{k.label}\", {functor_policy(k, chain)}, f);",
                  "    (void)n, (void)n2, (void)m;", "  }", "};", ""]
    return (pack + [f"struct {functor_name(k, chain)} {{"] +
            (["  struct Tag {};"] if k.tagged and not k.delegates else []) +
            [f"  {typ} {name};" for typ, name in members] + ctor +
            operators + (["", "private:"] + helpers if helpers else []) + ["};", ""] + holder)


def reducer_class_name(k: Kernel, chain: Chain) -> str:
    return f"R_{chain.name}_{k.label}"


def emit_reducer_class(k: Kernel, chain: Chain, decls: List[str]) -> List[str]:
    """Reduction \p k as a class that is its own functor, as thermodynamic
    properties are written: `compute(...)` (taking \p decls, the split
    function's parameters) points a member at each name the body uses
    (`m_a = a;`), reduces with `*this` and lets the Views go again."""
    text = "\n".join(emit_stmts(k.body, k, chain, "    "))
    members = []
    for d in decls:
        typ, name = d.rsplit(" ", 1)
        if name.startswith("*"):
            typ, name = typ + " *", name[1:]
        # (A parameter taken by reference is held by value: a class with a
        # reference member has no default constructor or assignment.)
        typ = typ[:-1] if typ.endswith("&") else typ
        if re.search(rf"\b{re.escape(name)}\b", text):
            members.append((typ, name))
    for _, name in members:
        text = re.sub(rf"(?<![.\w]){re.escape(name)}\b", "m_" + name, text)
    res = k.result if k.reducer == "sum" else f"Kokkos::Max<double>({k.result})"
    views = [(typ, name) for typ, name in members if typ.startswith("Kokkos::View")]
    # About half name their accumulator's type (`typedef double
    # value_type;`, no init or join: a sum as any), and about half of those
    # have a parallel_for operator beside the reduction's, chosen by its
    # arity (Kokkos deduces no type from an overloaded operator).
    extra = []
    if zlib.crc32(f"{chain.name}:{k.label}:value_type".encode()) % 2 == 0:
        extra.append("  typedef double value_type;")
    if extra and zlib.crc32(f"{chain.name}:{k.label}:overload".encode()) % 2 == 0:
        extra += ["  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { (void)i; }", ""]
    return ([f"class {reducer_class_name(k, chain)} {{"] +
            [f"  {typ} m_{name};" for typ, name in members] +
            ["", "public:"] + extra + [f"  double compute({', '.join(decls)}) {{"] +
            [f"    m_{name} = {name};" for _, name in members] +
            [f"    double {k.result} = 0;",
             f"    Kokkos::parallel_reduce(\"{k.label}\", {policy_text(k)}, *this, {res});"] +
            [f"    m_{name} = {typ}();" for typ, name in views] +
            [f"    return {k.result};", "  }", "",
             "  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &s) const {"] +
            text.split("\n") + ["  }", "};", ""])


def policy_text(k: Kernel) -> str:
    if k.policy == "count":
        return k.hi
    if k.policy == "range":
        return f"Kokkos::RangePolicy<>({k.lo}, {k.hi}{f' + {k.lo}' if k.lo else ''})"
    lo = k.lo
    end0 = k.hi + (f" + {lo}" if lo else "")
    end1 = "m" + (f" + {lo}" if lo else "")
    return f"Kokkos::MDRangePolicy<Kokkos::Rank<2>>({{{lo}, {lo}}}, {{{end0}, {end1}}})"


def self_launching(k: Kernel, chain: Chain) -> bool:
    """With --functors, whether the functor class of the parallel_for \p k
    keeps its members private and launches itself (`*this`) from a public
    run() that points them at its arguments, as solver classes do (about
    one in three): its launch is then in a function of its own. About half
    of those are class templates (emit_functor)."""
    return k.kind == "for" and zlib.crc32(f"{chain.name}:{k.label}:self".encode()) % 3 == 0


def functor_policy(k: Kernel, chain: Chain) -> str:
    """The policy of \p k as its launch spells it (with its functor's tag)."""
    pol = policy_text(k)
    if getattr(k, "functor_members", None) is not None and getattr(k, "tagged", False):
        tag = f"{functor_name(k, chain)}::" + ("TagE<0>" if getattr(k, "delegates", False)
                                               else "Tag")
        pol = (f"Kokkos::RangePolicy<{tag}>(0, {k.hi})" if k.policy == "count" else
               pol.replace("Kokkos::RangePolicy<>", f"Kokkos::RangePolicy<{tag}>"))
    return pol


def emit_launch(k: Kernel, chain: Chain, ind: str, statement: bool = True) -> List[str]:
    """Kernel \p k's launch. \p statement: it stands where a declaration may
    stand before it (not the only statement of a brace-less `if` or loop)."""
    if getattr(k, "run_args", None) is not None:
        # A functor that launches itself: an object, then its run().
        name = functor_name(k, chain) + ("<0>" if getattr(k, "class_template", False) else "")
        call = [f"{name} f_{k.label};", f"f_{k.label}.run({', '.join(k.run_args)});"]
        if statement:
            return [ind + line for line in call]
        return [f"{ind}{{"] + [ind + "  " + line for line in call] + [f"{ind}}}"]
    if k.policy == "count":
        pol = k.hi
    elif k.policy == "range":
        pol = f"Kokkos::RangePolicy<>({k.lo}, {k.hi}{f' + {k.lo}' if k.lo else ''})"
    else:
        lo = k.lo
        end0 = k.hi + (f" + {lo}" if lo else "")
        end1 = "m" + (f" + {lo}" if lo else "")
        pol = f"Kokkos::MDRangePolicy<Kokkos::Rank<2>>({{{lo}, {lo}}}, {{{end0}, {end1}}})"
    if getattr(k, "functor_members", None) is not None:
        if getattr(k, "tagged", False):
            tag = f"{functor_name(k, chain)}::" + ("TagE<0>" if getattr(k, "delegates", False)
                                                   else "Tag")
            pol = (f"Kokkos::RangePolicy<{tag}>(0, {k.hi})" if k.policy == "count" else
                   pol.replace("Kokkos::RangePolicy<>", f"Kokkos::RangePolicy<{tag}>"))
        built = f"{functor_name(k, chain)}{{{', '.join(k.functor_members)}}}"
        if getattr(k, "held", False) and statement:
            name = functor_name(k, chain)
            if getattr(k, "packed", False):
                built = (f"{name}(P{name}{{{', '.join(k.pack_views)}}}"
                         f"{''.join(', ' + n for n in k.pack_numbers)})")
            return [f"{ind}H{name} h_{k.label}{{{built}}};",
                    f"{ind}h_{k.label}.launch(n, n2, m);"]
        if getattr(k, "packed", False) and statement:
            # The struct of its Views, declared just before its launch.
            name = functor_name(k, chain)
            pack = f"kf_pack_{k.label}"
            args = ", ".join([pack] + k.pack_numbers)
            return [f"{ind}P{name} {pack}{{{', '.join(k.pack_views)}}};",
                    f"{ind}Kokkos::parallel_for(\"{k.label}\", {pol}, {name}({args}));"]
        if getattr(k, "packed", False):
            name = functor_name(k, chain)
            built = f"{name}(P{name}{{{', '.join(k.pack_views)}}}{''.join(', ' + n for n in k.pack_numbers)})"
        # About half of them are named objects declared just before their
        # launch, as mini-apps write them: between two launches of a pair.
        if statement and zlib.crc32(f"{chain.name}:{k.label}:named".encode()) % 2 == 0:
            return [f"{ind}{functor_name(k, chain)} f_{k.label}{built[len(functor_name(k, chain)):]};",
                    f"{ind}Kokkos::parallel_for(\"{k.label}\", {pol}, f_{k.label});"]
        return [f"{ind}Kokkos::parallel_for(\"{k.label}\", {pol}, {built});"]
    params = "const int i, const int j" if k.md else "const int i"
    fn = "parallel_reduce" if k.kind == "reduce" else "parallel_for"
    if k.kind == "reduce":
        params += ", double &s"
    out = [f"{ind}Kokkos::{fn}(\"{k.label}\", {pol}, KOKKOS_LAMBDA({params}) {{"]
    out += emit_stmts(k.body, k, chain, ind + "    ")
    if k.kind == "reduce":
        res = k.result if k.reducer == "sum" else f"Kokkos::Max<double>({k.result})"
        out.append(f"{ind}  }}, {res});")
    else:
        out.append(f"{ind}  }});")
    return out


def emit_host(it: Item, chain: Chain, ind: str) -> List[str]:
    if it.host == "arith":
        # Half of them stamp the timer, a quarter reduce the number through
        # the MPI stand-in (MPI_DECLARATIONS).
        h = zlib.crc32(f"{chain.name}:{chain.items.index(it)}:mpi".encode()) % 4
        if h in (0, 3):
            return [f"{ind}g_timer.stamp({chain.items.index(it) % 4});",
                    f"{ind}g_host = (g_host * 3 + 1) % 1000003;"]
        if h == 1:
            return [f"{ind}{{",
                    f"{ind}  double kf_local = (double)g_host, kf_global = 0;",
                    f"{ind}  MPI_Allreduce(&kf_local, &kf_global, 1, 0, 0, 0);",
                    f"{ind}  g_host = ((long)kf_global * 3 + 1) % 1000003;",
                    f"{ind}}}"]
        return [f"{ind}g_host = (g_host * 3 + 1) % 1000003;"]
    if it.host == "fence":
        return [f"{ind}Kokkos::fence();"]
    if it.host == "use-result":
        return [f"{ind}g_host += (long){it.result};"]
    v = chain.view(it.view)
    # (Through the chain's struct, --atomics: the host zeroes what the
    # kernels scatter into.)
    name = f"fs.{v.name}" if it.member else v.name
    if it.host == "fill":
        return [f"{ind}Kokkos::deep_copy({name}, {0 if it.member else 3});"]
    elem = "h(1)" if v.rank == 1 else "h(1, 1)"
    # About half the time through a helper function: host code between the
    # launches that reads a View inside a call (a flush goes there). With
    # --split the helpers are defined in another file (emit_helpers).
    if zlib.crc32(f"{chain.name}:{v.name}:{len(ind)}:peek".encode()) % 2 == 0:
        PEEKED.add((v.rank, v.ctype()))
        return [f"{ind}g_host += kf_peek{v.rank}({name});"]
    # Else about half the time an element loaded directly (the Views are in
    # host memory): a read the host statement's effects name as one.
    if zlib.crc32(f"{chain.name}:{v.name}:{chain.items.index(it)}:load".encode()) % 2 == 0:
        at = "1" if v.rank == 1 else "1, 1"
        return [f"{ind}g_host += (long){name}({at});"]
    return [f"{ind}{{",
            f"{ind}  auto h = Kokkos::create_mirror_view({name});",
            f"{ind}  Kokkos::deep_copy(h, {name});",
            f"{ind}  g_host += (long){elem};",
            f"{ind}}}"]



def doubled_call(chain: Chain, k: Kernel) -> str:
    """With --split, whether the function of the parallel_for \p k is called
    twice in a row (one in four): '' (once), 'same' (on the same Views) or 'swapped' (the
    second call with two Views of one type swapped, when the chain has two;
    see swapped_names). From a hash of the names: other programs of a seed
    keep their random numbers."""
    if k.kind != "for":
        return ""
    h = zlib.crc32(f"{chain.name}:{k.label}:again".encode()) % 8
    return "same" if h == 0 else "swapped" if h == 1 else ""


def via_call(chain: Chain, k: Kernel) -> str:
    """With --split, how the chain's function reaches the function of the
    parallel_for \p k, when not directly (one in four): through a
    dispatcher returning into it ('tail': `return f(...);`), one calling it
    and then changing a number ('after'), or returning into it as an
    instance of a function template ('template': `return f<1>(...)`, the
    launch naming no template parameter)."""
    if k.kind != "for":
        return ""
    h = zlib.crc32(f"{chain.name}:{k.label}:via".encode()) % 12
    return {0: "tail", 1: "after", 2: "template"}.get(h, "")


def in_branch(chain: Chain, k: Kernel) -> bool:
    """With --split, whether the parallel_for \p k under an `if` of its
    chain is written in a function of its own, in the `if`'s then-block
    (about half of them), with a variant in its `else` (about half of
    those)."""
    return k.kind == "for" and zlib.crc32(f"{chain.name}:{k.label}:branch".encode()) % 2 == 0


def stages_of(chain: Chain):
    """With --split, the chain's Views that its function also keeps in a
    std::array (`kf_stages`, as a Runge-Kutta driver keeps its stages): the
    Views of the first type that two or more of its parameter Views have,
    or []."""
    views = [v for v in chain.views if v.slot != 2]
    for v in views:
        same = [w for w in views if w.ctype() == v.ctype()]
        if len(same) >= 2:
            return same
    return []


def staged_names(chain: Chain, k: Kernel, names: List[str]) -> List[str]:
    """\p names (a call's arguments) with the Views of stages_of(chain)
    handed over as elements of the array (`kf_stages[1]`, `kf_stages[m - m]`)
    for about a third of the calls; else as they are."""
    stages = stages_of(chain)
    if not stages or zlib.crc32(f"{chain.name}:{k.label}:stages".encode()) % 3 != 0:
        return names
    at = {v.name: j for j, v in enumerate(stages)}
    return [(f"kf_stages[{at[n]}]" if at[n] % 2 == 0 else f"kf_stages[m - m + {at[n]}]")
            if n in at else n for n in names]


def generic_helper(chain: Chain, k: Kernel) -> bool:
    """With --split, whether the function of the parallel_for \p k is a
    template over the type of its first View parameter (about a third)."""
    return zlib.crc32(f"{chain.name}:{k.label}:generic".encode()) % 3 == 0


def swapped_names(chain: Chain, names: List[str]) -> List[str]:
    """\p names (a call's arguments) with the first two Views of one type
    that are both passed swapped, or [] when there are none."""
    views = [v for v in chain.views if v.name in names]
    for a in range(len(views)):
        for b in range(a + 1, len(views)):
            if views[a].ctype() == views[b].ctype():
                x, y = views[a].name, views[b].name
                return [y if n == x else x if n == y else n for n in names]
    return []


def emit_chain(chain: Chain, split: bool = False, functors=()) -> List[str]:
    """The chain's function. With \p split, each launch that is a
    statement of its own (not under an `if` or a loop) is written in a
    function of its own that the chain's function calls in its place (a
    reduction's returns its result): the
    same program, with its chains across functions (the oracle still
    applies: the launches run in the same order)."""
    global SPELL_TPARAM
    out = []
    members = [v for v in chain.views if v.member]
    accessors = [v for v in chain.views if v.accessor]
    if members:
        out.append(f"struct F_{chain.name} {{")
        out += [f"  {v.ctype()} {v.name};" for v in members]
        out.append("};")
    if accessors:
        if chain.dom_namespace:
            out.append(f"namespace kf_ns_{chain.name} {{")
        out.append(f"class D_{chain.name} {{")
        out.append("public:")
        if chain.private_dom:
            ctor = ", ".join(f"{v.ctype()} a_{v.name}" for v in accessors)
            init = ", ".join(f"m_{v.name}(a_{v.name})" for v in accessors)
            out.append(f"  D_{chain.name}() = default;")
            out.append(f"  D_{chain.name}({ctor}) : {init} {{}}")
        for v in accessors:
            args = "int i" if v.rank == 1 else "int i, int j"
            idx = "i" if v.rank == 1 else "i, j"
            out.append(f"  KOKKOS_INLINE_FUNCTION {v.etype} &{v.name}({args}) const "
                       f"{{ return m_{v.name}({idx}); }}")
        if chain.private_dom:
            out.append("  int kf_one = 1;")
            out.append("")
            out.append("private:")
        out += [f"  {v.ctype()} m_{v.name};" for v in accessors]
        if not chain.private_dom:
            out.append("  int kf_one = 1;")
        out.append("};")
        if chain.dom_namespace:
            out.append(f"}} // namespace kf_ns_{chain.name}")
            out.append(f"using kf_ns_{chain.name}::D_{chain.name};")
        out.append(f"KOKKOS_INLINE_FUNCTION int kf_{chain.name}_one(const D_{chain.name} &d) "
                   "{ return d.kf_one; }")
        # A device function handed the object (by const reference) that
        # reads through its accessor: about an eighth of the accessor reads.
        for v in accessors:
            args = "int i" if v.rank == 1 else "int i, int j"
            idx = "i" if v.rank == 1 else "i, j"
            out.append(f"KOKKOS_INLINE_FUNCTION {v.etype} kf_{chain.name}_{v.name}("
                       f"const D_{chain.name} &d, {args}) {{ return d.{v.name}({idx}); }}")
    model.CURRENT_CHAIN = chain.name
    params = [f"{v.ctype()} {v.name}" for v in chain.views if v.slot != 2]
    params += ["Kokkos::View<int *> idx_perm", "Kokkos::View<int *> idx_nonin", "KfRows idx_rows"]
    if chain.faces:
        params += ["Kokkos::View<int *> left", "Kokkos::View<int *> right"]
    if members:
        params.append(f"F_{chain.name} fs")
    if accessors:
        params.append(f"D_{chain.name} dom")
    params += ["int n", "int n2", "int m", "int flags"]
    ind = "  "
    # The split kernels' functions take every name the chain's function
    # has when it calls them (its parameters, subviews, raw pointers).
    locals_ = [f"{v.ctype()} {v.name}" for v in chain.views if v.slot == 2]
    locals_ += [f"{v.etype} *p_{v.name}" for v in chain.views if v.raw]
    locals_ += [f"double {r}" for r in chain.results]  # read by later kernels, by value
    names = [p.rsplit(" ", 1)[1].lstrip("*") for p in params + locals_]
    # Kernels written as functor objects (emit --functors).
    for it in chain.items:
        if it.kernel is not None and it.kernel.kind == "for" and it.kernel.label in functors:
            out += emit_functor(it.kernel, chain, params + locals_)
    called = {}
    objects = []  # the chain function's objects of reduction classes
    if split:
        # The accessor object by reference: a reduction computed ahead
        # holds it by its address (the chain's function's own copy).
        params = [f"D_{chain.name}& dom" if p == f"D_{chain.name} dom" else p for p in params]
        for it in chain.items:
            if it.kind == "if" and in_branch(chain, it.kernel):
                # The `if` in the kernel's function, with a variant of the
                # kernel (another label) in its `else`: a launch in a branch.
                k = it.kernel
                fn = f"{chain.name}_{k.label}"
                called[id(it)] = f"{ind}{fn}({', '.join(names)});"
                out.append(f"static void {fn}({', '.join(params + locals_)}) {{")
                out.append(f"{ind}if (flags & {1 << it.bit}) {{")
                out += emit_launch(k, chain, ind + "  ")
                # About half have no `else`: the launch alone under the `if`.
                if zlib.crc32(f"{chain.name}:{k.label}:else".encode()) % 2 == 0:
                    out.append(f"{ind}}} else {{")
                    out += [line.replace(f'"{k.label}"', f'"{k.label}e"')
                            for line in emit_launch(k, chain, ind + "  ")]
                out.append(f"{ind}}}")
                out.append("}")
                out.append("")
                continue
            if it.kind != "launch":
                continue
            k = it.kernel
            fn = f"{chain.name}_{k.label}"
            if k.kind == "reduce" and k.label in functors:
                # A class of its own whose compute() the chain's function
                # calls on an object it holds (`*this` reductions).
                own = [p for p in params + locals_ if p.rsplit(" ", 1)[1] != k.result]
                args = [p.rsplit(" ", 1)[1].lstrip("*") for p in own]
                called[id(it)] = f"{ind}{k.result} = o_{k.label}.compute({', '.join(args)});"
                objects.append(f"{ind}{reducer_class_name(k, chain)} o_{k.label};")
                out += emit_reducer_class(k, chain, own)
                continue
            if k.kind == "reduce":
                # A reduction's function returns its result (the caller
                # needs it at once: a pair of them runs as one with the
                # second computed ahead).
                own = [p for p in params + locals_ if p.rsplit(" ", 1)[1] != k.result]
                args = [p.rsplit(" ", 1)[1].lstrip("*") for p in own]
                called[id(it)] = f"{ind}{k.result} = {fn}({', '.join(args)});"
                out.append(f"static double {fn}({', '.join(own)}) {{")
                out.append(f"{ind}double {k.result} = 0;")
                out += emit_launch(k, chain, ind)
                out.append(f"{ind}return {k.result};")
            else:
                again = doubled_call(chain, k)
                via = "" if again else via_call(chain, k)
                # In a chain whose function is a template, the kernels'
                # functions called directly are templates too, instantiated
                # with its parameter, and their lambdas spell constants
                # through it (as the chain's own launches do).
                templated = (chain.tparam is not None and not via and k.label not in functors
                             and not generic_helper(chain, k))
                callee = fn + ("<KfC>" if chain.tparam and chain.tparam[0] == "value" else "<KfT>") \
                    if templated else fn
                called[id(it)] = f"{ind}{callee}({', '.join(staged_names(chain, k, names))});"
                # Some kernels' functions are called twice in a row: on the
                # same Views, or with two Views of one type swapped.
                if again == "swapped":
                    again_names = swapped_names(chain, names)
                    if again_names:
                        called[id(it)] += f"\n{ind}{callee}({', '.join(again_names)});"
                elif again == "same":
                    called[id(it)] += f"\n{ind}{callee}({', '.join(names)});"
                own = params + locals_
                if templated:
                    out.append("template <int KfC>" if chain.tparam[0] == "value"
                               else "template <class KfT>")
                if via == "template":
                    out.append("template <int KfV>")
                elif k.label not in functors and generic_helper(chain, k):
                    # Generic over its first View's type, as library
                    # helpers are (`template <class ViewType>`): its launch
                    # depends on the template's parameter, its body names
                    # none.
                    first = next(j for j, p in enumerate(own) if p.startswith("Kokkos::View<"))
                    own = own[:first] + ["KfG " + own[first].rsplit(" ", 1)[1]] + own[first + 1:]
                    out.append("template <class KfG>")
                out.append(f"static void {fn}({', '.join(own)}) {{")
                SPELL_TPARAM = chain.tparam if templated else None
                out += emit_launch(k, chain, ind)
                SPELL_TPARAM = None
                if via:
                    # The dispatcher the chain's function calls instead.
                    out.append("}")
                    out.append("")
                    target = f"{fn}<1>" if via == "template" else fn
                    called[id(it)] = f"{ind}{fn}_via({', '.join(names)});"
                    out.append(f"static void {fn}_via({', '.join(params + locals_)}) {{")
                    if via == "after":
                        out.append(f"{ind}{target}({', '.join(names)});")
                        out.append(f"{ind}g_host = (g_host * 3 + 1) % 1000003;")
                    else:
                        out.append(f"{ind}return {target}({', '.join(names)});")
            out.append("}")
            out.append("")
    params = [f"D_{chain.name} dom" if p == f"D_{chain.name}& dom" else p for p in params]
    tparam = chain.tparam
    if tparam:
        out.append("template <int KfC>" if tparam[0] == "value" else "template <class KfT>")
    out.append(f"void {chain.name}({', '.join(params)}) {{")
    for r in chain.results:
        out.append(f"{ind}double {r} = 0;")
    out += objects
    if split and stages_of(chain):
        st = stages_of(chain)
        out.append(f"{ind}std::array<{st[0].ctype()}, {len(st)}> kf_stages{{"
                   f"{', '.join(v.name for v in st)}}};")
        out.append(f"{ind}(void)kf_stages;")
    for v in chain.views:
        if v.slot == 2:
            out.append(f"{ind}const int nm = n > n2 ? n : n2;")
            out.append(f"{ind}{v.ctype()} {v.name} = Kokkos::subview({v.parent}, "
                       f"std::make_pair({v.sub}, {v.sub} + nm + 3));")
    for v in chain.views:
        if v.raw:
            out.append(f"{ind}{v.etype} *p_{v.name} = {v.name}.data();")
    # Split, every other chain (by its name, not the seed's random numbers)
    # runs its steps twice, each time in a block of its own: its pairs are
    # called twice in one function, and each call gets a window of its own.
    twice = split and sum(map(ord, chain.name)) % 2 == 0
    # Between two reductions of `*this` classes, about half the time, a
    # kernel that stores nothing (a sum over a View into a local): the
    # second may be computed ahead with the first across it.
    probe_view = next((v for v in chain.views if v.slot != 2), None)
    SPELL_TPARAM = tparam
    for _ in range(2 if twice else 1):
        body = []
        step = ind + "  " if twice else ind
        prev_class = False
        for it in chain.items:
            is_class = (it.kind == "launch" and id(it) in called and it.kernel.kind == "reduce"
                        and it.kernel.label in functors)
            if (is_class and prev_class and probe_view is not None and
                    zlib.crc32(f"{chain.name}:{it.kernel.label}:probe".encode()) % 2 == 0):
                at = "i" if probe_view.rank == 1 else "i, 0"
                body += [f"{step}{{",
                         f"{step}  double probe = 0;",
                         f"{step}  Kokkos::parallel_reduce(\"{chain.name}_probe_{it.kernel.label}\", "
                         f"{probe_view.name}.extent(0), KOKKOS_LAMBDA(const int i, double &t) "
                         f"{{ t += (double){probe_view.name}({at}); }}, probe);",
                         f"{step}}}"]
            prev_class = is_class
            if it.kind == "host":
                body += emit_host(it, chain, step)
            elif it.kind in ("launch", "if") and id(it) in called:
                body += [step + line.lstrip() for line in called[id(it)].split("\n")]
            elif it.kind == "launch":
                body += emit_launch(it.kernel, chain, step)
            elif it.kind == "if":
                cond = f"{step}if (flags & {1 << it.bit})"
                lines = emit_launch(it.kernel, chain, step + "  ") if it.braces else []
                if (len(lines) == 2 and f" f_{it.kernel.label}{{" in lines[0] and zlib.crc32(
                        f"{chain.name}:{it.kernel.label}:hoist".encode()) % 2 == 0):
                    # A named functor object declared before the `if` of its
                    # launch (the guard checks it still holds its Views).
                    body += [step + lines[0].lstrip(), cond + " {", lines[1], f"{step}}}"]
                elif it.braces:
                    body += [cond + " {"] + lines + [f"{step}}}"]
                else:
                    body += [cond] + emit_launch(it.kernel, chain, step + "  ", statement=False)
            elif it.loop >= 0:
                # The launches of one host loop, emitted at its first.
                loop = [o for o in chain.items if o.kind == "loop" and o.loop == it.loop]
                if loop[0] is it:
                    body.append(f"{step}for (int r = 0; r < {it.reps}; ++r) {{")
                    for o in loop:
                        body += emit_launch(o.kernel, chain, step + "  ")
                    body.append(f"{step}}}")
            else:
                head = f"{step}for (int r = 0; r < {it.reps}; ++r)"
                if it.braces:
                    body += [head + " {"] + emit_launch(it.kernel, chain, step + "  ") + [f"{step}}}"]
                else:
                    body += [head] + emit_launch(it.kernel, chain, step + "  ", statement=False)
        out += [f"{ind}{{"] + body + [f"{ind}}}"] if twice else body
    SPELL_TPARAM = None
    present = [it.kernel.result for it in chain.items if it.kernel is not None and it.kernel.result]
    if present:
        fmt = " ".join(["%a"] * len(present))
        out.append(f"{ind}std::printf(\"{chain.name} {fmt}\\n\", {', '.join(present)});")
    out.append("}")
    out.append("")
    return out


PRELUDE = """\
#include <Kokkos_Core.hpp>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <utility>

static long g_host = 0;

// A neighbour list that hands out one row at a time (compressed rows).
struct KfRow {
  const int *p;
  int n;
  KOKKOS_INLINE_FUNCTION int operator()(const int k) const { return p[k]; }
  KOKKOS_INLINE_FUNCTION int size() const { return n; }
};
struct KfRows {
  Kokkos::View<int *> offsets, entries;
  KOKKOS_INLINE_FUNCTION KfRow row(const int i) const {
    const int b = offsets(i);
    return KfRow{&entries(b), offsets(i + 1) - b};
  }
};

// A device function taking a View: about a quarter of the plain reads and
// writes go through it (spell_access), its element by reference.
template <class V, class... I>
KOKKOS_INLINE_FUNCTION auto kf_at(const V &v, I... i) -> decltype(v(i...)) {
  return v(i...);
}

// A device function kfuse does not follow (it loops with `while`): the View
// is handed to it whole; about an eighth of the plain reads go through it.
template <class V, class... I>
KOKKOS_INLINE_FUNCTION typename V::non_const_value_type kf_get(const V &v, I... i) {
  int kf_k = 0;
  while (kf_k < 0)
    ++kf_k;
  return v(i...);
}

// Device functions taking a pointer to an element of a View (about an
// eighth of the plain reads of 1-D Views, and of the accessor reads and
// writes): kfuse follows them into any element of that View.
template <class T>
KOKKOS_INLINE_FUNCTION T kf_elem(const T *p, int k) { return p[k]; }
template <class T>
KOKKOS_INLINE_FUNCTION T &kf_ref(T *p) { return *p; }

// A device function changing its index before it indexes, the same
// element (about a sixteenth of the plain reads of 1-D Views).
template <class V>
KOKKOS_INLINE_FUNCTION typename V::non_const_value_type kf_shift(const V &v, int i) {
  i = i + 1;
  return v(i - 1);
}

// Keeps values small integers, so that doubles stay exact.
KOKKOS_INLINE_FUNCTION double kf_wrap(double x) { return x - 4096.0 * (long)(x / 4096.0); }

template <class V> void kf_fill1(V v, int s) {
  auto h = Kokkos::create_mirror_view(v);
  for (int k = 0; k < (int)h.extent(0); ++k)
    h(k) = (k * 7 + s) % 23 - 11;
  Kokkos::deep_copy(v, h);
}

template <class V> void kf_fill2(V v, int s) {
  auto h = Kokkos::create_mirror_view(v);
  for (int k = 0; k < (int)h.extent(0); ++k)
    for (int l = 0; l < (int)h.extent(1); ++l)
      h(k, l) = (k * 5 + l * 3 + s) % 19 - 9;
  Kokkos::deep_copy(v, h);
}

PEEK_HELPERS

template <class V> void kf_print1(const char *name, V v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  double s = 0;
  for (int k = 0; k < (int)h.extent(0); ++k)
    s += (double)h(k) * (k % 7 + 1);
  std::printf("%s %a\\n", name, s);
}

template <class V> void kf_print2(const char *name, V v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  double s = 0;
  for (int k = 0; k < (int)h.extent(0); ++k)
    for (int l = 0; l < (int)h.extent(1); ++l)
      s += (double)h(k, l) * ((k + 2 * l) % 7 + 1);
  std::printf("%s %a\\n", name, s);
}

"""


PEEK_DEFINITIONS = """\
template <class V> long kf_peek1(V v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  return (long)h(1);
}

template <class V> long kf_peek2(V v) {
  auto h = Kokkos::create_mirror_view(v);
  Kokkos::deep_copy(h, v);
  return (long)h(1, 1);
}"""

PEEK_DECLARATIONS = """\
// Defined in helpers.cpp (another unit), for the View types used.
template <class V> long kf_peek1(V v);
template <class V> long kf_peek2(V v);"""

# A serial stand-in for two calls of MPI (declared with C linkage, as an MPI
# stub's header does; with --split its bodies are in helpers.cpp, another
# unit), and a timer whose pointer member holds an allocation of its own:
# host code between launches as mini-apps write it (emit_host).
MPI_DECLARATIONS = """\
extern "C" {
double MPI_Wtime(void);
int MPI_Allreduce(const void *in, void *out, int count, int type, int op, int comm);
}

struct KfTimer {
  double *array;
  double previous = 0;
  KfTimer() : array(new double[4]) {
    for (int k = 0; k < 4; ++k) array[k] = 0;
  }
  ~KfTimer() { delete[] array; }
  void stamp(int which) {
    double now = MPI_Wtime();
    array[which] += now - previous;
    previous = now;
  }
};
static KfTimer g_timer;"""

MPI_DEFINITIONS = """\
#include <chrono>
#include <cstring>
extern "C" double MPI_Wtime(void) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
extern "C" int MPI_Allreduce(const void *in, void *out, int count, int, int, int) {
  std::memcpy(out, in, count * sizeof(double));
  return 0;
}"""

# The (rank, View type) of every kf_peek call emit() wrote.
PEEKED = set()

HELPERS_FILE = "helpers.cpp"


def emit_helpers() -> str:
    """helpers.cpp of a --split program: the kf_peek helpers its main file
    calls, instantiated for the View types emit() used."""
    out = ["// kfuse fuzz program's host helpers (test/fuzz/generate.py; do not edit)",
           "#include <Kokkos_Core.hpp>", "", PEEK_DEFINITIONS, "", MPI_DEFINITIONS, ""]
    for rank, ctype in sorted(PEEKED):
        out.append(f"template long kf_peek{rank}<{ctype}>({ctype});")
    return "\n".join(out) + "\n"


def functor_labels(prog: Program, chain: Chain) -> set:
    """The parallel_for kernels of \p chain that --functors writes as functor
    objects: about half, chosen by a hash (the program is the same otherwise)."""
    # (Not a host loop's kernel: its body may read the loop's variable.)
    # Reductions over 1-D ranges that are statements of their own become
    # classes reducing with `*this` (emit_reducer_class, when split).
    return {it.kernel.label for it in chain.items
            if it.kernel is not None and it.kind != "loop" and
            (it.kernel.kind == "for" or
             (it.kernel.kind == "reduce" and it.kind == "launch" and not it.kernel.md)) and
            zlib.crc32(f"{prog.seed}:{chain.name}:{it.kernel.label}".encode()) % 2 == 0}


def emit(prog: Program, split: bool = False, functors: bool = False) -> str:
    global WIDE
    WIDE = prog.wide
    out = [f"// kfuse fuzz program, seed {prog.seed}{' (split)' if split else ''}"
           f"{' (functors)' if functors else ''} "
           "(test/fuzz/generate.py; do not edit)",
           f"// Arguments: n n2 m alias flags (profiled: {' '.join(prog.args())})"]
    PEEKED.clear()
    out.append(PRELUDE.replace("PEEK_HELPERS", PEEK_DECLARATIONS if split else PEEK_DEFINITIONS))
    out += [MPI_DECLARATIONS, ""] + ([] if split else [MPI_DEFINITIONS, ""])
    for c in prog.chains:
        out += emit_chain(c, split, functor_labels(prog, c) if functors else ())
    a = prog.args()
    out += ["int main(int argc, char **argv) {",
            "  Kokkos::initialize(argc, argv);",
            "  {",
            f"    const int n = argc > 1 ? std::atoi(argv[1]) : {a[0]};",
            f"    const int n2 = argc > 2 ? std::atoi(argv[2]) : n;",
            f"    const int m = argc > 3 ? std::atoi(argv[3]) : {a[2]};",
            f"    const int alias = argc > 4 ? std::atoi(argv[4]) : {a[3]};",
            f"    const int flags = argc > 5 ? std::atoi(argv[5]) : {a[4]};",
            "    const int nm = n > n2 ? n : n2;",
            "    Kokkos::View<int *> idx_perm(\"idx_perm\", nm + 3), idx_nonin(\"idx_nonin\", nm + 3);",
            "    {",
            "      auto hp = Kokkos::create_mirror_view(idx_perm);",
            "      auto hn = Kokkos::create_mirror_view(idx_nonin);",
            "      for (int k = 0; k < nm + 3; ++k) {",
            "        hp(k) = nm + 2 - k;",
            "        hn(k) = k / 2;",
            "      }",
            "      Kokkos::deep_copy(idx_perm, hp);",
            "      Kokkos::deep_copy(idx_nonin, hn);",
            "    }",
            "    // Two neighbours per row: row i names entries 2i and 2i + 1.",
            "    KfRows idx_rows{Kokkos::View<int *>(\"idx_rows_offsets\", nm + 4),",
            "                    Kokkos::View<int *>(\"idx_rows_entries\", 2 * (nm + 4))};",
            "    {",
            "      auto ho = Kokkos::create_mirror_view(idx_rows.offsets);",
            "      auto he = Kokkos::create_mirror_view(idx_rows.entries);",
            "      for (int k = 0; k < nm + 4; ++k) {",
            "        ho(k) = 2 * k;",
            "        he(2 * k) = (5 * k + 1) % (nm + 3);",
            "        he(2 * k + 1) = (3 * k + 2) % (nm + 3);",
            "      }",
            "      Kokkos::deep_copy(idx_rows.offsets, ho);",
            "      Kokkos::deep_copy(idx_rows.entries, he);",
            "    }"]
    if any(c.faces for c in prog.chains):
        out += ["    // The cells on either side of each face (--atomics): two faces per cell,",
                "    // the first faces' cells last.",
                "    Kokkos::View<int *> left(\"left\", nm + 3), right(\"right\", nm + 3);",
                "    {",
                "      auto hl = Kokkos::create_mirror_view(left);",
                "      auto hr = Kokkos::create_mirror_view(right);",
                "      for (int k = 0; k < nm + 3; ++k) {",
                "        hl(k) = nm + 2 - k / 2;",
                "        hr(k) = nm + 2 - (k + 1) / 2;",
                "      }",
                "      Kokkos::deep_copy(left, hl);",
                "      Kokkos::deep_copy(right, hr);",
                "    }"]
    printed = []
    seedv = 1
    for c in prog.chains:
        for v in c.views:
            if v.slot >= 0:
                continue
            dims = "nm + 3" if v.rank == 1 else "nm + 3, m + 3"
            out.append(f"    {v.ctype()} {c.name}_{v.name}(\"{c.name}_{v.name}\", {dims});")
            out.append(f"    kf_fill{v.rank}({c.name}_{v.name}, {seedv});")
            printed.append((f"{c.name}_{v.name}", v.rank))
            seedv += 1
        if c.store_type and c.columns:
            st = f"Kokkos::View<{c.store_type} *, Kokkos::LayoutStride>"
            out += [f"    Kokkos::View<{c.store_type} **, Kokkos::LayoutRight> {c.name}_store(\"{c.name}_store\", nm + 6, 2);",
                    f"    kf_fill2({c.name}_store, {seedv});",
                    f"    const int {c.name}_mode = (alias + {c.shift}) % 3;",
                    f"    const int {c.name}_row = {c.name}_mode == 2 ? 1 : 0;",
                    f"    {st} {c.name}_x = Kokkos::subview({c.name}_store, std::make_pair(0, nm + 5), 0);",
                    f"    {st} {c.name}_y = Kokkos::subview({c.name}_store, "
                    f"std::make_pair({c.name}_row, {c.name}_row + nm + 5), {c.name}_mode == 0 ? 1 : 0);"]
            printed.append((f"{c.name}_store", 2))
            seedv += 1
        elif c.store_type:
            st = f"Kokkos::View<{c.store_type} *>"
            out += [f"    {st} {c.name}_store(\"{c.name}_store\", 2 * (nm + 5));",
                    f"    kf_fill1({c.name}_store, {seedv});",
                    f"    const int {c.name}_mode = (alias + {c.shift}) % 3;",
                    f"    const int {c.name}_off = {c.name}_mode == 0 ? nm + 5 : {c.name}_mode == 1 ? 0 : 1;",
                    f"    {st} {c.name}_x = Kokkos::subview({c.name}_store, std::make_pair(0, nm + 5));",
                    f"    {st} {c.name}_y = Kokkos::subview({c.name}_store, "
                    f"std::make_pair({c.name}_off, {c.name}_off + nm + 5));"]
            printed.append((f"{c.name}_store", 1))
            seedv += 1
        members = [v for v in c.views if v.member]
        if members:
            out.append(f"    F_{c.name} {c.name}_fs{{{', '.join(c.name + '_' + v.name for v in members)}}};")
        accessors = [v for v in c.views if v.accessor]
        if accessors:
            out.append(f"    D_{c.name} {c.name}_dom{{{', '.join(c.name + '_' + v.name for v in accessors)}}};")
    out.append(f"    for (int t = 0; t < {prog.steps}; ++t) {{")
    for c in prog.chains:
        args = [f"{c.name}_{v.name}" for v in c.views if v.slot != 2] + ["idx_perm", "idx_nonin",
                                                                          "idx_rows"]
        if c.faces:
            args += ["left", "right"]
        if any(v.member for v in c.views):
            args.append(f"{c.name}_fs")
        if any(v.accessor for v in c.views):
            args.append(f"{c.name}_dom")
        args += ["n", "n2", "m", "flags"]
        targs = ""
        if c.tparam:
            targs = f"<{c.tparam[1]}>"
        out.append(f"      {c.name}{targs}({', '.join(args)});")
    out.append("    }")
    for name, rank in printed:
        out.append(f"    kf_print{rank}(\"{name}\", {name});")
    out += ["    std::printf(\"host %ld\\n\", g_host);",
            "  }",
            "  Kokkos::finalize();",
            "}", ""]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output", help="the program (default: stdout)")
    ap.add_argument("--oracle", help="write the oracle's verdicts (JSON) here")
    ap.add_argument("--split", action="store_true",
                    help="each kernel that can be in a function of its own (chains across functions)")
    ap.add_argument("--functors", action="store_true",
                    help="write about half of the parallel_for kernels as functor objects")
    ap.add_argument("--pointers", action="store_true",
                    help="a raw pointer to a View's data in most chains, read alike by their kernels")
    ap.add_argument("--atomics", action="store_true",
                    help="kernels over faces scattering through atomics into Views of cells in most chains")
    args = ap.parse_args(argv)
    prog = generate(args.seed, args.pointers, args.atomics)
    text = emit(prog, args.split, args.functors)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
        if args.split:  # its host helpers, in a unit of their own
            with open(os.path.join(os.path.dirname(args.output) or ".", HELPERS_FILE), "w") as f:
                f.write(emit_helpers())
    else:
        sys.stdout.write(text)
    if args.oracle:
        with open(args.oracle, "w") as f:
            json.dump(oracle_json(prog), f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
