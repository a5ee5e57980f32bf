/* check_bank.c — shared-memory bank conflicts, counted as Nsight Compute counts them on hardware
 * (docs/verifier.md, "Bank model", calibrated on an H200 with tests/verify):
 *   instructions   = smsp__sass_inst_executed_op_shared_{ld,st,atom}
 *   wavefronts     = l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st,atom}
 *   bank_conflicts = l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st,atom}
 *
 * The model: a wavefront moves at most one 4-byte word through each of the 32 banks. An access of
 * S bytes per lane is served in phases of 128/S lanes (32 lanes for S <= 4, half-warps for 8,
 * quarter-warps for 16). A load whose active lanes come in pairs reading the same address (lane n
 * and lane n^1, or n and n^2; a partner that is inactive does not break the pair) returns packed
 * registers and is served in phases twice as wide. In a phase, wavefronts = the largest number of
 * distinct words any one bank must deliver (lanes reading one word share it). The ideal is one
 * wavefront per phase that has an active lane; conflicts = wavefronts - ideal. Stores share
 * words like loads but never pack. Atomics depend on how ptxas compiles them (classify_atomic). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

typedef struct {
    uint64_t exec, wf, ideal, conflicted; /* conflicted: executions with wf > ideal */
    uint64_t aux_exec, aux_wf, aux_ideal; /* the loads in front of emulated 64-bit atomics */
    uint32_t worst;                       /* worst n-way seen */
    uint8_t kind, size, used;
    uint8_t matrix; /* LDSM/STSM: not an op_shared_{ld,st} instruction */
    /* a sample of the worst execution, for the finding */
    unsigned ctaid[3], block[3];
    int warp, lane;
    uint32_t mask; /* its lanes */
    uint64_t addr;
    int64_t stride; /* bytes between consecutive active lanes; INT64_MIN: irregular */
} bank_row;

typedef struct {
    ps_row_checker rc; /* [worker][instruction] statistics */
    unsigned banks, bank_bytes;
    uint8_t *not_lsu; /* per instruction index: not_lsu() of it (worked out once) */
} bank_state;

static bool insn_not_lsu(const ps_insn *in);

static void *bank_create(ps_verifier *v) {
    bank_state *s = ps_row_checker_new(v, sizeof(bank_state), sizeof(bank_row));
    s->banks = v->arch && v->arch->shared_banks ? (unsigned)v->arch->shared_banks : 32;
    s->bank_bytes = v->arch && v->arch->bank_bytes ? (unsigned)v->arch->bank_bytes : 4;
    s->not_lsu = ps_xcalloc((size_t)(v->ninsns ? v->ninsns : 1), 1);
    for (int f = 0; f < v->nfranges; f++)
        for (int k = 0; k < v->franges[f].count; k++)
            s->not_lsu[v->franges[f].base + k] = insn_not_lsu(v->franges[f].begin + k);
    return s;
}

static void bank_destroy(void *self) {
    bank_state *s = self;
    free(s->not_lsu);
    ps_row_checker_destroy(self);
}

static void sort_u64(uint64_t *a, int n) {
    for (int i = 1; i < n; i++) {
        uint64_t x = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) a[j + 1] = a[j], j--;
        a[j + 1] = x;
    }
}

/* Lanes of `mask` pair up with lane n^k on equal addresses (inactive partners pair with anyone). */
static bool paired(const uint64_t *addr, uint32_t mask, int k) {
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m), p = l ^ k;
        if ((mask >> p & 1) && addr[p] != addr[l]) return false;
    }
    return true;
}

typedef struct {
    unsigned wavefronts, ideal, worst;
} bank_cost;

/* How lanes meet in a bank. */
typedef enum {
    MODE_LOAD,   /* lanes reading one word share it; pairs of equal addresses pack (above) */
    MODE_STORE,  /* lanes writing one word share it */
    MODE_SHARE,  /* atomics that combine the lanes naming one word (ATOMS.POPC.INC) */
    MODE_SERIAL, /* atomics: every lane takes its own slot in its bank(s) */
    MODE_CAS,    /* compare-and-swap: two passes of MODE_SERIAL; the second is not a conflict */
} bank_mode;

