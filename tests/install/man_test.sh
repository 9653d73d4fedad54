#!/usr/bin/env bash
# The man page man/dungen.1 against `dungen COMMAND --help`: every command has its section,
# every option listed by a command's help is documented, no documented option is unknown, the
# version is the program's, and groff reads the page without a warning.
# Usage: man_test.sh DUNGEN SOURCE_DIR VERSION. Exit 0 = pass, else fail.
set -u
dungen=$1 src=$2 version=$3
page=$src/man/dungen.1
fail() { echo "FAIL: $*" >&2; exit 1; }
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
check_help_lists

missing=""
for cmd in "" $(dungen_commands); do
  [ -z "$cmd" ] || grep -q "^\.SS \"dungen $cmd[ \"]" "$page" || missing+=" (section of $cmd)"
  for option in $(dungen_options "$cmd"); do
    roff=${option//-/\\-}  # roff writes a dash as \-
    grep -qP -- "\Q$roff\E(?![a-z0-9]|\\\\-)" "$page" || missing+=" ${cmd:-dungen}:$option"
  done
done
[ -z "$missing" ] || fail "man/dungen.1 lacks:$missing"

known=$(for cmd in "" $(dungen_commands); do dungen_options "$cmd"; done | sort -u)
for option in $(grep -oP '\\-\\-[a-z0-9]+(\\-[a-z0-9]+)*' "$page" | sed 's/\\//g' | sort -u); do
  grep -qx -- "$option" <<< "$known" || fail "man/dungen.1 documents $option, which no command has"
done

grep -q "^\.TH DUNGEN 1 \"[^\"]*\" \"dungen $version\"" "$page" ||
  fail "the .TH line of man/dungen.1 does not say dungen $version"
if command -v groff >/dev/null; then
  warnings=$(groff -man -ww -z "$page" 2>&1)
  [ -z "$warnings" ] || fail "groff warns about man/dungen.1: $warnings"
  LC_ALL=C.UTF-8 groff -man -Tutf8 "$page" 2>/dev/null | sed 's/.\x08//g' | grep -q -- "--max-tiles" ||
    fail "groff does not render man/dungen.1"
fi
exit 0
