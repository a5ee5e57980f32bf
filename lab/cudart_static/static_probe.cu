__global__ void k(int*p){*p=1;}
int main(){int*d;cudaMalloc(&d,4);k<<<1,1>>>(d);cudaDeviceSynchronize();int h;cudaMemcpy(&h,d,4,cudaMemcpyDeviceToHost);return h!=1;}
