/* Helpers shared by the C ABI tests: a CHECK macro that counts failures and reading a
 * whole file. Compiles as C99 and C++11. */
#ifndef SPN_TEST_COMMON_H
#define SPN_TEST_COMMON_H

#include "spine_native.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A test program of several files defines SPN_TEST_SHARED_FAILURES before including this
 * in each, and `int failures = 0;` in one, so that every file counts into one total. */
#ifdef SPN_TEST_SHARED_FAILURES
extern int failures;
#else
static int failures = 0;
#endif

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n",     \
                    __FILE__, __LINE__, #cond, spn_last_error_message());     \
            failures++;                                                       \
        }                                                                     \
    } while (0)

/* A call that must succeed. */
#define OK(call) CHECK((call) == SPN_OK)

static inline char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (char *)malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[size] = 0;
        *len = (size_t)size;
    }
    return buf;
}

static inline int near(double a, double b, double tolerance) {
    return fabs(a - b) <= tolerance * (1.0 + fabs(a) + fabs(b));
}

/* The entries of a runtime skin (two-call size protocol); free() the list. */
static inline spn_skin_entry *entries_of(spn_skin skin, uint32_t *count) {
    spn_skin_entry *list;
    uint32_t again = 0;
    CHECK(spn_skin_entries(skin, sizeof(spn_skin_entry), NULL, 0, count) == SPN_OK);
    list = (spn_skin_entry *)malloc((*count + 1) * sizeof(spn_skin_entry));
    CHECK(spn_skin_entries(skin, sizeof(spn_skin_entry), list, *count, &again) == SPN_OK);
    CHECK(again == *count);
    return list;
}

static inline int finish(const char *name) {
    if (failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

#endif
