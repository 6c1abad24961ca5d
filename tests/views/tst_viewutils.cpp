// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The GUI's humanSize: the core's wording with the locale's decimal separator.

#include "base/humansize.h"
#include "common/viewutils.h"

#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;

class TestViewUtils final : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale::c()); }

    void humanSizeFollowsTheLocale_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        const QLocale c = QLocale::c();
        const QLocale german(QLocale::German, QLocale::Germany);
        QTest::newRow("C 1.5 MiB") << c << (qint64(3) << 19) << u"1.5 MiB"_s;
        QTest::newRow("de 1.5 MiB") << german << (qint64(3) << 19) << u"1,5 MiB"_s;
        QTest::newRow("de bytes") << german << qint64(1023) << u"1023 B"_s;
        QTest::newRow("de zero") << german << qint64(0) << u"0 B"_s;
        QTest::newRow("unknown") << german << qint64(-1) << u"—"_s;
    }
    void humanSizeFollowsTheLocale()
    {
        QFETCH(QLocale, locale);
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QLocale::setDefault(locale);
        QCOMPARE(studio::humanSize(bytes), text);
        // The same figure as the CLI's, separator aside.
        if (bytes >= 0)
            QCOMPARE(studio::humanSize(bytes).replace(locale.decimalPoint(), u"."_s), carton::humanSize(bytes));
    }
};

QTEST_MAIN(TestViewUtils)
#include "tst_viewutils.moc"
