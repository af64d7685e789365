#include "plan/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace cp {

int hardware_threads() { return std::max(1, int(std::thread::hardware_concurrency())); }

void parallel_for(int tasks, int threads, const std::function<void(int task)>& fn) {
  parallel_for_workers(tasks, threads, [&fn](int task, int) { fn(task); });
}

void parallel_for_workers(int tasks, int threads, const std::function<void(int task, int worker)>& fn) {
  if (tasks <= 0) return;
  if (threads <= 0) threads = hardware_threads();
  threads = std::min(threads, tasks);
  std::atomic<int> next{0};
  auto worker = [&](int w) {
    for (int t = next.fetch_add(1, std::memory_order_relaxed); t < tasks;
         t = next.fetch_add(1, std::memory_order_relaxed))
      fn(t, w);
  };
  std::vector<std::thread> pool;
  pool.reserve(std::size_t(threads - 1));
  for (int i = 1; i < threads; ++i) pool.emplace_back(worker, i);
  worker(0);
  for (std::thread& t : pool) t.join();
}

}  // namespace cp
