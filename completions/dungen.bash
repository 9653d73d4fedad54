# bash completion for dungen(1): its commands, each command's options, and files or folders
# where an option or argument names one. Installed as share/bash-completion/completions/dungen;
# needs nothing from the bash-completion package. Keep in step with `dungen COMMAND --help`
# (tests/install/completion_test.sh checks it).

# _dungen_paths -f|-d WORD: adds the files (or folders) starting with WORD to COMPREPLY.
_dungen_paths() {
  local IFS=$'\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY+=($(compgen "$1" -- "$2"))
}

# _dungen_options COMMAND: the options of a dungen command.
_dungen_options() {
  local tiles="--palette --tileset --max-tile-size --skip-invalid --no-flip --no-rotate"
  local level="--seed --floors --locks --strict --require --dump-steps --spikes --monsters --chests --loot --decor --tiers
    -o --output --report --json --preview --tmx --tmj --ascii --wad --demo --uvtt --zdbsp --scale
    -q --quiet --count --out-dir -j --jobs --gallery --wait --with-preview --with-tmx --with-tmj --with-ascii
    --with-wad --with-demo --with-uvtt"
  case $1 in
    generate) echo "-h --help $tiles --max-tiles --min-tiles --start --policy --max-size --mask --place --retries --loops --loop-detour --loop-retries --max-dead-ends --graph --corridor-max $level" ;;
    graph) echo "-h --help $tiles --corridor-max --retries $level" ;;
    inspect) echo "-h --help $tiles --json --preview --scale" ;;
    rooms) echo "-h --help --rooms --room-size --door-width --gap --loops --max-steps $level" ;;
    layout) echo "-h --help --space $level" ;;
    areas) echo "-h --help --width --height --spaces --min-space --loops --mask $level" ;;
    range) echo "-h --help $tiles --max-tiles --min-tiles --start --policy --max-size --mask --place --loops --loop-detour --loop-retries
      --max-dead-ends --retries --seed --locks --spikes --monsters --chests --loot --decor --require
      --count -x --x-axis -y --y-axis -o --output -j --jobs -q --quiet" ;;
  esac
}

_dungen() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local commands="generate graph inspect rooms layout areas range" cmd="" i
  COMPREPLY=()
  # The command is the first word that is no option; any other word there is a tile folder
  # (`dungen DIR` is `dungen generate DIR`).
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == -* ]] && continue
    cmd=${COMP_WORDS[i]}
    [[ " $commands " == *" $cmd "* ]] || cmd=generate
    break
  done
  if [[ -z $cmd ]]; then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W "-h --help --version" -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$commands" -- "$cur"))
      _dungen_paths -d "$cur"
    fi
    return
  fi
  case $prev in
    --policy) COMPREPLY=($(compgen -W "random breadth depth" -- "$cur")); return ;;
    -x | --x-axis | -y | --y-axis) [[ $cmd == range ]] && { COMPREPLY=($(compgen -W "reachable_share passable_cells reachable_cells
      unreachable_placements dead_ends loops exit_steps exit_rooms branching" -- "$cur")); return; } ;;
    --loops) [[ $cmd == generate || $cmd == range ]] && COMPREPLY=($(compgen -W "auto 0" -- "$cur")); return ;;
    --palette | --tileset | --graph | --start | --mask | -o | --output | --report | --preview | --tmx | --tmj | --ascii | \
      --wad | --demo | --uvtt | --zdbsp) _dungen_paths -f "$cur"; return ;;
    --json) [[ $cmd != inspect ]] && { _dungen_paths -f "$cur"; return; } ;;
    --dump-steps | --out-dir) _dungen_paths -d "$cur"; return ;;
    --max-tile-size | --max-tiles | --min-tiles | --max-size | --place | --retries | --corridor-max | --rooms | --room-size | \
      --door-width | --gap | --loops | --max-steps | --space | --width | --height | --spaces | \
      --min-space | --loop-detour | --loop-retries | --max-dead-ends | --require | --seed | --floors | --locks | --spikes | --monsters | --chests | --loot | --decor | --tiers | \
      --scale | --count | -j | --jobs) return ;;  # a number or size: nothing to offer
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_dungen_options "$cmd")" -- "$cur"))
  elif [[ $cmd == generate || $cmd == inspect || $cmd == range ]]; then
    _dungen_paths -d "$cur"
  elif [[ $cmd == graph ]]; then
    # TILES_DIR, then GRAPH: a built-in or a graph file.
    local words=0
    for ((i = i + 1; i < COMP_CWORD; i++)); do [[ ${COMP_WORDS[i]} == -* ]] || ((words++)); done
    if ((words == 0)); then
      _dungen_paths -d "$cur"
    else
      COMPREPLY=($(compgen -W "clock grid:4x3 chain:6" -- "$cur"))
      _dungen_paths -f "$cur"
    fi
  elif [[ $cmd == layout ]]; then
    COMPREPLY=($(compgen -W "grid:4x3 clock maze maze:0.1" -- "$cur"))
    _dungen_paths -f "$cur"
  fi
}

complete -F _dungen dungen
