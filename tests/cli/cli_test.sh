#!/usr/bin/env bash
# End-to-end tests of the dungen binary. Usage: cli_test.sh CASE DUNGEN PNG_EQUAL SOURCE_DIR
# CORPUS_DIR VERSION. Exit 0 = pass, 77 = skipped (e.g. no shared corpus), else fail.
set -u
case_name=$1 dungen=$2 png_equal=$3 src=$4 corpus=$5 version=$6
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

one_line_error() {
  [ "$(grep -c '^dungen: error:' err.txt)" -eq 1 ] || fail "expected exactly one 'dungen: error:' line"
}
golden() {  # golden NAME: compares outputs with tests/data/golden/NAME
  local dir=$data/golden/$1
  read -r -a args < "$dir/args.txt"
  args=("${args[@]//SAMPLES\//$samples/}")
  run 0 "${args[@]}" -o map.png --report report.txt --json map.json -q
  diff -u "$dir/expected_report.txt" report.txt || fail "report differs from $dir (tools/update_golden.sh regenerates on purpose)"
  diff -u "$dir/expected.json" map.json || fail "JSON differs from $dir"
  "$png_equal" "$dir/expected.png" map.png || fail "map pixels differ from $dir"
}

case $case_name in
help)
  run 0 --help; expect_out "generate"; expect_out "inspect"; expect_out "Exit codes"
  run 0 generate --help; expect_out "--max-tiles"; expect_out "--seed"; expect_out "--policy"
  run 0 inspect --help; expect_out "--preview"
  run 0 areas --help; expect_out "--width INT:8..4096=80 not with: --mask"; ! grep -q Excludes out.txt || fail "CLI11's 'Excludes' in help" ;;
version)
  run 0 --version; expect_out "^dungen $version\$" ;;
no_command)
  run 2; expect_out "Subcommands:"
  run 2 inpsect "$samples/classic"; expect_err "unknown command; did you mean 'inspect'"
  # a word with '/' is a path, never a command
  run 1 ./layouts; expect_err "./layouts: no such folder; give the folder that holds your tile PNGs" ;;
unknown_option)
  # One line: the nearest option of that command, else where its options are listed.
  run 2 rooms --monster 3; one_line_error
  expect_err "^dungen: error: unknown option --monster; did you mean --monsters\?$"
  [ "$(wc -l < err.txt)" -eq 1 ] || fail "more than one line"
  run 2 layout grid:2x2 --monstres=3; expect_err "unknown option --monstres; did you mean --monsters\?$"
  run 2 "$samples/classic" --max-tile 3; expect_err "unknown option --max-tile; did you mean --max-tiles\?$"
  run 2 areas --spaces 4 --wdth 30; expect_err "unknown option --wdth; did you mean --width\?$"
  run 2 rooms "--$(printf 'x%.0s' $(seq 1 5000))"; one_line_error  # a long name is cut short
  [ "$(wc -c < err.txt)" -lt 300 ] || fail "the message is $(wc -c < err.txt) bytes"
  run 2 rooms --rooms 5 --dor-width 2; expect_err "unknown option --dor-width; did you mean --door-width\?$"
  run 2 generate "$samples/classic" --frobnicate; one_line_error
  expect_err "^dungen: error: unknown option --frobnicate; 'dungen generate --help' lists the options$"
  run 2 rooms -x; expect_err "^dungen: error: unknown option -x; 'dungen rooms --help' lists the options$"
  run 2 inspect "$samples/classic" --seed 5
  expect_err "^dungen: error: unknown option --seed for inspect \(an option of generate, graph, rooms, layout, areas, range\); 'dungen inspect --help' lists its options$"
  run 2 --frob rooms; expect_err "^dungen: error: unknown option --frob; 'dungen --help' lists the options$"
  # Words after '--' are not options; an extra word is named, with what the command takes.
  run 2 rooms --rooms 3 extra
  expect_err "^dungen: error: unexpected argument 'extra'; rooms takes no arguments besides options: put a name with spaces in quotes, and give each option one value$"
  run 2 generate -q -o m.png -- "$samples/classic" -x
  expect_err "^dungen: error: '-x' comes after '--', which makes every word after it a name, not an option; put the options before '--'$"
  # option values: missing at the end, empty after '=', a short option with '='; given twice, the last wins
  run 2 rooms --seed; expect_err "^dungen: error: --seed needs a value after it, e.g. --seed VALUE; see the command's --help$"
  run 2 rooms --seed --rooms 5 -o m.png
  expect_err "^dungen: error: --seed needs a value after it, e.g. --seed VALUE; '--rooms' is an option, not a value$"
  run 2 rooms --rooms 5 -o --json j.json
  expect_err "^dungen: error: -o needs a value after it, e.g. -o VALUE; '--json' is an option, not a value$"
  [ ! -e --json ] && [ ! -e j.json ] || fail "an output was written"
  run 2 rooms --loops= --rooms 5 -o m.png; expect_err "^dungen: error: --loops: the value after '=' is empty; give one, as --loops=VALUE$"
  run 2 rooms --seed 1 -q -o=; expect_err "^dungen: error: -o=: a short option takes its value after a space, as -o VALUE; '=' would be part of the value$"
  [ ! -e = ] || fail "a file named '=' was written"
  run 0 rooms --rooms 5 --rooms=7 --seed 1 -q -o m.png --report r.txt  # the last value wins
  grep -q "^options: --rooms 7 " r.txt || fail "--rooms 7 was not taken"
  grep -q -- "--max-steps" r.txt && fail "the default --max-steps is in the options line"
  run 0 rooms --rooms 7 --max-steps 3 --seed 1 -q -o m.png --report r.txt
  grep -q "^options: --rooms 7 .* --max-steps 3" r.txt || fail "--max-steps 3 is not in the options line" ;;
