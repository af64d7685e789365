#!/usr/bin/env bash
# Keeps the man pages in sync with the programs' --help: every command and every --option that
# a help text names must appear in the man page. Run by CTest as man_page_in_sync.
#   check_man_pages.sh CLI MAN_PAGE [GUI GUI_MAN_PAGE]
set -uo pipefail
cli=$1 man=$2 gui=${3:-} gui_man=${4:-}
status=0

# The man page's text without roff escapes: \- becomes -, font changes go.
plain() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$1"; }
options_of() { grep -oE -- '(^|[^a-zA-Z0-9-])--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }

check() {  # check NAME MAN_TEXT_FILE HELP_TEXT_FILE
  local name=$1 text=$2 help=$3 opt
  for opt in $(options_of < "$help"); do
    if ! grep -qE -- "(^|[^a-zA-Z0-9-])$opt([^a-zA-Z0-9-]|$)" "$text"; then
      echo "man page lacks $opt (in '$name')"
      status=1
    fi
  done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plain "$man" > "$tmp/man.txt"

"$cli" --help > "$tmp/main.txt" 2>&1
check "clusterplan-cli --help" "$tmp/man.txt" "$tmp/main.txt"
# The commands the main help lists ("  NAME ..." under "Commands:").
commands=$(sed -n '/^Commands:/,/^$/p' "$tmp/main.txt" | grep -oE '^  [a-z][a-z-]*' | tr -d ' ')
[[ -n $commands ]] || { echo "no commands found in clusterplan-cli --help"; status=1; }
for c in $commands; do
  if ! grep -qE "^\.B $c$" "$man"; then
    echo "man page lacks the command $c (a '.B $c' item under COMMANDS)"
    status=1
  fi
  "$cli" "$c" --help > "$tmp/$c.txt" 2>&1 || true
  check "clusterplan-cli $c --help" "$tmp/man.txt" "$tmp/$c.txt"
done

if [[ -n $gui ]]; then
  plain "$gui_man" > "$tmp/gui_man.txt"
  "$gui" --help > "$tmp/gui.txt" 2>&1
  check "clusterplan --help" "$tmp/gui_man.txt" "$tmp/gui.txt"
fi

[[ $status == 0 ]] && echo "man pages: in sync with --help"
exit $status
