"""P(valid) per depth of one sweep CSV against another on the boards both hold: medians, and on
how many boards the first is higher. Usage: compare.py FIRST.csv SECOND.csv (Markdown to stdout).
The label of each side is its mixer and space (an old CSV without those columns: x, full)."""
import csv
import os
import statistics
import sys


def rows(path):
    out, label = {}, None
    for r in csv.DictReader(open(path)):
        label = "%s on %s" % (r.get("mixer", "x"), r.get("space", "full"))
        out[(os.path.basename(r["file"]), int(r["p"]))] = (float(r["p_valid"]), float(r["uniform_baseline"]))
    return out, label


first, a = rows(sys.argv[1])
second, b = rows(sys.argv[2])
boards = sorted({f for f, _ in first} & {f for f, _ in second})
depths = sorted({p for _, p in first})
print("P(valid) on the %d boards both CSVs hold (%s: %s; %s: %s)." % (
    len(boards), a, os.path.relpath(sys.argv[1]), b, os.path.relpath(sys.argv[2])))
print()
print("| p | median, %s | median, %s | ratio of medians | boards where %s is higher |" % (a, b, a))
print("| ---: | ---: | ---: | ---: | ---: |")
for p in depths:
    pa = [first[(f, p)][0] for f in boards if (f, p) in first and (f, p) in second]
    pb = [second[(f, p)][0] for f in boards if (f, p) in first and (f, p) in second]
    ma, mb = statistics.median(pa), statistics.median(pb)
    higher = sum(x > y for x, y in zip(pa, pb))
    print("| %d | %.4f | %.4f | %.1f× | %d of %d |" % (p, ma, mb, ma / mb, higher, len(pa)))
print()
ua = statistics.median(first[(f, depths[0])][1] for f in boards)
ub = statistics.median(second[(f, depths[0])][1] for f in boards)
print("Median uniform baseline: %.3g (%s), %.3g (%s)." % (ua, a, ub, b))
