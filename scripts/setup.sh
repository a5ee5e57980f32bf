#!/usr/bin/env bash
# setup.sh [--fuzz] — installs what ptxsim needs to build and test on Debian 12 (run as root, or
# with sudo). --fuzz adds clang-14 and its sanitizer and libFuzzer runtimes (libclang-rt-14-dev)
# for the clang sanitizer build and the libFuzzer harnesses (docs/fuzz.md). chromium is the headless
# browser the HTML report's test loads pages in (docs/html.md).
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config libcjson-dev libcmocka-dev libgmp-dev
      libmpfr-dev uthash-dev python3 python3-jsonschema python3-numpy python3-pytest libzstd-dev
      liblz4-dev chromium)
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
