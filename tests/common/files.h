// Test helpers: whole files in and out, and a folder's entries (hidden ones too), for the suites
// that check what is on disk after a write (io, store, cli, ui).
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QtTest>

namespace cp::test {

// The file's bytes; "<unreadable>" when it cannot be read (never equal to real content).
inline QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// Writes the file whole; a failure fails the calling test (check QTest::currentTestFailed()).
inline void writeAll(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  QCOMPARE(f.write(bytes), bytes.size());
}

// Every entry of the folder, hidden ones included, by name.
inline QStringList entries(const QString& dir) {
  return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

}  // namespace cp::test
