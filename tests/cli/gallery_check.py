"""Checks a batch gallery (index.html) against the batch's manifest.csv; used by gallery_test.sh.

  gallery_check.py page INDEX MANIFEST       the cards: values, links, nothing from elsewhere
  gallery_check.py order DOM MANIFEST SORT   a page as Chromium left it (--dump-dom) shows the
                                             cards sorted as #sort=SORT asks ("" = batch order)
  gallery_check.py clicks OUT MANIFEST       click.html's lines: "HASH CLASS i,j,..." per click

Prints what is wrong and exits 1, or exits 0.
"""
import csv
import html.parser
import os
import re
import sys

# The page's sort keys and the manifest columns holding the same values.
COLUMNS = {"index": "index", "seed": "seed", "tiles": "tiles", "reachable": "reachable_share",
           "loops": "loops", "dead-ends": "dead_ends", "exit-steps": "exit_steps",
           "exit-rooms": "exit_rooms", "branching": "branching", "unused": "unused_doors"}


class Cards(html.parser.HTMLParser):
    """The level cards in document order: their attributes and the links and images inside."""

    def __init__(self):
        super().__init__()
        self.cards, self.outside, self.buttons = [], [], {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self.cards.append({"attrs": a, "refs": []})
        elif tag in ("a", "img", "script", "link", "iframe", "source"):
            ref = a.get("href") or a.get("src")
            if ref is not None:
                (self.cards[-1]["refs"] if self.cards else self.outside).append(ref)
            elif tag in ("link", "iframe", "source"):
                self.outside.append(tag)
        elif tag == "button":
            self.buttons[a.get("data-key")] = a.get("class") or ""


def parse(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cards = Cards()
    cards.feed(text)
    return text, cards


def manifest(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def expected_order(rows, sort):
    desc = sort.startswith("-")
    key = sort.lstrip("-") or "index"
    ok = [r for r in rows if r["status"] == "ok"]
    failed = [int(r["index"]) for r in rows if r["status"] != "ok"]

    def value(row):  # seeds exactly, up to 2^64-1
        v = int(row["seed"]) if key == "seed" else float(row[COLUMNS[key]])
        return -v if desc else v

    ok.sort(key=lambda row: (value(row), int(row["index"])))
    return [int(r["index"]) for r in ok] + failed, key, desc


def check_page(index, manifest_path):
    text, cards = parse(index)
    rows = manifest(manifest_path)
    folder = os.path.dirname(index)
    if len(cards.cards) != len(rows):
        fail(f"{len(cards.cards)} cards for {len(rows)} manifest rows")
    if cards.outside or re.search(r"https?:|//|@import|url\(", text.split("<script>")[0]):
        fail(f"the page names something outside the cards: {cards.outside}")
    for card, row in zip(cards.cards, rows):
        a, name = card["attrs"], row["name"]
        if a.get("data-index") != row["index"] or a.get("data-seed") != row["seed"]:
            fail(f"card {a} is not manifest row {row['index']}")
        if row["status"] != "ok":
            if card["refs"] or "data-loops" in a or "failed" not in a.get("class", ""):
                fail(f"failed {name}: {a} {card['refs']}")
            continue
        for key, column in COLUMNS.items():
            if key != "index" and key != "seed" and a.get("data-" + key) != row[column]:
                fail(f"{name}: data-{key}={a.get('data-' + key)}, manifest {column}={row[column]}")
        for ref in card["refs"]:
            mine = ref.startswith(name + ".") or re.match(re.escape(name) + r"-floor[0-9]+\.", ref)
            if not mine or not os.path.isfile(os.path.join(folder, ref)):
                fail(f"{name} links {ref}, which is not one of its files")
        print(name, " ".join(sorted(set(card["refs"]))))


def check_order(dom, manifest_path, sort):
    _, cards = parse(dom)
    got = [int(c["attrs"]["data-index"]) for c in cards.cards]
    want, key, desc = expected_order(manifest(manifest_path), sort)
    if got != want:
        fail(f"#sort={sort}: cards in order {got}, expected {want}")
    if cards.buttons.get(key) != ("desc" if desc else "asc"):
        fail(f"#sort={sort}: the {key} button is '{cards.buttons.get(key)}'")
    print(f"#sort={sort}: {got}")


def check_clicks(out, manifest_path):
    rows = manifest(manifest_path)
    with open(out, encoding="utf-8") as f:
        recorded = f.read().split('<pre id="out">')[1].split("</pre>")[0]
    lines = [line.split() for line in recorded.splitlines()]
    if not lines:
        fail("click.html recorded no click")
    for hash_, cls, order in lines:
        want, _, desc = expected_order(rows, hash_.removeprefix("#sort="))
        if [int(i) for i in order.split(",")] != want or cls != ("desc" if desc else "asc"):
            fail(f"after a click: {hash_} {cls} {order}, expected {want}")
        print(f"click: {hash_} {cls} {order}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"page": check_page, "order": check_order, "clicks": check_clicks}[command](*args)
