#!/usr/bin/env bash
# End-to-end tests of a batch's --gallery page (docs/cli.md "Gallery"). Usage:
# gallery_test.sh CASE DUNGEN MAP_COLOURS SOURCE_DIR. The screenshot, sort and floors cases have
# headless Chromium open the page; they skip without it (Debian: apt-get install chromium; CI
# installs it).
# Exit 0 = pass, 77 = skipped, else fail.
set -u
case_name=$1 dungen=$2 map_colours=$3 src=$4
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
check="python3 $src/tests/cli/gallery_check.py"

# browser ARGS...: headless Chromium on a fresh profile, its messages in chromium.txt.
browser() {
  local profile
  profile=$(mktemp -d "$work/profile.XXXXXX")
  timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" "$@" 2>chromium.txt
}
need_chromium() {
  chromium_bin=$(command -v chromium || command -v chromium-browser) || skip "chromium not installed"
}
# screenshot_colours: a screenshot of g/index.html, its map colours counted into wall, floor,
# door, columns and rows (tests/cli/map_colours.cpp).
screenshot_colours() {
  browser --screenshot="$work/shot.png" --window-size=1200,900 "file://$work/g/index.html" \
    || { cat chromium.txt; fail "chromium could not screenshot the page"; }
  read -r _ wall _ floor _ door _ columns _ rows < <("$map_colours" shot.png)
  echo "thumbnails: wall $wall floor $floor door $door, $columns columns, $rows rows"
}

case $case_name in
usage)
  run 2 generate "$samples/classic" --seed 3 -o one.png --gallery
  expect_err "^dungen: error: --gallery: is for batches: it shows the levels of --count K --out-dir DIR on one page, DIR/index.html; for one level give --preview FILE$"
  [ ! -e one.png ] || fail "a refused run wrote its map"
  mkdir -p out/index.html
  run 4 generate "$samples/classic" --seed 3 --count 2 --out-dir out --gallery
  expect_err "out/index.html"
  [ ! -e out/level-0000.png ] || fail "a batch whose gallery cannot be written made levels" ;;
page)
  run 0 generate "$samples/classic" --seed 10 --count 6 --out-dir a --gallery --with-ascii --with-preview -j 2
  expect_err "^dungen: gallery of the levels: a/index.html$"
  $check page a/index.html a/manifest.csv > links.txt || { cat links.txt; fail "a/index.html"; }
  grep -qx "level-0003 level-0003.ascii.txt level-0003.json level-0003.png level-0003.preview.png level-0003.txt" links.txt \
    || { cat links.txt; fail "level 3 does not link its five files"; }
  grep -q '<h1>dungen batch: 6 levels</h1>' a/index.html || fail "heading"
  # The same batch, on one thread and into another folder, makes the same page.
  run 0 generate "$samples/classic" --seed 10 --count 6 --out-dir b --gallery --with-ascii --with-preview -j 1 -q
  cmp a/index.html b/index.html || fail "the page depends on -j or the folder"
  run 0 rooms --rooms 10 --seed 10 --count 3 --out-dir c -q
  [ ! -e c/index.html ] || fail "a batch without --gallery wrote a page"
  run 0 rooms --rooms 10 --seed 10 --count 3 --out-dir c --gallery -q
  grep -q 'data-key="tiles">rooms</button>' c/index.html || fail "rooms are not called rooms" ;;
failed_level)
  # A level that fails has a card with its error, escaped, and no links; the folder's name,
  # which the error quotes, holds every character HTML treats specially.
  dir="q<b>&\"it's\""
  mkdir -p "$dir/level-0001.png"
  run 4 generate "$samples/classic" --seed 5 --count 3 --out-dir "$dir" --gallery
  $check page "$dir/index.html" "$dir/manifest.csv" > links.txt || { cat links.txt; fail "the page"; }
  grep -qF '<p class="error">q&lt;b&gt;&amp;&quot;it&apos;s&quot;/level-0001.png: is a folder; give a file name such as map.png</p>' "$dir/index.html" \
    || { grep error "$dir/index.html"; fail "the error is not shown escaped"; }
  grep -qF 'q<b>' "$dir/index.html" && fail "the folder's name is in the page unescaped"
  # The manifest quotes the error as CSV does (a quote doubled), so a CSV reader gets it back.
  python3 -c 'import csv, sys; print(list(csv.DictReader(open(sys.argv[1])))[1]["status"])' "$dir/manifest.csv" > status.txt
  [ "$(cat status.txt)" = "error: $dir/level-0001.png: is a folder; give a file name such as map.png" ] ||
    fail "the manifest's status: $(cat status.txt)"
  grep -q '0 ended early, 0 with cells the entrance cannot reach, 1 failed' "$dir/index.html" || fail "summary" ;;
