/* mufu_fitf.c — dev tool: the model of a MUFU fraction function whose dump is an f32 per index
 * (the MUFU.SIN quadrant table Q; sim/mufu.c ftab_value): per segment of 2^lbits indices an
 * integer quadratic y = (K0 + K1 u + K2 u^2) >> 20 in units of 2^-G (least squares to the middle
 * of each entry's truncation interval, then K0 chosen to maximise the entries whose interval
 * holds y), the model value is y 2^-G truncated to f32, and the exceptions are the indices where
 * the hardware differs by c ulps: varint(gap << 2 | code), code 0: c = +1, 1: c = -1, 2: a zigzag
 * varint c follows; gap = indices skipped since the previous exception.
 *   mufu_fitf F.u32 N lbits G name   (F: N positive f32 bit patterns) -> name.inc, name.exc
 * Build: gcc -O2 mufu_fitf.c -o mufu_fitf -lm.  sim/mufu/sinq.*: mufu_fitf q.u32 8388608 17 38 sinq
 * with q.u32 from mufu_trig_q.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef __int128 i128;
#define S 20
static int G;
static int64_t units(uint32_t b){ float f; memcpy(&f,&b,4); return (int64_t)ldexp((double)f,G); }
static uint32_t tof(i128 y){ /* y>=0 units 2^-G -> f32 truncated */ if(y<=0) return 0; double d=ldexp((double)(int64_t)y,-G); /* exact? y < 2^53 */ float f=(float)d; if((double)f>d) f=nextafterf(f,0); uint32_t b; memcpy(&b,&f,4); return b; }
static int cmpi(const void *a, const void *b){ i128 x=*(const i128*)a,y=*(const i128*)b; return x<y?-1:x>y; }
static void putv(FILE*f,uint64_t v){ do{ unsigned char c=v&0x7f; v>>=7; if(v) c|=0x80; fputc(c,f);}while(v); }
int main(int argc,char**argv){
 const char*fn=argv[1]; uint32_t N=atoi(argv[2]); int lb=atoi(argv[3]); G=atoi(argv[4]); const char*name=argv[5];
 uint32_t *F=malloc(4*N); FILE*f=fopen(fn,"rb"); fread(F,4,N,f); fclose(f);
 uint32_t L=1u<<lb; static i128 ev[1<<19];
 char p[256]; snprintf(p,256,"%s.inc",name); FILE*fi=fopen(p,"w"); snprintf(p,256,"%s.exc",name); FILE*fe=fopen(p,"wb");
 long nexc=0, big=0; int64_t prev=-1; long maxc=0;
 for(uint32_t s=0;s<N;s+=L){
  long double A[3][4]={{0}};
  for(uint32_t j=0;j<L;j++){ int64_t lo=units(F[s+j]), hi=units(F[s+j]+1); long double v=((long double)lo+hi)/2, q[3]={1,j,(long double)j*j};
    for(int a=0;a<3;a++){ for(int b=0;b<3;b++) A[a][b]+=q[a]*q[b]; A[a][3]+=q[a]*v; } }
  long double c[3];
  for(int i=0;i<3;i++) for(int r=i+1;r<3;r++){ long double m=A[r][i]/A[i][i]; for(int k=i;k<4;k++) A[r][k]-=m*A[i][k]; }
  for(int i=2;i>=0;i--){ long double x=A[i][3]; for(int j=i+1;j<3;j++) x-=A[i][j]*c[j]; c[i]=x/A[i][i]; }
  int64_t K1=(int64_t)llroundl(c[1]*(1<<S)), K2=(int64_t)llroundl(c[2]*(1<<S)), K0;
  int ne=0; for(uint32_t j=0;j<L;j++){ i128 r=(i128)K1*j+(i128)K2*j*j; ev[ne++]=((((i128)units(F[s+j]))<<S)-r)*2+1; ev[ne++]=((((i128)units(F[s+j]+1))<<S)-r)*2; }
  qsort(ev,ne,sizeof(i128),cmpi); long cur=0,best=-1; i128 at=0; for(int i=0;i<ne;i++){ if(ev[i]&1){ if(++cur>best){best=cur;at=ev[i]>>1;} } else cur--; }
  K0=(int64_t)at; fprintf(fi,"{%lldLL, %lldLL, %lldLL},\n",(long long)K0,(long long)K1,(long long)K2);
  for(uint32_t j=0;j<L;j++){ i128 y=((i128)K0+(i128)K1*j+(i128)K2*j*j)>>S; uint32_t m=tof(y); int64_t d=(int64_t)F[s+j]-(int64_t)m; if(!d) continue;
    uint64_t gap=(uint64_t)((int64_t)(s+j)-prev-1); prev=s+j; nexc++; if(labs(d)>maxc) maxc=labs(d);
    if(d==1) putv(fe,gap<<2|0); else if(d==-1) putv(fe,gap<<2|1); else { big++; putv(fe,gap<<2|2); putv(fe,d<0?((uint64_t)(-d)<<1)-1:(uint64_t)d<<1); } }
 }
 fclose(fi); long sz=ftell(fe); fclose(fe);
 printf("%s lb %d: exceptions %ld (%.3f%%) big %ld max|c| %ld bytes %ld\n",name,lb,nexc,100.0*nexc/N,big,maxc,sz);
}