/* The model above, for the lanes of `mask` (all in shared memory). */
static bank_cost bank_model(const bank_state *s, const uint64_t *addr, uint32_t mask, unsigned size, bank_mode mode) {
    bank_cost c = {0, 0, 0};
    unsigned bb = s->bank_bytes, line = s->banks * bb;
    unsigned phase = size <= bb ? 32 : line / size;
    if (phase < 1) phase = 1;
    if (phase > 32) phase = 32;
    if (mode == MODE_LOAD && phase < 32 && (paired(addr, mask, 1) || paired(addr, mask, 2))) phase *= 2;
    unsigned words_per_lane = size <= bb ? 1 : size / bb;
    bool share = mode == MODE_LOAD || mode == MODE_STORE || mode == MODE_SHARE;
    uint64_t words[128];
    unsigned count[64];
    for (unsigned p0 = 0; p0 < 32; p0 += phase) {
        uint32_t pm = mask & (phase == 32 ? ~0u : ((1u << phase) - 1) << p0);
        if (!pm) continue;
        if (share && words_per_lane <= 4 && s->banks <= 64 && !(bb & (bb - 1)) && !(s->banks & (s->banks - 1))) {
            /* fast path: every bank holds one distinct word (conflict-free or broadcast); bank
             * sizes and counts are powers of two on every architecture (shifts, not divisions);
             * a lane of a vector access (or of a merged one: sim/sass_merge.c) brings
             * words_per_lane consecutive words */
            uint64_t seen = 0, first[64];
            bool simple = true;
            unsigned shift = (unsigned)__builtin_ctz(bb), bmask = s->banks - 1;
            for (uint32_t m = pm; m && simple; m &= m - 1)
                for (unsigned k = 0; k < words_per_lane; k++) {
                    uint64_t w = (addr[__builtin_ctz(m)] >> shift) + k;
                    unsigned b = (unsigned)w & bmask;
                    if (!(seen >> b & 1)) seen |= 1ull << b, first[b] = w;
                    else if (first[b] != w) simple = false;
                }
            if (simple) {
                c.wavefronts++;
                c.ideal++;
                if (!c.worst) c.worst = 1;
                continue;
            }
            /* a conflict: each bank's distinct words counted in place, without the general
             * path's sort (the first word of a bank in first[], further distinct words in a
             * 256-entry open-addressing set: at most 127 of them (32 lanes of up to 4 words), so a
             * probe ends at a free entry; a list searched linearly was 11 % of radix's `check`);
             * the same count as below */
            uint64_t more[256], used[4] = {0, 0, 0, 0};
            unsigned char cnt[64];
            unsigned worst = 1;
            seen = 0;
            for (uint32_t m = pm; m; m &= m - 1)
                for (unsigned k = 0; k < words_per_lane; k++) {
                    uint64_t w = (addr[__builtin_ctz(m)] >> shift) + k;
                    unsigned b = (unsigned)w & bmask;
                    if (!(seen >> b & 1)) {
                        seen |= 1ull << b;
                        first[b] = w;
                        cnt[b] = 1;
                        continue;
                    }
                    if (first[b] == w) continue;
                    unsigned h = (unsigned)((w * 0x9e3779b97f4a7c15ull) >> 56);
                    while ((used[h >> 6] >> (h & 63) & 1) && more[h] != w) h = (h + 1) & 255;
                    if (!(used[h >> 6] >> (h & 63) & 1)) {
                        used[h >> 6] |= 1ull << (h & 63);
                        more[h] = w;
                        if (++cnt[b] > worst) worst = cnt[b];
                    }
                }
            c.wavefronts += worst;
            c.ideal++;
            if (worst > c.worst) c.worst = worst;
            continue;
        }
        int n = 0;
        for (uint32_t m = pm; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t w0 = addr[l] / bb;
            for (unsigned k = 0; k < words_per_lane && n < 128; k++) words[n++] = w0 + k;
        }
        if (share) { /* count distinct words */
            sort_u64(words, n);
            int u = 0;
            for (int i = 0; i < n; i++)
                if (!u || words[u - 1] != words[i]) words[u++] = words[i];
            n = u;
        }
        memset(count, 0, s->banks * sizeof *count);
        unsigned worst = 1;
        for (int i = 0; i < n; i++) {
            unsigned b = (unsigned)(words[i] % s->banks);
            if (++count[b] > worst) worst = count[b];
        }
        if (mode == MODE_CAS) { /* H200: cas_s1/s2/s32 cost 2W wavefronts, W-1 conflicts */
            c.wavefronts += 2 * worst;
            c.ideal += worst + 1;
        } else {
            c.wavefronts += worst;
            c.ideal++;
        }
        if (worst > c.worst) c.worst = worst;
    }
    return c;
}

