// QCustomPlot for ui/ and the programs built with QT_NO_FOREACH: its header (2.1, from the
// system) still writes `foreach` in two templates (QCustomPlot::plottableAt and itemAt, which
// nothing here calls). The macro is lent to that header alone, as a range-for over the same
// container, and taken back after, so that no file of ours can use it.
#pragma once

#if defined(QT_NO_FOREACH) && !defined(foreach)
#define foreach(variable, container) for (variable : container)
#include <qcustomplot.h>
#undef foreach
#else
#include <qcustomplot.h>
#endif
