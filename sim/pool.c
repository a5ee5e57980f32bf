/* pool.c — the process's worker threads, kept across launches: creating and joining a launch's
 * host threads cost more than a small kernel's whole run (docs/performance.md "Per-launch cost").
 * Jobs wait in one queue; a launch withdraws the ones no thread took once its own worker on the
 * calling thread has run out of CTAs, so a launch never waits for a thread to become free. */
#include <fenv.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "common.h"
#include "pool.h"

#define PS_POOL_MAX 256 /* pool threads at most, all launches of the process together */

typedef struct job {
    void *(*fn)(void *);
    void *arg;
    struct job *next; /* in the queue */
    const struct ps_pool_job *owner;
    bool queued, started, finished;
    fenv_t env;
} job;

struct ps_pool_job {
    int n;
    job *jobs;
};

static struct {
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    job *head, **tail;
    int threads, idle, starting; /* threads; those waiting for a job; those not yet waiting */
    pid_t pid;                   /* the process the threads belong to: a forked child starts again without them */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0, 0, 0, 0};

static void *pool_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&pool.lock);
    pool.starting--;
    for (;;) {
        while (!pool.head) {
            pool.idle++;
            pthread_cond_wait(&pool.work, &pool.lock);
            pool.idle--;
        }
        job *j = pool.head;
        pool.head = j->next;
        if (!pool.head) pool.tail = &pool.head;
        j->queued = false;
        j->started = true;
        pthread_mutex_unlock(&pool.lock);
        fesetenv(&j->env);
        j->fn(j->arg);
        pthread_mutex_lock(&pool.lock);
        j->finished = true;
        pthread_cond_broadcast(&pool.done);
    }
    return NULL;
}

ps_pool_job *ps_pool_start(void *(*fn)(void *), void *const *arg, int n) {
    ps_pool_job *pj = ps_xcalloc(1, sizeof *pj);
    pj->n = n;
    pj->jobs = ps_xcalloc((size_t)(n > 0 ? n : 1), sizeof *pj->jobs);
    fenv_t env;
    fegetenv(&env);
    pthread_mutex_lock(&pool.lock);
    if (pool.pid != getpid()) { /* first use, or a forked child: no threads yet */
        pool.pid = getpid();
        pool.threads = pool.idle = pool.starting = 0;
        pool.head = NULL;
        pool.tail = &pool.head;
    }
    int queued = 0;
    for (job *q = pool.head; q; q = q->next) queued++;
    for (int i = 0; i < n; i++) {
        job *j = &pj->jobs[i];
        *j = (job){.fn = fn, .arg = arg[i], .owner = pj, .queued = true, .env = env};
        *pool.tail = j;
        pool.tail = &j->next;
        queued++;
    }
    /* enough threads for every queued job, within the cap; a failed pthread_create leaves the
     * job queued: the caller's worker does its CTAs */
    while (pool.idle + pool.starting < queued && pool.threads < PS_POOL_MAX) {
        pthread_attr_t at;
        pthread_t tid;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&tid, &at, pool_main, NULL);
        pthread_attr_destroy(&at);
        if (rc) break;
        pool.threads++;
        pool.starting++;
    }
    pthread_cond_broadcast(&pool.work);
    pthread_mutex_unlock(&pool.lock);
    return pj;
}

void ps_pool_finish(ps_pool_job *pj) {
    pthread_mutex_lock(&pool.lock);
    for (job **p = &pool.head; *p;) { /* withdraw this launch's jobs that no thread took */
        job *j = *p;
        if (j->owner == pj) {
            *p = j->next;
            j->queued = false;
        } else p = &j->next;
    }
    pool.tail = &pool.head;
    while (*pool.tail) pool.tail = &(*pool.tail)->next;
    for (int i = 0; i < pj->n; i++)
        while (pj->jobs[i].started && !pj->jobs[i].finished) pthread_cond_wait(&pool.done, &pool.lock);
    pthread_mutex_unlock(&pool.lock);
    free(pj->jobs);
    free(pj);
}
