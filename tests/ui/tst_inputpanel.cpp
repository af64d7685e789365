// The Inputs dock: every input has a
// tooltip saying what it is, with its unit and bounds; the bounds are the field table's
// (engine/fields.h); a
// change of language at run time retranslates the labels, section titles, tooltips and choice
// lists; the dock is not cut off once Assumptions is open (it scrolls); an error that goes away
// while the user types does not move the form under the cursor.
#include <sys/stat.h>

#include <QApplication>
#include <algorithm>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTranslator>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/fields.h"
#include "engine/validate.h"
#include "io/read_reasons.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "ui/pages/collapsiblesection.h"
#include "ui/text/enginetext.h"
#include "ui/text/fieldtext.h"
#include "ui/text/i18n.h"
#include "ui/pages/inputpanel.h"
#include "ui/window/mainwindow.h"
#include "ui/scenariodocument.h"
#include "ui/window/settingsdialog.h"

using cp::ui::InputPanel;

namespace {

// Lets the nested layouts (cell, section, panel) each take their turn: every level posts its own
// layout request when the one below changes size.
void settle() {
  for (int i = 0; i < 5; ++i) {
    QCoreApplication::processEvents();
    QTest::qWait(10);
  }
}

QString keyText(const cp::FieldInfo& f) { return QString::fromLatin1(f.key.data(), qsizetype(f.key.size())); }

// The editor of row `f` ("model.id" is the editor "model").
QWidget* editorOf(const InputPanel& panel, const cp::FieldInfo& f) {
  return panel.editor(f.key == "model.id" ? QStringLiteral("model") : keyText(f));
}

}  // namespace

class TestInputPanel : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void everyInputHasATooltip();
  void boundsAreTheTable();
  void languageChangeRetranslates();
  void everyRowIsTranslated();
  void engineMessagesAreTranslated();
  void fileProblemsReadInChinese();
  void choicesReadInChinese();
  void zerosAndUnitsReadAsWords();
  void assumptionsOpenIsNotClipped();
  void vanishingErrorDoesNotMoveTheForm();
  void wheelScrollsThePanelNotTheField();
};

void TestInputPanel::init() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

