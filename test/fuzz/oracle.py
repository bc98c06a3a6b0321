#!/usr/bin/env python3
"""The legality oracle of generated programs: which launches of a chain may be fused, decided per element from what the generator knows each access touches."""
# Two launches may be fused when every View that one of them writes and the
# other uses is indexed with the same injective function of the launch index
# in both (the row, for a 1-D launch over a 2-D View; a raw pointer or an
# accessor method reaches its View's elements: it is judged like the View's
# own name, on the View's memory), atomics are not mixed with plain accesses
# (atomic updates of one commuting family alone commute, wherever they go:
# adds, subtractions, increments and decrements with each other, max with
# max, min with min; a compare-exchange loop with nothing), the ranges are
# equal in the profiled run, no reduction result feeds the other, and the host
# code between them can be moved past one of them. A launch alone in a host
# loop may take the loop into its kernel when each element touches only its
# own element of what it writes.
from typing import List

from model import (ALIAS_NAMES, COMMUTING, DATA_CHOSEN, Access, Chain, Item, Kernel, Program,
                   View, accesses, results_read, spell_access)

INF = 1 << 40


def store_offset(mode: int, nm: int) -> int:
    """Where the caller's subview y starts in the store (x starts at 0; both
    have nm + 5 elements): apart, the same, or overlapping x."""
    return (nm + 5, 0, 1)[mode]


def region(chain: Chain, view: View, mode: int, nm: int):
    """(allocation, first, last + 1) of the elements a View name may reach."""
    if view.slot < 0:
        return (chain.name + "." + view.name, 0, INF)
    if view.slot == 2:
        alloc, base, _ = region(chain, chain.view(view.parent), mode, nm)
        return (alloc, base + view.sub, base + view.sub + nm + 3)
    if chain.columns:
        # Columns of a matrix: apart, another column (no element shared).
        column = 1 if view.slot == 1 and mode == 0 else 0
        base = 1 if view.slot == 1 and mode == 2 else 0
        return (f"{chain.name}.store.c{column}", base, base + nm + 5)
    base = 0 if view.slot == 0 else store_offset(mode, nm)
    return (chain.name + ".store", base, base + nm + 5)


def conflict_possible(chain: Chain, a: Access, b: Access, mode: int, nm: int = 30) -> bool:
    ra, rb = region(chain, chain.view(a.view), mode, nm), region(chain, chain.view(b.view), mode, nm)
    return ra[0] == rb[0] and ra[1] < rb[2] and rb[1] < ra[2]


def key(k: Kernel, chain: Chain, a: Access, mode: int, nm: int = 30):
    """The element an access touches as a function of the launch index, in
    allocation coordinates: the row for 1-D launches, the element for md."""
    v = chain.view(a.view)
    base = region(chain, v, mode, nm)[1]
    d0 = a.index[0]
    if d0[0] in ("i", "c"):
        d0 = (d0[0], d0[1] + base)
    else:
        d0 = (d0[0], base)
    if k.md and v.rank == 2:
        return (d0, a.index[1])
    return (d0,)


def injective(k: Kernel, kk) -> bool:
    if k.md:
        return len(kk) == 2 and kk[0][0] == "i" and kk[1][0] == "j"
    return kk[0][0] in ("i", "perm")

def space(k: Kernel, prog: Program, n: int, n2: int, m: int):
    hi = {"n": n, "n2": n2, "n - 1": n - 1}[k.hi]
    if k.md:
        return ((k.lo, hi + k.lo), (k.lo, m + k.lo))
    return ((k.lo, hi + k.lo),)


def classify(ka, kb) -> str:
    kinds = {ka[0][0], kb[0][0]}
    if "c" in kinds:
        return "constant-index"
    if kinds & set(DATA_CHOSEN):
        return "indirect-index"
    return "different-element"


