// A minimal fork-join pool on std::thread: run `tasks` independent tasks on up to `threads`
// workers, each task taken from a shared atomic counter. The caller's thread is one of the
// workers, so `threads == 1` runs everything inline, in task order.
#pragma once

#include <functional>

namespace cp {

// Logical cores of this machine (at least 1).
int hardware_threads();

// Calls fn(task) once for each task in [0, tasks); returns when all have returned. `threads`
// <= 0 means hardware_threads(). fn must not throw.
void parallel_for(int tasks, int threads, const std::function<void(int task)>& fn);
// The same, telling fn which worker runs it: 0 <= worker < min(threads, tasks), each worker one
// thread, so that a worker may keep state of its own between tasks.
void parallel_for_workers(int tasks, int threads, const std::function<void(int task, int worker)>& fn);

}  // namespace cp
