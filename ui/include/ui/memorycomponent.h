// The five memory components the GUI shows per GPU. "Other" gathers the engine's allowances:
// loss/logits buffers, communication buffers, framework/CUDA context and fragmentation.
#pragma once

#include <array>

#include "engine/memory.h"

namespace cp::ui {

enum class MemoryComponent { Weights, Gradients, Optimizer, Activations, Other };

// Bottom to top in the stacked bar, first to last in the legend.
inline constexpr std::array<MemoryComponent, 5> kMemoryComponents{
    MemoryComponent::Weights, MemoryComponent::Gradients, MemoryComponent::Optimizer,
    MemoryComponent::Activations, MemoryComponent::Other};

// The engine's number for one component, in bytes (a look-up, no arithmetic of its own).
inline double componentBytes(const cp::MemoryBreakdown& m, MemoryComponent c) {
  switch (c) {
    case MemoryComponent::Weights: return m.weights;
    case MemoryComponent::Gradients: return m.gradients;
    case MemoryComponent::Optimizer: return m.optimizer;
    case MemoryComponent::Activations: return m.activations;
    case MemoryComponent::Other: return m.other();
  }
  return 0;
}

}  // namespace cp::ui
