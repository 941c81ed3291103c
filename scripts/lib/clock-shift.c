/*
 * LD_PRELOAD library for `npm run test:clock`: shifts the wall clock (CLOCK_REALTIME and what reads it:
 * gettimeofday, time) by OUTPOST_CLOCK_SHIFT_MS milliseconds in every process of a test run, and leaves
 * the monotonic clocks alone, so timers and timeouts keep their real length. With OUTPOST_CLOCK_SHIFT_ONLY
 * set to a program's name (workerd) only processes of that name are shifted: Miniflare, in Node, refuses
 * a Worker whose compatibility date is after its own today, which a shift into the past would cause.
 *
 * Why not libfaketime: workerd deadlocks at start under it. libfaketime resolves its symbols with dlsym
 * on its first call; a failed lookup allocates, workerd's tcmalloc then initialises and calls poll(),
 * which libfaketime intercepts and re-enters dlsym while tcmalloc holds its lock. This library resolves
 * its one symbol in a constructor and falls back to the raw system call before that.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static long long shift_ns;
static int (*real_clock_gettime)(clockid_t, struct timespec *);

__attribute__((constructor)) static void init(void) {
  const char *only = getenv("OUTPOST_CLOCK_SHIFT_ONLY");
  const char *ms = getenv("OUTPOST_CLOCK_SHIFT_MS");
  if (ms && (!only || strcmp(only, program_invocation_short_name) == 0)) shift_ns = strtoll(ms, NULL, 10) * 1000000LL;
  real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
}

static int real_time(clockid_t id, struct timespec *ts) {
  return real_clock_gettime ? real_clock_gettime(id, ts) : (int)syscall(SYS_clock_gettime, id, ts);
}

int clock_gettime(clockid_t id, struct timespec *ts) {
  int res = real_time(id, ts);
  if (res == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI)) {
    long long ns = (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec + shift_ns;
    ts->tv_sec = ns / 1000000000LL;
    ts->tv_nsec = ns % 1000000000LL;
  }
  return res;
}

int gettimeofday(struct timeval *tv, void *tz) {
  (void)tz;
  if (!tv) return 0;
  struct timespec ts;
  int res = clock_gettime(CLOCK_REALTIME, &ts);
  tv->tv_sec = ts.tv_sec;
  tv->tv_usec = ts.tv_nsec / 1000;
  return res;
}

time_t time(time_t *out) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (out) *out = ts.tv_sec;
  return ts.tv_sec;
}