command_line_words)  # CLI11's refusals in dungen's words: what is wrong and what to do
  # a switch given a value it cannot mean
  for opt in "generate $samples/classic --strict=maybe" "inspect $samples/classic --json=x" "rooms --quiet=nope"; do
    read -r -a words <<< "$opt"
    run 2 "${words[@]}" -o m.png; one_line_error
    expect_err "^dungen: error: --[a-z]+: a switch takes no value, got '[a-z]+'; give --[a-z]+ alone, or --[a-z]+=true or --[a-z]+=false$"
  done
  run 2 generate "$samples/classic" --no-flip=-1 -o m.png; expect_err "no-flip: a switch takes no value, got '-1'"
  run 2 generate "$samples/classic" --no-flip= -o m.png; expect_err "no-flip: a switch takes no value, got ''"
  run 0 generate "$samples/classic" --no-flip=false --strict=TRUE --seed 1 -q -o m.png --report r.txt
  grep -q -- "--no-flip" r.txt && fail "--no-flip=false was taken as --no-flip"
  # options before the tile folder: the default command still
  run 0 --seed 1 -q -o before.png "$samples/classic"
  run 0 generate "$samples/classic" --seed 1 -q -o after.png
  cmp before.png after.png || fail "options before the folder made another level"
  run 1 -; expect_err "^dungen: error: -: no such folder; give the folder that holds your tile PNGs$"
  mkdir ./-dash && cp "$samples"/classic/*.png ./-dash/
  run 0 -q -o dash.png -- -dash
  run 2 --seed 1 rooms; expect_err "^dungen: error: --seed: options go after the command: dungen rooms --seed ...$"
  run 2 -j2 rooms; expect_err "^dungen: error: -j2: options go after the command: dungen rooms -j2 ...$"
  run 2 generate ---seed 1 "$samples/classic"
  expect_err "^dungen: error: ---seed: an option starts with two dashes, not three; a name that starts with '-' is written ./NAME$"
  # what a command needs but was not given
  run 2 generate; expect_err "^dungen: error: TILES_DIR is missing: give the folder of your tile PNGs after the command, as in 'dungen generate samples/classic'$"
  run 2 layout; expect_err "^dungen: error: SPEC is missing: give a layout file or a built-in after the command, as in 'dungen layout grid:4x3'$"
  run 2 --bogus; expect_err "^dungen: error: unknown option --bogus; 'dungen generate --help' lists the options$"
  run 2 generate "$samples/classic" --seed 1 2 3
  expect_err "^dungen: error: unexpected argument '2' \\(and 1 more\\); generate takes one TILES_DIR: put a name with spaces in quotes, and give each option one value$"
  # a choice: empty or unknown, with the choices
  run 2 generate "$samples/classic" --policy ''; expect_err "^dungen: error: --policy: the value is empty; use random, breadth or depth$"
  run 2 generate "$samples/classic" --policy wide; expect_err "^dungen: error: --policy: 'wide' is not a growth policy; use random, breadth or depth$"
  # a value as long as an argument may be is cut short in the message
  run 2 rooms --rooms "$(head -c 131000 /dev/zero | tr '\0' 7)"; one_line_error
  [ "$(wc -c < err.txt)" -lt 300 ] || fail "the message is $(wc -c < err.txt) bytes"
  # a short option that is a letter of two bytes is named whole
  run 2 generate "$samples/classic" -é; expect_err "^dungen: error: unknown option -é; 'dungen generate --help' lists the options$" ;;
shorthand)
  run 0 "$samples/classic" -o short.png --seed 4 -q
  run 0 generate "$samples/classic" -o long.png --seed 4 -q
  cmp short.png long.png || fail "shorthand differs from generate" ;;
stdout_output)
  "$dungen" generate "$samples/classic" -o - --seed 2 -q > piped.png || fail "exit status"
  run 0 generate "$samples/classic" -o file.png --seed 2 -q
  cmp piped.png file.png || fail "-o - differs from the file" ;;
missing_folder)
  run 1 generate nowhere -o m.png; one_line_error; expect_err "nowhere: no such folder"
  [ ! -e m.png ] || fail "output written" ;;
file_not_folder)
  touch plain.txt; run 1 generate plain.txt; expect_err "is a file, not a folder" ;;
empty_folder)
  mkdir empty; run 1 generate empty; one_line_error; expect_err "empty: the folder is empty" ;;
no_png)
  mkdir t; echo hi > t/readme.txt; run 1 generate t; expect_err "no .png files in the folder" ;;
not_png)
  tiles_with "$data/png/not_png.png"; run 1 generate tiles -o m.png; one_line_error
  expect_err "not_png.png: not a PNG file"; [ ! -e m.png ] || fail "output written"
  # a mask is no tile: the advice is about --mask, not a tile folder
  run 1 areas --mask "$data/png/not_png.png" -q -o m.png; one_line_error
  expect_err "not_png.png: not a PNG file \\(it does not start with the PNG signature\\); --mask takes a PNG image"
  : > empty.png; run 1 areas --mask empty.png -q -o m.png; one_line_error
  expect_err "^dungen: error: empty.png: empty file \\(0 bytes\\); --mask takes a PNG image whose light pixels are usable: save the mask again as PNG$"
  # a PNG given as the tile settings is said to be one
  run 1 generate "$samples/classic" --tileset "$samples/classic/cap1_closet.png" -q -o m.png; one_line_error
  expect_err "cap1_closet.png: is a PNG image, not a text file; tile settings \\(--tileset, a folder.s tileset.txt\\) are text"
  [ ! -e m.png ] || fail "output written" ;;
truncated_png)
  tiles_with "$data/png/truncated.png"; run 1 generate tiles; expect_err "truncated.png: cannot decode PNG" ;;
zero_size_png)
  tiles_with "$data/png/empty.png"; run 1 generate tiles; expect_err "empty.png: empty file"
  tiles_with "$data/png/zero_width.png"; run 1 inspect tiles; expect_err "zero_width.png: " ;;
huge_png)
  tiles_with "$data/png/huge.png"; run 1 inspect tiles; expect_err "huge.png: image is 5000x5000 pixels, over the limit of 1024"
  run 1 inspect tiles --max-tile-size 5000; expect_err "huge.png: cannot decode" ;;
unknown_colour)
  tiles_with "$data/png/unknown_colour.png"; run 1 generate tiles
  expect_err "unknown_colour.png: pixel \(3, 2\) has colour #12AB34 that the palette does not name" ;;
index_past_palette)
  tiles_with "$data/png/index_past_palette.png"
  for i in 1 2 3 4 5; do run 1 inspect tiles; cp err.txt "err$i.txt"; cmp err1.txt "err$i.txt" || fail "answer changed on run $i"; done
  expect_err "past the end of the image's 4-colour palette" ;;
skip_invalid)
  tiles_with "$data/png/not_png.png"; run 0 generate tiles --skip-invalid -o m.png --seed 1
  expect_err "note: skipped invalid tile: .*not_png.png"; [ -s m.png ] || fail "no map"
  # a start tile that was skipped is named as skipped, with why, not as missing
  run 2 generate tiles --skip-invalid --start not_png.png -o m2.png --seed 1
  expect_err "^dungen: error: --start: the start tile was skipped as invalid \(--skip-invalid\): .*not_png.png: not a PNG file"
  [ ! -e m2.png ] || fail "m2.png written" ;;
no_doors)
  mkdir t; cp "$data/png/outline_ref.png" t/a.png 2>/dev/null || cp "$data/png/grey_ref.png" t/a.png
  run 1 generate t; expect_err "no tile has a door"
  printf '#FF0000 floor\n' > pal.txt; run 1 generate "$samples/classic" --palette pal.txt -q
  expect_err "draw doors in a colour the palette 'pal.txt' names door" ;;
bad_palette)
  printf '#000000 wall\n#12345 floor\n' > pal.txt; run 1 generate "$samples/classic" --palette pal.txt
  expect_err "pal.txt: line 2: expected '#RRGGBB kind'"
  printf '#12AB34 floor  # my floor colour\n' > pal.txt; tiles_with "$data/png/unknown_colour.png"
  run 0 inspect tiles --palette pal.txt
  # a palette over 1 MiB is refused before it is read (about 160 bytes of memory per line)
  truncate -s 1048577 big.txt; run 1 inspect tiles --palette big.txt
  expect_err "^dungen: error: big.txt: is 1048577 bytes, more than the 1 MiB dungen reads from a palette file; give a smaller file$" ;;
palette_in_input_hash)  # the palette file is part of the tile set: another one, another hash
  printf '#123456 floor\n' > pal.txt; run 0 generate "$samples/classic" --seed 1 -o a.png --report a.txt --palette pal.txt -q
  printf '#FFFFFF wall\n' > pal.txt; run 0 generate "$samples/classic" --seed 1 -o b.png --report b.txt --palette pal.txt -q
  run 0 generate "$samples/classic" --seed 1 -o c.png --report c.txt -q
  a=$(grep '^input hash' a.txt); b=$(grep '^input hash' b.txt); c=$(grep '^input hash' c.txt)
  [ -n "$a" ] && [ "$a" != "$b" ] && [ "$a" != "$c" ] || fail "input hashes: '$a' '$b' '$c'"
  [ "$c" = "input hash: 4b7a86fb2f14432e" ] || fail "the hash without a palette changed: $c"
  # where one file ends and the next begins counts: a line moved from the palette into
  # tileset.txt (where it is a comment) is another tile set
  mkdir t && cp "$samples"/classic/*.png t/
  : > t/tileset.txt; printf '#FF00FF wall\n' > pal.txt
  run 0 generate t --palette pal.txt --seed 4 -o f.png --report f.txt -q
  printf '#FF00FF wall\n' > t/tileset.txt; : > pal.txt
  run 0 generate t --palette pal.txt --seed 4 -o g.png --report g.txt -q
  [ "$(grep '^input hash' f.txt)" != "$(grep '^input hash' g.txt)" ] || fail "a line moved between files kept the hash"
  # a graph file too
  printf '{"rooms":[{"name":"a"},{"name":"b"}],"connections":[{"from":"a","to":"b"}]}\n' > g.json
  run 0 graph "$samples/classic" g.json --seed 1 -o d.png --report d.txt -q
  printf '{"rooms":[{"name":"a"},{"name":"b"},{"name":"c"}],"connections":[{"from":"a","to":"b"},{"from":"b","to":"c"}]}\n' > g.json
  run 0 graph "$samples/classic" g.json --seed 1 -o e.png --report e.txt -q
  d=$(grep '^input hash' d.txt); e=$(grep '^input hash' e.txt)
  [ -n "$d" ] && [ "$d" != "$e" ] && [ "$d" != "$c" ] || fail "graph file hashes: '$d' '$e'" ;;
bad_sidecar)
  tiles_with; printf 'cap1_closet.png weight=2\ncorridor1_straigth.png max=3\n' > tiles/tileset.txt
  run 1 generate tiles; expect_err "tileset.txt: line 2: no tile 'corridor1_straigth.png' in this folder; did you mean 'corridor1_straight.png'"
  printf 'cap1_closet.png weight=-1\n' > tiles/tileset.txt; run 1 generate tiles; expect_err "line 1: weight=-1 must be a whole number" ;;
min_above_max)
  run 2 generate "$samples/classic" --max-tiles 10 --min-tiles 20; expect_err "--min-tiles: 20 is above --max-tiles 10" ;;
negative_count)
  run 2 generate "$samples/classic" --max-tiles -5; expect_err "dungen: error:.*max-tiles"
  run 2 generate "$samples/classic" --retries -1; expect_err "dungen: error:.*retries"
  run 2 generate "$samples/classic" --max-tiles abc; expect_err "--max-tiles: must be a whole number from 1 to 10000000, got 'abc'"
  run 2 generate "$samples/classic" --seed -1; expect_err "--seed: '-1' is not a whole number" ;;
unknown_start)
  run 2 generate "$samples/classic" --start room_smal.png; expect_err "did you mean 'room_small.png'"
  run 2 generate "$samples/classic" --start zzzzzzzz
  expect_err "^dungen: error: --start: no tile 'zzzzzzzz' in the folder; 'dungen inspect .*/samples/classic' lists its tiles$"
  # a path into the tile folder (as shell completion writes it) names that tile
  mkdir tiles && cp "$samples"/classic/*.png tiles/
  run 0 generate tiles --start room_small.png --seed 1 -q -o name.png --report name.txt
  for start in tiles/room_small.png ./tiles/room_small.png "$PWD/tiles/room_small.png"; do
    run 0 generate tiles --start "$start" --seed 1 -q -o path.png --report path.txt
    cmp name.png path.png || fail "--start $start made another level"
    cmp name.txt path.txt || fail "--start $start: the report differs (options line: the tile's name)"
  done
  run 2 generate tiles --start "$samples/classic/room_small.png" -o m.png
  expect_err "^dungen: error: --start: '.*/samples/classic/room_small.png' is not a tile of the folder 'tiles'; give the file name of one of its tiles, as --start room.png$" ;;
