// prop:complexity: the one thread helper of the oracle: independent parts (sequences of a batch) on
// std::jthreads, each writing its own slot, so results and their order do not depend on the threads.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace palcheck::oracle {

/// Calls f(part) for part = 0..parts-1 on up to `threads` threads; rethrows the first error by worker.
template <class F>
void for_parts(std::size_t parts, unsigned threads, F&& f) {
  if (threads <= 1 || parts <= 1) {
    for (std::size_t p = 0; p < parts; ++p) f(p);
    return;
  }
  std::size_t workers = std::min<std::size_t>(threads, parts);
  std::vector<std::jthread> pool;
  std::vector<std::exception_ptr> errors(workers);
  for (std::size_t w = 0; w < workers; ++w)
    pool.emplace_back([&, w] {
      try {
        for (std::size_t p = w; p < parts; p += workers) f(p);
      } catch (...) {
        errors[w] = std::current_exception();
      }
    });
  pool.clear();  // joins
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace palcheck::oracle
