/*
 * An LD_PRELOAD shim for the power-loss test (test/integration/power-loss.test.ts): it lets
 * a redis-server run as usual and records, for every fsync/fdatasync of an AOF file, the
 * file's size just before the call, once the call has returned. That size is what the disk
 * holds for sure; bytes written after it live only in the page cache, which a power cut
 * takes. The test "cuts the power" by SIGKILLing redis-server and truncating each AOF file to
 * its last recorded size.
 *
 * Records are lines "<size> <path>\n" appended to the file named by AOF_SYNC_LOG. They are
 * written before the call returns to Redis, so before Redis can send a reply that depends on
 * that fsync (appendfsync always): a reply never precedes its record.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

/* The AOF file behind fd and its size now, or -1 for any other file. */
static long long aof_size(int fd, char *path, size_t cap) {
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, cap - 1);
  if (n <= 0) return -1;
  path[n] = '\0';
  if (strstr(path, ".aof") == NULL) return -1;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
  return (long long)st.st_size;
}

static void record(long long size, const char *path) {
  const char *log = getenv("AOF_SYNC_LOG");
  if (log == NULL) return;
  char line[4200];
  int len = snprintf(line, sizeof line, "%lld %s\n", size, path);
  if (len <= 0 || (size_t)len >= sizeof line) return;
  /* O_APPEND: one write per line, so the main thread's and the background fsync thread's lines never mix. */
  int out = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (out < 0) return;
  ssize_t written = write(out, line, (size_t)len);
  (void)written;
  close(out);
}

static int synced(int (*real)(int), int fd) {
  char path[4096];
  long long size = aof_size(fd, path, sizeof path);
  int result = real(fd);
  if (result == 0 && size >= 0) record(size, path);
  return result;
}

int fsync(int fd) {
  if (real_fsync == NULL) real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  return synced(real_fsync, fd);
}

int fdatasync(int fd) {
  if (real_fdatasync == NULL) real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  return synced(real_fdatasync, fd);
}
