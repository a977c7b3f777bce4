#!/bin/sh
# Proves that every story of the given Playwright files passes alone and in any order (the common brief's
# rule for end-to-end stories). For each file: every story is run alone, selected by its exact title
# (`--grep`), in the reverse of the file's order, one Playwright run per story, so no story can lean on
# one run before it; then the whole file is run once, in its own order. Stories in a group tagged OWN_APP
# (support/group-scope.ts) share nothing, so these two orders cover every order for them.
# Usage: sh tests/tooling/stand-alone.sh tests/e2e/deposit-watch.spec.ts [more files...]
# Build first (`npm run build`); run inside the keyring session when a story needs a Secret Service
# (see tests/tooling/test-all.sh). Prints one line per story and per file; exits non-zero on any failure.
set -u
cd "$(dirname "$0")/../.."

config=tests/e2e/playwright.config.ts
status=0
for file in "$@"; do
  list=$(mktemp)
  # `--list` prints "  [chromium] › file:line:col › describe › title"; the describes and the title are kept,
  # so equal titles in two describes stay apart.
  npx playwright test --config "$config" "$file" --list | grep ' › ' | sed 's/^.*\.spec\.ts:[0-9]*:[0-9]* › //' >"$list"
  count=$(wc -l <"$list")
  if [ "$count" -eq 0 ]; then
    echo "$file: no stories listed"
    status=1
    rm -f "$list"
    continue
  fi
  failed=0
  reversed=$(mktemp)
  # Reverse order (tac), each alone: a story that needs an earlier one's state fails here.
  tac "$list" >"$reversed"
  while IFS= read -r title; do
    # The describes and the title, every special character escaped, ending the story's full title: `--grep`
    # reads them joined by spaces, each describe followed by its tags, the whole followed by the tags.
    pattern=" $(printf '%s' "$title" | sed -e 's/[][\\.*^$+?(){}|/]/\\&/g' -e 's/ › /( @[^ ]+)* /g')( @|\$)"
    ran=$(npx playwright test --config "$config" "$file" --grep "$pattern" --reporter=line 2>&1)
    if [ $? -eq 0 ] && printf '%s\n' "$ran" | grep -q '^  1 passed'; then
      echo "alone   pass  $file › $title"
    else
      echo "alone   FAIL  $file › $title"
      printf '%s\n' "$ran" | tail -40
      failed=1
    fi
  done <"$reversed"
  rm -f "$reversed"
  if npx playwright test --config "$config" "$file" --reporter=line >/dev/null 2>&1; then
    echo "file    pass  $file ($count stories together)"
  else
    echo "file    FAIL  $file ($count stories together)"
    failed=1
  fi
  [ "$failed" -eq 0 ] || status=1
  rm -f "$list"
done
exit $status
