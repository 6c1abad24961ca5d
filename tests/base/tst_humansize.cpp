// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/humansize.h"

#include <QLocale>
#include <QTest>
#include <limits>

using namespace carton;
using namespace Qt::StringLiterals;

class TestHumanSize final : public QObject {
    Q_OBJECT

private slots:
    void sizes_data();
    void sizes();
    void localeIndependent();
    void withLocale_data();
    void withLocale();
};

void TestHumanSize::sizes_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << u"0 B"_s;
    QTest::newRow("one") << qint64(1) << u"1 B"_s;
    QTest::newRow("1023") << qint64(1023) << u"1023 B"_s;
    QTest::newRow("1024") << qint64(1024) << u"1.0 KiB"_s;
    QTest::newRow("1536") << qint64(1536) << u"1.5 KiB"_s;
    QTest::newRow("1.5 MiB") << (qint64(3) << 19) << u"1.5 MiB"_s;
    QTest::newRow("just under 1 MiB") << qint64(1048575) << u"1.0 MiB"_s;
    QTest::newRow("1023.9 KiB stays") << qint64(1023 * 1024 + 921) << u"1023.9 KiB"_s;
    QTest::newRow("rounds half up") << qint64(1024 + 52) << u"1.1 KiB"_s; // 1.0508 KiB
    QTest::newRow("2.5 GiB") << (qint64(5) << 29) << u"2.5 GiB"_s;
    QTest::newRow("1 TiB") << (qint64(1) << 40) << u"1.0 TiB"_s;
    QTest::newRow("3 PiB") << (qint64(3) << 50) << u"3.0 PiB"_s;
    QTest::newRow("huge") << std::numeric_limits<qint64>::max() << u"8.0 EiB"_s;
    QTest::newRow("negative bytes") << qint64(-5) << u"-5 B"_s;
    QTest::newRow("negative KiB") << qint64(-1536) << u"-1.5 KiB"_s;
    QTest::newRow("most negative") << std::numeric_limits<qint64>::min() << u"-8.0 EiB"_s;
}

void TestHumanSize::sizes()
{
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(humanSize(bytes), text);
}

// The CLI's output does not depend on the user's locale.
void TestHumanSize::localeIndependent()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const QString text = humanSize(1536);
    QLocale::setDefault(before);
    QCOMPARE(text, u"1.5 KiB"_s);
}

void TestHumanSize::withLocale_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("text");
    const QLocale german(QLocale::German, QLocale::Germany);
    QTest::newRow("C") << QLocale::c() << qint64(314572800) << u"300.0 MiB"_s;
    QTest::newRow("de 300 MiB") << german << qint64(314572800) << u"300,0 MiB"_s; // not "314,6 MB"
    QTest::newRow("de bytes") << german << qint64(1000) << u"1000 B"_s;
    QTest::newRow("de negative") << german << qint64(-1536) << u"-1,5 KiB"_s;
}

// The GUI's form: the same figure, the locale's decimal separator.
void TestHumanSize::withLocale()
{
    QFETCH(QLocale, locale);
    QFETCH(qint64, bytes);
    QFETCH(QString, text);
    QCOMPARE(humanSize(bytes, locale), text);
}

QTEST_GUILESS_MAIN(TestHumanSize)
#include "tst_humansize.moc"
