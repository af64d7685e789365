// clusterplan: the workbench. Opens the main window on the built-in default scenario.
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

#include "core/scenario.h"
#include "ui/i18n.h"
#include "ui/mainwindow.h"

namespace {

void setApplicationNames() {
  QCoreApplication::setApplicationName(QStringLiteral("clusterplan"));
  QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERPLAN_VERSION));
  QCoreApplication::setOrganizationName(QStringLiteral("clusterplan"));
}

struct CommandLine {
  QCommandLineParser parser;
  QCommandLineOption lang{QStringLiteral("lang"),
                          QStringLiteral("User-interface language: %1 (default: the system's, from LANGUAGE, "
                                         "LC_ALL, LC_MESSAGES or LANG).")
                              .arg(cp::ui::availableLanguages().join(QStringLiteral(", "))),
                          QStringLiteral("language")};
  CommandLine() {
    parser.setApplicationDescription(QStringLiteral("Plans GPU clusters for large-model distributed training."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(lang);
  }
};

// --help and --version print and exit before any window system is needed, so they work without
// a display. Everything else is parsed by the QApplication, which first removes Qt's own options
// (-platform, -style, ...).
bool asksForHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const QByteArray arg(argv[i]);
    if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" || arg == "--version")
      return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (asksForHelpOrVersion(argc, argv)) {
    QCoreApplication app(argc, argv);
    setApplicationNames();
    CommandLine().parser.process(app);  // prints and exits
  }

  QApplication app(argc, argv);
  setApplicationNames();
  CommandLine cli;
  cli.parser.process(app);
  const QString language = cli.parser.value(cli.lang);
  if (!cp::ui::installTranslations(app, language))
    std::fprintf(stderr, "clusterplan: no translation for language '%s' (available: %s); using English\n",
                 qPrintable(language), qPrintable(cp::ui::availableLanguages().join(QStringLiteral(", "))));

  cp::ui::MainWindow window;
  window.setScenario(cp::default_scenario());
  window.resize(1400, 900);
  window.show();
  return app.exec();
}
