# What dungen's help lists, for the tests that keep the man page and the shell completions in
# step with it (sourced, not run). Expects $dungen (the binary).

# dungen_commands: the commands `dungen --help` lists, one a line.
dungen_commands() {
  "$dungen" --help | sed -n '/^Subcommands:/,$p' | sed -nE 's/^  ([a-z]+) .*/\1/p'
}

# dungen_options [COMMAND]: the options `dungen [COMMAND] --help` lists, one a line, short and
# long apart ("-o", "--output").
dungen_options() {
  "$dungen" ${1:+"$1"} --help | grep -oE '^  (-[a-zA-Z],)?--[a-z0-9-]+' | tr ',' '\n' | sed 's/^ *//'
}

# check_help_lists: fails unless the help shows the seven commands and, for each, the options
# these tests know are there (so a change of help layout cannot make the tests check nothing).
check_help_lists() {
  [ "$(dungen_commands | tr '\n' ' ')" = "generate graph inspect rooms layout areas range " ] ||
    fail "dungen --help lists the commands '$(dungen_commands | tr '\n' ' ')'"
  dungen_options rooms | grep -qx -- --monsters || fail "no --monsters in dungen rooms --help"
  dungen_options generate | grep -qx -- -o || fail "no -o in dungen generate --help"
  dungen_options | grep -qx -- --version || fail "no --version in dungen --help"
  [ "$(dungen_options generate | wc -l)" -ge 40 ] || fail "dungen generate --help lists under 40 options"
}
