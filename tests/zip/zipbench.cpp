// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Micro-benchmark for the zip layer (not a test):
//   zipbench pack OUT.zip FILE [stored|deflate|zstd] [level] [workers] [frame KiB, 0: one frame]
//   zipbench range ARCHIVE ENTRY OFFSET LENGTH  a range through SeekableZstdSource (zstd with a seek table)
//   zipbench hash ARCHIVE ENTRY [--no-crc]   sha256 of an entry's bytes, like `openssl dgst -sha256`
// Prints the result and MB/s on stderr.

#include "base/sha256.h"
#include "zip/seekablezstdsource.h"
#include "zip/zipreader.h"
#include "zip/zipwriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSaveFile>
#include <cstdio>
#include <vector>

using namespace carton;

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "zipbench: %s\n", qPrintable(message));
    return 1;
}

void report(const char *what, qint64 bytes, qint64 ns)
{
    std::fprintf(stderr, "%s: %lld bytes in %.3f s = %.1f MB/s\n", what, static_cast<long long>(bytes),
                 double(ns) / 1e9, double(bytes) / 1e6 / (double(ns) / 1e9));
}

int pack(const QStringList &args)
{
    QSaveFile out(args.value(0));
    QFile in(args.value(1));
    if (!in.open(QIODevice::ReadOnly | QIODevice::Unbuffered) || !out.open(QIODevice::WriteOnly))
        return fail(QStringLiteral("cannot open input or output"));
    ZipWriteOptions options;
    const QString method = args.value(2, QStringLiteral("zstd"));
    options.method = method == u"stored"    ? ZipMethod::Stored
                     : method == u"deflate" ? ZipMethod::Deflate
                                            : ZipMethod::Zstd;
    options.level = args.value(3, QStringLiteral("3")).toInt();
    options.zstdWorkers = args.value(4, QStringLiteral("0")).toInt();
    if (args.size() > 5)
        options.zstdFrameSize = std::size_t(args.value(5).toULongLong()) << 10;
    options.sizeHint = in.size();
    QElapsedTimer timer;
    timer.start();
    ZipWriter writer(&out);
    if (Status s = writer.beginEntry(QStringLiteral("data"), options); !s)
        return fail(s.error().toString());
    std::vector<char> buffer(1 << 20);
    for (qint64 n; (n = in.read(buffer.data(), qint64(buffer.size()))) > 0;)
        if (Status s = writer.write(buffer.data(), n); !s)
            return fail(s.error().toString());
    if (Result<ZipEntry> e = writer.finishEntry(); !e)
        return fail(e.error().toString());
    if (Status s = writer.close(); !s)
        return fail(s.error().toString());
    if (!out.commit())
        return fail(out.errorString());
    report("pack", in.size(), timer.nsecsElapsed());
    return 0;
}

int hash(const QStringList &args)
{
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(args.value(0));
    if (!reader)
        return fail(reader.error().toString());
    const ZipEntry *entry = (*reader)->find(args.value(1));
    if (!entry)
        return fail(QStringLiteral("no entry %1").arg(args.value(1)));
    QElapsedTimer timer;
    timer.start();
    Result<std::unique_ptr<QIODevice>> device =
        (*reader)->openEntry(*entry, !args.contains(QStringLiteral("--no-crc")));
    if (!device)
        return fail(device.error().toString());
    Sha256 sha;
    std::vector<char> buffer(1 << 20);
    qint64 n;
    while ((n = (*device)->read(buffer.data(), qint64(buffer.size()))) > 0)
        sha.add(buffer.data(), n);
    if (n < 0)
        return fail((*device)->errorString());
    std::printf("SHA2-256(%s)= %s\n", qPrintable(entry->name), sha.finishHex().constData());
    report("hash", qint64(entry->uncompressedSize), timer.nsecsElapsed());
    return 0;
}

int range(const QStringList &args)
{
    QElapsedTimer timer;
    timer.start();
    Result<std::unique_ptr<ZipReader>> reader = ZipReader::open(args.value(0));
    if (!reader)
        return fail(reader.error().toString());
    const ZipEntry *entry = (*reader)->find(args.value(1));
    if (!entry)
        return fail(QStringLiteral("no entry %1").arg(args.value(1)));
    Result<std::shared_ptr<SeekableZstdSource>> source = SeekableZstdSource::open(**reader, *entry, args.value(1));
    if (!source || !*source)
        return fail(source ? QStringLiteral("no seek table") : source.error().toString());
    const qint64 offset = args.value(2).toLongLong();
    const qint64 length = args.value(3).toLongLong();
    std::vector<char> out(std::size_t(std::max<qint64>(length, 0)));
    if (Status s = (*source)->read(offset, length, out.data()); !s)
        return fail(s.error().toString());
    std::fprintf(stderr, "range: %lld bytes at %lld in %.4f s, %llu frame(s) of %zu decoded\n",
                 static_cast<long long>(length), static_cast<long long>(offset), double(timer.nsecsElapsed()) / 1e9,
                 static_cast<unsigned long long>((*source)->framesDecoded()), (*source)->table().frames().size());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const QString command = args.isEmpty() ? QString() : args.takeFirst();
    if (command == u"pack" && args.size() >= 2)
        return pack(args);
    if (command == u"hash" && args.size() >= 2)
        return hash(args);
    if (command == u"range" && args.size() >= 4)
        return range(args);
    return fail(QStringLiteral("usage: zipbench pack OUT.zip FILE [stored|deflate|zstd] [level] [workers] | "
                               "zipbench hash ARCHIVE ENTRY [--no-crc] | zipbench range ARCHIVE ENTRY OFFSET LENGTH"));
}
