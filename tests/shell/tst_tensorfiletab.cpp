// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A standalone .safetensors / .npy opens as a read-only tensor browser tab
// (command line and File ▸ Open go through openPath, drops too).
#include "document/verificationrunner.h"
#include "jobs/jobpools.h"
#include "shell/mainwindow.h"
#include "shell/windowdroptarget.h"
#include "shelltestutil.h"
#include "tensors/tensorfilepage.h"
#include "tensorviewer/tensorfilebrowser.h"
#include "tensorviewer/tensorfilemodel.h"
#include "testutil.h"

#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QtEndian>

using namespace Qt::StringLiterals;
using studio::MainWindow;
using studio::TensorFilePage;

namespace {

// One F32 [3] tensor "w" = 1, 2, 3 and no metadata.
QByteArray makeSafetensors()
{
    QByteArray buffer;
    for (float v : {1.0f, 2.0f, 3.0f})
        buffer.append(reinterpret_cast<const char *>(&v), 4);
    return testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[3],"data_offsets":[0,12]}})", buffer);
}

} // namespace

class TestTensorFileTab : public QObject {
    Q_OBJECT
private slots:
    void standaloneSafetensorsOpensATab()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        const QString path = dir.filePath(u"weights.safetensors"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(makeSafetensors());
        file.close();

        MainWindow window(&settings);
        QCOMPARE(window.openPath(path), nullptr); // not a carton page
        QCOMPARE(window.pageCount(), 1);
        auto *page = qobject_cast<TensorFilePage *>(window.tabWidget()->currentWidget());
        QVERIFY(page);
        QCOMPARE(window.tabWidget()->tabText(0), u"weights.safetensors"_s);
        QTRY_VERIFY(!page->browser()->isLoading());
        QCOMPARE(page->browser()->error(), QString());
        QCOMPARE(page->browser()->model()->rowCount(), 1);
        QCOMPARE(page->browser()->model()->entries().at(0).name, u"w"_s);

        // Opening it again switches to its tab; a drop of it is accepted.
        window.openPath(path);
        QCOMPARE(window.pageCount(), 1);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path), QUrl::fromLocalFile(dir.filePath(u"notes.txt"_s))});
        QCOMPARE(studio::WindowDropTarget::pathsFromMimeData(&mime).size(), 1);

        window.closePage(0);
        QCOMPARE(window.pageCount(), 0);
        studio::JobPools::waitForAll();
    }
};

QTEST_MAIN(TestTensorFileTab)
#include "tst_tensorfiletab.moc"