start_cannot_attach)
  mkdir t; cp "$samples/classic/cap2_alcove.png" "$samples/classic/corridor1_straight.png" t/
  run 0 generate t --start corridor1_straight.png -o m.png -q
  cp "$samples/classic/cap2_alcove.png" t/solo.png; rm t/corridor1_straight.png
  printf 'solo.png orientations=r0\ncap2_alcove.png orientations=r0\n' > t/tileset.txt
  run 2 generate t --start solo.png; expect_err "no tile can attach to the start tile 'solo.png'" ;;
bad_max_size)
  run 2 generate "$samples/classic" --max-size 12by4; expect_err "--max-size: '12by4' is not WIDTHxHEIGHT"
  run 2 generate "$samples/classic" --max-size 2147483648x10
  expect_err "^dungen: error: --max-size: '2147483648x10' is not WIDTHxHEIGHT in cells \\(1 to 1073741824\\), e.g. 120x80$"
  run 2 generate "$samples/classic" --max-size 4x4 --start room_large.png; expect_err "has no allowed orientation within --max-size 4x4" ;;
bad_policy)
  run 2 generate "$samples/classic" --policy sideways; expect_err "sideways" ;;
unwritable_output)
  run 4 generate "$samples/classic" -o missing/dir/m.png; expect_err "folder 'missing/dir' does not exist"
  mkdir ro; chmod 555 ro
  if [ "$(id -u)" -ne 0 ]; then run 4 generate "$samples/classic" -o ro/m.png; expect_err "not writable"; fi
  run 4 generate "$samples/classic" -o ro; expect_err "is a folder" ;;
