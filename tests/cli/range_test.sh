#!/usr/bin/env bash
# End-to-end tests of `dungen range` (docs/cli.md "range", docs/quality.md "Expressive range").
# Usage: range_test.sh CASE DUNGEN PNG_EQUAL SOURCE_DIR. Exit 0 = pass, 77 = skipped, else fail.
set -u
case_name=$1 dungen=$2 png_equal=$3 src=$4
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
golden=$data/range

one_line_error() {
  [ "$(grep -c '^dungen: error:' err.txt)" -eq 1 ] || fail "expected exactly one 'dungen: error:' line"
  [ "$(wc -l < err.txt)" -eq 1 ] || fail "more than one line on standard error"
}
no_outputs() {  # no_outputs BASE: none of the four files exists
  for f in "$1.png" "$1-histograms.png" "$1.txt" "$1.csv"; do
    [ ! -e "$f" ] || fail "a refused run wrote $f"
  done
}

case $case_name in
outputs)
  run 0 range "$samples/classic" --count 12 --seed 3 -o r
  expect_err "^dungen: wrote r.png \(loops against dead_ends\), r-histograms.png, r.txt and r.csv: 12 levels, seeds 3 to 14$"
  for f in r.png r-histograms.png; do
    [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$f is no PNG"
  done
  [ "$(wc -l < r.csv)" -eq 13 ] || fail "r.csv has $(wc -l < r.csv) lines, not a header and 12 rows"
  head -1 r.csv | grep -qx "index,seed,reachable_share,passable_cells,reachable_cells,unreachable_placements,dead_ends,loops,exit_steps,exit_rooms,branching" \
    || fail "r.csv header: $(head -1 r.csv)"
  [ "$(sed -n 13p r.csv | cut -d, -f1,2)" = "11,14" ] || fail "the last row is not index 11, seed 14"
  grep -q "^dungen range: 12 levels of $samples/classic, seeds 3 to 14$" r.txt || fail "r.txt heading"
  grep -qE "^loops \\\\ dead_ends( +[0-9-]+)+$" r.txt || fail "r.txt has no heatmap header"
  # The heatmap's counts add up to the levels.
  total=$(sed -n '/^loops \\ dead_ends/,$p' r.txt | tail -n +2 | awk '{for (i = 2; i <= NF; i++) s += $i} END {print s}')
  [ "$total" -eq 12 ] || fail "the heatmap counts $total levels"
  # -o BASE.png means BASE; other metrics by key; quiet prints nothing.
  run 0 range "$samples/classic" --count 4 --seed 3 -x passable_cells -y exit_steps -o q.png -q
  [ ! -s out.txt ] && [ ! -s err.txt ] || fail "-q printed something"
  [ -e q.png ] && [ -e q-histograms.png ] && [ -e q.txt ] && [ -e q.csv ] || fail "q.* not written"
  grep -q "levels per bin of exit_steps (rows, largest first) and passable_cells (columns)" q.txt || fail "q.txt axes" ;;
same_as_generate)
  # Each row holds the metrics generate's JSON report gives for that seed, with the same options
  # (generation, locks, content, --require).
  same_rows() {  # same_rows TILES SEED OPTIONS...: range over 3 seeds against generate
    local tiles=$1 first=$2 i seed
    shift 2
    run 0 range "$tiles" --count 3 --seed "$first" "$@" -o r -q
    for i in 0 1 2; do
      seed=$((first + i))
      run 0 generate "$tiles" --seed $seed "$@" -o m.png --json m.json -q
      python3 - m.json r.csv $i <<'EOF' || fail "seed $seed ($*): range's row differs from generate's report"
import csv, json, sys
m = json.load(open(sys.argv[1]))["metrics"]
rows = list(csv.reader(open(sys.argv[2])))
keys, row = rows[0][2:], rows[int(sys.argv[3]) + 1][2:]
if len(keys) < 9: sys.exit(f"only {keys}")
for k, v in zip(keys, row):
    if abs(float(m[k]) - float(v)) > 1e-9:
        sys.exit(f"{k}: report {m[k]}, range {v}")
EOF
    done
  }
  same_rows "$samples/caves" 40 --max-tiles 30 --locks 1 --monsters 3
  same_rows "$samples/classic" 7 --policy depth --loops 0 --max-dead-ends 12
  same_rows "$samples/classic" 3 --max-tiles 40 --require 'loops>=2' ;;
determinism)
  run 0 range "$samples/classic" --count 10 --seed 8 -o a -q
  run 0 range "$samples/classic" --count 10 --seed 8 -o b -q -j 2
  for s in .png -histograms.png .txt .csv; do cmp "a$s" "b$s" || fail "a$s and b$s differ (-j 2)"; done ;;
