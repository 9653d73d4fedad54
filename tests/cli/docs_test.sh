#!/usr/bin/env bash
# The documentation's examples against the real binary, so they cannot drift:
#   examples PAGE  every "<!-- example: FILE MODE: COMMAND -->" of PAGE: the page shows
#                  COMMAND (in backticks), and the fenced block after the marker is FILE (or
#                  "stderr") as COMMAND writes it: whole (MODE full), a run of its lines
#                  (excerpt) or lines found in it, commas at the end aside (lines)
#   json_keys      docs/reports.md's table of JSON keys is in the order the JSON report has
#   images         docs/images/commands.txt: each page shows the command, which makes the
#                  picture byte for byte (tools/update_doc_images.sh makes them again)
#   readme         every line of the README's "<!-- example: commands -->" block runs, and
#                  places all the content it asks for
#   exit_codes     README, docs/cli.md, docs/errors.md, man/dungen.1 and --help list the same
#                  exit codes with the same meanings, and dungen returns each
# Usage: docs_test.sh CASE DUNGEN SOURCE_DIR [PAGE]. Exit 0 = pass, else fail.
set -u
case_name=$1 dungen=$2 src=$3 page=${4:-}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
ln -s "$samples" samples

# run_doc COMMAND: runs a documented "dungen ..." command line in a fresh folder ./run.
run_doc() {
  local -a args
  read -r -a args <<<"$1"
  [ "${args[0]}" = dungen ] || fail "not a dungen command: $1"
  rm -rf run && mkdir run && ln -s "$samples" run/samples
  (cd run && "$dungen" "${args[@]:1}" >out.txt 2>stderr) || { cat run/stderr >&2; fail "$1 failed"; }
}
# shows PAGE COMMAND: the page holds `COMMAND`.
shows() { grep -qF -- "\`$2\`" "$src/$1" || fail "$1 does not show \`$2\`"; }
# block PAGE MARKER_LINE: the fenced block after the marker line.
block() {
  awk -v m="$2" '$0 == m { f = 1; next } f == 1 && /^```/ { f = 2; next }
                 f == 2 && /^```/ { exit } f == 2 { print }' "$src/$1"
}

case $case_name in
examples)
  markers=$(grep -E '^<!-- example: [^ ]+ (full|excerpt|lines): dungen .* -->$' "$src/$page")
  [ -n "$markers" ] || fail "$page has no example markers"
  while IFS= read -r marker; do
    spec=${marker#<!-- example: } spec=${spec% -->}
    file=${spec%% *} rest=${spec#* } mode=${rest%%:*} command=${rest#*: }
    shows "$page" "$command"
    run_doc "$command"
    block "$page" "$marker" >want.txt
    [ -s want.txt ] || fail "$page: no block after $marker"
    got=run/$file
    case $mode in
    full) diff -u want.txt "$got" || fail "$page: the example of $file differs from the output of $command" ;;
    excerpt)
      n=$(wc -l <want.txt)
      grep -xF -A $((n - 1)) -- "$(head -1 want.txt)" "$got" | head -n "$n" >found.txt
      diff -u want.txt found.txt || fail "$page: the excerpt of $file is not in the output of $command" ;;
    lines)
      while IFS= read -r line; do
        sed 's/^ *//; s/,$//' "$got" | grep -qxF -- "$line" || fail "$page: $file of $command has no line $line"
      done <want.txt ;;
    esac
  done <<<"$markers" ;;
json_keys)
  marker=$(grep -m1 -E '^<!-- example: r.json ' "$src/docs/reports.md")
  command=${marker#*: } command=${command#*: } command=${command% -->}
  run_doc "$command"
  grep -o '^  "[a-z_]*"' run/r.json | tr -d ' "' >got.txt
  # The first table of the section "## JSON report": its first column, one or more `key`s.
  awk '/^## JSON report/ { s = 1 } s && /^\| key \|/ { t = 1; next } t && !/^\|/ { exit }
       t && !/^\| ---/ { print }' "$src/docs/reports.md" \
    | awk -F'|' '{ print $2 }' | grep -o '`[a-z_]*`' | tr -d '`' >want.txt
  [ -s want.txt ] || fail "no key table in docs/reports.md"
  diff -u want.txt got.txt || fail "docs/reports.md's key table is not the JSON report's order" ;;
images)
  while read -r image file doc command; do
    case $image in '' | '#'*) continue ;; esac
    shows "$doc" "$command"
    run_doc "$command"
    cmp "run/$file" "$src/docs/images/$image" \
      || fail "$command no longer makes docs/images/$image (tools/update_doc_images.sh makes it again, on purpose)"
  done <"$src/docs/images/commands.txt" ;;