void TestInputPanel::cleanup() {
  for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestInputPanel::everyInputHasATooltip() {
  cp::ui::ScenarioDocument document;
  InputPanel panel(&document);
  int inputs = 0;
  for (const cp::FieldInfo& f : cp::kFields) {
    QWidget* editor = editorOf(panel, f);
    if (!editor) continue;
    ++inputs;
    const QString tip = editor->toolTip();
    const std::string key(f.key);
    // What it is (the table's help sentence), then the unit and the bounds of a number.
    QVERIFY2(tip.startsWith(QString::fromUtf8(f.help.data(), qsizetype(f.help.size()))), key.c_str());
    if (f.bounded()) {
      QVERIFY2(tip.contains(QStringLiteral("From ")) || tip.contains(QStringLiteral("Above ")), key.c_str());
      if (!f.unit.empty()) QVERIFY2(tip.contains(QStringLiteral("Unit: ")), key.c_str());
    }
  }
  // The name, the model and its size and shape, training, parallelism (with ETP, placed from the
  // field table), hardware, fabric, the software stack (16: the stack, seven overlaps and
  // fusions, and the training rows no section names, placed from the field table: gradient and
  // optimizer types, selective-op, recomputed modules, NCCL buffer size, MoE dispatch and node
  // limit, deployment, attention kernel) and assumptions (with the owner's cost lines and the
  // checkpoint mode and bandwidth per GPU, 7): every input of the dock has a row.
  QCOMPARE(inputs, 72);
  // A choice placed from the table is named by its enum's words in the current language.
  auto* kernel = qobject_cast<QComboBox*>(panel.editor(QStringLiteral("training.attention_kernel")));
  QVERIFY(kernel);
  QCOMPARE(kernel->count(), 5);
  QCOMPARE(kernel->itemText(2), QStringLiteral("FlashAttention-2"));
  auto* deployment = qobject_cast<QComboBox*>(panel.editor(QStringLiteral("training.deployment")));
  QVERIFY(deployment);
  QCOMPARE(deployment->itemText(1), QStringLiteral("Vendor recipe (NVIDIA's reference clusters)"));
  QVERIFY(panel.editor(QStringLiteral("parallelism.vpp"))->toolTip().contains(QStringLiteral("pipeline bubble")));
  QVERIFY(panel.editor(QStringLiteral("training.zero"))->toolTip().contains(QStringLiteral("stage 1")));
  QVERIFY(panel.editor(QStringLiteral("assumptions.failure_rate_per_gpu_hour"))
              ->toolTip()
              .contains(QStringLiteral("Unit: per million GPU-hours")));
  // An invalid field keeps its explanation, with the problem below it.
  cp::Scenario s = document.scenario();
  s.parallel.tp = 3;
  document.reset(s);
  const QString tip = panel.editor(QStringLiteral("parallelism.tp"))->toolTip();
  QVERIFY2(tip.startsWith(QStringLiteral("Tensor parallelism")) && tip.contains(QStringLiteral("does not divide")),
           qPrintable(tip));
}

void TestInputPanel::boundsAreTheTable() {
  cp::ui::ScenarioDocument document;
  InputPanel panel(&document);
  auto* tp = qobject_cast<QSpinBox*>(panel.editor(QStringLiteral("parallelism.tp")));
  QCOMPARE(tp->minimum(), 1);
  QCOMPARE(tp->maximum(), cp::kMaxHeadsExpertsDegree);
  auto* seq = qobject_cast<QSpinBox*>(panel.editor(QStringLiteral("training.seq")));
  QCOMPARE(double(seq->maximum()), cp::field("training.seq").max);
  // Shown in another unit: the table's bounds converted (W -> kW, fraction -> %).
  auto* rack = qobject_cast<QDoubleSpinBox*>(panel.editor(QStringLiteral("assumptions.rack_limit_w")));
  QCOMPARE(rack->maximum(), cp::field("assumptions.rack_limit_w").max / 1e3);
  auto* over = qobject_cast<QDoubleSpinBox*>(panel.editor(QStringLiteral("cluster.oversubscription")));
  QCOMPARE(over->maximum(), cp::field("cluster.oversubscription").max);  // one bound, the same everywhere
}

void TestInputPanel::languageChangeRetranslates() {
  cp::ui::ScenarioDocument document;
  InputPanel panel(&document);
  auto* label = panel.findChild<QLabel*>(QStringLiteral("parallelism.tp.label"));
  QVERIFY(label);
  QCOMPARE(label->text(), QStringLiteral("Tensor parallel (TP)"));
  auto* section = panel.findChild<cp::ui::CollapsibleSection*>(QStringLiteral("trainingSection"));
  QCOMPARE(section->title(), QStringLiteral("Training"));
  auto* recompute = qobject_cast<QComboBox*>(panel.editor(QStringLiteral("training.recompute")));
  const QString selective = recompute->itemText(1);
  const int chosen = recompute->currentIndex();
  auto* dp = qobject_cast<QSpinBox*>(panel.editor(QStringLiteral("parallelism.dp")));
  const QString tip = panel.editor(QStringLiteral("parallelism.vpp"))->toolTip();

  // As Settings does: the language is switched while the panel is open.
  QVERIFY(cp::ui::switchLanguage(QStringLiteral("zh_CN")));
  QCoreApplication::processEvents();  // the LanguageChange events
  QVERIFY2(label->text() != QStringLiteral("Tensor parallel (TP)"), qPrintable(label->text()));
  QVERIFY2(label->text().contains(QStringLiteral("TP")), qPrintable(label->text()));
  QVERIFY2(section->title() != QStringLiteral("Training"), qPrintable(section->title()));
  QVERIFY2(recompute->itemText(1) != selective, qPrintable(recompute->itemText(1)));
  QCOMPARE(recompute->currentIndex(), chosen);  // the choice is kept
  QVERIFY2(panel.editor(QStringLiteral("parallelism.vpp"))->toolTip() != tip, "tooltip stayed English");
  QVERIFY2(!dp->specialValueText().startsWith(QStringLiteral("auto (from")), qPrintable(dp->specialValueText()));
  QCOMPARE(document.scenario().training.recompute, cp::default_scenario().training.recompute);  // no edit

  // And back.
  QVERIFY(cp::ui::switchLanguage(QStringLiteral("en")));
  QCoreApplication::processEvents();
  QCOMPARE(label->text(), QStringLiteral("Tensor parallel (TP)"));
  QCOMPARE(section->title(), QStringLiteral("Training"));
  QCOMPARE(recompute->itemText(1), selective);
}

// Every row's label and help has a Chinese translation (ui/src/text/fieldtext.cpp lists them).
void TestInputPanel::everyRowIsTranslated() {
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  for (const cp::FieldInfo& f : cp::kFields) {
    const std::string key(f.key);
    // Labels that are names in both languages (TDP, PUE, ZeRO, GPU, Dropout) may stay as they are.
    const QString english = QString::fromUtf8(f.label.data(), qsizetype(f.label.size()));
    if (english != QStringLiteral("TDP") && english != QStringLiteral("PUE") && english != QStringLiteral("ZeRO") &&
        english != QStringLiteral("GPU") && english != QStringLiteral("VAT") && english != QStringLiteral("Dropout"))
      QVERIFY2(cp::ui::fieldLabel(f) != english, key.c_str());
    QVERIFY2(cp::ui::fieldHelp(f) != QString::fromUtf8(f.help.data(), qsizetype(f.help.size())), key.c_str());
    if (!f.zero_word.empty() && f.zero_word != "PCIe")
      QVERIFY2(cp::ui::fieldZeroWord(f) != QString::fromUtf8(f.zero_word.data(), qsizetype(f.zero_word.size())),
               key.c_str());
  }
}

// The engine's validation reasons, the words put into them and the formulas of "why this number"
// have Chinese translations (ui/src/text/enginetext.cpp lists them), and a problem reads in Chinese
// with its numbers and phrases in place.
void TestInputPanel::engineMessagesAreTranslated() {
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  for (std::string_view r : cp::kProblemReasons)
    QVERIFY2(cp::ui::engineText(r) != QString::fromUtf8(r.data(), qsizetype(r.size())), std::string(r).c_str());
  for (std::string_view r : cp::kReadReasons)
    QVERIFY2(cp::ui::engineText(r) != QString::fromUtf8(r.data(), qsizetype(r.size())), std::string(r).c_str());
  for (std::string_view r : cp::kProblemPhrases)
    QVERIFY2(cp::ui::engineText(r) != QString::fromUtf8(r.data(), qsizetype(r.size())), std::string(r).c_str());
  const cp::Scenario s = cp::default_scenario();
  const cp::Estimate e = cp::estimate(s);
  for (cp::Figure f : cp::kFigures) {
    const cp::Explanation x = cp::explain(f, s, e);
    QVERIFY2(cp::ui::formulaText(x) != QString::fromStdString(x.formula), x.formula.c_str());
  }
  cp::Scenario bad = s;
  bad.parallel.tp = 6;
  bad.parallel.dp = 0;
  const std::vector<cp::Problem> problems = cp::validate(bad);
  const auto tp = std::find_if(problems.begin(), problems.end(), [](const cp::Problem& p) {
    return p.field == "parallelism.tp" && p.reason == cp::reasons::not_divides;
  });
  QVERIFY(tp != problems.end());
  QCOMPARE(cp::ui::problemMessage(*tp), QStringLiteral("6 不能整除 64 个注意力头"));
  // The list of TP or PP values that would let DP be derived reads in Chinese too.
  const auto dp = std::find_if(problems.begin(), problems.end(),
                               [](const cp::Problem& p) { return p.field == "parallelism.dp"; });
  QVERIFY(dp != problems.end());
  QVERIFY2(!cp::ui::problemMessage(*dp).contains(QStringLiteral(" or ")), qPrintable(cp::ui::problemMessage(*dp)));
  // A scenario file's problem too (the reader's reasons, io/read_reasons.h).
  std::vector<cp::Problem> read;
  cp::Scenario parsed = cp::default_scenario();
  cp::scenario_from_json(nlohmann::json::parse(R"({"training": {"seq": "long"}})"), parsed, read);
  const auto seq = std::find_if(read.begin(), read.end(), [](const cp::Problem& p) { return p.field == "training.seq"; });
  QVERIFY(seq != read.end());
  QCOMPARE(cp::ui::problemMessage(*seq), QStringLiteral("必须是整数"));
  QVERIFY(cp::ui::problemText(*dp).startsWith(cp::ui::fieldLabel(cp::field("parallelism.dp")) +
                                              QStringLiteral(" — parallelism.dp：")));
}

// Every choice of the dock reads in Chinese: no bare English word such as "none" or "auto" is
// left among its items (technical names such as bf16 or fp8 stay as they are).
void TestInputPanel::choicesReadInChinese() {
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  cp::ui::ScenarioDocument document;
  InputPanel panel(&document);
  int choices = 0;
  for (const cp::FieldInfo& f : cp::kFields) {
    auto* combo = qobject_cast<QComboBox*>(editorOf(panel, f));
    if (!combo) continue;
    ++choices;
    for (int i = 0; i < combo->count(); ++i) {
      const QString item = combo->itemText(i);
      const std::string what = std::string(f.key) + ": " + item.toStdString();
      QVERIFY2(item != QStringLiteral("none") && !item.startsWith(QStringLiteral("auto")), what.c_str());
    }
  }
  QVERIFY(choices >= 10);
  auto* modules = qobject_cast<QComboBox*>(panel.editor(QStringLiteral("training.recompute_modules")));
  QVERIFY(modules);
  QCOMPARE(modules->itemText(0), QStringLiteral("无"));
  QCOMPARE(modules->itemText(3), QStringLiteral("归一化层、MLP 激活"));
}

// A number box shows the row's unit after the number where the dock gives it no suffix of its
// own, and the row's word where a 0 stands for a rule ("no limit", not "0"), in either language.
void TestInputPanel::zerosAndUnitsReadAsWords() {
  cp::ui::ScenarioDocument document;  // the default scenario: DP derived, ETP auto, no node limit
  const auto spin = [](const InputPanel& panel, const char* key) {
    return qobject_cast<QAbstractSpinBox*>(panel.editor(QString::fromLatin1(key)));
  };
  {
    InputPanel panel(&document);
    QCOMPARE(spin(panel, "parallelism.etp")->text(), QStringLiteral("auto"));
    QCOMPARE(spin(panel, "parallelism.dp")->text(), QStringLiteral("auto (from the GPU count)"));
    QCOMPARE(spin(panel, "training.moe_max_nodes")->text(), QStringLiteral("no limit"));
    QCOMPARE(spin(panel, "training.nccl_buffsize")->text(), QStringLiteral("4,194,304 bytes"));
    // A count of one in the singular, and only a count of one (as loaded, and as edited).
    QCOMPARE(spin(panel, "training.global_batch")->text(), QStringLiteral("1,024 sequences"));
    QCOMPARE(spin(panel, "training.seq")->text(), QStringLiteral("2,048 tokens"));
    auto* micro = qobject_cast<QSpinBox*>(panel.editor(QStringLiteral("training.micro_batch")));
    QCOMPARE(micro->text(), QStringLiteral("1 sequence"));
    micro->setValue(2);
    QCOMPARE(micro->text(), QStringLiteral("2 sequences"));
    micro->setValue(1);
    QCOMPARE(micro->text(), QStringLiteral("1 sequence"));
    // Every box whose row words its 0 shows that word at 0, and only there.
    int worded = 0;
    for (const cp::FieldInfo& f : cp::kFields) {
      auto* box = qobject_cast<QAbstractSpinBox*>(editorOf(panel, f));
      if (!box || f.zero_word.empty()) continue;
      auto* whole = qobject_cast<QSpinBox*>(box);
      auto* real = qobject_cast<QDoubleSpinBox*>(box);
      if ((whole ? whole->minimum() : real->minimum()) != 0) continue;
      ++worded;
      QCOMPARE(whole ? whole->specialValueText() : real->specialValueText(), cp::ui::fieldZeroWord(f));
    }
    QCOMPARE(worded, 5);  // experts, token budget, DP, ETP, MoE node limit
  }
  // Typed, the word reads as the 0 it stands for.
  cp::Scenario s = document.scenario();
  s.training.moe_max_nodes = 4;
  document.reset(s);
  {
    InputPanel panel(&document);
    auto* limit = qobject_cast<QSpinBox*>(panel.editor(QStringLiteral("training.moe_max_nodes")));
    QCOMPARE(limit->text(), QStringLiteral("4 nodes"));
    limit->selectAll();
    QTest::keyClicks(limit, QStringLiteral("no limit"));
    QTest::keyClick(limit, Qt::Key_Return);
    QCOMPARE(document.scenario().training.moe_max_nodes, 0);
  }
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  InputPanel panel(&document);
  QCOMPARE(spin(panel, "parallelism.etp")->text(), QStringLiteral("自动"));
  QCOMPARE(spin(panel, "parallelism.dp")->text(), QStringLiteral("自动（按 GPU 数）"));
  QCOMPARE(spin(panel, "training.moe_max_nodes")->text(), QStringLiteral("不限"));
  QVERIFY(!spin(panel, "training.nccl_buffsize")->text().contains(QStringLiteral("bytes")));
}

// The scenario-file reader's file-level problems (not a regular file, too large,
// cannot be read, a JSON syntax error at a line and column) read in Chinese: their reasons and
// the words put into them (the JSON parser's, the system's) are translated; the path and what
// the parser read stay as they are.
void TestInputPanel::fileProblemsReadInChinese() {
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  for (std::string_view r : cp::kReadPhrases)
    QVERIFY2(cp::ui::engineText(r) != QString::fromUtf8(r.data(), qsizetype(r.size())), std::string(r).c_str());
  QTemporaryDir dir;
  const std::string fifo = dir.filePath(QStringLiteral("pipe.json")).toStdString();
  QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
  const cp::ImportResult pipe = cp::import_scenario_file(fifo);
  QCOMPARE(pipe.problems.size(), std::size_t(1));
  QCOMPARE(cp::ui::problemText(pipe.problems[0]), QString::fromStdString(fifo) + QStringLiteral("：是命名管道（FIFO），不是普通文件"));
  const std::string big = dir.filePath(QStringLiteral("big.json")).toStdString();
  {
    QFile f(QString::fromStdString(big));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(65) << 20));
  }
  QCOMPARE(cp::ui::problemMessage(cp::import_scenario_file(big).problems.at(0)),
           QStringLiteral("大小为 65.0 MiB，超过此类文件 64.0 MiB 的上限"));
  QCOMPARE(cp::ui::problemMessage(cp::import_scenario_file(dir.filePath(QStringLiteral("none.json")).toStdString()).problems.at(0)),
           QStringLiteral("无法读取：没有那个文件或目录"));
  // A JSON syntax error: the position and the parser's words in Chinese, its tokens as they are.
  const cp::ImportResult bad = cp::import_scenario_text("{\n  \"format\": \"x\",\n  \"name\": }");
  QCOMPARE(bad.problems.size(), std::size_t(1));
  QCOMPARE(cp::ui::problemText(bad.problems[0]),
           QStringLiteral("第 3 行第 11 列：不是有效的 JSON：解析值时出现语法错误 - 意外的'}'；应为“[”、“{”或字面量"));
  const cp::ImportResult key = cp::import_scenario_text("{x: 1}");
  QCOMPARE(cp::ui::problemText(key.problems.at(0)),
           QStringLiteral("第 1 行第 2 列：不是有效的 JSON：解析对象键时出现语法错误 - 无效的字面量；最后读到：“{x”；应为字符串"));
  const cp::ImportResult minus = cp::import_scenario_text("{\"a\": -x}");
  QCOMPARE(cp::ui::problemMessage(minus.problems.at(0)),
           QStringLiteral("不是有效的 JSON：解析值时出现语法错误 - 无效数字；“-”之后应为数字；最后读到：“-x”"));
  // In English nothing changed: the reader's own text.
  cleanup();
  QCOMPARE(cp::ui::problemText(bad.problems[0]), QString::fromStdString(bad.problems[0].text()));
  QCOMPARE(cp::ui::problemText(pipe.problems[0]), QString::fromStdString(pipe.problems[0].text()));
}

