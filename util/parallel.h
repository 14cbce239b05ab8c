// prop:complexity: the thread helpers of the oracle: independent parts (sequences of a batch) on
// std::jthreads, each writing its own slot or written in part order, so results and their order
// do not depend on the threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace palcheck {

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

/// ordered_stream on the calling thread: take, work and give each part in turn, with one State.
template <class State, class Take, class Work, class Give>
void sequential_stream(Take& take, Work& work, Give& give) {
  State state;
  for (std::size_t p = 0; take(state, p); ++p) {
    work(state, p);
    give(state, p);
  }
}

/// A pipeline over parts 0, 1, ... until take(state, part) returns false (nothing taken: the input
/// is exhausted), on up to `threads` threads, each worker with its own State: per part, take runs in
/// part order (one at a time: a sequential reader), work(state, part) runs in parallel,
/// give(state, part) runs in part order (one at a time: a sequential writer), so reading and writing
/// overlap the work on other parts. Parts are handed out as workers free up. Stops at the first
/// error and rethrows the one of the lowest part.
template <class State, class Take, class Work, class Give>
void ordered_stream(unsigned threads, Take&& take, Work&& work, Give&& give) {
  std::size_t workers = std::max(1u, threads);
  if (workers == 1) return sequential_stream<State>(take, work, give);
  std::mutex take_mutex, give_mutex;
  std::condition_variable turn;
  std::size_t next_take = 0, next_give = 0;
  bool exhausted = false;
  std::atomic<bool> failed = false;
  std::exception_ptr error;
  std::size_t error_part = static_cast<std::size_t>(-1);
  auto fail = [&](std::size_t part) {
    std::lock_guard lock(give_mutex);
    if (part < error_part) {
      error_part = part;
      error = std::current_exception();
    }
    failed = true;
    turn.notify_all();
  };
  auto worker = [&] {
    State state;
    for (;;) {
      std::size_t part = 0;
      try {
        std::lock_guard lock(take_mutex);
        if (failed || exhausted) return;
        part = next_take;
        if (!take(state, part)) {
          exhausted = true;
          return;
        }
        ++next_take;
      } catch (...) {
        fail(part);
        return;
      }
      try {
        work(state, part);
        std::unique_lock lock(give_mutex);
        turn.wait(lock, [&] { return failed || next_give == part; });
        if (failed) return;
        give(state, part);
        ++next_give;
        turn.notify_all();
      } catch (...) {
        fail(part);
        return;
      }
    }
  };
  {
    std::vector<std::jthread> pool;
    for (std::size_t w = 0; w < workers; ++w) pool.emplace_back(worker);
  }  // joins
  if (error) std::rethrow_exception(error);
}

/// ordered_stream over exactly `parts` parts: take(state, part) for part < parts always takes one.
template <class State, class Take, class Work, class Give>
void ordered_pipeline(std::size_t parts, unsigned threads, Take&& take, Work&& work, Give&& give) {
  unsigned workers = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(threads, parts)));
  ordered_stream<State>(
      workers,
      [&](State& state, std::size_t part) {
        if (part == parts) return false;
        take(state, part);
        return true;
      },
      work, give);
}

}  // namespace palcheck
