#!/usr/bin/env bash
# check_format.sh — fails when a C source or header of the product, the GPU harness or the tests
# is not formatted as .clang-format says (clang-format 14, Debian's clang-format-14; the tree was
# formatted with it once). Exit 77 (CTest: skipped) when clang-format-14 is not installed.
#   scripts/check_format.sh          check, listing the files that differ
#   scripts/check_format.sh --fix    reformat them in place
set -euo pipefail
cd "$(dirname "$0")/.."
cf=$(command -v clang-format-14 || true)
[ -n "$cf" ] || { echo "check_format: clang-format-14 not installed (apt-get install clang-format-14)"; exit 77; }
mapfile -t files < <(git ls-files -- 'common/*.[ch]' 'isa/*.[ch]' 'parser/*.[ch]' 'sim/*.[ch]' 'verify/*.[ch]' \
    'manifest/*.[ch]' 'api/*.[ch]' 'cli/*.[ch]' 'gpu/*.[ch]' 'tests/*.[ch]' 2>/dev/null || true)
[ ${#files[@]} -gt 0 ] || { echo "check_format: no files (not a git checkout?)"; exit 77; }
if [ "${1:-}" = "--fix" ]; then
    "$cf" -i --style=file "${files[@]}"
    exit 0
fi
bad=0
for f in "${files[@]}"; do
    if ! "$cf" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "check_format: $f is not formatted (scripts/check_format.sh --fix)"
        bad=$((bad + 1))
    fi
done
echo "check_format: ${#files[@]} files, $bad not formatted"
[ "$bad" -eq 0 ]