static bool has_mod(const ps_insn *in, ps_mod m) { return in && ps_modset_has(&in->mods, m); }

/* How ptxas (CUDA 13, sm_90) compiles a shared atomic, as measured on the H200 (tests/verify):
 *  - a 32-bit integer add, or a min/max/and/or/xor whose result is unused, on a warp-uniform
 *    address: the lanes' operands are combined in registers and one lane does the atomic;
 *  - an add of the constant 1 whose result is unused (or a red): ATOMS.POPC.INC, one slot per word;
 *  - CAS: two passes;
 *  - a 64-bit add/min/max/and/or/xor/inc/dec: a 64-bit load, then a CAS loop that runs once per
 *    lane naming the same word (only add.u64 was measured; the others are assumed alike);
 *  - everything else (32-bit add/min/max/... with results, exch): ATOMS, one slot per lane. */
typedef enum { AT_NATIVE, AT_AGGREGATED, AT_POPC, AT_CAS, AT_CAS_LOOP } atom_class;

static atom_class classify_atomic(const ps_verifier *v, const ps_insn *in, int idx, unsigned size) {
    if (!in) return AT_NATIVE;
    unsigned fl = ps_verify_insn_flags(v, idx);
    bool unused = fl & PS_IF_RESULT_UNUSED;
    if (has_mod(in, PS_MOD_CAS)) return AT_CAS;
    if (has_mod(in, PS_MOD_EXCH)) return AT_NATIVE;
    ps_type_kind tk = in->ntypes ? ps_type_kind_of(in->types[0]) : TK_BITS;
    bool integer = tk == TK_UINT || tk == TK_SINT || tk == TK_BITS;
    if (size == 8 && integer) return AT_CAS_LOOP;
    bool add = has_mod(in, PS_MOD_ADD);
    bool logic = has_mod(in, PS_MOD_MIN) || has_mod(in, PS_MOD_MAX) || has_mod(in, PS_MOD_AND) ||
        has_mod(in, PS_MOD_OR) || has_mod(in, PS_MOD_XOR);
    if (size == 4 && integer && (fl & PS_IF_UNIFORM_ADDR) && (add || (logic && unused))) return AT_AGGREGATED;
    if (add && integer && (fl & PS_IF_VALUE_ONE) && unused) return AT_POPC;
    return AT_NATIVE;
}

typedef struct {
    bank_cost c;   /* the atomic's (or access's) own cost */
    unsigned inst; /* warp-level instructions it stands for (CAS loop rounds) */
    bank_cost aux; /* the 64-bit load in front of a CAS loop */
    bool has_aux;
} access_cost;

