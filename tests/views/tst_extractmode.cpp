// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Extracted files get the modes unzip and bsdtar give them: 0666 or 0777 (an
// executable bit in the archive) less the umask; never setuid, setgid or
// sticky. Through carton::unpackCarton (what `carton unpack` runs) and through
// the Files tab's Extract.
#include "files/cartonfilesmodel.h"
#include "files/extractjob.h"
#include "files/filespage.h"
#include "pack/unpacker.h"
#include "testcartons.h"
#include "zip/zipwriter.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

// carton.toml, a plain file, an executable script, a setuid+setgid+sticky
// binary and a file stored 0600, in a zip written in code.
QString writeZip(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    carton::ZipWriter zip(&file);
    const QMap<QString, QPair<QByteArray, quint32>> entries = {
        {u"carton.toml"_s, {testcartons::minimalToml(), 0100644}},
        {u"model/weights.bin"_s, {QByteArray(1000, 'w'), 0100644}},
        {u"model/run.sh"_s, {"#!/bin/sh\necho hi\n", 0100755}},
        {u"model/suid"_s, {"not really a binary", 0107755}},
        {u"model/private.txt"_s, {"private", 0100600}},
    };
    QByteArray manifest;
    for (auto it = entries.cbegin(); it != entries.cend(); ++it) {
        carton::ZipWriteOptions options;
        options.unixMode = it.value().second;
        if (!zip.addEntry(it.key(), it.value().first, options).ok())
            return {};
        manifest += it.key().toUtf8() + '=' +
                    QCryptographicHash::hash(it.value().first, QCryptographicHash::Sha256).toHex() + '\n';
    }
    if (!zip.addEntry(u"MANIFEST"_s, manifest, {}).ok() || !zip.close().ok())
        return {};
    return path;
}

int modeOf(const QString &path)
{
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

// Restores the umask of the test process.
class UmaskGuard {
public:
    explicit UmaskGuard(mode_t mask) : m_old(::umask(mask)) {}
    ~UmaskGuard() { ::umask(m_old); }
    UmaskGuard(const UmaskGuard &) = delete;
    UmaskGuard &operator=(const UmaskGuard &) = delete;

private:
    mode_t m_old;
};

} // namespace

class TestExtractMode : public QObject {
    Q_OBJECT
private slots:
    void modes_data();
    void modes();
};

void TestExtractMode::modes_data()
{
    QTest::addColumn<bool>("gui");
    QTest::addColumn<int>("umask");
    QTest::addColumn<int>("fileMode");
    QTest::addColumn<int>("execMode");
    QTest::newRow("carton unpack, umask 022") << false << 022 << 0644 << 0755;
    QTest::newRow("carton unpack, umask 077") << false << 077 << 0600 << 0700;
    QTest::newRow("carton unpack, umask 002") << false << 002 << 0664 << 0775;
    QTest::newRow("GUI Extract, umask 022") << true << 022 << 0644 << 0755;
    QTest::newRow("GUI Extract, umask 027") << true << 027 << 0640 << 0750;
}

void TestExtractMode::modes()
{
    QFETCH(bool, gui);
    QFETCH(int, umask);
    QFETCH(int, fileMode);
    QFETCH(int, execMode);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString zip = writeZip(dir.filePath(u"modes.carton"_s));
    QVERIFY(!zip.isEmpty());
    auto carton = testcartons::open(zip);
    QVERIFY(carton);

    const UmaskGuard guard{mode_t(umask)};
    const QString out = dir.filePath(u"out/nested"_s);
    if (gui) {
        studio::CartonFilesModel model;
        model.setCarton(carton);
        studio::FilesPage page(&model);
        page.setCarton(carton);
        studio::ExtractJob *job = page.extractTo({}, out, false);
        QVERIFY(job);
        QSignalSpy finished(job, &studio::ExtractJob::finished);
        QVERIFY(finished.wait(30000));
        const auto outcome = finished.at(0).at(0).value<studio::ExtractJob::Outcome>();
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
    } else {
        auto result = carton::unpackCarton(*carton, out, {});
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().toString()));
    }

    QCOMPARE(modeOf(out + u"/carton.toml"_s), fileMode);
    QCOMPARE(modeOf(out + u"/MANIFEST"_s), fileMode);
    QCOMPARE(modeOf(out + u"/model/weights.bin"_s), fileMode);
    QCOMPARE(modeOf(out + u"/model/private.txt"_s), fileMode);
    QCOMPARE(modeOf(out + u"/model/run.sh"_s), execMode);
    // Setuid, setgid and sticky are dropped; the x bits stay.
    QCOMPARE(modeOf(out + u"/model/suid"_s), execMode);
    // Folders the unpack created.
    QCOMPARE(modeOf(out + u"/model"_s), execMode);
    QCOMPARE(modeOf(out), execMode);
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestExtractMode test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_extractmode.moc"
