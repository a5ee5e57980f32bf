# h200_run.py — runs the three kernel.ptx beside it on GPU 0 through the Driver API (ctypes) with
# the 12 inputs of in.bin (packed here) and prints each output as hex (how out.gpu.bin was recorded).
import ctypes as C,struct,re
L=C.CDLL("libcuda.so.1");P=C.c_void_p
def k(f,*a):
 r=getattr(L,f)(*a);assert r==0,(f,r)
k("cuInit",0);d=C.c_int();k("cuDeviceGet",C.byref(d),0);x=P();k("cuCtxCreate_v2",C.byref(x),0,d)
v=[1e1,1e2,1e3,1e4,1e5,1e6,-1e1,-1e2,-1e3,-1e4,-1e5,-1e6];b=struct.pack("<12f",*v)
for op in("sin","cos","tan"):
 s=open(op+"/kernel.ptx","rb").read();n=re.search(rb"\.entry (\w+)",s).group(1)
 m=P();k("cuModuleLoadData",C.byref(m),s);f=P();k("cuModuleGetFunction",C.byref(f),m,n)
 o=C.c_uint64();i=C.c_uint64();k("cuMemAlloc_v2",C.byref(o),48);k("cuMemAlloc_v2",C.byref(i),48)
 k("cuMemcpyHtoD_v2",i,b,48);k("cuMemsetD8_v2",o,0,48)
 a=(P*2)(C.addressof(o),C.addressof(i))
 k("cuLaunchKernel",f,1,1,1,3,1,1,0,None,a,None);k("cuCtxSynchronize")
 h=C.create_string_buffer(48);k("cuMemcpyDtoH_v2",h,o,48)
 print(op,h.raw.hex())
