; vector: LLVM IR with explicit address spaces compiled by llc-14 for nvptx64 (sm_80): <4 x i32>
; and <2 x float> loads and stores (ld.global.v4 / .v2), vector arithmetic, compares and selects,
; shufflevector, an extractelement with a run-time index (through a local array), a constant
; table in addrspace(4) (.const with an initialiser), a shared array in addrspace(3) with
; llvm.nvvm.barrier0, and a global variable in addrspace(1).
; out: 12 x i32 per thread; see case_llvm_vector in tests/oracle/cases_llvm.c.
; llc-flags: -O2
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tab = internal addrspace(4) constant [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6], align 4
@sh = internal addrspace(3) global [64 x i32] undef, align 4
@bias = internal addrspace(1) global <4 x i32> <i32 100, i32 200, i32 300, i32 400>, align 16

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()

define void @vector(<4 x i32> addrspace(1)* %in, <2 x float> addrspace(1)* %fin, i32 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %cta, 6
  %i = add i32 %base, %tid
  %i64 = zext i32 %i to i64
  %pv = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %in, i64 %i64
  %v = load <4 x i32>, <4 x i32> addrspace(1)* %pv, align 16
  %bias = load <4 x i32>, <4 x i32> addrspace(1)* @bias, align 16
  %w = add <4 x i32> %v, %bias
  %rev = shufflevector <4 x i32> %w, <4 x i32> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %gt = icmp sgt <4 x i32> %v, %rev
  %mx = select <4 x i1> %gt, <4 x i32> %v, <4 x i32> %rev
  %o12 = mul i32 %i, 12
  %o64 = zext i32 %o12 to i64
  %po = getelementptr i32, i32 addrspace(1)* %out, i64 %o64
  %po4 = bitcast i32 addrspace(1)* %po to <4 x i32> addrspace(1)*
  store <4 x i32> %mx, <4 x i32> addrspace(1)* %po4, align 16
  ; the float pair
  %pf = getelementptr <2 x float>, <2 x float> addrspace(1)* %fin, i64 %i64
  %f = load <2 x float>, <2 x float> addrspace(1)* %pf, align 8
  %fs = fadd <2 x float> %f, <float 1.5, float -0.25>
  %fn = fneg <2 x float> %fs
  %fi = bitcast <2 x float> %fn to <2 x i32>
  %po4b = getelementptr i32, i32 addrspace(1)* %po, i64 4
  %po2 = bitcast i32 addrspace(1)* %po4b to <2 x i32> addrspace(1)*
  store <2 x i32> %fi, <2 x i32> addrspace(1)* %po2, align 8
  ; run-time element index
  %k = and i32 %tid, 3
  %e = extractelement <4 x i32> %v, i32 %k
  %po6 = getelementptr i32, i32 addrspace(1)* %po, i64 6
  store i32 %e, i32 addrspace(1)* %po6, align 4
  ; constant table
  %t7 = and i32 %i, 7
  %t64 = zext i32 %t7 to i64
  %pt = getelementptr [8 x i32], [8 x i32] addrspace(4)* @tab, i64 0, i64 %t64
  %tv = load i32, i32 addrspace(4)* %pt, align 4
  %po7 = getelementptr i32, i32 addrspace(1)* %po, i64 7
  store i32 %tv, i32 addrspace(1)* %po7, align 4
  ; shared: write own slot, read the mirror after a barrier
  %st64 = zext i32 %tid to i64
  %ps = getelementptr [64 x i32], [64 x i32] addrspace(3)* @sh, i64 0, i64 %st64
  %e0 = extractelement <4 x i32> %v, i32 0
  store i32 %e0, i32 addrspace(3)* %ps, align 4
  call void @llvm.nvvm.barrier0()
  %mirror = sub i32 63, %tid
  %m64 = zext i32 %mirror to i64
  %pm = getelementptr [64 x i32], [64 x i32] addrspace(3)* @sh, i64 0, i64 %m64
  %mv = load i32, i32 addrspace(3)* %pm, align 4
  %po8 = getelementptr i32, i32 addrspace(1)* %po, i64 8
  store i32 %mv, i32 addrspace(1)* %po8, align 4
  ; horizontal sum and a vector compare turned into a mask
  %h01 = extractelement <4 x i32> %w, i32 1
  %h0 = extractelement <4 x i32> %w, i32 0
  %h2 = extractelement <4 x i32> %w, i32 2
  %h3 = extractelement <4 x i32> %w, i32 3
  %s01 = add i32 %h0, %h01
  %s23 = add i32 %h2, %h3
  %hs = add i32 %s01, %s23
  %po9 = getelementptr i32, i32 addrspace(1)* %po, i64 9
  store i32 %hs, i32 addrspace(1)* %po9, align 4
  %lt0 = icmp ult <4 x i32> %v, <i32 1000, i32 1000, i32 1000, i32 1000>
  %bits = bitcast <4 x i1> %lt0 to i4
  %bz = zext i4 %bits to i32
  %po10 = getelementptr i32, i32 addrspace(1)* %po, i64 10
  store i32 %bz, i32 addrspace(1)* %po10, align 4
  %po11 = getelementptr i32, i32 addrspace(1)* %po, i64 11
  store i32 %i, i32 addrspace(1)* %po11, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (<4 x i32> addrspace(1)*, <2 x float> addrspace(1)*, i32 addrspace(1)*)* @vector, !"kernel", i32 1}
