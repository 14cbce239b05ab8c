// GMP allocation functions that throw (see gmp_allocation.h).
#include "gmp_allocation.h"

#include <gmp.h>

#include <cstdlib>
#include <cstring>
#include <new>

namespace palcheck {

namespace {

void* allocate(std::size_t size) {
  void* p = std::malloc(size);
  if (!p) throw std::bad_alloc();
  return p;
}

void* reallocate(void* old, std::size_t, std::size_t size) {
  void* p = std::realloc(old, size);
  if (!p) throw std::bad_alloc();
  return p;
}

void release(void* p, std::size_t) { std::free(p); }

}  // namespace

void throw_bad_alloc_from_gmp() { mp_set_memory_functions(allocate, reallocate, release); }

}  // namespace palcheck
