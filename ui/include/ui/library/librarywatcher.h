// Watches a scenario library's files for writes made elsewhere: the command line's `scenario`
// commands, a second window, another program. SQLite in WAL mode writes a
// save to the "-wal" journal next to the library and later checkpoints it into the library
// file itself, so both are watched, and their folder too: the journal comes and goes (the last
// connection to close removes it) and a file replaced by a rename is a new file to watch.
// A burst of writes (one save touches the journal several times) is reported once, kDebounceMs
// after the last of them. What changed is not said: the dock re-reads the list.
#pragma once

#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace cp::ui {

class LibraryWatcher : public QObject {
  Q_OBJECT

 public:
  // Long enough to take one save's writes (journal, checkpoint: ~1-10 ms, bench_store) as one
  // change, short enough that the list follows a save elsewhere before the user looks.
  static constexpr int kDebounceMs = 250;

  explicit LibraryWatcher(QObject* parent = nullptr);

  // The library file to watch (its journal and folder with it); empty: none.
  void setPath(const QString& path);
  QString path() const { return path_; }
  // The files watched now (the library, and its journal while there is one).
  QStringList watchedFiles() const;

 Q_SIGNALS:
  void changed();  // once per burst of writes to the library or its journal

 private:
  void rewatch();
  void touched();
  QString stamp() const;  // the library's and the journal's sizes and times

  QFileSystemWatcher* watcher_;
  QTimer* debounce_;
  QString path_;
  QString stamp_;  // at the last report: a folder event that leaves it alone is another file's
};

}  // namespace cp::ui
