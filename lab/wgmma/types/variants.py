"""The variants of the wgmma_types probe (gen.py writes the kernel from them)."""
# (name, N, dtype, atype, btype, a_from_regs, scale_a, scale_b, satfinite, chain)
VARIANTS = [
    ("n8_f32_e4m3_e4m3", 8, "f32", "e4m3", "e4m3", False, 1, 1, False, False),
    ("n8_f32_e4m3_e4m3_areg", 8, "f32", "e4m3", "e4m3", True, 1, 1, False, False),
    ("n16_f32_e5m2_e5m2", 16, "f32", "e5m2", "e5m2", False, 1, 1, False, False),
    ("n16_f32_e4m3_e5m2_areg_nega", 16, "f32", "e4m3", "e5m2", True, -1, 1, False, False),
    ("n24_f32_e5m2_e4m3_negb", 24, "f32", "e5m2", "e4m3", False, 1, -1, False, False),
    ("n8_f16_e4m3_e4m3", 8, "f16", "e4m3", "e4m3", False, 1, 1, False, False),
    ("n32_f16_e5m2_e4m3_areg", 32, "f16", "e5m2", "e4m3", True, 1, 1, False, False),
    ("n256_f32_e4m3_e4m3", 256, "f32", "e4m3", "e4m3", False, 1, 1, False, False),
    ("n8_f32_e4m3_e4m3_chain", 8, "f32", "e4m3", "e4m3", False, 1, 1, False, True),
    ("n128_f16_e4m3_e5m2", 128, "f16", "e4m3", "e5m2", False, 1, 1, False, False),
    ("n8_s8_s8", 8, "s32", "s8", "s8", False, 1, 1, False, False),
    ("n16_u8_s8_areg_sat", 16, "s32", "u8", "s8", True, 1, 1, True, False),
    ("n24_s8_u8_sat", 24, "s32", "s8", "u8", False, 1, 1, True, False),
    ("n32_u8_u8_areg", 32, "s32", "u8", "u8", True, 1, 1, False, False),
    ("n256_s8_s8_sat", 256, "s32", "s8", "s8", False, 1, 1, True, False),
    ("n48_s8_s8_areg", 48, "s32", "s8", "s8", True, 1, 1, False, False),
    ("n8_b1", 8, "s32", "b1", "b1", False, 1, 1, False, False),
    ("n16_b1_areg", 16, "s32", "b1", "b1", True, 1, 1, False, False),
    ("n256_b1", 256, "s32", "b1", "b1", False, 1, 1, False, False),
    ("n24_b1_areg", 24, "s32", "b1", "b1", True, 1, 1, False, False),
]
