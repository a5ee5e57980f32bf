/* monitor.c — the launches' wall-clock limits and progress lines: one thread per process, made
 * at the first launch that needs it and kept, wakes four times a second while a launch is
 * registered, flags a launch whose time is up (the workers turn the flag into a located watchdog
 * fault at their next scheduling round) and, when asked, rewrites one progress line on stderr once
 * the launch has run for PS_PROGRESS_AFTER seconds. A thread per launch cost about 100 us of wall
 * time per launch (docs/performance.md "Per-launch cost"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sim_internal.h"

struct ps_monitor {
    ps_launch_ctx *L;
    ps_monitor *next; /* the registered launches, under mon.lock */
    bool printed;
    double next_print; /* seconds since t0 of the next progress line */
    struct timespec t0;
};

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool cond_ready;
    pid_t pid; /* the process whose thread runs (0: none); a forked child makes its own */
    ps_monitor *head;
} mon = {.lock = PTHREAD_MUTEX_INITIALIZER};

static double since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void check(ps_monitor *m) {
    ps_launch_ctx *L = m->L;
    double t = since(&m->t0), timeout = L->cfg.timeout;
    if (timeout > 0 && t >= timeout) atomic_store(&L->timed_out, 1);
    if (L->cfg.progress && t >= PS_PROGRESS_AFTER && t >= m->next_print) {
        uint64_t started = atomic_load(&L->next_cta);
        if (started > L->ncta) started = L->ncta;
        fprintf(stderr, "\rptxsim: kernel '%s': %llu of %llu %s started (%.1f %%), %.0f s ", L->kernel->func->name,
                (unsigned long long)started, (unsigned long long)L->ncta, L->cluster_size > 1 ? "clusters" : "CTAs",
                100.0 * (double)started / (double)L->ncta, t);
        fflush(stderr);
        m->printed = true;
        m->next_print = t + 1.0;
    }
}

static void *monitor_main(void *arg) {
    (void)arg;
    pthread_mutex_lock(&mon.lock);
    for (;;) {
        if (!mon.head) { /* idle: asleep until a launch registers */
            pthread_cond_wait(&mon.wake, &mon.lock);
            continue;
        }
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 250000000;
        if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&mon.wake, &mon.lock, &until);
        for (ps_monitor *m = mon.head; m; m = m->next) check(m);
    }
    return NULL;
}

/* Under mon.lock: the thread of this process, made if there is none; false if it cannot be. */
static bool monitor_thread(void) {
    if (!mon.cond_ready) {
        pthread_condattr_t ca;
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        pthread_cond_init(&mon.wake, &ca);
        pthread_condattr_destroy(&ca);
        mon.cond_ready = true;
    }
    pid_t self = getpid();
    if (mon.pid == self) return true;
    mon.head = NULL; /* a forked child: the parent's launches are not ours */
    pthread_attr_t at;
    pthread_t tid;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&tid, &at, monitor_main, NULL);
    pthread_attr_destroy(&at);
    if (rc) return false;
    mon.pid = self;
    return true;
}

ps_monitor *ps_monitor_start(ps_launch_ctx *L) {
    if (!(L->cfg.timeout > 0) && !L->cfg.progress) return NULL;
    ps_monitor *m = ps_xcalloc(1, sizeof *m);
    m->L = L;
    clock_gettime(CLOCK_MONOTONIC, &m->t0);
    pthread_mutex_lock(&mon.lock);
    if (!monitor_thread()) { /* no thread: no limit, said once per launch */
        pthread_mutex_unlock(&mon.lock);
        fprintf(stderr, "ptxsim: warning: no monitor thread; the launch runs without its time limit\n");
        free(m);
        return NULL;
    }
    m->next = mon.head;
    mon.head = m;
    if (!m->next) pthread_cond_signal(&mon.wake); /* the thread was idle */
    pthread_mutex_unlock(&mon.lock);
    return m;
}

void ps_monitor_stop(ps_monitor *m) {
    if (!m) return;
    pthread_mutex_lock(&mon.lock);
    for (ps_monitor **p = &mon.head; *p; p = &(*p)->next)
        if (*p == m) {
            *p = m->next;
            break;
        }
    pthread_mutex_unlock(&mon.lock);
    if (m->printed) fputs("\n", stderr);
    free(m);
}
