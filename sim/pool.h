/* pool.h — host threads kept across launches (pool.c): a launch hands the pool the workers it
 * wants run beside the calling thread instead of creating and joining threads of its own. */
#ifndef PS_POOL_H
#define PS_POOL_H

#include <stdbool.h>

typedef struct ps_pool_job ps_pool_job;

/* Runs fn(arg[i]) for i < n on pool threads (made as needed, kept for later launches), each
 * under the calling thread's floating-point environment; returns the jobs to pass to
 * ps_pool_finish. May run fewer than n when the process already holds PS_POOL_MAX pool threads;
 * a job not started by ps_pool_finish never runs, so fn must tolerate being skipped (a launch's
 * workers take CTAs from a shared counter, and the caller's own worker takes what is left). */
ps_pool_job *ps_pool_start(void *(*fn)(void *), void *const *arg, int n);
/* Withdraws the jobs not yet started, waits for the started ones, frees jobs. */
void ps_pool_finish(ps_pool_job *jobs);

#endif