output_is_input)
  tiles_with; before=$(md5sum tiles/cap1_closet.png)
  run 4 generate tiles -o tiles/cap1_closet.png; expect_err "is one of the input files"
  [ "$before" = "$(md5sum tiles/cap1_closet.png)" ] || fail "input tile changed"
  run 4 generate tiles -o tiles/new_map.png; expect_err "inside the tile folder 'tiles', where the next run would read it as a tile"
  run 4 generate tiles -o m.png --report tiles/tileset.txt; expect_err "read it as the tile settings"
  [ ! -e tiles/tileset.txt ] || fail "tileset.txt written"
  # inspect checks its outputs before reading any tile: kinds' tiles need their palette, but
  # the preview over one of them is refused first.
  cp -r "$samples/kinds" k; before=$(md5sum k/room.png)
  run 4 inspect k --preview k/room.png
  expect_err "^dungen: error: k/room.png: is one of the input files; choose another output name"
  run 4 generate k -o m.png --preview k/room.png
  expect_err "^dungen: error: k/room.png: is one of the input files; choose another output name"
  [ "$before" = "$(md5sum k/room.png)" ] || fail "input tile changed" ;;
two_stdout_outputs)
  run 2 generate "$samples/classic" -o - --json -; expect_err "only one output can be '-'"
  run 2 generate "$samples/classic" -o same.png --preview same.png; expect_err "same.png: is named by two outputs"
  run 2 generate "$samples/classic" --count 2 --out-dir b --json m.json; expect_err "--json: a batch writes" ;;
special_outputs)
  mkfifo fifo; echo old > target.png; ln -s target.png link.png
  (cat fifo > from_fifo &); run 0 generate "$samples/classic" --seed 1 -q -o fifo; sleep 0.2
  [ -p fifo ] || fail "the FIFO was replaced"; [ -s from_fifo ] || fail "nothing came through the FIFO"
  run 0 generate "$samples/classic" --seed 1 -q -o link.png
  [ -L link.png ] || fail "the link was replaced"; cmp link.png from_fifo || fail "the link target was not written"
  run 0 generate "$samples/classic" --seed 1 -q -o /dev/null; [ -c /dev/null ] || fail "/dev/null replaced" ;;
retries_batch_distinct)
  run 0 generate "$samples/caves" --policy depth --count 20 --out-dir rb --seed 0 --max-tiles 80 --retries 5 -q
  [ "$(cut -d, -f2 rb/manifest.csv | sort | uniq -d | wc -l)" -eq 0 ] || fail "two levels used the same seed"
  [ "$(cut -d, -f9 rb/manifest.csv | sort | uniq -d | wc -l)" -eq 0 ] || fail "two levels are identical" ;;
strict_early)
  mkdir t; cp "$samples/classic/cap1_closet.png" t/a.png; cp "$samples/classic/cap1_closet.png" t/b.png
  run 3 generate t --strict --seed 1 -o m.png --report r.txt; expect_err "level ended early"
  grep -q "^TERMINATED EARLY: 2 tiles placed, fewer than the minimum of 30" r.txt || fail "report lacks the early line"
  [ -s m.png ] || fail "map not written"
  run 0 generate t --seed 1 -o m.png -q ;;
case_corner_door)  # ../shared/cases/01-corner-door-leaks-to-void, as its README runs it
  mkdir t; cp "$data/cases/01-corner-door-leaks-to-void/corner.png" t/
  walled=0
  for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    run 0 generate t --seed $seed --max-tiles 2 --min-tiles 1 -o map.png --json r.json --ascii map.txt
    grep -q "walled up" err.txt && walled=$((walled + 1))
    rm -rf m && mkdir m && cp map.png m/ && run 0 inspect m
    expect_out "map.png +[0-9]+x[0-9]+ cells, 0 doors" ;# the map is a closed tile: no door onto the void
  done
  [ "$walled" -gt 0 ] || fail "no run said it walled the corner door's outside" ;;
case_weight0_reason)  # ../shared/cases/02-weight0-partner-misreported-as-use-limit
  run 0 generate "$data/cases/02-weight0-partner-misreported-as-use-limit/tiles" --seed 1 --start start.png \
    --max-tiles 8 --json r.json --report r.txt -o m.png -q
  grep -qE '"width": 3, "facing": "[a-z]+", "reason": "no_tile_with_width"' r.json || { cat r.json >&2; fail "3-wide door not no_tile_with_width"; }
  grep -q "tile_uses_exhausted" r.json && fail "a use limit reported without max=" ; true ;;
warn_problem_tiles)  # a tile inspect flags is named before generating; the map stays closed
  run 0 generate "$data/connected/gap" --seed 1 -o m.png
  expect_err "^dungen: warning: tile 'a_gap.png': floor cell x=2 y=1 touches the outside on its east side"
  [ "$(grep -c "warning: tile" err.txt)" -eq 1 ] || fail "a warning for a tile without problems"
  expect_err "^dungen: note: [0-9]+ empty cells next to floor or doors walled up"
  mkdir m && cp m.png m/ && run 0 inspect m; expect_out "0 doors"
  # the rest is counted as inspect lists it: problems and corner notes apart
  tiles_with "$data/png/corner_and_interior_door.png"; run 0 generate tiles --seed 1 -o m2.png
  expect_err "^dungen: warning: tile 'corner_and_interior_door.png': door cell x=2 y=1 faces no empty side: an interior door, part of the room, never joined \\(1 corner note: dungen inspect lists them\\)$"
  run 0 generate "$data/connected/gap" --seed 1 -o m.png -q; [ -s err.txt ] && fail "-q printed: $(cat err.txt)"; true ;;
strict_unreachable)  # the start tile's pocket: warned, reported, and --strict fails on it
  run 0 generate "$data/connected/pocket" --start a_split.png --seed 1 -o m.png --json m.json --report r.txt
  expect_err "^dungen: warning: [0-9]+ passable cells in [0-9]+ regions the entrance cannot reach"
  grep -q '"reachable_share": 0\.' m.json || fail "JSON metrics do not show the unreachable share"
  grep -q "^  reachable: [0-9.]* % of the passable cells" r.txt || fail "report lacks the reachable share"
  grep -q "reason: in a part of its tile the entrance cannot reach" r.txt || fail "the pocket's door has no reason"
  run 3 generate "$data/connected/pocket" --start a_split.png --seed 1 -o m.png --strict -q
  [ -s m.png ] || fail "map not written under --strict"
  run 3 generate "$data/connected/pocket" --start a_split.png --seed 1 --count 3 --out-dir out --strict
  expect_err "\(0 ended early, 3 with cells the entrance cannot reach, 0 failed\)"
  run 0 generate "$samples/classic" --seed 1 -o m.png --strict -q ;;
seed_printed)
  run 0 generate "$samples/classic" -o m.png --json m.json
  seed=$(sed -n 's/^dungen: seed \([0-9]*\) .*/\1/p' err.txt); [ -n "$seed" ] || fail "no seed printed"
  grep -q "\"seed\": $seed," m.json || fail "JSON lacks the printed seed"
  run 0 generate "$samples/classic" -o again.png --seed "$seed" -q; cmp m.png again.png || fail "printed seed does not remake the map" ;;
seed_string)
  # Readers that hold JSON numbers as doubles (JavaScript, jq) round a seed past 2^53:
  # 9007199254740993 read back as ...992, another level. The report gives it as text too.
  run 0 generate "$samples/classic" -o m.png --json m.json --seed 9007199254740993 --max-tiles 5
  grep -qx '  "seed": 9007199254740993,' m.json || fail "no seed"
  grep -A1 '^  "seed": ' m.json | tail -1 | grep -qx '  "seed_string": "9007199254740993",' ||
    fail "no seed_string right after seed: $(grep seed m.json)" ;;
