/* mufu_trig_host.c — dev tool: counts ptxsim sin/cos.approx against the H200 tables T[R] written by
 * `mufu_check trig` (delta-decoded into /tmp/d2/sin.tab, cos.tab) over every finite f32 input; the device
 * verified that T explains every input. Build: gcc -O2 -I sim -I common mufu_trig_host.c
 * build/sim/libps_sim.a build/common/libps_common.a -lm -lpthread */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <pthread.h>
#include "fp.h"
#define N (1u<<25)
static uint32_t S[N], C[N];
/* the H200's result for x, from the on-device-verified tables (mufu_check trig): T[R] sign-adjusted */
static uint32_t hw(uint32_t x, int cos_){ if((x&0x7fffffffu)>=0x7f800000u) return 0x7fffffffu; /* not in the table */
  float xf; memcpy(&xf,&x,4); double p=(double)xf*(double)0.15915493667125701904f; float r=(float)p; if(fabs((double)r)>fabs(p)) r=nextafterf(r,0.0f); r=fabsf(r);
  uint32_t R = r>=16777216.0f?0u:(uint32_t)((double)(r-floorf(r))*33554432.0); uint32_t v= cos_?C[R]:S[R]; if(!cos_&&(x>>31)) v^=0x80000000u; return v; }
typedef struct { int cos_; uint32_t lo, hi; uint64_t mism, maxulp; } job;
static void *work(void *p){ job*J=p; for(uint64_t i=J->lo;i<J->hi;i++){ uint32_t x=(uint32_t)i; if((x&0x7fffffffu)>=0x7f800000u) continue; uint32_t g=hw(x,J->cos_), m=J->cos_?ps_f32_cos_approx(x,false):ps_f32_sin_approx(x,false); if(g!=m){ J->mism++; int64_t a=(g>>31)?-(int64_t)(g&0x7fffffff):(int64_t)g, b=(m>>31)?-(int64_t)(m&0x7fffffff):(int64_t)m; uint64_t d=(uint64_t)(a>b?a-b:b-a); if(d>J->maxulp) J->maxulp=d; } } return 0; }
int main(){ FILE*f=fopen("/tmp/d2/sin.tab","rb"); fread(S,4,N,f); fclose(f); f=fopen("/tmp/d2/cos.tab","rb"); fread(C,4,N,f); fclose(f);
  for(int c=0;c<2;c++){ job J[2]={{c,0,0x80000000u,0,0},{c,0x80000000u,0xffffffffu,0,0}}; pthread_t t[2]; for(int k=0;k<2;k++) pthread_create(&t[k],0,work,&J[k]); for(int k=0;k<2;k++) pthread_join(t[k],0);
    uint64_t m=J[0].mism+J[1].mism, mu=J[0].maxulp>J[1].maxulp?J[0].maxulp:J[1].maxulp; uint64_t n=(1ull<<32)-2*(1ull<<23)-0; printf("%s: finite inputs %llu mismatches %llu (%.4f%% exact) max ulp %llu\n",c?"cos":"sin",(unsigned long long)n,(unsigned long long)m,100.0-100.0*m/n,(unsigned long long)mu); fflush(stdout);}
}