class Oracle:
    """Legality of fusing launches of one chain, decided per element."""

    def __init__(self, prog: Program, chain: Chain, alias=None, sizes=None):
        self.prog, self.chain = prog, chain
        alias = prog.alias0 if alias is None else alias
        self.mode = (alias + chain.shift) % 3
        self.n, self.n2, self.m = sizes or (prog.n0, prog.n0, prog.m0)
        self.nm = max(self.n, self.n2)
        self.by_label = {it.kernel.label: (i, it) for i, it in enumerate(chain.items) if it.kernel}

    def key(self, k, a):
        return key(k, self.chain, a, self.mode, self.nm)

    def overlap(self, a, b):
        return conflict_possible(self.chain, a, b, self.mode, self.nm)

    def pair(self, p: Kernel, q: Kernel) -> List[str]:
        """Reasons why q cannot run fused with p (p first); empty: legal."""
        why = []
        sp = space(p, self.prog, self.n, self.n2, self.m)
        sq = space(q, self.prog, self.n, self.n2, self.m)
        # Ranges (or boxes) from the same begins may run as one launch over
        # their union, each kernel below its own ends (horizontal fusion):
        # legal when the data is independent or point-wise, which data()
        # judges.
        related = len(sp) == len(sq) and all(a[0] == b[0] for a, b in zip(sp, sq))
        if sp != sq and not related:
            why.append(f"different-ranges: {sp} in {p.label}, {sq} in {q.label}")
        if p.result and p.result in results_read(q):
            why.append(f"reduction-result: {q.label} reads {p.result}, the result of {p.label}")
        if p.result and q.result == p.result:
            why.append("reduction-result: both write " + p.result)
        why += self.data(p, q, accesses(p), accesses(q))
        return why

    def data(self, p, q, pa, qa) -> List[str]:
        why = []
        for a in pa:
            for b in qa:
                if "r" == a.mode == b.mode or not self.overlap(a, b):
                    continue
                ka, kb = self.key(p, a), self.key(q, b)
                what = f"'{a.view}': {spell_access(a)} in {p.label} and {spell_access(b)} in {q.label}"
                if (a.mode == "a") != (b.mode == "a"):
                    why.append("atomic-mixed: " + what)
                elif a.mode == "a":
                    # Updates of one commuting family commute (the values
                    # are small integers: sums are exact in any order); any
                    # other two may meet at an element and there their order
                    # decides the value.
                    if a.op == b.op and a.op in COMMUTING:
                        continue
                    why.append(f"atomic-order: {a.op} and {b.op} updates of " + what)
                elif ka != kb:
                    why.append(classify(ka, kb) + ": " + what)
                elif not injective(p, ka):
                    why.append("non-injective: " + what)
        return sorted(set(why))

    def repeat(self, k: Kernel) -> List[str]:
        """Reasons why a launch alone in a host loop cannot take the loop
        into its kernel (each element runs all iterations in turn)."""
        return self.repeat_body([k])

    def repeat_body(self, ks: List[Kernel]) -> List[str]:
        """Reasons why the launches of a host loop's body, fused, cannot take
        the loop into the fused kernel: each element of what they write must
        be one launch index's in every access of every launch."""
        why = []
        for k in ks:
            if k.kind == "reduce":
                why.append("reduction-in-loop")
        for x, p in enumerate(ks):
            for q in ks[x:]:
                why += self.data(p, q, accesses(p), accesses(q))
        return sorted(set(why))

    def sets(self, it: Item):
        """What an item reads and writes: (alloc, lo, hi) regions and scalars."""
        reads, writes = [], []
        if it.kernel is not None:
            for a in accesses(it.kernel):
                reg = region(self.chain, self.chain.view(a.view), self.mode, self.nm)
                (reads if a.mode == "r" else writes).append(reg)
                if a.mode == "a":
                    reads.append(reg)
            reads += [("scalar", r, 0) for r in results_read(it.kernel)]
            if it.kernel.result:
                writes.append(("scalar", it.kernel.result, 0))
        elif it.host in ("mirror", "fill"):
            reg = region(self.chain, self.chain.view(it.view), self.mode, self.nm)
            (reads if it.host == "mirror" else writes).append(reg)
        elif it.host == "use-result":
            reads.append(("scalar", it.result, 0))
        elif it.host == "arith":
            reads.append(("scalar", "g_host", 0))
            writes.append(("scalar", "g_host", 0))
        return reads, writes

    @staticmethod
    def _meet(xs, ys) -> bool:
        for x in xs:
            for y in ys:
                if x[0] == y[0] and (x[0] == "scalar" and x[1] == y[1] or
                                     x[0] != "scalar" and x[1] < y[2] and y[1] < x[2]):
                    return True
        return False

    def commute(self, a: Item, b: Item) -> bool:
        ra, wa = self.sets(a)
        rb, wb = self.sets(b)
        return not (self._meet(wa, rb + wb) or self._meet(wb, ra))

    def group(self, labels: List[str], repeated: bool = False) -> List[str]:
        """Reasons why kfuse's group (labels of launches of this chain) is not
        a legal fusion; empty: legal. \p repeated: kfuse also took the host
        loop around the group into the fused kernel (temporal fusion)."""
        members = sorted(self.by_label[l][0] for l in labels)
        items = self.chain.items
        if len(members) == 1:
            it = items[members[0]]
            return self.repeat(it.kernel) if it.kind == "loop" else []
        why = []
        # The launches of one host loop's body, all of them, fuse within each
        # iteration; with the loop taken in, across iterations too.
        loops = {items[i].loop for i in members}
        whole_loop = (len(loops) == 1 and -1 not in loops and
                      members == [i for i, it in enumerate(items) if it.loop in loops])
        if repeated and not whole_loop:
            why.append("repeated: the group is not the body of one host loop")
        if repeated and whole_loop:
            why += self.repeat_body([items[i].kernel for i in members])
        for i in members:
            if items[i].kind == "loop" and not whole_loop:
                why.append(f"host-loop: {items[i].kernel.label} runs in a host loop")
        for x, i in enumerate(members):
            for j in members[x + 1:]:
                why += self.pair(items[i].kernel, items[j].kernel)
        between = [t for t in range(members[0] + 1, members[-1]) if t not in members]
        if between and not self.movable(members, between):
            why.append("code-between: " + ", ".join(self.item_text(items[t]) for t in between)
                       + " cannot move past the group")
        return sorted(set(why))

    def movable(self, members, between) -> bool:
        """Whether some place for the fused launch (between items pos and
        pos + 1) lets every member move there past the code in its way."""
        items = self.chain.items
        for pos in range(members[0], members[-1]):
            if all(self.commute(items[mm], items[t]) for mm in members for t in between
                   if (mm < t <= pos) or (pos < t < mm)):
                return True
        return False

    def item_text(self, it: Item) -> str:
        if it.kernel is not None:
            return it.kernel.label
        return f"host {it.host}" + (f" {it.view}" if it.view else "") + (f" {it.result}" if it.result else "")

    def runtime(self) -> List[Item]:
        """The chain's launches as the profiled run executes them."""
        flags = self.prog.flags0
        return [it for it in self.chain.items if it.kernel is not None and
                not (it.kind == "if" and not flags >> it.bit & 1)]

    def summary(self) -> dict:
        seq = self.runtime()
        pairs = []
        for a, b in zip(seq, seq[1:]):
            why = self.group([a.kernel.label, b.kernel.label])
            pairs.append({"first": a.kernel.label, "second": b.kernel.label,
                          "legal": not why, "why": why})
        repeats = [{"label": it.kernel.label, "legal": not self.repeat(it.kernel),
                    "why": self.repeat(it.kernel)} for it in seq
                   if it.kind == "loop" and it.loop < 0]
        return {"labels": [k.label for k in self.chain.kernels()],
                "runtime": [it.kernel.label for it in seq],
                "alias_mode": ALIAS_NAMES[self.mode] if any(v.slot >= 0 for v in self.chain.views) else None,
                "pairs": pairs, "repeats": repeats,
                "legal": all(p["legal"] for p in pairs) and not repeats if pairs else None}


def oracle_json(prog: Program) -> dict:
    return {"seed": prog.seed, "modes": prog.run_modes(),
            "chains": {c.name: Oracle(prog, c).summary() for c in prog.chains}}
