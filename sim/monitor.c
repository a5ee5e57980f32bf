/* monitor.c — a launch's wall-clock limit and progress line: one thread per launch that wakes
 * four times a second, flags the launch when its time is up (the workers turn the flag into a
 * located watchdog fault at their next scheduling round) and, when asked, rewrites one
 * progress line on stderr once the launch has run for PS_PROGRESS_AFTER seconds. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim_internal.h"

struct ps_monitor {
    ps_launch_ctx *L;
    pthread_t tid;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool done, printed;
    double next_print; /* seconds since t0 of the next progress line */
    struct timespec t0;
};

static double since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void *monitor_main(void *arg) {
    ps_monitor *m = arg;
    ps_launch_ctx *L = m->L;
    double timeout = L->cfg.timeout;
    pthread_mutex_lock(&m->lock);
    while (!m->done) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 250000000;
        if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
        int rc = pthread_cond_timedwait(&m->wake, &m->lock, &until);
        if (m->done) break;
        if (rc != ETIMEDOUT && rc != 0) break;
        double t = since(&m->t0);
        if (timeout > 0 && t >= timeout) atomic_store(&L->timed_out, 1);
        if (L->cfg.progress && t >= PS_PROGRESS_AFTER && t >= m->next_print) {
            uint64_t started = atomic_load(&L->next_cta);
            if (started > L->ncta) started = L->ncta;
            fprintf(stderr, "\rptxsim: kernel '%s': %llu of %llu %s started (%.1f %%), %.0f s ",
                    L->kernel->func->name, (unsigned long long)started, (unsigned long long)L->ncta,
                    L->cluster_size > 1 ? "clusters" : "CTAs", 100.0 * (double)started / (double)L->ncta, t);
            fflush(stderr);
            m->printed = true;
            m->next_print = t + 1.0;
        }
    }
    pthread_mutex_unlock(&m->lock);
    return NULL;
}

ps_monitor *ps_monitor_start(ps_launch_ctx *L) {
    if (!(L->cfg.timeout > 0) && !L->cfg.progress) return NULL;
    ps_monitor *m = ps_xcalloc(1, sizeof *m);
    m->L = L;
    clock_gettime(CLOCK_MONOTONIC, &m->t0);
    pthread_mutex_init(&m->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&m->wake, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&m->tid, NULL, monitor_main, m)) { /* no thread: no limit, said once */
        fprintf(stderr, "ptxsim: warning: no monitor thread; the launch runs without its time limit\n");
        pthread_cond_destroy(&m->wake);
        pthread_mutex_destroy(&m->lock);
        free(m);
        return NULL;
    }
    return m;
}

void ps_monitor_stop(ps_monitor *m) {
    if (!m) return;
    pthread_mutex_lock(&m->lock);
    m->done = true;
    pthread_cond_signal(&m->wake);
    pthread_mutex_unlock(&m->lock);
    pthread_join(m->tid, NULL);
    if (m->printed) fputs("\n", stderr);
    pthread_cond_destroy(&m->wake);
    pthread_mutex_destroy(&m->lock);
    free(m);
}