golden_classic) golden classic_seed7 ;;
golden_locks) golden classic_seed9_locks3 ;;
golden_rooms) golden rooms_seed3 ;;
golden_layout) golden layout_grid_content; golden layout_castle ;;
golden_areas) golden areas_seed4_locks ;;
golden_graph) golden graph_cycles20 ;;
areas)
  run 0 areas --seed 3 --locks 2 -o m.png --report r.txt --json m.json --preview p.png -q
  grep -q "^zone tree: 3 zones" r.txt || fail "report lacks the zone tree"
  grep -q '"zone_tree": \[' m.json || fail "JSON lacks the zone tree"
  run 0 areas --mask "$samples/masks/caverns.png" --spaces 12 --seed 1 -o m.png --json m.json -q
  grep -q '"map": {"width": 72, "height": 52}' m.json || fail "the mask does not size the map"
  run 2 areas --spaces 500 --width 20 --height 20; expect_err "--spaces: 500 spaces need at least 4500 usable cells"
  # the same for every seed: a batch says it once, before any level, and writes nothing
  run 2 areas --spaces 500 --width 20 --height 20 --count 50 --out-dir sp; one_line_error
  expect_err "^dungen: error: --spaces: 500 spaces need at least 4500 usable cells; the grid or mask has 324: ask for at most 36 spaces, or a larger grid or mask$"
  [ ! -e sp/manifest.csv ] || fail "a manifest of failed levels was written"
  # an earlier batch's level this batch does not write may be its input
  run 0 areas --seed 1 --count 6 --out-dir lv -q
  run 0 areas --mask lv/level-0005.png --seed 100 --count 3 --out-dir lv -q
  run 4 areas --mask lv/level-0001.png --seed 100 --count 3 --out-dir lv -q
  expect_err "lv/level-0001.png: is one of the input files"
  run 2 areas --mask "$samples/masks/caverns.png" --width 100 -o wm.png
  expect_err "^dungen: error: --width and --mask do not go together \\(the mask's size is the grid's\\); leave one out$"
  run 2 areas --loops 2; expect_err "--loops: '2' is not a fraction"
  printf 'x' > notpng.png; run 1 areas --mask notpng.png; expect_err "notpng.png: not a PNG file" ;;
content_large)  # far more than fits: what fits is placed, the notes say how much (speed: BM_Content* in bench/)
  run 0 rooms --rooms 300 --room-size 3-60 --loops 1 --monsters 100000 --chests 100000 --decor 100000 --seed 1 -o m.png --report r.txt -q
  grep -q "^features: 101441$" r.txt || fail "rooms: features placed"
  grep -q "note: placed 1079 of 100000 chests: chests must go on room floor cells against a wall where they cut nothing off" r.txt || fail "rooms: chests note"
  grep -q "note: placed 360 of 100000 decor" r.txt || fail "rooms: decor note"
  ! grep -q "of 100000 monsters" r.txt || fail "rooms: every monster fits"
  run 0 layout maze --space 1024x1024 --monsters 100000 --decor 100000 --seed 1 -o m.png --report r.txt -q
  grep -q "^features: 69639$" r.txt || fail "maze: features placed"
  grep -q "note: placed 41868 of 100000 monsters" r.txt || fail "maze: monsters note"
  grep -q "note: placed 27769 of 100000 decor" r.txt || fail "maze: decor note"
  run 0 layout grid:4x3 --seed 3 --monsters 100000 -o m.png --report r.txt -q
  grep -q "note: placed 1884 of 100000 monsters" r.txt || fail "small map: monsters note" ;;
tiers)  # --tiers T: monsters, chests and loot carry a tier 1..T in every output; none without
  command -v python3 >/dev/null || skip "no python3 to read the JSON report"
  run 0 generate "$samples/classic" --seed 4 --locks 2 --monsters 8 --chests 4 --loot 6 --tiers 3 -o m.png --json m.json --report r.txt --ascii a.txt --tmj m.tmj -q
  python3 - m.json 3 <<'PY' || fail "JSON features' tiers"
import json, sys
d = json.load(open(sys.argv[1])); top = int(sys.argv[2]); seen = set()
for f in d["features"]:
    if f["kind"] in ("monster", "chest", "loot"):
        assert 1 <= f["tier"] <= top, f; seen.add(f["tier"])
    else:
        assert "tier" not in f, f
assert seen == set(range(1, top + 1)), seen  # every tier used on this level
PY
  grep -q "^options: .* --tiers 3$" r.txt || fail "report's option line"
  grep -q "^  monster at [0-9]*,[0-9]* tier [123]$" r.txt || fail "text report tier"
  grep -q "^tier 3: " a.txt || fail "ASCII tier legend"
  grep -q '"name": "tier"' m.tmj || fail "Tiled tier property"
  run 0 generate "$samples/classic" --seed 4 --monsters 8 -o m.png --json m.json --ascii a.txt -q
  ! grep -q '"tier"' m.json || fail "a tier without --tiers"
  ! grep -q "^tier" a.txt || fail "an ASCII tier legend without --tiers"
  for cmd in "rooms" "layout grid:3x3" "areas" "graph $samples/classic chain:6"; do
    # shellcheck disable=SC2086  # the command and its arguments
    run 0 $cmd --seed 2 --monsters 6 --tiers 2 -o m.png --json m.json -q
    grep -q '"tier": [12]' m.json || fail "$cmd: no tier"
  done
  run 2 generate "$samples/classic" --tiers 10; one_line_error
  expect_err "^dungen: error: --tiers: must be a whole number from 1 to 9, got '10'$" ;;
layout)
  for spec in grid:4x3 grid:2x5 clock maze maze:0.2 "$samples/layouts/castle.json" "$samples/layouts/crossroads.json"; do
    run 0 layout "$spec" --seed 3 -o m.png --json m.json --preview p.png --monsters 3 --spikes 2 -q
    grep -q '"generator": "layout"' m.json || fail "$spec: generator"
  done
  run 0 layout clock --seed 1 --spikes 50 -o m.png --report r.txt -q
  grep -q "note: placed [0-9]* of 50 spikes: spikes must go on hallway cells" r.txt || fail "no note about fewer spikes"
  printf '{"rooms": [{"name": "a", "x": 0, "y": 1, "width": 5, "height": 5}]}' > bad.json
  run 1 layout bad.json; expect_err "bad.json: rooms\[0\] 'a': its walls leave the 85x64 space"
  printf '{"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5}], "conections": []}' > bad.json
  run 1 layout bad.json; expect_err "unknown key \"conections\"; did you mean \"connections\"\?"
  run 2 layout spiral; expect_err "spiral: not a layout file or built-in"
  run 1 layout missing.json; expect_err "missing.json: cannot read"
  run 2 layout grid:40x40; expect_err "grid:40x40: the rooms do not fit" ;;
