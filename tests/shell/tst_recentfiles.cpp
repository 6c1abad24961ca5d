// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "shell/recentfiles.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using studio::RecentFiles;

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void init();
    void addOrders_data();
    void addOrders();
    void capsAtMax();
    void prunesMissing();
    void persists();
    void removeAndClear();

private:
    QString makeFile(const QString &name);
    std::unique_ptr<QTemporaryDir> m_dir;
};

QString TestRecentFiles::makeFile(const QString &name)
{
    const QString path = m_dir->filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot create %s", qPrintable(path));
    f.write("x");
    return path;
}

void TestRecentFiles::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestRecentFiles::addOrders_data()
{
    QTest::addColumn<QStringList>("added");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("one") << QStringList{u"a"_s} << QStringList{u"a"_s};
    QTest::newRow("newest first") << QStringList{u"a"_s, u"b"_s, u"c"_s} << QStringList{u"c"_s, u"b"_s, u"a"_s};
    QTest::newRow("re-add moves to front") << QStringList{u"a"_s, u"b"_s, u"a"_s} << QStringList{u"a"_s, u"b"_s};
    QTest::newRow("unicode") << QStringList{u"модель.carton"_s, u"b"_s} << QStringList{u"b"_s, u"модель.carton"_s};
}

void TestRecentFiles::addOrders()
{
    QFETCH(QStringList, added);
    QFETCH(QStringList, expected);
    QSettings settings(m_dir->filePath(u"s.ini"_s), QSettings::IniFormat);
    RecentFiles recent(&settings);
    QSignalSpy changed(&recent, &RecentFiles::changed);
    for (const QString &name : added)
        recent.add(makeFile(name));
    QCOMPARE(changed.count(), added.size());
    QStringList want;
    for (const QString &name : expected)
        want << m_dir->filePath(name);
    QCOMPARE(recent.files(), want);
}

void TestRecentFiles::capsAtMax()
{
    QSettings settings(m_dir->filePath(u"s.ini"_s), QSettings::IniFormat);
    RecentFiles recent(&settings);
    for (int i = 0; i < RecentFiles::MaxCount + 5; ++i)
        recent.add(makeFile(QStringLiteral("f%1.carton").arg(i)));
    const QStringList files = recent.files();
    QCOMPARE(files.size(), RecentFiles::MaxCount);
    QCOMPARE(files.first(), m_dir->filePath(QStringLiteral("f%1.carton").arg(RecentFiles::MaxCount + 4)));
    QCOMPARE(files.last(), m_dir->filePath(u"f5.carton"_s));
}

void TestRecentFiles::prunesMissing()
{
    QSettings settings(m_dir->filePath(u"s.ini"_s), QSettings::IniFormat);
    RecentFiles recent(&settings);
    const QString kept = makeFile(u"kept.carton"_s);
    const QString gone = makeFile(u"gone.carton"_s);
    recent.add(kept);
    recent.add(gone);
    QCOMPARE(recent.files().size(), 2);
    QVERIFY(QFile::remove(gone));
    QCOMPARE(recent.files(), QStringList{kept});
    // Pruned in the settings too.
    QCOMPARE(settings.value(u"recentFiles"_s).toStringList(), QStringList{kept});
}

void TestRecentFiles::persists()
{
    const QString ini = m_dir->filePath(u"s.ini"_s);
    const QString a = makeFile(u"a.carton"_s);
    const QString b = makeFile(u"b.carton"_s);
    {
        QSettings settings(ini, QSettings::IniFormat);
        RecentFiles recent(&settings);
        recent.add(a);
        recent.add(b);
    }
    QSettings settings(ini, QSettings::IniFormat);
    RecentFiles recent(&settings);
    QCOMPARE(recent.files(), (QStringList{b, a}));
}

void TestRecentFiles::removeAndClear()
{
    QSettings settings(m_dir->filePath(u"s.ini"_s), QSettings::IniFormat);
    RecentFiles recent(&settings);
    const QString a = makeFile(u"a.carton"_s);
    const QString b = makeFile(u"b.carton"_s);
    recent.add(a);
    recent.add(b);
    recent.remove(a);
    QCOMPARE(recent.files(), QStringList{b});
    QSignalSpy changed(&recent, &RecentFiles::changed);
    recent.remove(a); // not there: no signal
    QCOMPARE(changed.count(), 0);
    recent.clear();
    QCOMPARE(changed.count(), 1);
    QVERIFY(recent.files().isEmpty());
}

QTEST_GUILESS_MAIN(TestRecentFiles)
#include "tst_recentfiles.moc"
