// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ProgressRow: the bar and status line of a dialog's transfer, fed by a
// LatestJob's progress, and the Close button that is Cancel while the job runs.
#include "common/progressrow.h"
#include "jobs/latestjob.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;

class TestProgressRow final : public QObject {
    Q_OBJECT

private slots:
    void progressShowsBytesAndWhat();
    void closeIsCancelWhileTheJobRuns();
};

void TestProgressRow::progressShowsBytesAndWhat()
{
    studio::ProgressRow row(u"t"_s);
    QCOMPARE(row.bar()->objectName(), u"tProgress"_s);
    QVERIFY(row.findChild<QLabel *>(u"tStatus"_s));
    QVERIFY(!row.bar()->isTextVisible()); // no "0%" before anything started
    row.begin(u"Starting"_s);
    QCOMPARE(row.bar()->value(), 0);
    QVERIFY(row.bar()->isTextVisible());
    QCOMPARE(row.status(), u"Starting"_s);
    auto progress = row.progress();
    progress(10, 0, u"x"_s); // total unknown: nothing changes
    QCOMPARE(row.status(), u"Starting"_s);
    progress(250, 1000, u"blob"_s);
    QCOMPARE(row.bar()->value(), 250);
    const QLocale locale;
    QCOMPARE(row.status(), locale.formattedDataSize(250) + u" of "_s + locale.formattedDataSize(1000) + u" — blob"_s);
    progress(1000, 1000, QString());
    QCOMPARE(row.status(), locale.formattedDataSize(1000) + u" of "_s + locale.formattedDataSize(1000));
    row.complete(u"Done"_s);
    QCOMPARE(row.bar()->value(), row.bar()->maximum());
    QCOMPARE(row.status(), u"Done"_s);
}

void TestProgressRow::closeIsCancelWhileTheJobRuns()
{
    QDialog dialog;
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    auto *row = new studio::ProgressRow(u"t"_s, &dialog);
    studio::LatestJob jobs;
    row->follow(&jobs, u"k"_s, &dialog, buttons);
    QPushButton *close = buttons->button(QDialogButtonBox::Close);
    QCOMPARE(close->text(), u"Close"_s);

    // A job that runs until it is asked to stop, then reports that it stopped.
    bool delivered = false;
    jobs.start(
        u"k"_s,
        [](carton::Progress &progress) {
            while (!progress.isCancelled())
                QThread::msleep(1);
            return true;
        },
        [&delivered](bool) { delivered = true; }, row->progress());
    QCOMPARE(close->text(), u"Cancel"_s);
    QSignalSpy rejected(&dialog, &QDialog::rejected);
    close->click(); // asks the job to stop; the dialog stays
    QCOMPARE(row->status(), u"Cancelling…"_s);
    QCOMPARE(rejected.count(), 0);
    QTRY_VERIFY(delivered); // interrupted, not dropped: its result still comes
    QCOMPARE(close->text(), u"Close"_s);
    close->click(); // nothing runs: Close closes
    QCOMPARE(rejected.count(), 1);
}

QTEST_MAIN(TestProgressRow)
#include "tst_progressrow.moc"