static access_cost cost_of(const bank_state *s, const ps_mem_event *e, uint32_t mask, int idx, const ps_mem_shape *sh) {
    access_cost r = {.inst = 1};
    unsigned bb = s->bank_bytes;
    /* every lane in shared memory, sizes up to a bank word, all words within `banks` consecutive
     * words: each bank holds at most one distinct word, which is bank_model's one-wavefront case */
    if ((e->kind == PS_ACC_LOAD || e->kind == PS_ACC_STORE) && sh->space == PS_SPACE_SHARED && e->size <= bb &&
        s->banks <= 64 && !(bb & (bb - 1)) && !(s->banks & (s->banks - 1)) &&
        (sh->hi - 1) / bb - sh->lo / bb < s->banks) {
        r.c = (bank_cost){1, 1, 1};
        return r;
    }
    if (e->kind == PS_ACC_LOAD) r.c = bank_model(s, e->addr, mask, e->size, MODE_LOAD);
    else if (e->kind == PS_ACC_STORE) r.c = bank_model(s, e->addr, mask, e->size, MODE_STORE);
    else switch (classify_atomic(s->rc.v, e->at.insn, idx, e->size)) {
        case AT_AGGREGATED: r.c = bank_model(s, e->addr, mask & -mask, e->size, MODE_SERIAL); break;
        case AT_POPC: r.c = bank_model(s, e->addr, mask, e->size, MODE_SHARE); break;
        case AT_CAS: r.c = bank_model(s, e->addr, mask, e->size, MODE_CAS); break;
        case AT_CAS_LOOP: {
            r.aux = bank_model(s, e->addr, mask, e->size, MODE_LOAD);
            r.has_aux = true;
            /* round k: the lanes that lost k times (one lane per word wins each round) */
            unsigned rank[32] = {0};
            unsigned rounds = 0;
            for (uint32_t m = mask; m; m &= m - 1) {
                int l = __builtin_ctz(m);
                for (uint32_t o = mask & ((1u << l) - 1); o; o &= o - 1)
                    if (e->addr[__builtin_ctz(o)] == e->addr[l]) rank[l]++;
                if (rank[l] + 1 > rounds) rounds = rank[l] + 1;
            }
            r.inst = rounds;
            r.c = (bank_cost){0, 0, 0};
            for (unsigned k = 0; k < rounds; k++) {
                uint32_t rm = 0;
                for (uint32_t m = mask; m; m &= m - 1)
                    if (rank[__builtin_ctz(m)] >= k) rm |= m & -m;
                bank_cost ck = bank_model(s, e->addr, rm, e->size, MODE_CAS);
                r.c.wavefronts += ck.wavefronts, r.c.ideal += ck.ideal;
                if (ck.worst > r.c.worst) r.c.worst = ck.worst;
            }
            break;
        }
        default: r.c = bank_model(s, e->addr, mask, e->size, MODE_SERIAL); break;
        }
    return r;
}

/* ldmatrix and stmatrix (LDSM/STSM), and the LDSM that a wmma.load of an A or B fragment from
 * shared memory can become (its 16-byte accesses, sim/exec_wmma.c; a C fragment's 16-byte
 * accesses are LDS.128): Nsight Compute counts their wavefronts and conflicts under shared loads
 * and stores, but not the instructions (H200, tests/verify: ldm_*, stm_*, wld_*). */
static bool matrix_rows(const ps_insn *in, unsigned size) {
    if (!in) return false;
    if (in->form == PS_F_LDMATRIX || in->form == PS_F_STMATRIX) return true;
    return in->form == PS_F_WMMA_LOAD && size == 16 && in->nwords > 1 &&
        (in->words[0] == PS_WM(A) || in->words[0] == PS_WM(B)); /* wmma.load.a, wmma.load.b */
}

/* Bulk and tensor copies (cp.async.bulk{.tensor}, cp.reduce.async.bulk{.tensor}) move shared
 * memory through the async proxy (the TMA unit), and mbarrier objects live in the
 * synchronisation unit: neither goes through the LSU pipe that Nsight Compute's shared-memory
 * instruction, wavefront and bank-conflict counters (..._pipe_lsu_mem_shared_op_*) measure.
 * Measured on the H200 (tests/data/hopper/ncu_*.csv): corpus/hopper_gemm (32 mbarrier.init,
 * 64 TMA loads) and corpus/hopper_attention (28 mbarrier.init, 36 TMA loads) count 0 shared
 * instructions, wavefronts and conflicts. The race and initcheck checkers still see them. */
static bool insn_not_lsu(const ps_insn *in) {
    return in &&
        (in->form == PS_F_CP_ASYNC_BULK || in->form == PS_F_CP_ASYNC_BULK_TENSOR ||
         in->form == PS_F_CP_REDUCE_ASYNC_BULK || ps_form_is_mbarrier(in->form));
}

