// The engine's English messages in the GUI's language (issue 19, point 11): validation problems
// through their reason templates, and the formulas of "why this number". ui/src/enginetext.cpp
// lists the texts for lupdate (context "cp::engine").
#pragma once

#include <QString>
#include <string_view>

#include "engine/explain.h"
#include "engine/validate.h"

namespace cp::ui {

QString engineText(std::string_view english);  // one text of the catalogue, translated (as is when absent)
QString problemMessage(const cp::Problem& p);  // "6 不能整除 64 个注意力头"
QString problemText(const cp::Problem& p);     // "Tensor parallel (TP) — parallelism.tp: 6 does not divide 64 attention heads"
QString formulaText(const cp::Explanation& x);

}  // namespace cp::ui
