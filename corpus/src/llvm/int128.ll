; int128: LLVM IR compiled by llc-14 for nvptx64 (sm_80): 128-bit integer arithmetic, which the
; NVPTX backend expands into carry chains (add.cc/addc, sub.cc/subc, mul.lo/mul.hi/mad), and the
; bit-manipulation and overflow intrinsics it maps onto PTX instructions: ctpop, ctlz, cttz,
; bitreverse, bswap, fshl/fshr (shf), umul.with.overflow, sadd.sat, smin/umax, abs.
; out[i]: 20 x i32; see case_llvm_int128 in tests/oracle/cases_llvm.c.
; llc-flags: -O2
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i64 @llvm.bswap.i64(i64)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i64 @llvm.umax.i64(i64, i64)
declare i32 @llvm.abs.i32(i32, i1)

define void @int128(i64* %in, i32* %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %cta, %ntid
  %i = add i32 %base, %tid
  %i64 = zext i32 %i to i64
  %ia = mul i64 %i64, 4
  %pa0 = getelementptr i64, i64* %in, i64 %ia
  %a0 = load i64, i64* %pa0
  %ia1 = add i64 %ia, 1
  %pa1 = getelementptr i64, i64* %in, i64 %ia1
  %a1 = load i64, i64* %pa1
  %ia2 = add i64 %ia, 2
  %pb0 = getelementptr i64, i64* %in, i64 %ia2
  %b0 = load i64, i64* %pb0
  %ia3 = add i64 %ia, 3
  %pb1 = getelementptr i64, i64* %in, i64 %ia3
  %b1 = load i64, i64* %pb1
  %al = zext i64 %a0 to i128
  %ah0 = zext i64 %a1 to i128
  %ah = shl i128 %ah0, 64
  %a = or i128 %ah, %al
  %bl = zext i64 %b0 to i128
  %bh0 = zext i64 %b1 to i128
  %bh = shl i128 %bh0, 64
  %b = or i128 %bh, %bl
  %sum = add i128 %a, %b
  %dif = sub i128 %a, %b
  %prd = mul i128 %a, %b
  %sh = lshr i128 %prd, 37
  %ash = ashr i128 %dif, 100
  %r0 = xor i128 %sum, %sh
  %r1 = add i128 %prd, %ash
  %o = mul i32 %i, 20
  %o64 = zext i32 %o to i64
  %po = getelementptr i32, i32* %out, i64 %o64
  %po128 = bitcast i32* %po to i128*
  store i128 %r0, i128* %po128, align 4
  %po4 = getelementptr i32, i32* %po, i64 4
  %po4_128 = bitcast i32* %po4 to i128*
  store i128 %r1, i128* %po4_128, align 4
  ; bit intrinsics
  %pc = call i64 @llvm.ctpop.i64(i64 %a0)
  %lz = call i64 @llvm.ctlz.i64(i64 %b0, i1 false)
  %pc32 = trunc i64 %pc to i32
  %lz32 = trunc i64 %lz to i32
  %lzs = shl i32 %lz32, 8
  %cnt = or i32 %pc32, %lzs
  %a0lo = trunc i64 %a0 to i32
  %b0lo = trunc i64 %b0 to i32
  %tz = call i32 @llvm.cttz.i32(i32 %b0lo, i1 false)
  %tzs = shl i32 %tz, 16
  %cnt2 = or i32 %cnt, %tzs
  %po8 = getelementptr i32, i32* %po, i64 8
  store i32 %cnt2, i32* %po8
  %rev = call i32 @llvm.bitreverse.i32(i32 %a0lo)
  %po9 = getelementptr i32, i32* %po, i64 9
  store i32 %rev, i32* %po9
  %bs = call i64 @llvm.bswap.i64(i64 %b1)
  %bslo = trunc i64 %bs to i32
  %bshi0 = lshr i64 %bs, 32
  %bshi = trunc i64 %bshi0 to i32
  %po10 = getelementptr i32, i32* %po, i64 10
  store i32 %bslo, i32* %po10
  %po11 = getelementptr i32, i32* %po, i64 11
  store i32 %bshi, i32* %po11
  %a1lo = trunc i64 %a1 to i32
  %fl = call i32 @llvm.fshl.i32(i32 %a0lo, i32 %a1lo, i32 %b0lo)
  %fr = call i32 @llvm.fshr.i32(i32 %a0lo, i32 %a1lo, i32 %b0lo)
  %po12 = getelementptr i32, i32* %po, i64 12
  store i32 %fl, i32* %po12
  %po13 = getelementptr i32, i32* %po, i64 13
  store i32 %fr, i32* %po13
  %mo = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %a0, i64 %b0)
  %mv = extractvalue { i64, i1 } %mo, 0
  %mf = extractvalue { i64, i1 } %mo, 1
  %mvlo = trunc i64 %mv to i32
  %mfz = zext i1 %mf to i32
  %po14 = getelementptr i32, i32* %po, i64 14
  store i32 %mvlo, i32* %po14
  %po15 = getelementptr i32, i32* %po, i64 15
  store i32 %mfz, i32* %po15
  %ss = call i32 @llvm.sadd.sat.i32(i32 %a0lo, i32 %b0lo)
  %mn = call i32 @llvm.smin.i32(i32 %a1lo, i32 %b0lo)
  %mx = call i64 @llvm.umax.i64(i64 %a1, i64 %b1)
  %mxlo = trunc i64 %mx to i32
  %ab = call i32 @llvm.abs.i32(i32 %a1lo, i1 false)
  %po16 = getelementptr i32, i32* %po, i64 16
  store i32 %ss, i32* %po16
  %po17 = getelementptr i32, i32* %po, i64 17
  store i32 %mn, i32* %po17
  %po18 = getelementptr i32, i32* %po, i64 18
  store i32 %mxlo, i32* %po18
  %po19 = getelementptr i32, i32* %po, i64 19
  store i32 %ab, i32* %po19
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i64*, i32*)* @int128, !"kernel", i32 1}
