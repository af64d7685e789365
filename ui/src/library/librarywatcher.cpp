#include "ui/library/librarywatcher.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace cp::ui {
namespace {

QString journalOf(const QString& path) { return path + QStringLiteral("-wal"); }

QString stampOf(const QString& file) {
  const QFileInfo info(file);
  if (!info.exists()) return QStringLiteral("-");
  return QString::number(info.size()) + QLatin1Char('@') +
         QString::number(info.lastModified().toMSecsSinceEpoch()) + QLatin1Char('#') +
         QString::number(info.birthTime().toMSecsSinceEpoch());
}

}  // namespace

LibraryWatcher::LibraryWatcher(QObject* parent)
    : QObject(parent), watcher_(new QFileSystemWatcher(this)), debounce_(new QTimer(this)) {
  debounce_->setSingleShot(true);
  debounce_->setInterval(kDebounceMs);
  connect(debounce_, &QTimer::timeout, this, [this] {
    stamp_ = stamp();
    Q_EMIT changed();
  });
  connect(watcher_, &QFileSystemWatcher::fileChanged, this, [this] {
    rewatch();  // a file removed or replaced is no longer watched
    debounce_->start();
  });
  connect(watcher_, &QFileSystemWatcher::directoryChanged, this, &LibraryWatcher::touched);
}

void LibraryWatcher::setPath(const QString& path) {
  debounce_->stop();
  if (const QStringList files = watcher_->files(); !files.isEmpty()) watcher_->removePaths(files);
  if (const QStringList dirs = watcher_->directories(); !dirs.isEmpty()) watcher_->removePaths(dirs);
  path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
  if (path_.isEmpty()) return;
  watcher_->addPath(QFileInfo(path_).absolutePath());
  rewatch();
  stamp_ = stamp();
}

QStringList LibraryWatcher::watchedFiles() const { return watcher_->files(); }

void LibraryWatcher::rewatch() {
  if (path_.isEmpty()) return;
  const QStringList watched = watcher_->files();
  for (const QString& file : {path_, journalOf(path_)})
    if (!watched.contains(file) && QFileInfo::exists(file)) watcher_->addPath(file);
}

void LibraryWatcher::touched() {
  // Something in the library's folder was created, removed or renamed: the journal appearing
  // or going, the library replaced; or another file, which is not a change of the library.
  rewatch();
  if (stamp() != stamp_) debounce_->start();
}

QString LibraryWatcher::stamp() const {
  return stampOf(path_) + QLatin1Char('|') + stampOf(journalOf(path_));
}

}  // namespace cp::ui
