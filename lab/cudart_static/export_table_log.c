#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
typedef int (*G)(const char*,void**,int,unsigned long long,void*);
typedef int (*E)(const void**,const unsigned char*);
static E re;static G rg;
static int me(const void**t,const unsigned char*u){int r=re(t,u);fprintf(stderr,"UUID ");for(int i=0;i<16;i++)fprintf(stderr,"%02x",u[i]);fprintf(stderr," %d\n",r);return r;}
static int mg(const char*s,void**p,int v,unsigned long long f,void*st){int r=rg(s,p,v,f,st);if(!strcmp(s,"cuGetExportTable")&&*p){re=(E)*p;*p=(void*)me;}if(!strcmp(s,"cuGetProcAddress")&&v>=12000&&*p)*p=(void*)mg;return r;}
void*dlsym(void*h,const char*s){static void*(*o)(void*,const char*);if(!o)o=dlvsym(RTLD_NEXT,"dlsym","GLIBC_2.34");if(!o)o=dlvsym(RTLD_NEXT,"dlsym","GLIBC_2.2.5");void*r=o(h,s);if(r&&!strcmp(s,"cuGetProcAddress_v2")){rg=(G)r;return(void*)mg;}if(r&&!strcmp(s,"cuGetExportTable")){re=(E)r;return(void*)me;}return r;}