readme)
  cp -r "$samples/classic" my_tiles
  marker='<!-- example: commands -->'
  block README.md "$marker" >commands.txt
  [ "$(wc -l <commands.txt)" -ge 10 ] || fail "the README's command block is missing"
  while IFS= read -r line; do
    command=${line%%#*}
    read -r -a args <<<"$command"
    [ "${args[0]}" = dungen ] || fail "not a dungen command: $line"
    "$dungen" "${args[@]:1}" >out.txt 2>err.txt </dev/null || { cat err.txt >&2; fail "README: $line"; }
    grep "note: placed [0-9]* of" err.txt && fail "README: $line places less than it asks"
  done <commands.txt
  true ;;
exit_codes)  # README, docs/cli.md, docs/errors.md, the man page and --help give the same codes
  # Regression (issue 33): docs/errors.md gave exit 1 to a batch level whose files could not be
  # written, docs/cli.md and the README 4 (the code's); each now says 3 covers --require too.
  table() { awk '/^## Exit codes/ { s = 1; next } s && /^## / { exit } s && /^\| *[0-9]+ *\|/' "$src/$1" \
    | sed -E 's/^\| *([0-9]+) *\| */\1 /'; }
  table README.md >readme.txt; table docs/cli.md >cli.txt
  awk '/^\.SH EXIT STATUS/ { s = 1; next } s && /^\.SH/ { exit }
       s && /^\.B [0-9]+$/ { if (n++) printf "\n"; printf "%s ", $2; next }
       s && !/^\.TP/ { printf "%s ", $0 } END { print "" }' "$src/man/dungen.1" | sed 's/\\-/-/g' >man.txt
  tr '\n' ' ' <"$src/docs/errors.md" | grep -o 'Exit statuses: [^.]*' | head -1 \
    | sed -E 's/, \*\*/\n/g; s/^Exit statuses: \*\*//; s/\*\*//g' >errors.txt
  run 0 --help
  grep -o 'Exit codes: [^.]*' out.txt | sed -E 's/^Exit codes: //; s/, ([0-9]) /\n\1 /g' >help.txt
  for f in readme.txt cli.txt man.txt errors.txt help.txt; do
    codes=$(awk '{ print $1 }' "$f" | tr '\n' ' ')
    case $f in errors.txt) want="1 2 3 4 " ;; *) want="0 1 2 3 4 " ;; esac
    [ "$codes" = "$want" ] || { cat "$f" >&2; fail "$f lists the codes $codes, not $want"; }
    grep -qiE '^1 .*bad input' "$f" || fail "$f: 1 is not bad input"
    grep -qiE '^2 .*command line' "$f" || fail "$f: 2 is not a bad command line"
    grep -E '^3 ' "$f" | grep -i strict | grep -iE 'prematurely|early' | grep -i reach | grep -qi require \
      || fail "$f: 3 is not --strict with a level ended early, unreachable cells or --require missed: $(grep '^3' "$f")"
    grep -qiE '^4 .*(cannot|can.t) be written' "$f" || fail "$f: 4 is not an output that cannot be written"
  done
  # And each code is what dungen returns: one run per code.
  mkdir t; cp "$samples/classic/cap1_closet.png" t/a.png
  run 0 generate "$samples/classic" --seed 1 -q -o m.png
  run 1 generate no_such_folder -o m.png
  run 2 generate "$samples/classic" --no-such-option
  run 3 generate t --strict --seed 1 -q -o m3.png
  run 3 generate "$samples/classic" --seed 1 -q --strict --require 'exit_rooms>=500' -o m3.png
  run 4 generate "$samples/classic" --seed 1 -q -o no_such_folder/m.png ;;
*) fail "unknown case $case_name" ;;
esac
