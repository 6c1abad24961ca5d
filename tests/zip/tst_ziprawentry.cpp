// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// ZipWriter::addRawEntry: entries copied as their compressed bytes (what a save
// does with every file it did not change), and what it refuses to copy.
#include "zip/zipreader.h"
#include "zip/zipwriter.h"
#include "ziptestutil.h"
#include "zipwritetestutil.h"

#include <QBuffer>
#include <QTemporaryDir>
#include <QTest>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace carton;
using namespace ziptest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::ZipMethod)

class TestZipRawEntry final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void rawEntryCopy_data();
    void rawEntryCopy();
    void rawEntryRefusals();

private:
    QTemporaryDir m_dir;
};

void TestZipRawEntry::rawEntryCopy_data()
{
    QTest::addColumn<ZipMethod>("method");
    QTest::addColumn<bool>("toFile"); // QFile: copy_file_range; QBuffer: the read/write loop
    for (bool toFile : {true, false}) {
        QTest::addRow("stored-%s", toFile ? "file" : "buffer") << ZipMethod::Stored << toFile;
        QTest::addRow("deflate-%s", toFile ? "file" : "buffer") << ZipMethod::Deflate << toFile;
        QTest::addRow("zstd-%s", toFile ? "file" : "buffer") << ZipMethod::Zstd << toFile;
    }
}

void TestZipRawEntry::rawEntryCopy()
{
    QFETCH(ZipMethod, method);
    QFETCH(bool, toFile);
    // Stored: more than one 32 MiB copy step; compressed: enough for several codec blocks.
    const QByteArray big = sampleData(method == ZipMethod::Stored ? (33 << 20) + 3 : (3 << 20) + 3, 5);
    const QString source = m_dir.filePath(u"rawsource.zip"_s);
    QCOMPARE(writeArchive(source, {{u"model/big.bin"_s, big}, {u"small.txt"_s, "small"}}, method, 1 << 20, 0),
             QString());
    auto reader = ZipReader::open(source);
    QVERIFY(reader.ok());
    QFile in(source);
    QVERIFY(in.open(QIODevice::ReadOnly));
#ifdef Q_OS_UNIX
    // The copy reads at offsets: the descriptor's position, which a duplicate of
    // it (a document's original) shares, does not move.
    QCOMPARE(::lseek(in.handle(), 12345, SEEK_SET), off_t(12345));
#endif

    const QString target = m_dir.filePath(u"rawcopy.zip"_s);
    QFile file(target);
    QBuffer buffer;
    QIODevice *out = toFile ? static_cast<QIODevice *>(&file) : &buffer;
    QVERIFY(out->open(QIODevice::WriteOnly | QIODevice::Truncate));
    {
        ZipWriter writer(out);
        QVERIFY(writer.addEntry(u"first.txt"_s, "first", {}).ok()); // the copies do not start at offset 0
        qint64 stepped = 0;
        for (const ZipEntry &e : (*reader)->entries()) {
            auto offset = (*reader)->dataOffset(e);
            QVERIFY(offset.ok());
            const QString name = e.name == u"small.txt"_s ? u"renamed.txt"_s : QString();
            auto copied = writer.addRawEntry(e, in, *offset, name, [&](qint64 n) {
                stepped += n;
                return true;
            });
            QVERIFY2(copied.ok(), qPrintable(copied ? QString() : copied.error().toString()));
            QCOMPARE(copied->crc32, e.crc32);
            QCOMPARE(copied->compressedSize, e.compressedSize);
        }
        QCOMPARE(stepped, qint64((*reader)->find(u"model/big.bin"_s)->compressedSize +
                                 (*reader)->find(u"small.txt"_s)->compressedSize));
#ifdef Q_OS_UNIX
        QCOMPARE(::lseek(in.handle(), 0, SEEK_CUR), off_t(12345));
#endif
        QVERIFY(writer.close().ok());
    }
    if (!toFile) {
        QFile dump(target);
        QVERIFY(dump.open(QIODevice::WriteOnly));
        QCOMPARE(dump.write(buffer.data()), buffer.size());
    }
    out->close();

    auto back = ZipReader::open(target);
    QVERIFY2(back.ok(), qPrintable(back ? QString() : back.error().toString()));
    QCOMPARE(*(*back)->readEntry(*(*back)->find(u"model/big.bin"_s), 1 << 30), big);
    QCOMPARE(*(*back)->readEntry(*(*back)->find(u"renamed.txt"_s), 100), QByteArray("small"));
    QCOMPARE((*back)->find(u"model/big.bin"_s)->method, quint16(method));
    // The compressed bytes are the source's, byte for byte.
    const ZipEntry *from = (*reader)->find(u"model/big.bin"_s);
    const ZipEntry *to = (*back)->find(u"model/big.bin"_s);
    QFile check(target);
    QVERIFY(check.open(QIODevice::ReadOnly));
    QVERIFY(in.seek(*(*reader)->dataOffset(*from)) && check.seek(*(*back)->dataOffset(*to)));
    QCOMPARE(check.read(qint64(to->compressedSize)), in.read(qint64(from->compressedSize)));
}

void TestZipRawEntry::rawEntryRefusals()
{
    const QString source = m_dir.filePath(u"rawrefusal.zip"_s);
    QCOMPARE(writeArchive(source, {{u"a.bin"_s, sampleData(3 << 20, 2)}}, ZipMethod::Stored, 1 << 20, 0), QString());
    auto reader = ZipReader::open(source);
    QVERIFY(reader.ok());
    QFile in(source);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const ZipEntry &entry = (*reader)->entries().front();
    const qint64 offset = *(*reader)->dataOffset(entry);
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    ZipWriter writer(&buffer);

    ZipEntry bzip2 = entry;
    bzip2.method = 12;
    QCOMPARE(writer.addRawEntry(bzip2, in, offset).error().code, ErrorCode::Unsupported);
    ZipEntry encrypted = entry;
    encrypted.flags |= 0x1;
    QCOMPARE(writer.addRawEntry(encrypted, in, offset).error().code, ErrorCode::Unsupported);
    ZipEntry beyond = entry; // claims more bytes than the file has
    beyond.compressedSize = beyond.uncompressedSize = quint64(in.size());
    QCOMPARE(writer.addRawEntry(beyond, in, offset, u"b.bin"_s).error().code, ErrorCode::Format);

    QBuffer other;
    QVERIFY(other.open(QIODevice::WriteOnly));
    ZipWriter cancelling(&other);
    auto cancelled = cancelling.addRawEntry(entry, in, offset, {}, [](qint64) { return false; });
    QCOMPARE(cancelled.error().code, ErrorCode::Cancelled);
}

QTEST_GUILESS_MAIN(TestZipRawEntry)
#include "tst_ziprawentry.moc"
