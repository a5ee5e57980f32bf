; half: LLVM IR on the half type compiled by llc-14 for nvptx64 (sm_80): fadd/fmul/llvm.fma/
; llvm.minnum on half become add/mul/fma.rn.f16 and min.f16 in .b16 registers, fcmp olt becomes
; setp.lt.f16, fpext/fptrunc become cvt.f32.f16 / cvt.rn.f16.f32; 16-bit loads and stores.
; out[4*i + k] (f16 bits); see case_llvm_half in tests/oracle/cases_llvm.c.
; llc-flags: -O2
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare half @llvm.fma.f16(half, half, half)
declare half @llvm.minnum.f16(half, half)
define void @half_k(half addrspace(1)* %a, half addrspace(1)* %b, half addrspace(1)* %o) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b6 = shl i32 %cta, 7
  %i = add i32 %b6, %tid
  %i64 = zext i32 %i to i64
  %pa = getelementptr half, half addrspace(1)* %a, i64 %i64
  %pb = getelementptr half, half addrspace(1)* %b, i64 %i64
  %x = load half, half addrspace(1)* %pa
  %y = load half, half addrspace(1)* %pb
  %s = fadd half %x, %y
  %m = fmul half %x, %y
  %f = call half @llvm.fma.f16(half %x, half %y, half 0xH3C00)
  %lt = fcmp olt half %x, %y
  %sel = select i1 %lt, half %s, half %m
  %mn = call half @llvm.minnum.f16(half %x, half %y)
  %e = fpext half %x to float
  %e2 = fmul float %e, 3.0
  %t = fptrunc float %e2 to half
  %o4 = mul i64 %i64, 4
  %p0 = getelementptr half, half addrspace(1)* %o, i64 %o4
  store half %sel, half addrspace(1)* %p0
  %o41 = add i64 %o4, 1
  %p1 = getelementptr half, half addrspace(1)* %o, i64 %o41
  store half %f, half addrspace(1)* %p1
  %o42 = add i64 %o4, 2
  %p2 = getelementptr half, half addrspace(1)* %o, i64 %o42
  store half %mn, half addrspace(1)* %p2
  %o43 = add i64 %o4, 3
  %p3 = getelementptr half, half addrspace(1)* %o, i64 %o43
  store half %t, half addrspace(1)* %p3
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{void (half addrspace(1)*, half addrspace(1)*, half addrspace(1)*)* @half_k, !"kernel", i32 1}