rooms)
  run 0 rooms --rooms 25 --seed 2 -o m.png --report r.txt --json m.json --preview p.png -q
  grep -q "^dungen .* rooms$" r.txt || fail "report header"; grep -q '"rooms": \[' m.json || fail "JSON lacks rooms"
  run 0 rooms --rooms 12 --count 3 --out-dir out --seed 5 -j 2 -q; [ -s out/level-0002.json ] || fail "batch"
  # the options line gives values as used: spellings of one level make one report
  run 0 rooms --rooms 12 --seed 5 --loops 1e-1 --room-size 04-010 -o a.png --report a.txt -q
  run 0 rooms --rooms 12 --seed 5 --loops 0.1 --room-size 4-10 -o b.png --report b.txt -q
  cmp a.txt b.txt || fail "two spellings of one level made two reports"
  grep -q -- "--room-size 4-10 .*--loops 0.1$" b.txt || fail "options line: $(grep options b.txt)"
  run 2 rooms --room-size 9-4; expect_err "--room-size: '9-4' is not MIN-MAX"
  run 2 rooms --loops 1.5; expect_err "--loops: '1.5' is not a fraction from 0 to 1"
  # a fraction too close to 0 for a double is one still: it rounds to 0 as 0.0004 does
  run 0 rooms --rooms 12 --seed 5 --loops 1e-400 -o c.png --report c.txt -q
  run 0 rooms --rooms 12 --seed 5 --loops 0 -o d.png --report d.txt -q
  cmp c.txt d.txt || fail "--loops 1e-400 is not --loops 0"
  run 0 layout maze:1e-400 --seed 5 -o e.png -q; run 0 layout maze:0 --seed 5 -o f.png -q
  cmp e.png f.png || fail "maze:1e-400 is not maze:0"
  run 2 rooms --door-width 4 --room-size 4-8; expect_err "--door-width: a door of width 4 needs rooms at least 6 cells wide" ;;
locks)
  run 0 generate "$samples/caves" --locks 2 --seed 4 -o m.png --report r.txt --json m.json --preview p.png -q
  grep -q "^locks: 2 of 2 requested" r.txt || fail "report lacks the locks line"
  grep -q '"locks_requested": 2' m.json || fail "JSON lacks locks_requested"
  [ "$(grep -c '{"id": [0-9]*, "x": [0-9]*, "y": [0-9]*, "width"' m.json)" -eq 2 ] || fail "JSON lacks 2 locks"
  grep -q '"zone": \[' m.json || fail "placements lack zones"
  run 0 generate "$samples/classic" --locks 60 --max-tiles 10 --seed 1 -o m.png --report r.txt -q
  grep -q "note: placed [0-9]* of 60 locks" r.txt || fail "no note about fewer locks"
  run 2 generate "$samples/classic" --locks -1; expect_err "--locks: must be a whole number" ;;
golden_caves) golden caves_seed11_depth ;;
dump_steps)  # a picture after each named step; watching changes nothing; the last step is the map
  run 0 generate "$samples/classic" --seed 7 --max-tiles 40 -o plain.png -q
  run 0 generate "$samples/classic" --seed 7 --max-tiles 40 -o m.png --dump-steps d --scale 1 -q
  cmp plain.png m.png || fail "--dump-steps changed the map"
  [ "$(ls d | tr '\n' ' ')" = "000-start.png 001-grown.png 002-closed.png 003-finished.png " ] || fail "steps: $(ls d)"
  "$png_equal" d/003-finished.png m.png || fail "the last step is not the map"
  run 0 rooms --rooms 20 --seed 2 --locks 1 -o r.png --dump-steps rd -q
  [ "$(ls rd | tr '\n' ' ')" = "000-dropped.png 001-separated.png 002-carved.png 003-locks.png " ] || fail "rooms steps: $(ls rd)"
  run 0 areas --spaces 8 --seed 2 -o a.png --dump-steps ad -q; [ -s ad/002-joined.png ] || fail "areas steps: $(ls ad)"
  run 0 layout clock --seed 2 -o l.png --dump-steps ld -q; [ -s ld/000-carved.png ] || fail "layout steps: $(ls ld)"
  run 2 generate "$samples/classic" --count 2 --out-dir b --dump-steps d2; expect_err "--dump-steps: shows the steps of one level"
  touch afile; run 4 generate "$samples/classic" --dump-steps afile/d
  expect_err "^dungen: error: afile/d: cannot make the pictures of --dump-steps here: 'afile' is a file, not a folder; give a folder path you may write to$"
  run 2 generate "$samples/classic" --dump-steps ""; expect_err "^dungen: error: --dump-steps: give a folder for the pictures$"
  # The folder is made by the first picture: a run that fails before leaves none.
  run 1 generate nowhere --dump-steps nd/a/b; [ ! -e nd ] || fail "a failed run left nd/"
  run 1 layout missing.json --dump-steps nd; [ ! -e nd ] || fail "a failed layout run left nd/"
  # A folder holding the run's inputs is refused before any work, however it is spelled.
  cp -r "$samples/classic" tiles; rm -r tiles/ascii
  for d in tiles tiles/. "$PWD/tiles"; do
    run 4 generate tiles --seed 1 -o m.png --dump-steps "$d"
    expect_err "^dungen: error: $d: holds input files of this run \(--dump-steps writes NNN-STEP.png pictures there\); give a folder of its own$"
  done
  mkdir pal; printf '#123456 wall\n' > pal/001-grown.png
  run 4 generate "$samples/classic" --palette pal/001-grown.png --dump-steps pal -o m.png
  expect_err "pal: holds input files of this run"; [ "$(ls pal)" = 001-grown.png ] || fail "pictures written: $(ls pal)"
  # An output in the --dump-steps folder (a picture could replace it, or it a picture) is
  # refused before any work, however the folder is spelled.
  mkdir st; echo keep >st/001-grown.png
  run 2 generate "$samples/classic" --seed 1 --dump-steps st -o st/000-start.png --report st/001-grown.png
  expect_err "^dungen: error: st/000-start.png: is inside the --dump-steps folder 'st', where the step pictures NNN-STEP.png go; write it elsewhere$"
  [ "$(ls st)" = 001-grown.png ] && [ "$(cat st/001-grown.png)" = keep ] || fail "st changed: $(ls st)"
  run 2 generate "$samples/classic" --seed 1 --dump-steps ./st/ -o m.png --json "$PWD/st/level.json"
  expect_err "^dungen: error: $PWD/st/level.json: is inside the --dump-steps folder './st/'"
  run 2 generate "$samples/classic" --seed 1 --dump-steps new -o new; expect_err "^dungen: error: new: is inside the --dump-steps folder"
  [ ! -e new ] || fail "new/ was made"
  # Pictures of an earlier run go; a name of a picture that holds no PNG (a file of the
  # user's, a link to one or to nothing, a folder) is refused before any work, never replaced.
  mkdir old; cp "$samples/classic/room_small.png" old/007-grown.png; echo mine > old/123-start.png
  echo precious > precious.txt; ln -s ../precious.txt old/000-start.png
  run 4 generate "$samples/classic" --seed 1 --max-tiles 4 --dump-steps old -o m9.png -q
  expect_err "^dungen: error: old/(000|123)-start.png: has the name of a step picture but holds no PNG .*; move it, or give --dump-steps a folder of its own$"
  [ "$(cat precious.txt)" = precious ] && [ "$(cat old/123-start.png)" = mine ] && [ -e old/007-grown.png ] && [ ! -e m9.png ] ||
    fail "a file changed, or work was done"
  rm old/000-start.png old/123-start.png; ln -s ../nowhere.png old/001-grown.png
  run 4 generate "$samples/classic" --seed 1 --max-tiles 4 --dump-steps old -o m.png -q
  expect_err "old/001-grown.png: has the name of a step picture"; [ ! -e nowhere.png ] || fail "a file made through a dangling link"
  rm old/001-grown.png
  run 0 generate "$samples/classic" --seed 1 --max-tiles 4 --dump-steps old -o m.png -q
  [ ! -e old/007-grown.png ] && [ -s old/000-start.png ] || fail "an earlier run's picture stayed: $(ls old)"
  # Standard output or error into a picture of an earlier run: the run would remove or
  # replace it, and what went there with it.
  "$dungen" generate "$samples/classic" --seed 2 --dump-steps old -o - -q >> old/000-start.png 2>err.txt
  [ $? = 2 ] && grep -q "^dungen: error: old/000-start.png: is also standard output, and --dump-steps would replace it" err.txt ||
    fail "standard output into a picture: $(cat err.txt)"
  "$dungen" generate "$samples/classic" --seed 2 --dump-steps old -o m8.png 2>> old/001-grown.png
  [ $? = 2 ] && grep -aq "dungen: error: old/001-grown.png: is also standard error" old/001-grown.png || fail "standard error into a picture"
  run 2 generate "$samples/classic" --seed 1 --dump-steps - -o m.png
  expect_err "^dungen: error: --dump-steps: the pictures go into a folder, never to standard output; give a folder \\(./- for one named '-'\\)$"
  [ ! -e ./- ] || fail "a folder '-' was made" ;;