static void bank_mem(void *self, const ps_mem_event *e, const ps_mem_shape *sh) {
    bank_state *s = self;
    if (sh->space >= 0 && sh->space != PS_SPACE_SHARED) return; /* no shared lane */
    if (sh->insn >= 0 ? s->not_lsu[sh->insn] : insn_not_lsu(e->at.insn)) return;
    uint32_t mask = sh->space == PS_SPACE_SHARED ? e->mask : 0;
    for (uint32_t m = sh->space < 0 ? e->mask : 0; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        if (e->space[l] == PS_SPACE_SHARED) mask |= 1u << l;
    }
    if (!mask) return;
    int idx = sh->insn;
    /* counters as the SASS executes them: a group that ptxas merges is one access, counted at
     * its first instruction with the group's addresses and size; the others count nothing */
    const ps_sass_access *sa = e->kind != PS_ACC_ATOMIC ? ps_verify_sass(s->rc.v, idx) : NULL;
    int w = e->at.worker >= 0 && e->at.worker < s->rc.t.nworkers ? e->at.worker : 0;
    bank_row *r = (bank_row *)ps_row(&s->rc.t, w, idx);
    if (sa && sa->lead != idx) {
        r->used = 1;
        r->kind = (uint8_t)e->kind;
        r->size = (uint8_t)e->size;
        return;
    }
    /* the cost is a function of the event's kind, size, lanes and addresses (and of the
     * instruction): a repeat of the memo's event costs what it cost then */
    ps_mem_memo *memo = sh->memo;
    access_cost ac;
    _Static_assert(sizeof ac <= sizeof memo->bank, "ps_mem_memo.bank too small");
    bool cached = memo && sh->repeat && memo->bank_ok;
    if (cached) memcpy(&ac, memo->bank, sizeof ac);
    /* the row's worst execution is replaced (below) only by a worse one, or an equal one of an
     * earlier block or warp: then the merged event is needed for its addresses */
    unsigned lin = (e->at.ctaid[2] * 65536u + e->at.ctaid[1]) * 65536u + e->at.ctaid[0];
    unsigned rlin = (r->ctaid[2] * 65536u + r->ctaid[1]) * 65536u + r->ctaid[0];
    bool worse = !cached || ac.c.worst > r->worst ||
        (ac.c.worst == r->worst && ac.c.worst > 1 && (lin < rlin || (lin == rlin && e->at.warp < r->warp)));
    ps_mem_event merged;
    if (sa && worse) {
        merged = *e;
        for (uint32_t m = mask; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            merged.addr[l] = e->addr[l] + (uint64_t)(int64_t)sa->delta;
        }
        merged.size = sa->bytes;
        e = &merged;
    }
    if (!cached) {
        ac = cost_of(s, e, mask, idx, sh);
        if (memo) {
            memcpy(memo->bank, &ac, sizeof ac);
            memo->bank_ok = true;
        }
    }
    bank_cost c = ac.c;
    unsigned size = sa ? sa->bytes : e->size;
    r->used = 1;
    r->matrix |= matrix_rows(e->at.insn, size);
    r->kind = (uint8_t)e->kind;
    r->size = (uint8_t)(size > 255 ? 255 : size);
    r->exec += ac.inst;
    r->wf += c.wavefronts;
    r->ideal += c.ideal;
    if (ac.has_aux) {
        r->aux_exec++;
        r->aux_wf += ac.aux.wavefronts;
        r->aux_ideal += ac.aux.ideal;
    }
    if (c.wavefronts > c.ideal) r->conflicted++;
    /* keep the worst execution, the earliest CTA and warp among equals (deterministic) */
    if (c.worst > r->worst ||
        (c.worst == r->worst && c.worst > 1 && (lin < rlin || (lin == rlin && e->at.warp < r->warp)))) {
        r->worst = c.worst;
        memcpy(r->ctaid, e->at.ctaid, sizeof r->ctaid);
        memcpy(r->block, e->at.block, sizeof r->block);
        r->warp = e->at.warp;
        r->lane = __builtin_ctz(mask);
        r->mask = mask;
        r->addr = e->addr[r->lane];
        r->stride = INT64_MIN;
        uint32_t rest = mask & (mask - 1);
        if (rest) {
            int l1 = __builtin_ctz(rest);
            int64_t st = (int64_t)(e->addr[l1] - e->addr[r->lane]) / (l1 - r->lane);
            bool regular = true;
            for (uint32_t m = mask; m; m &= m - 1) {
                int l = __builtin_ctz(m);
                if ((int64_t)(e->addr[l] - e->addr[r->lane]) != st * (l - r->lane)) regular = false;
            }
            if (regular) r->stride = st;
        }
    }
}