namespace {

QScrollArea* inputScroll(cp::ui::MainWindow& w) {
  auto* dock = w.findChild<QDockWidget*>(QStringLiteral("inputDock"));
  return dock ? qobject_cast<QScrollArea*>(dock->widget()) : nullptr;
}

}  // namespace

// On a 1366x768 laptop, with Assumptions open, every input lies inside the
// dock's width (nothing cut off at the right), and the dock scrolls to reach the last one.
void TestInputPanel::assumptionsOpenIsNotClipped() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  w.resize(1366, 768);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QScrollArea* scroll = inputScroll(w);
  QVERIFY(scroll);
  InputPanel* panel = w.inputPanel();
  panel->assumptionsSection()->setExpanded(true);
  QCoreApplication::processEvents();
  QTest::qWait(50);
  const int visibleWidth = scroll->viewport()->width();
  QVERIFY2(panel->width() <= visibleWidth || scroll->horizontalScrollBar()->isVisible(),
           qPrintable(QStringLiteral("panel %1 px in a %2 px dock").arg(panel->width()).arg(visibleWidth)));
  for (const cp::FieldInfo& f : cp::kFields) {
    QWidget* editor = editorOf(*panel, f);
    if (!editor || !editor->isVisibleTo(panel)) continue;
    const QPoint right = editor->mapTo(scroll->viewport(), QPoint(editor->width(), 0));
    QVERIFY2(right.x() <= visibleWidth,
             qPrintable(QStringLiteral("%1 ends at %2 px of %3").arg(keyText(f)).arg(right.x()).arg(visibleWidth)));
  }
  // Taller than the dock: it scrolls, and the last input can be scrolled to.
  QVERIFY(panel->height() > scroll->viewport()->height());
  QVERIFY(scroll->verticalScrollBar()->isVisible());
  QWidget* last = panel->editor(QStringLiteral("assumptions.restart_s"));
  scroll->ensureWidgetVisible(last);
  QCoreApplication::processEvents();
  const QPoint bottom = last->mapTo(scroll->viewport(), QPoint(0, last->height()));
  QVERIFY(bottom.y() <= scroll->viewport()->height());
}