determinism)
  for i in 1 2; do run 0 generate "$samples/caves" -o "m$i.png" --report "r$i.txt" --json "j$i.json" --preview "p$i.png" --seed 99 -q; done
  cmp m1.png m2.png && cmp r1.txt r2.txt && cmp j1.json j2.json && cmp p1.png p2.png || fail "outputs differ between runs" ;;
batch)
  run 0 generate "$samples/classic" --count 5 --out-dir out --seed 10
  expect_err "5 levels written to out \(0 ended early, 0 with cells the entrance cannot reach, 0 failed\)"
  for i in 0 1 2 3 4; do for e in png txt json; do [ -s "out/level-000$i.$e" ] || fail "out/level-000$i.$e missing"; done; done
  [ "$(wc -l < out/manifest.csv)" -eq 6 ] || fail "manifest rows"
  head -1 out/manifest.csv | grep -q "^index,seed,name,tiles,unused_doors,unreachable_regions,terminated_early,status,hash,reachable_share,dead_ends,loops,exit_steps,exit_rooms,branching$" || fail "manifest header"
  grep -q '^3,13,level-0003,' out/manifest.csv || fail "level 3 does not use seed 13"
  # The metrics columns are the JSON report's.
  m=$(sed -n 's/.*"metrics": {"reachable_share": \([0-9.]*\), .*"dead_ends": \([0-9]*\), "loops": \([0-9]*\), "exit_steps": \([0-9]*\), "exit_rooms": \([0-9]*\), "branching": \([0-9.]*\)}.*/\1,\2,\3,\4,\5,\6/p' out/level-0003.json)
  [ -n "$m" ] || fail "no metrics in the JSON report"
  grep -q "^3,.*,$m\$" out/manifest.csv || fail "manifest metrics differ from the report's ($m)"
  # Seeds go on modulo 2^64 (docs/cli.md), and level 1 is the level of --seed 0.
  run 0 generate "$samples/classic" --count 2 --out-dir wrap --seed 18446744073709551615 -q
  grep -q '^1,0,level-0001,' wrap/manifest.csv || fail "the seed after 2^64-1 is not 0"
  run 0 generate "$samples/classic" -o zero.png --seed 0 -q
  cmp -s zero.png wrap/level-0001.png || fail "level 1 is not the level of --seed 0" ;;
batch_stale_note)  # level files of an earlier batch in the folder are named, never removed
  run 0 generate "$samples/classic" --count 5 --out-dir out --seed 1 --with-preview -q
  touch out/level-12.png out/level-0001.png.bak out/levels.txt
  run 0 generate "$samples/classic" --count 3 --out-dir out --seed 1
  expect_err "^dungen: note: out holds 13 level files of an earlier batch that this one did not write \(e.g. level-0000.preview.png\); a new --out-dir keeps batches apart$"
  [ -f out/level-0004.preview.png ] && [ -f out/level-12.png ] || fail "earlier files removed"
  run 0 generate "$samples/classic" --count 5 --out-dir out --seed 1 --with-preview
  expect_err "holds 2 level files .*\(e.g. level-0001.png.bak\)"
  rm out/level-12.png out/level-0001.png.bak
  run 0 generate "$samples/classic" --count 5 --out-dir out --seed 1 --with-preview
  ! grep -q "earlier batch" err.txt || fail "a note though every level file is this batch's" ;;
