// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// DiskWatcher: a carton replaced by a rename, written in place, or deleted is
// reported once it is quiet; watching another path moves the watch.
#include "document/diskwatcher.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace studio;
using namespace Qt::StringLiterals;

class TestDiskWatcher : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath(u"a.carton"_s);
        QVERIFY(testutil::writeFile(m_file, QByteArrayLiteral("first")));
    }

    void replacedByARenameIsAChange()
    {
        DiskWatcher watcher;
        watcher.setQuietPeriod(50);
        watcher.watch(m_file);
        QVERIFY(watcher.isWatching());
        QSignalSpy changed(&watcher, &DiskWatcher::changed);
        QSignalSpy removed(&watcher, &DiskWatcher::removed);
        const QString temp = m_dir.filePath(u"a.carton.part"_s);
        QVERIFY(testutil::writeFile(temp, QByteArrayLiteral("second, longer")));
        QVERIFY(QFile::remove(m_file));
        QVERIFY(QFile::rename(temp, m_file));
        QVERIFY(changed.wait(5000));
        QCOMPARE(removed.count(), 0);
        // The new inode is watched: a second write is seen too.
        QVERIFY(testutil::writeFile(m_file, QByteArrayLiteral("third, longer still")));
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.count(), 2);
    }

    void deletedIsRemoved()
    {
        DiskWatcher watcher;
        watcher.setQuietPeriod(50);
        watcher.watch(m_file);
        QSignalSpy changed(&watcher, &DiskWatcher::changed);
        QSignalSpy removed(&watcher, &DiskWatcher::removed);
        QVERIFY(QFile::remove(m_file));
        QVERIFY(removed.wait(5000));
        QCOMPARE(changed.count(), 0);
    }

    void watchingAnotherPathMovesTheWatch()
    {
        const QString other = m_dir.filePath(u"sub/b.carton"_s);
        QVERIFY(testutil::writeFile(other, QByteArrayLiteral("b")));
        DiskWatcher watcher;
        watcher.setQuietPeriod(50);
        watcher.watch(m_file);
        watcher.watch(other); // after Save As
        QCOMPARE(watcher.path(), other);
        QSignalSpy changed(&watcher, &DiskWatcher::changed);
        QSignalSpy removed(&watcher, &DiskWatcher::removed);
        // The old file going away is not this watcher's business any more; the
        // new one changing is, and it is the only signal.
        QVERIFY(QFile::remove(m_file));
        QVERIFY(testutil::writeFile(other, QByteArrayLiteral("b, changed")));
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(removed.count(), 0);

        watcher.watch(QString());
        QVERIFY(!watcher.isWatching());
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
};

QTEST_GUILESS_MAIN(TestDiskWatcher)
#include "tst_diskwatcher.moc"
