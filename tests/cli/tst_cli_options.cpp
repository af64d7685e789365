// The CLI's one option tokenizer (app/cli/options.h): words grouped into options and
// values, comma lists, the unknown-option message with the nearest option, each subcommand's
// help named in its own errors; and the options' bounds are the field table's (engine/fields.h).
#include <QtTest>

#include <cmath>
#include <cstdio>

#include "cli/estimate_args.h"
#include "cli/options.h"
#include "cli/plan_args.h"
#include "cli/sweep_args.h"
#include "cli_support.h"
#include "engine/fields.h"

using cp::cli::OptionWord;
using cp::test::runCli;

class TstCliOptions : public QObject {
  Q_OBJECT
 private slots:
  void grouping();
  void lists();
  void listsNameEveryBadItem_data();
  void listsNameEveryBadItem();
  void nearestOption();
  void unknownOptionNamesItsCommand();
  void boundsAreTheTable_data();
  void boundsAreTheTable();
  void helpComesFromTheTable();
};

void TstCliOptions::grouping() {
  const auto w = cp::cli::read_options({"--tp", "8", "--pp=2", "--vpp", "--cp", "-1", "stray", "-h", "--help=1", "--", "--dp"});
  QCOMPARE(w.size(), std::size_t(9));
  QVERIFY(w[0].is("tp") && w[0].has_value && w[0].value == "8");
  QCOMPARE(w[0].words, (std::vector<std::string>{"--tp", "8"}));
  QVERIFY(w[1].is("pp") && w[1].has_value && w[1].value == "2");
  QCOMPARE(w[1].words, (std::vector<std::string>{"--pp=2"}));
  QVERIFY(w[2].is("vpp") && !w[2].has_value);   // the next word is an option: no value
  QVERIFY(w[3].is("cp") && w[3].value == "-1");  // "-1" is a value, not an option
  QVERIFY(w[4].kind == OptionWord::Kind::Argument && w[4].value == "stray");
  QVERIFY(w[5].kind == OptionWord::Kind::Help);
  QVERIFY(w[6].is("help") && w[6].value == "1");  // an option named help, not a help request
  QVERIFY(w[7].kind == OptionWord::Kind::Argument && w[7].value == "--");
  QVERIFY(w[8].is("dp") && !w[8].has_value);  // at the end
  std::vector<std::string> out;
  for (const OptionWord& word : w) cp::cli::pass_on(word, out);
  QCOMPARE(out.size(), std::size_t(11));  // every word handed on, none lost
}

void TstCliOptions::lists() {
  std::vector<std::string> items;
  std::string why;
  QVERIFY(cp::cli::split_list("64,128", items, why));
  QCOMPARE(items, (std::vector<std::string>{"64", "128"}));
  QVERIFY(!cp::cli::split_list("", items, why));
  QCOMPARE(why, std::string("the list is empty"));
  QVERIFY(!cp::cli::split_list("8,,16", items, why));
  QCOMPARE(why, std::string("empty item in the list '8,,16'"));
  // The same list rules in plan and sweep (they had a copy each; plan let an empty item through
  // to a misleading "'' is not a GPU count").
  const cp::cli::PlanParseResult plan = cp::cli::parse_plan_args({"--gpus", "8,,16"});
  QCOMPARE(plan.errors.at(0), std::string("--gpus: empty item in the list '8,,16'"));
  const cp::cli::SweepParseResult sweep = cp::cli::parse_sweep_args({"--gpus", "8,,16"});
  QCOMPARE(sweep.errors.at(0), std::string("--gpus: empty item in the list '8,,16'"));
  const cp::cli::PlanParseResult range = cp::cli::parse_plan_args({"--gpus", "8-64,128"});
  QVERIFY(range.ok());
  QCOMPARE(range.args.gpus, std::vector<int>{128});
  QCOMPARE(range.args.gpu_ranges.size(), std::size_t(1));
}

