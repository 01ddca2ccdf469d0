// A malloc interposer for the benchmark: the executable defines malloc, free and friends,
// which take precedence over glibc's for every library in the process, counts them while
// counting is on, and forwards to glibc's own entry points (__libc_malloc …).
// Single-threaded measurements only need relaxed atomics.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic bool counting = false;
static _Atomic int64_t allocations = 0;
static _Atomic int64_t bytes = 0;
static _Atomic int64_t liveBytes = 0;
static _Atomic int64_t peakLiveBytes = 0;

static void count_allocation(void *pointer, size_t size) {
    if (pointer == NULL || !atomic_load_explicit(&counting, memory_order_relaxed)) return;
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, (int64_t)size, memory_order_relaxed);
    int64_t usable = (int64_t)malloc_usable_size(pointer);
    int64_t live = atomic_fetch_add_explicit(&liveBytes, usable, memory_order_relaxed) + usable;
    int64_t peak = atomic_load_explicit(&peakLiveBytes, memory_order_relaxed);
    while (live > peak && !atomic_compare_exchange_weak_explicit(&peakLiveBytes, &peak, live, memory_order_relaxed, memory_order_relaxed)) {}
}

static void count_free(void *pointer) {
    if (pointer == NULL || !atomic_load_explicit(&counting, memory_order_relaxed)) return;
    atomic_fetch_sub_explicit(&liveBytes, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    count_allocation(pointer, size);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    count_allocation(pointer, count * size);
    return pointer;
}

void *realloc(void *old, size_t size) {
    // Live bytes before the call: a failed realloc leaves `old` allocated, and one that
    // grows in place is not a new allocation.
    int64_t oldUsable = old == NULL ? 0 : (int64_t)malloc_usable_size(old);
    void *pointer = __libc_realloc(old, size);
    if (pointer == NULL || !atomic_load_explicit(&counting, memory_order_relaxed)) return pointer;
    if (pointer == old) {
        int64_t delta = (int64_t)malloc_usable_size(pointer) - oldUsable;
        int64_t live = atomic_fetch_add_explicit(&liveBytes, delta, memory_order_relaxed) + delta;
        int64_t peak = atomic_load_explicit(&peakLiveBytes, memory_order_relaxed);
        while (live > peak && !atomic_compare_exchange_weak_explicit(&peakLiveBytes, &peak, live, memory_order_relaxed, memory_order_relaxed)) {}
        return pointer;
    }
    atomic_fetch_sub_explicit(&liveBytes, oldUsable, memory_order_relaxed);
    count_allocation(pointer, size);
    return pointer;
}

void free(void *pointer) {
    count_free(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    count_allocation(pointer, size);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *pointer = memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

bool codd_allocation_counting_available(void) { return true; }

void codd_allocation_counting_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&bytes, 0);
    atomic_store(&liveBytes, 0);
    atomic_store(&peakLiveBytes, 0);
    atomic_store(&counting, true);
}

codd_allocation_counts codd_allocation_counting_stop(void) {
    atomic_store(&counting, false);
    codd_allocation_counts counts = {
        atomic_load(&allocations), atomic_load(&bytes), atomic_load(&peakLiveBytes)
    };
    return counts;
}

#else

bool codd_allocation_counting_available(void) { return false; }
void codd_allocation_counting_start(void) {}
codd_allocation_counts codd_allocation_counting_stop(void) {
    codd_allocation_counts counts = {0, 0, 0};
    return counts;
}

#endif
