#!/usr/bin/env bash
# The shell completions of completions/ against `dungen COMMAND --help`: each file names every
# command and every option of every command; where the shell is installed, the file loads
# without an error and (bash, fish) completes "dungen COMMAND -" to exactly that command's
# options, a folder for TILES_DIR and the values of --policy.
# Usage: completion_test.sh bash|zsh|fish DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = the shell is
# not installed (the file was still checked for every option), else fail.
set -u
shell=$1 dungen=$(realpath "$2") src=$(realpath "$3")
fail() { echo "FAIL: $*" >&2; exit 1; }
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
case $shell in
  bash) file=$src/completions/dungen.bash ;;
  zsh) file=$src/completions/_dungen ;;
  fish) file=$src/completions/dungen.fish ;;
  *) fail "unknown shell $shell" ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir tiles_a tiles_b && touch tiles_a/t.png
check_help_lists

# named OPTION: the file names OPTION (fish as "-l name" or "-s x").
named() {
  if [ "$shell" = fish ]; then
    case $1 in
      --*) grep -qE -- "-l ${1#--}( |$)" "$file" ;;
      *) grep -qE -- "-s ${1#-}( |$)" "$file" ;;
    esac
  else
    grep -qE -- "(^|[^a-z0-9-])$1([^a-z0-9-]|$)" "$file"
  fi
}
missing=""
for cmd in "" $(dungen_commands); do
  [ -z "$cmd" ] || grep -qw -- "$cmd" "$file" || missing+=" (command $cmd)"
  for option in $(dungen_options "$cmd"); do
    named "$option" || missing+=" ${cmd:-dungen}:$option"
  done
done
[ -z "$missing" ] || fail "$file lacks:$missing"
command -v "$shell" >/dev/null || { echo "SKIP: $shell is not installed; $file names every option"; exit 77; }

# complete LINE: what the shell offers for LINE (the word being completed is its last), one a
# line, sorted.
complete_bash() {
  bash -c '. "$1" || exit 1; COMP_LINE=$2; read -ra COMP_WORDS <<< "$2"
    [[ $2 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_POINT=${#2}
    _dungen; printf "%s\n" "${COMPREPLY[@]}"' _ "$file" "$1"
}
complete_fish() {
  fish --no-config -c 'source $argv[1]; or exit 1; complete -C $argv[2]' "$file" "$1" | cut -f1 | sed 's#/$##'
}
expect() {  # expect LINE WORD...: the shell offers exactly WORD... for LINE
  local got want
  got=$("complete_$shell" "$1" | grep -v '^$' | sort | tr '\n' ' ')
  want=$(printf '%s\n' "${@:2}" | grep -v '^$' | sort | tr '\n' ' ')
  [ "$got" = "$want" ] || fail "$shell completes '$1' to '$got', expected '$want'"
}

case $shell in
  bash | fish)
    # shellcheck disable=SC2046 # one word per option
    for cmd in $(dungen_commands); do expect "dungen $cmd -" $(dungen_options "$cmd"); done
    expect "dungen -" $(dungen_options)
    expect "dungen samples --max-ti" --max-tiles --max-tile-size  # dungen DIR is generate
    expect "dungen rooms --mon" --monsters
    expect "dungen generate --policy " random breadth depth
    expect "dungen inspect tiles_" tiles_a tiles_b
    expect "dungen rooms --seed " ;;
  zsh)
    zsh -n "$file" || fail "zsh cannot parse $file"
    mkdir fpath && cp "$file" fpath/
    out=$(zsh -f -c 'fpath=(fpath $fpath); autoload -Uz compinit; compinit -u -D
      print -r -- $_comps[dungen]; autoload +X _dungen' 2>&1)
    [ "$out" = _dungen ] || fail "zsh does not load $file: $out"
    # An interactive zsh completes a command line typed into it (the Tab key).
    if zsh -f -c 'zmodload zsh/zpty' 2>/dev/null; then
      cat > typed.zsh <<'ZSH'
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z 'PS1="> "; fpath=(fpath $fpath); autoload -Uz compinit; compinit -u -D'
zpty -w -n z $'dungen rooms --mons\t'
zpty -r -m z line '*--monsters*' || exit 1
zpty -w -n z $'\x15dungen inspect --js\t'
zpty -r -m z line '*--json*' || exit 1
print done
ZSH
      out=$(timeout 20 zsh -f typed.zsh 2>&1)
      [ "$out" = done ] || fail "an interactive zsh does not complete dungen rooms --mons, inspect --js: $out"
    fi ;;
esac
exit 0
