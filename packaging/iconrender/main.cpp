// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton-iconrender: renders one SVG icon at build time into the files installers need:
//   --png DIR      DIR/<N>x<N>/<name>.png for each size (the freedesktop hicolor layout)
//   --ico FILE     a Windows .ico holding the sizes as PNG images (Windows Vista and later)
//   --icns FILE    a macOS .icns holding the sizes it has a type for, as PNG images
// Usage: carton-iconrender SVG NAME --sizes 16,32,... [--png DIR] [--ico FILE] [--icns FILE]
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QtEndian>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace {

void fail(const QString &message)
{
    std::fprintf(stderr, "carton-iconrender: %s\n", qPrintable(message));
    std::exit(1);
}

QByteArray renderPng(QSvgRenderer &svg, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        fail(QStringLiteral("cannot encode the %1 px image as PNG").arg(size));
    return png;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        fail(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
}

template <typename T>
void appendLE(QByteArray &out, T value)
{
    const T le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char *>(&le), sizeof le);
}

template <typename T>
void appendBE(QByteArray &out, T value)
{
    const T be = qToBigEndian(value);
    out.append(reinterpret_cast<const char *>(&be), sizeof be);
}

// ICONDIR, one ICONDIRENTRY per image, then the PNG streams (sizes up to 256).
QByteArray icoFile(const std::map<int, QByteArray> &pngs)
{
    QByteArray out;
    std::map<int, QByteArray> kept;
    for (const auto &[size, png] : pngs)
        if (size <= 256)
            kept.emplace(size, png);
    appendLE<quint16>(out, 0); // reserved
    appendLE<quint16>(out, 1); // type: icon
    appendLE<quint16>(out, quint16(kept.size()));
    quint32 offset = 6 + 16 * quint32(kept.size());
    for (const auto &[size, png] : kept) {
        out.append(char(size == 256 ? 0 : size)); // width, 0 meaning 256
        out.append(char(size == 256 ? 0 : size)); // height
        out.append(char(0));                      // palette colours
        out.append(char(0));                      // reserved
        appendLE<quint16>(out, 1);                // colour planes
        appendLE<quint16>(out, 32);               // bits per pixel
        appendLE<quint32>(out, quint32(png.size()));
        appendLE<quint32>(out, offset);
        offset += quint32(png.size());
    }
    for (const auto &[size, png] : kept)
        out += png;
    return out;
}

// 'icns', total length, then (OSType, length, PNG) for the sizes Apple defines a PNG type for.
QByteArray icnsFile(const std::map<int, QByteArray> &pngs)
{
    static const std::map<int, const char *> types = {{16, "icp4"},  {32, "icp5"},  {64, "icp6"},  {128, "ic07"},
                                                      {256, "ic08"}, {512, "ic09"}, {1024, "ic10"}};
    QByteArray body;
    for (const auto &[size, png] : pngs) {
        const auto type = types.find(size);
        if (type == types.end())
            continue;
        body.append(type->second, 4);
        appendBE<quint32>(body, quint32(8 + png.size()));
        body += png;
    }
    QByteArray out("icns");
    appendBE<quint32>(out, quint32(8 + body.size()));
    return out + body;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen"); // a build step: no display
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption sizesOption(QStringLiteral("sizes"), QStringLiteral("Pixel sizes, comma-separated."),
                                         QStringLiteral("list"));
    const QCommandLineOption pngOption(QStringLiteral("png"), QStringLiteral("hicolor folder."), QStringLiteral("dir"));
    const QCommandLineOption icoOption(QStringLiteral("ico"), QStringLiteral("Windows icon."), QStringLiteral("file"));
    const QCommandLineOption icnsOption(QStringLiteral("icns"), QStringLiteral("macOS icon."), QStringLiteral("file"));
    parser.addOptions({sizesOption, pngOption, icoOption, icnsOption});
    parser.addPositionalArgument(QStringLiteral("svg"), QStringLiteral("The SVG icon."));
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The icon name (PNG file names)."));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        fail(QStringLiteral("expected SVG and NAME, got %1 arguments").arg(args.size()));

    QSvgRenderer svg(args.at(0));
    if (!svg.isValid())
        fail(QStringLiteral("%1 is not a valid SVG image").arg(args.at(0)));
    std::map<int, QByteArray> pngs;
    for (const QString &text : parser.value(sizesOption).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int size = text.toInt(&ok);
        if (!ok || size < 8 || size > 1024)
            fail(QStringLiteral("--sizes: \"%1\" is not a pixel size from 8 to 1024").arg(text));
        pngs.emplace(size, renderPng(svg, size));
    }
    if (pngs.empty())
        fail(QStringLiteral("--sizes lists no size"));

    if (parser.isSet(pngOption))
        for (const auto &[size, png] : pngs)
            writeFile(QStringLiteral("%1/%2x%2/%3.png").arg(parser.value(pngOption)).arg(size).arg(args.at(1)), png);
    if (parser.isSet(icoOption))
        writeFile(parser.value(icoOption), icoFile(pngs));
    if (parser.isSet(icnsOption))
        writeFile(parser.value(icnsOption), icnsFile(pngs));
    return 0;
}