static const char *kind_words(int kind) {
    return kind == PS_ACC_LOAD ? "loads" : kind == PS_ACC_STORE ? "stores" : "atomics";
}

static int cmp_lines(const void *a, const void *b) {
    const ps_line_bank_stats *x = a, *y = b;
    return x->ptx_line != y->ptx_line ? (x->ptx_line < y->ptx_line ? -1 : 1) : x->kind - y->kind;
}

/* Advice for the finding, from the access's shape. */
static void bank_hint(char *buf, size_t n, const bank_row *r, unsigned banks, unsigned bb) {
    unsigned size = r->size ? r->size : 4;
    if (r->kind == PS_ACC_ATOMIC) {
        snprintf(buf, n,
                 "lanes update words of one bank (or the same word) in one atomic; "
                 "spread the counters over banks or aggregate per warp first");
        return;
    }
    if (r->stride != INT64_MIN && r->stride > 0 && (uint64_t)r->stride % bb == 0) {
        uint64_t words = (uint64_t)r->stride / bb;
        unsigned wpl = size <= bb ? 1 : size / bb;
        snprintf(buf, n,
                 "lanes are %lld bytes apart; pad each row by %u word%s (a pitch of %llu words) "
                 "or swizzle the index so a warp's lanes fall in distinct banks",
                 (long long)r->stride, wpl, wpl == 1 ? "" : "s", (unsigned long long)(words + wpl));
        return;
    }
    (void)banks;
    snprintf(buf, n,
             "lanes of a phase hit different words of one bank; pad rows or swizzle the index "
             "so that they fall in distinct banks");
}