// A list option names every refused item with its reason, in one line, not only the first, so
// that one run shows every mistake; the good items are not named; the exit code stays 2 (usage
// error) with nothing on stdout.
void TstCliOptions::listsNameEveryBadItem_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("head");         // the line starts with it
  QTest::addColumn<QStringList>("reasons");  // each in the line, in this order
  QTest::addColumn<QStringList>("good");     // items that must not be named
  QTest::newRow("sweep --gpus") << QStringList{"sweep", "--gpus", "16,abc,0"}
                                << "--gpus: 2 of 3 items are refused: "
                                << QStringList{"'abc' is not a whole number", "must be at least 1, got 0"}
                                << QStringList{"16"};
  QTest::newRow("sweep --gpus huge") << QStringList{"sweep", "--gpus", "99999999999,8,-4,x"}
                                     << "--gpus: 3 of 4 items are refused: "
                                     << QStringList{"'99999999999' is out of range", "must be at least 1, got -4",
                                                    "'x' is not a whole number"}
                                     << QStringList{"8"};
  QTest::newRow("sweep --fabric") << QStringList{"sweep", "--fabric", "eth,ib-ndr,pigeon"}
                                  << "--fabric: 2 of 3 items are refused: "
                                  << QStringList{"unknown fabric 'eth'", "unknown fabric 'pigeon'"}
                                  << QStringList{"ib-ndr"};
  QTest::newRow("sweep --vary") << QStringList{"sweep", "--vary", "tp=x,4,0"}
                                << "--vary: 2 of 3 items are refused: "
                                << QStringList{"tp=x: 'x' is not a whole number", "tp=0: must be at least 1, got 0"}
                                << QStringList{"tp=4"};
  QTest::newRow("sweep knob") << QStringList{"sweep", "--layout", "best", "--zero", "1,4,z"}
                              << "--zero: 2 of 3 items are refused: " << QStringList{"'4'", "'z'"}
                              << QStringList{"'1'"};
  QTest::newRow("plan --gpus") << QStringList{"plan", "--gpus", "abc,8,64-16,0"}
                               << "--gpus: 3 of 4 items are refused: "
                               << QStringList{"'abc' is not a GPU count", "'64-16' is not a range A-B",
                                              "'0' is not a GPU count"}
                               << QStringList{"'8'"};
  QTest::newRow("plan --fabric") << QStringList{"plan", "--fabric", "ib-hdr,x,y"}
                                 << "--fabric: 2 of 3 items are refused: "
                                 << QStringList{"unknown fabric 'x'", "unknown fabric 'y'"} << QStringList{"ib-hdr"};
  QTest::newRow("plan --tp") << QStringList{"plan", "--tp", "0,2,two"} << "--tp: 2 of 3 items are refused: "
                             << QStringList{"must be at least 1, got 0", "'two' is not a whole number"}
                             << QStringList{"got 2", "'2'"};
  QTest::newRow("plan --micro-batch") << QStringList{"plan", "--micro-batch", "1.5,-1"}
                                      << "--micro-batch: 2 of 2 items are refused: "
                                      << QStringList{"1.5", "got -1"} << QStringList{};
}

