#!/usr/bin/env bash
# Issue 15, "parameters": a kernel's parameter space beyond ptxas's limit is a located error, at
# the closing brace and in the words ptxas uses there.
# Expected verdicts and byte counts are ptxas 13.0's: 4,352 bytes, 32,764 from PTX ISA 8.1 on
# sm_70+, parameters laid out at their alignment ("uses too much parameter space (0x1101 bytes,
# 0x1100 max)" for .u32, .align 8 .b8 [4344], .u8).
. "$(dirname "$0")/lib.sh"
entry() { printf '.version %s\n.target %s\n.address_size 64\n.visible .entry k(%s)\n{\nret;\n}\n' "$1" "$2" "$3" >"$tmp/p.ptx"; }
entry 8.0 sm_80 '.param .align 8 .b8 p[4352]'
expect 0 ': ok ' "$ptxsim" parse "$tmp/p.ptx"
entry 8.0 sm_80 '.param .align 8 .b8 p[4353]'
expect 2 "p.ptx:7:1: error: Entry function 'k' uses too much parameter space \(0x1101 bytes, 0x1100 max\)" "$ptxsim" parse "$tmp/p.ptx"
entry 8.0 sm_80 '.param .u32 a, .param .align 8 .b8 p[4343], .param .u8 c'
expect 0 ': ok ' "$ptxsim" parse "$tmp/p.ptx"
entry 8.0 sm_80 '.param .u32 a, .param .align 8 .b8 p[4344], .param .u8 c'
expect 2 "p.ptx:7:1: error: Entry function 'k' uses too much parameter space \(0x1101 bytes, 0x1100 max\)" "$ptxsim" parse "$tmp/p.ptx"
entry 8.1 sm_80 '.param .align 8 .b8 p[32764]'
expect 0 ': ok ' "$ptxsim" parse "$tmp/p.ptx"
entry 8.1 sm_90 '.param .align 8 .b8 p[32765]'
expect 2 "p.ptx:7:1: error: Entry function 'k' uses too much parameter space \(0x7ffd bytes, 0x7ffc max\)" "$ptxsim" parse "$tmp/p.ptx"
entry 8.1 sm_61 '.param .align 8 .b8 p[4353]'
expect 2 "p.ptx:7:1: error: Feature 'Kernel parameter size larger than 4352 bytes' requires .target sm_70 or higher" "$ptxsim" parse "$tmp/p.ptx"
