#!/usr/bin/env bash
# Proves the README on a fresh Debian 12 root, as a new user meets it: debootstrap (minbase)
# makes a root with nothing but Debian's base, a clone of this checkout goes in, and inside
# (chroot) run, in order, the README's own shell blocks of "Quick start" (its apt-get line, then
# the build and first dungeon) and of "Tests" (its apt-get line, then the test command), read
# from README.md itself, not copied. No optional tool is installed, so their tests skip (the
# skip lines say why); ../shared is absent, as in a user's clone. CI runs this (.ci/run).
#
# Usage: tools/fresh_root.sh [ROOT_DIR]   (as root; needs debootstrap and git; about 15 minutes)
# ROOT_DIR defaults to a new folder under /tmp; it is removed at the end unless KEEP_ROOT=1.
# DEBIAN_MIRROR overrides the mirror (default: the first URI of the host's apt sources).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$(mktemp -d /tmp/dungen-fresh-root.XXXXXX)}
chmod 755 "$root"  # a root others may enter: tests run dungen as user nobody
mounted=()

mirror() {  # the host's Debian mirror (deb822 or one-line sources), else deb.debian.org
  local uri
  uri=$(grep -hoE '^URIs: *[^ ]+' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | sed 's/^URIs: *//')
  [ -n "$uri" ] || uri=$(grep -hoE '^deb +(\[[^]]*\] +)?http[^ ]+' /etc/apt/sources.list 2>/dev/null | head -n 1 | awk '{print $NF}')
  echo "${DEBIAN_MIRROR:-${uri:-http://deb.debian.org/debian}}"
}

cleanup() {  # unmount what this script mounted (last first), then remove the root
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  [ "${KEEP_ROOT:-0}" = 1 ] || rm -rf --one-file-system "$root"
}
trap cleanup EXIT

# readme_blocks SECTION: the ```sh blocks of the README section headed "## SECTION...", in order.
readme_blocks() {
  awk -v want="$1" '
    /^## / { inside = index($0, "## " want) == 1 }
    inside && /^```sh$/ { block = 1; next }
    block && /^```$/ { block = 0; print ""; next }
    block { print }' "$src/README.md"
}

quick_start=$(readme_blocks "Quick start")
tests=$(readme_blocks "Tests")
[ -n "$quick_start" ] && [ -n "$tests" ] || { echo "README.md: no Quick start or Tests blocks" >&2; exit 1; }

echo "== debootstrap (minbase, bookworm) into $root from $(mirror)"
start=$SECONDS
debootstrap --variant=minbase bookworm "$root" "$(mirror)" >"$root.debootstrap.log" 2>&1 ||
  { tail -n 20 "$root.debootstrap.log" >&2; exit 1; }
rm -f "$root.debootstrap.log"
for m in proc sys dev dev/pts; do
  case $m in
  proc) mount -t proc proc "$root/proc" ;;
  sys) mount -t sysfs sys "$root/sys" ;;
  *) mount --bind "/$m" "$root/$m" ;;
  esac
  mounted+=("$root/$m")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
git clone -q "$src" "$root/root/dungen"
echo "== root ready in $((SECONDS - start)) s; the README's commands, as root in /root/dungen:"
printf '%s\n%s\n' "$quick_start" "$tests" | sed 's/^/   /'

script="set -euo pipefail
export DEBIAN_FRONTEND=noninteractive HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
cd /root/dungen
echo '== quick start'
start=\$SECONDS
$quick_start
test -s dungeon.png && test -s dungeon.txt
echo \"== quick start done in \$((SECONDS - start)) s\"
echo '== tests'
$tests"
start=$SECONDS
chroot "$root" /bin/bash -c "$script"
echo "== the README's quick start and test command passed on a fresh Debian 12 root in $((SECONDS - start)) s"