static void bank_finish(void *self, const ps_launch_result *res) {
    (void)res;
    bank_state *s = self;
    ps_verifier *v = s->rc.v;
    if (!s->rc.t.rows) return;
    /* merge workers into worker 0 */
    for (int w = 1; w < s->rc.t.nworkers; w++)
        for (int i = 0; i < s->rc.t.nrows; i++) {
            bank_row *a = (bank_row *)ps_row(&s->rc.t, 0, i), *b = (bank_row *)ps_row(&s->rc.t, w, i);
            if (!b->used) continue;
            bool take = !a->used || b->worst > a->worst;
            if (b->worst == a->worst && a->used) {
                unsigned la = (a->ctaid[2] * 65536u + a->ctaid[1]) * 65536u + a->ctaid[0];
                unsigned lb = (b->ctaid[2] * 65536u + b->ctaid[1]) * 65536u + b->ctaid[0];
                take = lb < la || (lb == la && b->warp < a->warp);
            }
            bank_row m = *a;
            if (take) {
                memcpy(m.ctaid, b->ctaid, sizeof m.ctaid);
                memcpy(m.block, b->block, sizeof m.block);
                m.warp = b->warp, m.lane = b->lane, m.addr = b->addr, m.stride = b->stride;
                m.mask = b->mask;
                m.worst = b->worst;
            }
            m.used = 1, m.kind = b->kind, m.size = b->size, m.matrix |= b->matrix;
            m.exec += b->exec, m.wf += b->wf, m.ideal += b->ideal, m.conflicted += b->conflicted;
            m.aux_exec += b->aux_exec, m.aux_wf += b->aux_wf, m.aux_ideal += b->aux_ideal;
            *a = m;
        }
    const ps_module *mod = v->module;
    int n = 0;
    for (int i = 0; i < s->rc.t.nrows; i++) n += ((bank_row *)ps_row(&s->rc.t, 0, i))->used;
    free(v->lines);
    v->lines = ps_xcalloc((size_t)(n ? n : 1), sizeof *v->lines);
    v->nlines = 0;
    for (int fi = 0, base = 0; fi < mod->nfuncs; fi++) {
        const ps_func *f = mod->funcs[fi];
        if (!f->ninsns) continue;
        for (int j = 0; j < f->ninsns; j++) {
            const bank_row *r = (bank_row *)ps_row(&s->rc.t, 0, base + j);
            if (!r->used) continue;
            const ps_insn *in = &f->insns[j];
            int k = r->kind;
            /* LDSM/STSM are not "op_shared_{ld,st}" SASS instructions for ncu (matrix_rows) */
            if (!r->matrix) v->stats.shared[k].instructions += r->exec;
            v->stats.shared[k].wavefronts += r->wf;
            v->stats.shared[k].bank_conflicts += r->wf - r->ideal;
            v->stats.shared[PS_ACC_LOAD].instructions += r->aux_exec;
            v->stats.shared[PS_ACC_LOAD].wavefronts += r->aux_wf;
            v->stats.shared[PS_ACC_LOAD].bank_conflicts += r->aux_wf - r->aux_ideal;
            ps_line_bank_stats *ls = &v->lines[v->nlines++];
            *ls = (ps_line_bank_stats){.ptx_line = in->line,
                                       .src_line = in->loc_line,
                                       .kind = k,
                                       .executions = r->exec,
                                       .wavefronts = r->wf,
                                       .ideal_wavefronts = r->ideal,
                                       .worst_way = r->worst,
                                       .size = r->size};
            const ps_sass_access *sa = ps_verify_sass(v, base + j);
            if (sa) { /* the group's lines, in program order */
                ls->merged_bytes = sa->bytes;
                for (int g = sa->lead - base; g < f->ninsns && ls->nmerged < 4; g++) {
                    const ps_sass_access *o = ps_verify_sass(v, base + g);
                    if (o && o->lead == sa->lead) ls->merged_lines[ls->nmerged++] = f->insns[g].line;
                }
            }
            if (r->wf <= r->ideal) continue;
            ps_finding fd = {.kind = PS_FIND_BANK_CONFLICT, .count = r->conflicted, .lanes = r->mask};
            /* a note when the conflicts cost under 10% extra, else a warning */
            fd.severity = (r->wf - r->ideal) * 10 < r->ideal ? PS_SEV_NOTE : PS_SEV_WARNING;
            char hint[200];
            bank_hint(hint, sizeof hint, r, s->banks, s->bank_bytes);
            snprintf(fd.message, sizeof fd.message,
                     "%u-way bank conflict on %u-bit shared %s: %llu wavefronts where %llu would do; %s", r->worst,
                     8 * (r->size ? r->size : 4), kind_words(k), (unsigned long long)r->wf,
                     (unsigned long long)r->ideal, hint);
            ps_site_from_row(&fd.at, in, r->ctaid, r->block, r->warp, r->lane);
            fd.at.address = r->addr;
            fd.at.has_address = true;
            fd.at.is_write = k != PS_ACC_LOAD;
            ps_verify_add_finding(v, &fd);
        }
        base += f->ninsns;
    }
    /* accesses from instructions outside the module (none expected) still count */
    const bank_row *r = (bank_row *)ps_row(&s->rc.t, 0, s->rc.t.nrows - 1);
    if (r->used) {
        v->stats.shared[r->kind].instructions += r->exec;
        v->stats.shared[r->kind].wavefronts += r->wf;
        v->stats.shared[r->kind].bank_conflicts += r->wf - r->ideal;
    }
    qsort(v->lines, (size_t)v->nlines, sizeof *v->lines, cmp_lines);
}

const ps_checker ps_checker_bank = {
    .name = "bank",
    .check = PS_CHECK_BANK,
    .create = bank_create,
    .destroy = bank_destroy,
    .launch_begin = ps_row_checker_launch_begin,
    .mem = bank_mem,
    .finish = bank_finish,
};
