#!/usr/bin/env bash
# setup.sh [--fuzz] — installs what ptxsim needs to build and test on Debian 12 (run as root, or
# with sudo). --fuzz adds clang-14 and its sanitizer and libFuzzer runtimes (libclang-rt-14-dev)
# for the clang sanitizer build and the libFuzzer harnesses (docs/fuzz.md). chromium is the headless
# browser the HTML report's test loads pages in (docs/html.md); clang-format-14 checks the C sources'
# formatting (.clang-format, scripts/check_format.sh).
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config libcjson-dev libcmocka-dev libgmp-dev
      libmpfr-dev uthash-dev python3 python3-jsonschema python3-numpy python3-pytest libzstd-dev
      liblz4-dev chromium clang-format-14)
for a in "$@"; do
  case "$a" in
    --fuzz) pkgs+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "setup.sh: unknown option '$a'" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Microsoft's SARIF Multitool for the SARIF test (tests/verify/sarif_multitool.sh), from the npm
# registry into build-tools/sarif (ignored by git), where npm exists; the test is skipped otherwise.
root=$(cd "$(dirname "$0")/.." && pwd)
mt=$root/build-tools/sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ ! -x "$mt" ] && command -v npm >/dev/null 2>&1; then
  echo "setup: installing the SARIF Multitool (npm @microsoft/sarif-multitool 5.7.0) into build-tools/sarif"
  if npm install --silent --no-audit --no-fund --prefix "$root/build-tools/sarif" @microsoft/sarif-multitool@5.7.0 >/dev/null 2>&1; then
    chmod u+x "$mt" 2>/dev/null || true
  else
    echo "setup: npm could not install the SARIF Multitool; its test will be skipped"
  fi
fi
