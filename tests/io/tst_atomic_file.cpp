// write_file_atomically: a new file gets the mode any new file gets (0666 less the umask), an
// existing one keeps its mode, and the process umask is never touched: umask(2) can only be read
// by setting it, and setting it to 0 for a moment gives files that other threads create in that
// moment mode 0666. This executable defines umask() itself, so every call made from
// the io library lands here and is counted.
#include <QtTest>

#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <string>

#include "common/files.h"
#include "io/atomic_file.h"

namespace {
std::atomic<int> umask_calls{0};
}  // namespace

extern "C" mode_t umask(mode_t mask) noexcept {
  ++umask_calls;
  return mode_t(::syscall(SYS_umask, mask));
}

namespace {

mode_t set_umask(mode_t mask) { return mode_t(::syscall(SYS_umask, mask)); }  // not counted

unsigned mode_of(const QString& path) {
  struct stat st {};
  if (::stat(path.toLocal8Bit().constData(), &st) != 0) return 07777 + 1;
  return st.st_mode & 07777;
}

using cp::test::entries;

}  // namespace

class TstAtomicFile : public QObject {
  Q_OBJECT
 private slots:
  void init() { umask_calls = 0; }

  void newFileFollowsTheUmask_data() {
    QTest::addColumn<unsigned>("mask");
    QTest::addColumn<unsigned>("mode");
    QTest::newRow("022") << 022u << 0644u;
    QTest::newRow("027") << 027u << 0640u;
    QTest::newRow("077") << 077u << 0600u;
    QTest::newRow("002") << 002u << 0664u;
  }
  void newFileFollowsTheUmask() {
    QFETCH(unsigned, mask);
    QFETCH(unsigned, mode);
    QTemporaryDir dir;
    const QString path = dir.filePath("plan.json");
    const mode_t before = set_umask(mask);
    std::string error;
    const bool ok = cp::write_file_atomically(path.toStdString(), "{}\n", error);
    const mode_t after = set_umask(before);
    QVERIFY2(ok, error.c_str());
    QCOMPARE(unsigned(after), mask);  // the umask is what it was
    QCOMPARE(umask_calls.load(), 0);  // and was never set, not even for a moment
    QCOMPARE(mode_of(path), mode);
    QCOMPARE(entries(dir.path()), QStringList{"plan.json"});
  }

  void existingFileKeepsItsMode() {
    QTemporaryDir dir;
    const QString path = dir.filePath("plan.json");
    std::string error;
    QVERIFY2(cp::write_file_atomically(path.toStdString(), "old\n", error), error.c_str());
    QVERIFY(::chmod(path.toLocal8Bit().constData(), 0604) == 0);
    QVERIFY2(cp::write_file_atomically(path.toStdString(), "new content\n", error), error.c_str());
    QCOMPARE(mode_of(path), 0604u);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("new content\n"));
    QCOMPARE(umask_calls.load(), 0);
    QCOMPARE(entries(dir.path()), QStringList{"plan.json"});
  }

  // Many writes into one directory: every temporary name is fresh (O_EXCL) and none is left.
  void manyWritesLeaveOneFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("plan.json");
    for (int i = 0; i < 50; ++i) {
      std::string error;
      QVERIFY2(cp::write_file_atomically(path.toStdString(), std::to_string(i), error), error.c_str());
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("49"));
    QCOMPARE(entries(dir.path()), QStringList{"plan.json"});
  }
};

QTEST_GUILESS_MAIN(TstAtomicFile)
#include "tst_atomic_file.moc"