void TstCliOptions::listsNameEveryBadItem() {
  QFETCH(QStringList, args);
  QFETCH(QString, head);
  QFETCH(QStringList, reasons);
  QFETCH(QStringList, good);
  const cp::test::CliResult r = runCli(args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  // One line for the option, whatever else the command says.
  const QStringList lines = QString::fromStdString(r.err).split('\n', Qt::SkipEmptyParts);
  const QStringList mine = lines.filter(QRegularExpression("^" + QRegularExpression::escape(head.section(':', 0, 0)) + ":"));
  QVERIFY2(mine.size() == 1, r.err.c_str());
  const QString& line = mine.front();
  QVERIFY2(line.startsWith(head), qPrintable(line));
  qsizetype from = head.size();
  for (const QString& reason : reasons) {
    const qsizetype at = line.indexOf(reason, from);
    QVERIFY2(at >= 0, qPrintable(reason + " not (in order) in: " + line));
    from = at + reason.size();
  }
  for (const QString& item : good) QVERIFY2(!line.contains(item), qPrintable(item + " named in: " + line));
  // One refused item keeps the message it always had: "--OPTION: REASON".
  const cp::test::CliResult one = runCli({args.at(0), "--gpus", "8,abc"});
  QVERIFY2(QString::fromStdString(one.err).contains("--gpus: 'abc' is not a"), one.err.c_str());
  QVERIFY(!QString::fromStdString(one.err).contains("items are refused"));
}

void TstCliOptions::nearestOption() {
  const std::vector<std::string_view> known{"tp", "pp", "micro-batch", "global-batch", "vary", "objective"};
  QCOMPARE(cp::cli::nearest_option("tpp", known), std::string("tp"));
  QCOMPARE(cp::cli::nearest_option("micro-bach", known), std::string("micro-batch"));
  QCOMPARE(cp::cli::nearest_option("vray", known), std::string("vary"));  // two letters swapped
  QCOMPARE(cp::cli::nearest_option("bogus", known), std::string());
  QCOMPARE(cp::cli::nearest_option("x", known), std::string());  // one letter is no evidence
}

void TstCliOptions::unknownOptionNamesItsCommand() {
  const cp::cli::ParseResult e = cp::cli::parse_estimate_args({"--micro-bach", "2"});
  QCOMPARE(e.errors.at(0),
           std::string("--micro-bach: unknown option (see 'clusterplan-cli estimate --help'); did you mean --micro-batch?"));
  const cp::cli::ParseResult bogus = cp::cli::parse_estimate_args({"--bogus", "2"});
  QCOMPARE(bogus.errors.at(0), std::string("--bogus: unknown option (see 'clusterplan-cli estimate --help')"));
  // plan and sweep: their own help, and their own options among the suggestions.
  const cp::cli::PlanParseResult plan = cp::cli::parse_plan_args({"--objectiv", "cost"});
  QCOMPARE(plan.errors.at(0),
           std::string("--objectiv: unknown option (see 'clusterplan-cli plan --help'); did you mean --objective?"));
  const cp::cli::SweepParseResult sweep = cp::cli::parse_sweep_args({"--vray", "tp=1,2"});
  QCOMPARE(sweep.errors.at(0),
           std::string("--vray: unknown option (see 'clusterplan-cli sweep --help'); did you mean --vary?"));
  // The whole command line, with the message on stderr.
  const cp::test::CliResult r = runCli({"estimate", "--tpp", "4"});
  QCOMPARE(r.code, 2);
  QVERIFY2(r.err.find("did you mean --tp?") != std::string::npos, r.err.c_str());
}

void TstCliOptions::boundsAreTheTable_data() {
  QTest::addColumn<QString>("flag");
  for (const char* flag : {"seq", "micro-batch", "tp", "vpp", "nodes", "nics-per-node", "oversubscription", "tokens",
                           "pue", "gpu-power-factor", "vat", "exchange-rate", "failure-rate", "amortisation-years"})
    QTest::newRow(flag) << QString(flag);
}

// Below, at and above each bound of the option's row, `estimate` refuses the value with a
// message naming the option (or its field) exactly when the table does.
void TstCliOptions::boundsAreTheTable() {
  QFETCH(QString, flag);
  const cp::FieldInfo* f = cp::find_field_by_flag(flag.toStdString());
  QVERIFY(f && f->bounded());
  const bool whole = f->kind == cp::FieldKind::Count;
  // The nearest whole number, or a billionth apart (as typed: no denormals, which text refuses).
  auto step = [&](double v) { return whole ? 1.0 : (v == 0 ? 1e-9 : std::abs(v) * 1e-9); };
  auto below = [&](double v) { return v - step(v); };
  auto above = [&](double v) { return v + step(v); };
  auto refused = [&](double v) {
    char text[64];
    std::snprintf(text, sizeof text, whole ? "%.0f" : "%.17g", v);
    const cp::test::CliResult r = runCli({"estimate", "--" + flag, text});
    const std::string option = "--" + flag.toStdString() + ": must be", key = std::string(f->key) + ": must be";
    return r.err.find(option) != std::string::npos || r.err.find(key) != std::string::npos;
  };
  for (const double v : {below(f->min), f->min, above(f->min), below(f->max), f->max, above(f->max)}) {
    if (f->flag == "failure-rate" && v > 0 && v < 1e-12) continue;  // 0 or from 1e-12 (validate.cpp)
    if (f->flag == "tokens" && v > 0 && v < 1) continue;              // 0 or from 1 (validate.cpp)
    QVERIFY2(refused(v) == !f->admits(v), (flag.toStdString() + " " + cp::bound_text(v)).c_str());
  }
}

void TstCliOptions::helpComesFromTheTable() {
  const cp::test::CliResult r = runCli({"estimate", "--help"});
  QCOMPARE(r.code, 0);
  // The help as one line: the wrapping undone.
  std::string flat;
  for (std::size_t i = 0; i < r.out.size(); ++i) {
    if (r.out[i] == '\n') {
      while (i + 1 < r.out.size() && r.out[i + 1] == ' ') ++i;
      flat += ' ';
    } else {
      flat += r.out[i];
    }
  }
  // The row's help sentence and its bounds, then what the CLI adds.
  for (const char* flag : {"tp", "vpp", "zero", "oversubscription", "failure-rate", "nics-per-node"}) {
    const cp::FieldInfo* f = cp::find_field_by_flag(flag);
    const std::string first_words(f->help.substr(0, f->help.find(' ', 20)));
    QVERIFY2(flat.find(first_words) != std::string::npos, flag);
  }
  QVERIFY2(flat.find("inside one node. From 1 to 65536 GPUs.") != std::string::npos, flat.c_str());
  QVERIFY2(flat.find("(usually one per GPU). From 1 to 64 NICs. Default 8.") != std::string::npos, flat.c_str());
  QVERIFY2(flat.find("fraction of its TDP. Above 0 to 1.5 of TDP. Default 0.75.") != std::string::npos, flat.c_str());
  // Wrapped: no line of the help is wider than 100 columns.
  std::size_t start = 0;
  while (start < r.out.size()) {
    const std::size_t end = r.out.find('\n', start);
    const std::string line = r.out.substr(start, end - start);
    QVERIFY2(line.size() <= 100 || line.find(' ', 40) == std::string::npos, line.c_str());
    start = end == std::string::npos ? r.out.size() : end + 1;
  }
}

QTEST_APPLESS_MAIN(TstCliOptions)
#include "tst_cli_options.moc"