// An error that disappears while the user is typing in the panel keeps its
// space until focus leaves the panel, so the field being typed in does not jump.
void TestInputPanel::vanishingErrorDoesNotMoveTheForm() {
  cp::ui::ScenarioDocument document;
  InputPanel panel(&document);
  panel.resize(380, 2400);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&panel));
  QWidget* typing = panel.editor(QStringLiteral("cluster.nodes"));
  typing->setFocus();
  settle();
  QCOMPARE(QApplication::focusWidget(), typing);
  // TP 3 does not divide the 64 heads: its error shows above the field being typed in.
  cp::Scenario s = document.scenario();
  s.parallel.tp = 3;
  document.reset(s);
  settle();
  auto* error = panel.findChild<QLabel*>(QStringLiteral("parallelism.tp.error"));
  QVERIFY(error->isVisible());
  const int y = typing->mapTo(&panel, QPoint(0, 0)).y();
  s.parallel.tp = 8;
  document.reset(s);
  settle();
  QVERIFY(!error->isVisible());
  QCOMPARE(typing->mapTo(&panel, QPoint(0, 0)).y(), y);
  // Focus leaves the panel: the space closes.
  typing->clearFocus();
  settle();
  QVERIFY2(typing->mapTo(&panel, QPoint(0, 0)).y() < y, "the space stayed after focus left");
}

