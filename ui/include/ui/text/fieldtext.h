// The field table's label, help, unit and word for 0 of an input (engine/fields.h), in the GUI's language:
// the English texts of the table, translated in the context "cp::ui::Fields" (ui/src/text/fieldtext.cpp
// lists them for lupdate).
#pragma once

#include <QString>

#include "engine/fields.h"

namespace cp::ui {

QString fieldLabel(const cp::FieldInfo& f);  // "Sequence length"
QString fieldHelp(const cp::FieldInfo& f);   // one sentence: what the input is
QString fieldUnit(const cp::FieldInfo& f);   // the stored value's unit, "tokens" ("" for none)
QString fieldZeroWord(const cp::FieldInfo& f);  // what a 0 stands for, "no limit" ("" where 0 is a number)

}  // namespace cp::ui
