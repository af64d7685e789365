// clusterplan: the workbench. Opens the main window on the last session's scenario (offering to
// restore unsaved edits after a crash), a scenario file given on the command line, or the
// built-in default scenario.
#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>
#include <cstdio>

#include "engine/scenario.h"
#include "ui/text/i18n.h"
#include "ui/library/librarydock.h"
#include "ui/window/mainwindow.h"
#include "ui/pages/plannerpage.h"
#include "ui/window/presentation.h"
#include "ui/window/settingsdialog.h"
#include "ui/theme.h"
#include "ui/text/units.h"

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
  QCommandLineOption page{QStringLiteral("page"),
                          QStringLiteral("The page to show first: plan (default), comparison, topology, compare (the "
                                         "scenario comparison), planner (the auto-planner), or library (the "
                                         "scenario library dock)."),
                          QStringLiteral("page")};
  QCommandLineOption quitAfter{QStringLiteral("quit-after"),
                               QStringLiteral("Quit MS milliseconds after the window is shown (smoke tests)."),
                               QStringLiteral("ms")};
  QCommandLineOption theme{QStringLiteral("theme"),
                           QStringLiteral("Theme: system, light or dark (default: the one chosen in the settings)."),
                           QStringLiteral("theme")};
  QCommandLineOption present{QStringLiteral("present"), QStringLiteral("Start in presentation mode.")};
  QCommandLineOption compare{QStringLiteral("compare"),
                             QStringLiteral("Compare these library scenarios side by side (2 to 4 ids, comma-separated)."),
                             QStringLiteral("ids")};
  CommandLine() {
    parser.setApplicationDescription(QStringLiteral("Plans GPU clusters for large-model distributed training."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(lang);
    parser.addOption(page);
    parser.addOption(quitAfter);
    parser.addOption(compare);
    parser.addOption(theme);
    parser.addOption(present);
    parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("A scenario JSON file to open."));
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
  const QString language = cli.parser.isSet(cli.lang) ? cli.parser.value(cli.lang) : cp::ui::savedLanguage();
  if (!cp::ui::installTranslations(app, language))
    std::fprintf(stderr, "clusterplan: no translation for language '%s' (available: %s); using English\n",
                 qPrintable(language), qPrintable(cp::ui::availableLanguages().join(QStringLiteral(", "))));

  cp::ui::loadUnits();
  cp::ui::Theme theme = cp::ui::savedTheme();
  if (cli.parser.isSet(cli.theme) && !cp::ui::themeFromId(cli.parser.value(cli.theme), theme)) {
    std::fprintf(stderr, "clusterplan: --theme is system, light or dark\n");
    return 2;
  }
  cp::ui::applyTheme(theme);

  cp::ui::MainWindow window;
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    window.resize(cp::ui::MainWindow::firstSize(screen->availableGeometry().size()));
  window.restoreSession();
  window.fitToScreen();
  QString openError;  // a file given on the command line (or by a file manager) that cannot be opened
  if (!cli.parser.positionalArguments().isEmpty()) {
    const QString path = cli.parser.positionalArguments().constFirst();
    if (!window.openFile(path, &openError))
      std::fprintf(stderr, "clusterplan: cannot open %s: %s\n", qPrintable(path), qPrintable(openError));
  }
  if (cli.parser.isSet(cli.page) && !window.showPage(cli.parser.value(cli.page))) {
    std::fprintf(stderr, "clusterplan: --page: unknown page '%s' (pages: %s)\n", qPrintable(cli.parser.value(cli.page)),
                 qPrintable(cp::ui::MainWindow::pageNames().join(QStringLiteral(", "))));
    return 2;
  }
  if (cli.parser.isSet(cli.compare)) {
    QList<qint64> ids;
    for (const QString& id : cli.parser.value(cli.compare).split(QLatin1Char(','), Qt::SkipEmptyParts)) ids << id.toLongLong();
    window.compareLibraryScenarios(ids);
  }
  window.show();
  // Said in the window too, as File > Open says it: started from a file manager there is no
  // terminal, and the default scenario would otherwise pass for the file's.
  if (!openError.isEmpty())
    QTimer::singleShot(0, &window, [&window, openError, path = cli.parser.positionalArguments().constFirst()] {
      window.showOpenError(path, openError);
    });
  if (cli.parser.isSet(cli.present)) {
    auto* presentation = new cp::ui::PresentationWindow(window.document(), window.comparisonPage(), &window);
    presentation->present();
  }
  if (cli.parser.isSet(cli.quitAfter)) {
    bool ok = false;
    const int ms = cli.parser.value(cli.quitAfter).toInt(&ok);
    if (!ok || ms < 0) {
      std::fprintf(stderr, "clusterplan: --quit-after needs a number of milliseconds\n");
      return 2;
    }
    QTimer::singleShot(ms, &app, &QCoreApplication::quit);
  }
  return QApplication::exec();
}