// Scrolling the dock with the wheel went through every field that passed under the pointer: the
// spin boxes and combo boxes took the steps (TP 8 -> 1 at the default scenario, recomputed at
// once). Over a field the user is not editing the wheel scrolls the dock; with focus it steps.
void TestInputPanel::wheelScrollsThePanelNotTheField() {
  cp::ui::ScenarioDocument document;
  auto* panel = new InputPanel(&document);
  QScrollArea area;
  area.setWidgetResizable(true);
  area.setWidget(panel);
  area.resize(380, 400);
  area.show();
  QVERIFY(QTest::qWaitForWindowExposed(&area));
  area.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&area));
  settle();
  auto wheel = [](QWidget* w) {
    const QPointF at = QRectF(w->rect()).center();
    QWheelEvent down(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                     Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(w, &down);
    settle();
  };
  const cp::Scenario start = document.scenario();
  QScrollBar* bar = area.verticalScrollBar();
  QVERIFY(bar->maximum() > 0);
  for (const QString& key : {QStringLiteral("parallelism.tp"), QStringLiteral("training.precision")}) {
    QWidget* field = panel->editor(key);
    QVERIFY2(field, qPrintable(key));
    QVERIFY(!field->hasFocus());
    const int scrolled = bar->value();
    wheel(field);
    QVERIFY2(bar->value() > scrolled, qPrintable(key + ": the dock did not scroll"));
  }
  QCOMPARE(document.scenario().parallel.tp, start.parallel.tp);
  QCOMPARE(document.scenario().training.precision, start.training.precision);
  QCOMPARE(document.undoStack()->count(), 0);
  // The field being edited keeps the wheel.
  auto* tp = panel->editor(QStringLiteral("parallelism.tp"));
  tp->setFocus();
  settle();
  QVERIFY(tp->hasFocus());
  wheel(tp);
  QVERIFY(document.scenario().parallel.tp != start.parallel.tp);
}

QTEST_MAIN(TestInputPanel)
#include "tst_inputpanel.moc"
