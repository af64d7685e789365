// The engine's English messages in the GUI's language: validation problems
// through their reason templates, and the formulas of "why this number". ui/src/text/enginetext.cpp
// lists the texts for lupdate (context "cp::engine").
#pragma once

#include <QString>
#include <string_view>

#include "engine/explain.h"
#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp::ui {

QString engineText(std::string_view english);  // one text of the catalogue, translated (as is when absent)
QString problemMessage(const cp::Problem& p);  // "6 不能整除 64 个注意力头"
QString problemText(const cp::Problem& p);     // "Tensor parallel (TP) — parallelism.tp: 6 does not divide 64 attention heads"
QString formulaText(const cp::Explanation& x);

// The scenario's name as the GUI shows it, the one function every place that
// shows the name calls (summary, presentation, chart footers, library, status messages): a name
// the user gave, as typed; while the name is derived (cp::name_is_derived), the engine's derived
// name worded again in the GUI's language from the scenario's fields: "LLaMA-65B，32 块 A100 80GB
// SXM，IB HDR". Files keep the engine's English derived name; in English the two are the same.
QString scenarioDisplayName(const cp::Scenario& s);
// The derived name alone, named or not (the name field's placeholder).
QString derivedScenarioName(const cp::Scenario& s);
// The model part of that name: the preset's name, "Custom 70.6B model", "70B model (derived)".
QString derivedModelName(const cp::Scenario& s);
// The fabric part of that name (cp::short_fabric_name): "IB NDR", "RoCE 400G tuned".
QString shortFabricName(const cp::FabricSpec& f);

}  // namespace cp::ui
