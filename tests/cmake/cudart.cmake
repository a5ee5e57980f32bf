# The CUDA runtime (api/cudart, docs/cudart.md): self-checking runtime programs of tests/cudart,
# built by nvcc with `-cudart shared` and run against ptxsim's libcudart.so.13 (build/shim), and
# the checks of the library itself. Skipped without nvcc; the programs are not built in sanitizer
# builds (an instrumented libcudart cannot load into these uninstrumented programs), where the
# fat-binary unit test (test_cudart, a cmocka test) still runs.
find_program(PS_NVCC nvcc PATHS /usr/local/cuda/bin)

if(TARGET test_cudart)
  target_link_libraries(test_cudart PRIVATE ps_cudart_tools)
endif()

add_test(NAME cudart_exports COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cudart/exports.sh $<TARGET_FILE:cudart_shim>)
set_tests_properties(cudart_exports PROPERTIES LABELS cudart SKIP_RETURN_CODE 77)

if(PS_NVCC AND NOT PTXSIM_SANITIZE)
  set(PS_RT_DIR ${CMAKE_SOURCE_DIR}/tests/cudart)
  set(PS_RT_OUT ${CMAKE_BINARY_DIR}/cudart_progs)
  file(MAKE_DIRECTORY ${PS_RT_OUT})
  # ps_rt_program(NAME SOURCE nvcc-flags...): one program, built with nvcc.
  function(ps_rt_program name src)
    set(runtime -cudart shared)
    if("-cudart" IN_LIST ARGN)
      set(runtime "")
    endif()
    add_custom_command(OUTPUT ${PS_RT_OUT}/${name}
                       COMMAND ${PS_NVCC} ${runtime} -I${PS_RT_DIR} ${ARGN} -o ${PS_RT_OUT}/${name}
                               ${PS_RT_DIR}/${src}
                       DEPENDS ${PS_RT_DIR}/${src} ${PS_RT_DIR}/rt_check.h VERBATIM)
    add_custom_target(cudart_prog_${name} ALL DEPENDS ${PS_RT_OUT}/${name})
  endfunction()
  # ps_rt_test(NAME PROGRAM run_rt.sh-options...)
  function(ps_rt_test name prog)
    add_test(NAME cudart_${name}
             COMMAND bash ${PS_RT_DIR}/run_rt.sh $<TARGET_FILE_DIR:cudart_shim> ${PS_RT_OUT}/${prog} ${ARGN})
    set_tests_properties(cudart_${name} PROPERTIES LABELS cudart FAIL_REGULAR_EXPRESSION "FAIL")
  endfunction()

  # nvcc 13 compresses the PTX with zstd by default; -compress-mode=speed uses LZ4 (entry flag
  # 0x2000) and -no-compress stores it plain: the same program from all three.
  ps_rt_program(rt_basic rt_basic.cu -arch=sm_90)
  ps_rt_program(rt_basic_lz4 rt_basic.cu -arch=sm_90 -compress-mode=speed)
  ps_rt_program(rt_basic_plain rt_basic.cu -arch=sm_90 -no-compress)
  ps_rt_program(rt_managed rt_managed.cu -arch=sm_90)
  ps_rt_program(rt_streams rt_streams.cu -arch=sm_90)
  ps_rt_program(rt_fault rt_fault.cu -arch=sm_90)
  ps_rt_program(rt_unsupported rt_unsupported.cu -arch=sm_90)
  ps_rt_program(rt_printf rt_printf.cu -arch=sm_90)
  ps_rt_program(rt_cluster rt_cluster.cu -arch=sm_90)
  ps_rt_program(rt_graph rt_graph.cu -arch=sm_90)
  ps_rt_program(rt_threads rt_threads.cu -arch=sm_90)
  # separate compilation: two units, -rdc=true (the runtime links their PTX)
  add_custom_command(OUTPUT ${PS_RT_OUT}/rt_rdc
                     COMMAND ${PS_NVCC} -cudart shared -rdc=true -arch=sm_90 -I${PS_RT_DIR} -o ${PS_RT_OUT}/rt_rdc
                             ${PS_RT_DIR}/rt_rdc_main.cu ${PS_RT_DIR}/rt_rdc_lib.cu
                     DEPENDS ${PS_RT_DIR}/rt_rdc_main.cu ${PS_RT_DIR}/rt_rdc_lib.cu ${PS_RT_DIR}/rt_check.h VERBATIM)
  add_custom_target(cudart_prog_rt_rdc ALL DEPENDS ${PS_RT_OUT}/rt_rdc)
  # a shared library with device code, loaded and unloaded three times
  add_custom_command(OUTPUT ${PS_RT_OUT}/librt_dlopen.so ${PS_RT_OUT}/rt_dlopen
                     COMMAND ${PS_NVCC} -cudart shared -arch=sm_90 -shared -Xcompiler -fPIC
                             -o ${PS_RT_OUT}/librt_dlopen.so ${PS_RT_DIR}/rt_dlopen_lib.cu
                     COMMAND ${PS_NVCC} -o ${PS_RT_OUT}/rt_dlopen ${PS_RT_DIR}/rt_dlopen.cpp -ldl
                     DEPENDS ${PS_RT_DIR}/rt_dlopen_lib.cu ${PS_RT_DIR}/rt_dlopen.cpp VERBATIM)
  add_custom_target(cudart_prog_rt_dlopen ALL DEPENDS ${PS_RT_OUT}/rt_dlopen)
  ps_rt_program(rt_sass rt_sass.cu -gencode arch=compute_90,code=sm_90)
  ps_rt_program(rt_arch rt_arch.cu -gencode arch=compute_75,code=compute_75 -gencode arch=compute_90,code=compute_90)

  ps_rt_test(basic_zstd rt_basic)
  ps_rt_test(basic_lz4 rt_basic_lz4)
  ps_rt_test(basic_plain rt_basic_plain)
  ps_rt_test(basic_sm80 rt_basic --env PTXSIM_ARCH=sm_80) # compute_90 PTX cannot run there
  set_tests_properties(cudart_basic_sm80 PROPERTIES FAIL_REGULAR_EXPRESSION "PASS"
                       PASS_REGULAR_EXPRESSION "no PTX that sm_80 can run \\(it holds SASS for sm_90 and PTX for compute_90\\)")
  ps_rt_test(managed rt_managed)
  ps_rt_test(streams rt_streams)
  ps_rt_test(streams_seeded rt_streams --env PTXSIM_SCHEDULE_SEED=777)
  ps_rt_test(fault rt_fault --stderr-once "kernel '_Z10write_pastPii' faulted: out-of-bounds global write of 4 bytes at 0x100")
  ps_rt_test(unsupported rt_unsupported --stderr-once "ptxsim cudart: cudaGraphCreate is not supported by ptxsim"
             --stderr-once "ptxsim cudart: cudaMallocMipmappedArray is not supported by ptxsim")
  ps_rt_test(graph rt_graph)
  ps_rt_test(rdc rt_rdc)
  ps_rt_test(threads rt_threads)
  add_test(NAME cudart_dlopen COMMAND bash ${PS_RT_DIR}/run_rt.sh $<TARGET_FILE_DIR:cudart_shim> ${PS_RT_OUT}/rt_dlopen
           --arg ${PS_RT_OUT}/librt_dlopen.so)
  set_tests_properties(cudart_dlopen PROPERTIES LABELS cudart FAIL_REGULAR_EXPRESSION "FAIL")
  ps_rt_test(printf rt_printf --stdout ${PS_RT_DIR}/rt_printf.expected)
  ps_rt_test(cluster rt_cluster)
  ps_rt_test(sass_only rt_sass
             --stderr-once "ptxsim cudart: _Z9only_sassPi: the fat binary has no PTX that sm_90 can run (it holds SASS for sm_90 and PTX for none)"
             --stderr-once "runs PTX only: rebuild with -gencode arch=compute_90,code=compute_90 (or -arch=sm_90, which embeds both)")
  ps_rt_test(two_ptx_sm90 rt_arch --stdout ${PS_RT_DIR}/rt_arch.sm90.expected)
  ps_rt_test(two_ptx_sm80 rt_arch --env PTXSIM_ARCH=sm_80 --stdout ${PS_RT_DIR}/rt_arch.sm80.expected)

  # Textures and surfaces (docs/textures.md, "From CUDA programs"). lab/textures/record.cu, the
  # program that recorded the H200's texture and surface results through cudaMalloc3DArray,
  # cudaMemcpy3D and cudaCreateTextureObject/cudaCreateSurfaceObject, run against ptxsim's runtime
  # and compared with that recording.
  add_custom_command(OUTPUT ${PS_RT_OUT}/tex_record
                     COMMAND ${PS_NVCC} -cudart shared -O2 -o ${PS_RT_OUT}/tex_record
                             ${CMAKE_SOURCE_DIR}/lab/textures/record.cu -lcuda
                     DEPENDS ${CMAKE_SOURCE_DIR}/lab/textures/record.cu VERBATIM)
  add_custom_target(cudart_prog_tex_record ALL DEPENDS ${PS_RT_OUT}/tex_record)
  add_test(NAME cudart_tex_h200_record
           COMMAND python3 ${PS_RT_DIR}/tex_record.py $<TARGET_FILE_DIR:cudart_shim> ${PS_RT_OUT}/tex_record
                   ${CMAKE_SOURCE_DIR}/tests/data/tex/tex_kernels.ptx ${CMAKE_SOURCE_DIR}/tests/data/tex/h200_recording.tar.gz)
  set_tests_properties(cudart_tex_h200_record PROPERTIES LABELS "cudart;gpu-recorded"
                       PASS_REGULAR_EXPRESSION "442 equal to the H200, 0 differ, 3 refused by ptxsim")

  # lab/textures/probe_objects.cu: address modes with unnormalized coordinates and fetches past a
  # linear resource, against the H200's output (2026-12-03).
  add_custom_command(OUTPUT ${PS_RT_OUT}/probe_objects
                     COMMAND ${PS_NVCC} -cudart shared -arch=sm_90 -Xcompiler -Wno-deprecated-declarations
                             -o ${PS_RT_OUT}/probe_objects ${CMAKE_SOURCE_DIR}/lab/textures/probe_objects.cu
                     DEPENDS ${CMAKE_SOURCE_DIR}/lab/textures/probe_objects.cu VERBATIM)
  add_custom_target(cudart_prog_probe_objects ALL DEPENDS ${PS_RT_OUT}/probe_objects)
  ps_rt_test(tex_probe_objects probe_objects --stdout ${PS_RT_DIR}/probe_objects.h200.txt)
  set_tests_properties(cudart_tex_probe_objects PROPERTIES LABELS "cudart;gpu-recorded")

  # ps_lab_texture_program(NAME): lab/textures/NAME.cu built against the shared runtime, as it
  # was built on the H200 for the recording its tests compare with
  function(ps_lab_texture_program name)
    add_custom_command(OUTPUT ${PS_RT_OUT}/${name}
                       COMMAND ${PS_NVCC} -cudart shared -arch=sm_90 -o ${PS_RT_OUT}/${name}
                               ${CMAKE_SOURCE_DIR}/lab/textures/${name}.cu
                       DEPENDS ${CMAKE_SOURCE_DIR}/lab/textures/${name}.cu VERBATIM)
    add_custom_target(cudart_prog_${name} ALL DEPENDS ${PS_RT_OUT}/${name})
  endfunction()

  # lab/textures/cube_probe.cu: cubemaps and cubemap arrays sampled by direction (face choice,
  # texel edges, wrap and border), against the H200's output (2026-12-03, two recordings).
  ps_lab_texture_program(cube_probe)
  ps_rt_test(tex_cube_probe cube_probe --stdout ${CMAKE_SOURCE_DIR}/lab/textures/cube_probe.h200.txt)
  ps_rt_test(tex_cube_probe_edges cube_probe --arg ${CMAKE_SOURCE_DIR}/lab/textures/cube_dirs2.bin
             --stdout ${CMAKE_SOURCE_DIR}/lab/textures/cube_probe2.h200.txt)
  set_tests_properties(cudart_tex_cube_probe cudart_tex_cube_probe_edges PROPERTIES LABELS "cudart;gpu-recorded")
  # lab/textures/cube_gather.cu: txq of cubemaps and cubemap arrays, tld4 on cubemaps (H200, 2026-12-03)
  ps_lab_texture_program(cube_gather)
  ps_rt_test(tex_cube_gather cube_gather --stdout ${CMAKE_SOURCE_DIR}/lab/textures/cube_gather.h200.txt)
  set_tests_properties(cudart_tex_cube_gather PROPERTIES LABELS "cudart;gpu-recorded")
  # lab/textures/tex_special.cu: linear filtering over infinite and NaN texels (f32, f16), the
  # zero and subnormal directions on cubemaps (H200, 2026-12-03)
  ps_lab_texture_program(tex_special)
  ps_rt_test(tex_special tex_special --stdout ${CMAKE_SOURCE_DIR}/lab/textures/tex_special.h200.txt)
  set_tests_properties(cudart_tex_special PROPERTIES LABELS "cudart;gpu-recorded")
  # lab/textures/sustp_probe.cu: formatted surface stores (sust.p) into every channel format and
  # count, with as many source elements as channels or more, and with fewer; sured.p on 32-bit
  # integer channels (H200, 2026-12-03)
  ps_lab_texture_program(sustp_probe)
  ps_rt_test(sust_p_probe sustp_probe --stdout ${CMAKE_SOURCE_DIR}/lab/textures/sustp_probe.h200.txt)
  ps_rt_test(sust_p_probe_partial sustp_probe --arg partial
             --stdout ${CMAKE_SOURCE_DIR}/lab/textures/sustp_partial.h200.txt)
  ps_rt_test(sured_p_probe sustp_probe --arg sured --stdout ${CMAKE_SOURCE_DIR}/lab/textures/sured_p.h200.txt)
  set_tests_properties(cudart_sust_p_probe cudart_sust_p_probe_partial cudart_sured_p_probe
                       PROPERTIES LABELS "cudart;gpu-recorded")
  # cube_probe lin: linear filtering, mirror and mixed address modes on cubemaps (47,952 samples,
  # the H200's output of 2026-12-03 20:07Z gzipped): equal byte for byte.
  add_test(NAME cudart_tex_cube_linear
           COMMAND bash -c "d=$(mktemp -d) && gzip -dc $2 > $d/want && bash $0 $1 ${PS_RT_OUT}/cube_probe --arg lin --stdout $d/want > $d/log 2>&1; rc=$?; tail -5 $d/log; rm -rf $d; exit $rc"
                   ${PS_RT_DIR}/run_rt.sh $<TARGET_FILE_DIR:cudart_shim> ${CMAKE_SOURCE_DIR}/lab/textures/cube_linear.h200.txt.gz)
  set_tests_properties(cudart_tex_cube_linear PROPERTIES LABELS "cudart;gpu-recorded")

  # lab/textures/probe_api.cu: what the runtime and driver answer for texture descriptors, surface
  # objects, 1D array copies and cudaArrayGetInfo, against the H200's output (2026-12-03).
  add_custom_command(OUTPUT ${PS_RT_OUT}/probe_api
                     COMMAND ${PS_NVCC} -cudart shared -arch=sm_90 -Xcompiler -Wno-deprecated-declarations
                             -o ${PS_RT_OUT}/probe_api ${CMAKE_SOURCE_DIR}/lab/textures/probe_api.cu -lcuda
                     DEPENDS ${CMAKE_SOURCE_DIR}/lab/textures/probe_api.cu VERBATIM)
  add_custom_target(cudart_prog_probe_api ALL DEPENDS ${PS_RT_OUT}/probe_api)
  ps_rt_test(tex_probe_api probe_api --stdout ${PS_RT_DIR}/probe_api.h200.txt)
  set_tests_properties(cudart_tex_probe_api PROPERTIES LABELS "cudart;gpu-recorded")

  # Self-checking texture and surface programs (host references) and refusals.
  ps_rt_program(rt_texture rt_texture.cu -arch=sm_90 -Xcompiler -Wno-deprecated-declarations)
  ps_rt_program(rt_surface rt_surface.cu -arch=sm_90 -Xcompiler -Wno-deprecated-declarations)
  ps_rt_program(drv_texture drv_texture.cu -arch=sm_90 -lcuda)
  ps_rt_test(texture rt_texture
             --stderr-once "cuTexObjectCreate: anisotropic filtering (maxAnisotropy 4) is not supported by ptxsim"
             --stderr-once "cudaCreateTextureObject: mipmapped arrays are not supported by ptxsim"
             --stderr-once "cudaCreateTextureObject: resource views (cudaResourceViewDesc) are not supported by ptxsim")
  ps_rt_test(surface rt_surface)
  ps_rt_test(driver_texture drv_texture
             --stderr-once "cuTexObjectCreate: mipmapped arrays are not supported by ptxsim")

  # The struct layouts of cudart_abi.h against CUDA's headers.
  add_custom_command(OUTPUT ${PS_RT_OUT}/abi_layout
                     COMMAND ${PS_NVCC} -I${PS_RT_DIR} -I${CMAKE_SOURCE_DIR}/api/cudart -I${CMAKE_SOURCE_DIR}/api/shim
                             -o ${PS_RT_OUT}/abi_layout ${PS_RT_DIR}/abi_real.cu ${PS_RT_DIR}/abi_mine.c
                     DEPENDS ${PS_RT_DIR}/abi_real.cu ${PS_RT_DIR}/abi_mine.c ${PS_RT_DIR}/abi_fields.def
                             ${CMAKE_SOURCE_DIR}/api/cudart/cudart_abi.h VERBATIM)
  add_custom_target(cudart_abi_layout ALL DEPENDS ${PS_RT_OUT}/abi_layout)

  # Static-cudart detection (ps_cudart_is_static): nvcc's default links the runtime in.
  ps_rt_program(rt_basic_static rt_basic.cu -arch=sm_90 -cudart static)
  add_test(NAME cudart_detect_static COMMAND test_cudart --is-static ${PS_RT_OUT}/rt_basic_static)
  add_test(NAME cudart_detect_shared COMMAND test_cudart --is-static ${PS_RT_OUT}/rt_basic)
  set_tests_properties(cudart_detect_static PROPERTIES LABELS cudart PASS_REGULAR_EXPRESSION "^1\n")
  set_tests_properties(cudart_detect_shared PROPERTIES LABELS cudart PASS_REGULAR_EXPRESSION "^0\n")
  add_test(NAME cudart_abi_layout COMMAND ${PS_RT_OUT}/abi_layout)
  set_tests_properties(cudart_abi_layout PROPERTIES LABELS cudart)
endif()
