#ifndef CODD_ALLOCATION_COUNTER_H
#define CODD_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Counts of heap allocations made while counting was on (see AllocationCounter.c).
typedef struct {
    int64_t allocations;   // malloc, calloc, realloc (to a new block), memalign family
    int64_t bytes;         // bytes requested by those calls
    int64_t peakLiveBytes; // the highest (allocated − freed) usable bytes since the start; frees of
                           // blocks allocated before it count too, so it errs low
} codd_allocation_counts;

/// Whether this platform counts (Linux with glibc); elsewhere every count stays 0.
bool codd_allocation_counting_available(void);
/// Zeroes the counters and starts counting.
void codd_allocation_counting_start(void);
/// Stops counting and returns what was counted since the start.
codd_allocation_counts codd_allocation_counting_stop(void);

#endif