screenshot)
  need_chromium
  run 0 generate "$samples/caves" --seed 40 --count 8 --out-dir g --gallery -q
  screenshot_colours
  [ "$wall" -ge 8000 ] && [ "$floor" -ge 8000 ] && [ "$door" -ge 400 ] || fail "the thumbnails are not drawn in the map's colours"
  [ "$columns" -ge 4 ] && [ "$rows" -ge 2 ] || fail "fewer thumbnails than expected side by side ($columns) or one above another ($rows)"
  # Without the map PNGs the same page shows no map colour but the white of the eight broken
  # image icons: the colours above are the thumbnails.
  mkdir hidden && mv g/level-*.png hidden/
  browser --screenshot="$work/empty.png" --window-size=1200,900 "file://$work/g/index.html" || fail "chromium, second run"
  read -r _ wall _ floor _ door _ < <("$map_colours" empty.png)
  [ "$wall" -eq 0 ] && [ "$door" -eq 0 ] && [ "$floor" -lt 400 ] || fail "the page itself has map colours ($wall, $floor, $door)" ;;
sort)
  need_chromium
  # Seeds from 2^64 - 6 wrap to 0 and 1: sorting by seed needs exact 64-bit integers.
  run 0 generate "$samples/classic" --seed 18446744073709551610 --count 8 --out-dir g --gallery -q
  grep -q '^7,1,level-0007,' g/manifest.csv || fail "level 7 does not have seed 1"
  for sort in "" -loops exit-steps -seed reachable; do
    browser --dump-dom "file://$work/g/index.html${sort:+#sort=$sort}" > dom.html \
      || { cat chromium.txt; fail "chromium could not load the page"; }
    $check order dom.html g/manifest.csv "$sort" || fail "sorted by '$sort'"
  done
  # Clicking a button sorts by its key, clicking it again the other way.
  cat > g/click.html <<'EOF'
<!DOCTYPE html><html><body><pre id="out"></pre><iframe id="f" src="index.html"></iframe><script>
document.getElementById("f").addEventListener("load", function () {
  var page = this.contentWindow, out = document.getElementById("out");
  function click(key) {
    var b = page.document.querySelector('button[data-key="' + key + '"]');
    b.click();
    var order = Array.prototype.map.call(page.document.querySelectorAll("article.level"),
                                         function (a) { return a.getAttribute("data-index"); });
    out.textContent += page.location.hash + " " + b.className + " " + order.join(",") + "\n";
  }
  ["dead-ends", "dead-ends", "branching", "seed", "seed"].forEach(click);
});
</script></body></html>
EOF
  browser --allow-file-access-from-files --dump-dom "file://$work/g/click.html" > clicks.html \
    || { cat chromium.txt; fail "chromium could not load click.html"; }
  $check clicks clicks.html g/manifest.csv || fail "clicking the buttons"
  [ "$(grep -c '^click: ' <($check clicks clicks.html g/manifest.csv))" -eq 5 ] || fail "not every click was recorded" ;;
floors)  # a batch of dungeons: every floor's thumbnail drawn side by side; the cards sort
  need_chromium
  run 0 generate "$samples/caves" --floors 3 --seed 40 --count 8 --out-dir g --gallery --with-preview -q
  $check page g/index.html g/manifest.csv > links.txt || { cat links.txt; fail "g/index.html"; }
  screenshot_colours
  [ "$wall" -ge 2000 ] && [ "$floor" -ge 2000 ] && [ "$door" -ge 100 ] || fail "the floors are not drawn in the map's colours"
  [ "$columns" -ge 12 ] && [ "$rows" -ge 2 ] || fail "fewer floors than expected side by side ($columns) or cards one above another ($rows)"
  for sort in -loops exit-steps -unused; do
    browser --dump-dom "file://$work/g/index.html#sort=$sort" > dom.html \
      || { cat chromium.txt; fail "chromium could not load the page"; }
    $check order dom.html g/manifest.csv "$sort" || fail "sorted by '$sort'"
  done ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