golden)
  # tests/data/range/classic: the text and CSV of a fixed run, byte for byte, and the pictures'
  # pixels (run from the source folder, so the heading names samples/classic as given).
  read -r -a args < "$golden/classic/args.txt"
  (cd "$src" && "$dungen" "${args[@]}" -o "$work/r" -q) || fail "dungen range ${args[*]} failed"
  diff -u "$golden/classic/expected.txt" r.txt || fail "r.txt differs from $golden/classic (tools/update_golden.sh regenerates on purpose)"
  diff -u "$golden/classic/expected.csv" r.csv || fail "r.csv differs from $golden/classic"
  "$png_equal" "$golden/classic/expected.png" r.png || fail "the heatmap's pixels differ"
  "$png_equal" "$golden/classic/expected-histograms.png" r-histograms.png || fail "the histograms' pixels differ" ;;
gallery)
  # A batch's gallery ends with the range of its levels: the same bins and counts as dungen range
  # over the same seeds makes (the batch's levels are generate's for seeds S .. S+N-1).
  run 0 generate "$samples/classic" --seed 21 --count 15 --out-dir g --gallery -q
  run 0 range "$samples/classic" --seed 21 --count 15 -o r -q
  grep -q '<h2>Expressive range: 15 levels</h2>' g/index.html || fail "the gallery has no range section"
  python3 - g/index.html r.txt <<'EOF' || fail "the gallery's heatmap differs from dungen range's"
import html.parser, sys
class Heat(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.rows, self.inside, self.cell = [], False, None
    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("class", "heat") in attrs: self.inside = True
        elif self.inside and tag == "tr": self.rows.append([])
        elif self.inside and tag in ("td", "th"): self.cell = ""
    def handle_endtag(self, tag):
        if tag == "table": self.inside = False
        elif self.inside and tag in ("td", "th"): self.rows[-1].append(self.cell); self.cell = None
    def handle_data(self, data):
        if self.cell is not None: self.cell += data
heat = Heat(); heat.feed(open(sys.argv[1], encoding="utf-8").read())
page = [[c or "0" for c in row] for row in heat.rows[1:]]
text = open(sys.argv[2]).read().split("loops \\ dead_ends", 1)[1].splitlines()[1:]
table = [line.split() for line in text if line.strip()]
if page != table: sys.exit(f"page {page}\ntext {table}")
if sum(int(c) for row in page for c in row[1:]) != 15: sys.exit("the page does not count 15 levels")
EOF
  ;;
progress)  # the bar of levels measured shows on a terminal only; script(1) gives dungen one
  command -v script >/dev/null || skip "no script(1) to run dungen on a terminal"
  script -qec "'$dungen' range '$samples/classic' --count 30 -j 2 --seed 1 --max-tiles 10 -o t" \
    /dev/null >tty.txt || fail "the range on a terminal failed"
  counts=$(tr '\r' '\n' <tty.txt | sed -n 's|^\[[# ]*\] \([0-9]*\)/30$|\1|p')
  [ "$counts" = "$(seq 1 30)" ] || fail "the bar did not count 1 to 30 in order: $(echo $counts)"
  run 0 range "$samples/classic" --count 4 --seed 1 --max-tiles 10 -o off
  grep -q '/4' err.txt && fail "a bar off a terminal"
  run 0 range "$samples/classic" --count 4 --seed 1 --max-tiles 10 -o q -q
  [ ! -s err.txt ] || fail "-q printed: $(cat err.txt)" ;;
errors)
  run 2 range "$samples/classic" --count 5 -x dead_end -o r; one_line_error
  expect_err "^dungen: error: -x: 'dead_end' is not a metric \(did you mean 'dead_ends'\?\); the metrics are reachable_share, passable_cells, reachable_cells, unreachable_placements, dead_ends, loops, exit_steps, exit_rooms, branching$"
  run 2 range "$samples/classic" --count 5 -y lops -o r; one_line_error
  expect_err "^dungen: error: -y: 'lops' is not a metric \(did you mean 'loops'\?\)"
  run 2 range "$samples/classic" --count 0 -o r; one_line_error
  run 2 range "$samples/classic" -o -; one_line_error
  expect_err "^dungen: error: -o: the range writes four files, none to standard output"
  no_outputs r
  # Never over an input: a PNG into the tile folder, nor a file the run reads.
  cp -r "$samples/classic" tiles
  run 4 range tiles --count 2 -o tiles/range; one_line_error
  expect_err "tiles/range.png: is inside the tile folder"
  no_outputs tiles/range
  printf 'x\n' > keep.txt
  run 4 range tiles --count 2 --palette keep.txt -o keep; one_line_error
  [ "$(cat keep.txt)" = x ] || fail "an input was overwritten"
  run 1 range missing_folder --count 2 -o r; one_line_error
  no_outputs r
  # All or none: when one of the four cannot be written, none is, and earlier ones stay.
  mkdir r-histograms.png
  printf 'old\n' > r.txt
  run 4 range "$samples/classic" --count 2 -o r; one_line_error
  [ "$(cat r.txt)" = old ] && [ ! -e r.png ] && [ ! -e r.csv ] || fail "a failed run left some outputs" ;;
*) fail "unknown case $case_name" ;;
esac
exit 0