batch_interrupted_manifest)  # an earlier manifest and gallery never describe a re-run's levels
  run 0 generate "$samples/classic" --count 2 --out-dir out --seed 1 --gallery -q
  [ -f out/manifest.csv ] && [ -f out/index.html ] || fail "no manifest or gallery"
  cp out/level-0000.png earlier-0000.png
  timeout -s TERM 1 "$dungen" generate "$samples/classic" --count 2000 --out-dir out --seed 50000 --gallery -q
  if [ -f out/manifest.csv ] && sed -n 2p out/manifest.csv | grep -q '^0,1,'; then
    # Stopped before it began (a slow start on a busy machine): the earlier batch is untouched.
    cmp -s out/level-0000.png earlier-0000.png || fail "the manifest is the earlier batch's"
  elif [ -f out/manifest.csv ]; then  # it finished: this batch's
    sed -n 2p out/manifest.csv | grep -q '^0,50000,' || fail "the manifest is neither batch's"
  else
    [ ! -f out/index.html ] || fail "the earlier gallery is left without its manifest"
  fi
  # A manifest.csv that is a symbolic link: the file it names is the earlier manifest.
  run 0 generate "$samples/classic" --count 2 --out-dir linked --seed 1 -q
  mv linked/manifest.csv kept.csv && ln -s ../kept.csv linked/manifest.csv
  cp linked/level-0000.png earlier-linked-0000.png
  timeout -s TERM 1 "$dungen" generate "$samples/classic" --count 2000 --out-dir linked --seed 50000 -q
  [ -L linked/manifest.csv ] || fail "the link was replaced"
  if [ -f kept.csv ] && sed -n 2p kept.csv | grep -q '^0,1,'; then
    # Stopped before it began (a slow start on a busy machine): the earlier batch is untouched.
    cmp -s linked/level-0000.png earlier-linked-0000.png || fail "the linked manifest is the earlier batch's"
  elif [ -f kept.csv ]; then
    sed -n 2p kept.csv | grep -q '^0,50000,' || fail "the linked manifest is neither batch's"
  fi
  # A gallery this batch does not write is never removed through a link, nor when it is an
  # input: an index.html linked to a tile, the settings or the palette deleted that input.
  mkdir tiles && cp "$samples"/classic/*.png tiles/ && echo 'room_small.png weight=3' > tiles/tileset.txt
  echo '#123456 wall' > pal.txt
  for target in ../tiles/room_small.png ../tiles/tileset.txt ../pal.txt; do
    rm -rf g && mkdir g && ln -s "$target" g/index.html
    run 0 generate tiles --palette pal.txt --count 1 --out-dir g --seed 1 -q
    [ -f "g/$target" ] || fail "the input ${target#../} was deleted"
  done
  rm -rf g && mkdir g && echo '#123456 wall' > g/index.html  # a palette of that name
  run 0 generate tiles --palette g/index.html --count 1 --out-dir g --seed 1 -q
  [ -f g/index.html ] || fail "an input named index.html was deleted"
  rm -rf g && mkdir g && echo old > g/index.html
  run 0 generate tiles --count 1 --out-dir g --seed 1 -q
  [ ! -e g/index.html ] || fail "an earlier gallery stayed beside this batch's levels" ;;
batch_seed_remakes)
  run 0 generate "$samples/caves" --count 4 --out-dir out --seed 500 -q
  run 0 generate "$samples/caves" --seed 502 -o single.png --report single.txt -q
  cmp single.png out/level-0002.png || fail "level 2 is not --seed 502"; cmp single.txt out/level-0002.txt || fail "report differs" ;;
batch_jobs_identical)
  run 0 generate "$samples/classic" --count 12 --out-dir one --seed 3 -j 1 -q
  run 0 generate "$samples/classic" --count 12 --out-dir two --seed 3 -j 2 -q
  diff -r one two || fail "-j 2 output differs from -j 1" ;;
names_outputs)  # a single run names every file it wrote, the tileset image too
  mkdir sub
  run 0 generate "$samples/classic" --seed 1 --max-tiles 6 -o m.png --report r.txt --json m.json \
    --preview p.png --tmx sub/m.tmx --tmj m.tmj --ascii -
  expect_err "^dungen: wrote m.png \(30x27 cells, 15 tiles, 0 unused doors, seed 1\)$"
  expect_err "^dungen: also wrote r.txt, m.json, p.png, sub/m.tmx, m.tmj, standard output \(ascii\), sub/dungen-tiles.png, dungen-tiles.png$"
  run 0 generate "$samples/classic" --seed 1 --max-tiles 6 -o m.png
  grep -q "also wrote" err.txt && fail "a map alone has an 'also wrote' line"
  run 0 generate "$samples/classic" --seed 1 --max-tiles 6 -o m.png --report r.txt -q
  [ -s err.txt ] && fail "-q printed: $(cat err.txt)"; true ;;
plurals)  # one of a thing is singular on stderr and in notes
  run 0 layout grid:4x3 --spikes 1 -o m.png --seed 1 --report r.txt
  expect_err "^dungen: wrote m.png \(85x64 cells, 12 rooms, 0 unused doors, seed 1\)$"
  expect_err "^dungen: note: placed 0 of 1 spike: spikes must go on hallway cells"
  grep -q "^  note: placed 0 of 1 spike: " r.txt || fail "the report's note is not singular"
  run 0 generate "$samples/classic" --count 1 --out-dir one --seed 1
  expect_err "^dungen: 1 level written to one " ;;
batch_progress)  # the bar shows on a terminal only; script(1) gives dungen one
  command -v script >/dev/null || skip "no script(1) to run dungen on a terminal"
  script -qec "'$dungen' generate '$samples/classic' --count 40 --out-dir out -j 2 --seed 1 --max-tiles 10" \
    /dev/null >tty.txt || fail "the batch on a terminal failed"
  counts=$(tr '\r' '\n' <tty.txt | sed -n 's|^\[[# ]*\] \([0-9]*\)/40$|\1|p')
  [ "$counts" = "$(seq 1 40)" ] || fail "the bar did not count 1 to 40 in order: $(echo $counts)"
  run 0 generate "$samples/classic" --count 4 --out-dir off -j 2 --seed 1 --max-tiles 10
  grep -q '/4' err.txt && fail "a bar off a terminal"; true ;;
inspect_text)
  run 0 inspect "$samples/classic"
  expect_out "^room_lshape.png  12x10 cells"; expect_out "door x=.* width=2 facing="
  expect_out "^set: 19 tiles"; expect_out "widths without a cap .*: none" ;;
inspect_json)
  run 0 inspect "$samples/classic" --json
  for key in '"tiles"' '"name": "cap1_closet.png"' '"doors"' '"orientations"' '"problems"' '"widths"' '"widths_without_cap"'; do
    grep -q -- "$key" out.txt || fail "JSON lacks $key"; done
  if command -v python3 >/dev/null; then python3 -m json.tool out.txt >/dev/null || fail "invalid JSON"; fi ;;
inspect_preview)
  run 0 inspect "$samples/caves" --preview tiles.png --scale 6; [ -s tiles.png ] || fail "no preview" ;;
max_size)
  run 0 generate "$samples/classic" --max-size 60x40 --max-tiles 400 --seed 5 -o m.png --json m.json -q
  # The map's own size line (placements' widths would match a looser pattern on any map).
  grep -q '^  "map": {"width": \([1-9]\|[1-5][0-9]\|60\), "height": \([1-9]\|[1-3][0-9]\|40\)},$' m.json ||
    fail "map larger than 60x40: $(grep '"map"' m.json)"
  grep -q '"reason": "outside_max_size"' m.json || fail "no door names the size limit" ;;
policy_shapes)
  run 0 generate "$samples/classic" --policy depth --seed 8 -o d.png --json d.json -q
  run 0 generate "$samples/classic" --policy breadth --seed 8 -o b.png --json b.json -q
  cmp -s d.png b.png && fail "policies made the same map" ; true ;;
corpus_inspect)
  [ -d "$corpus" ] || { echo "SKIP: no shared corpus at $corpus"; exit 77; }
  for set in "$corpus"/*/; do run 0 inspect "$set" --json; grep -q '"doors": \[' out.txt || fail "$set"; done ;;
corpus_generate)
  [ -d "$corpus" ] || { echo "SKIP: no shared corpus at $corpus"; exit 77; }
  for set in "$corpus"/*/; do
    run 0 generate "$set" --seed 1 -o m.png --report r.txt --json m.json -q
    grep -q '^unused doors: ' r.txt || fail "$set report"
  done ;;
*) fail "unknown case $case_name" ;;
esac
exit 0
