// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diff/errormaphtml.h"

#include "base/htmlpage.h"
#include "base/viridis.h"
#include "codec/pngstreamwriter.h"
#include "selftest/errormap.h"

#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <vector>

namespace carton {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kMaxCols = 160, kMaxRows = 80;
constexpr qint64 kMaxMapBytes = qint64(256) << 20; // the full-size map is made first
const std::array<std::uint8_t, 3> kNonFinite{255, 0, 255};

QString cssColor(const std::array<std::uint8_t, 3> &c)
{
    return u"#%1%2%3"_s.arg(uint(c[0]), 2, 16, QChar(u'0'))
        .arg(uint(c[1]), 2, 16, QChar(u'0'))
        .arg(uint(c[2]), 2, 16, QChar(u'0'));
}

} // namespace

QString errorMapFigureHtml(const Tensor &a, const Tensor &b, const QString &caption)
{
    const auto why = [&](const QString &text) {
        return u"<p class=\"small\">%1: no error map (%2)</p>"_s.arg(htmlEscape(caption), htmlEscape(text));
    };
    Result<Tensor> map = errorMap(b, a, ErrorMapKind::Absolute, {}, kMaxMapBytes);
    if (!map)
        return why(map.error().message);
    const qint64 count = map->elementCount().value_or(0);
    if (count <= 0)
        return why(u"no elements"_s);
    const QList<qint64> &shape = map->shape();
    const qint64 cols = shape.isEmpty() ? 1 : std::max<qint64>(1, shape.last());
    const qint64 rows = count / cols;
    const qint64 blockC = (cols + kMaxCols - 1) / kMaxCols, blockR = (rows + kMaxRows - 1) / kMaxRows;
    const qint64 w = (cols + blockC - 1) / blockC, h = (rows + blockR - 1) / blockR;
    // Each pixel keeps its block's largest difference (infinity: a side not finite).
    std::vector<float> pixels(size_t(w * h), 0.0f);
    const char *data = map->data().constData();
    float top = 0;
    for (qint64 r = 0; r < rows; ++r)
        for (qint64 c = 0; c < cols; ++c) {
            const float v = qFromLittleEndian<float>(data + (r * cols + c) * 4);
            float &p = pixels[size_t((r / blockR) * w + c / blockC)];
            p = std::max(p, v);
            if (std::isfinite(v))
                top = std::max(top, v);
        }
    std::vector<uchar> rgb(size_t(w * h * 3));
    for (size_t i = 0; i < pixels.size(); ++i) {
        const auto c = std::isfinite(pixels[i]) ? viridis(top > 0 ? pixels[i] / top : 0.0) : kNonFinite;
        std::copy(c.begin(), c.end(), rgb.begin() + qsizetype(i * 3));
    }
    Result<QByteArray> png = PngStreamWriter::encode(quint32(w), quint32(h), rgb.data());
    if (!png)
        return why(png.error().message);
    // Small maps are drawn with big cells, large ones at one pixel a cell; a map of a
    // few rows gets taller cells (at least 32 pixels high in all).
    const qint64 cellW = std::clamp<qint64>(std::min(320 / w, 120 / h), 1, 24);
    const qint64 cellH = std::clamp<qint64>(std::max(cellW, 32 / h), 1, 32);
    QString gradient;
    for (int i = 0; i <= 8; ++i)
        gradient += (i ? u","_s : QString()) + cssColor(viridis(i / 8.0));
    QString note = u"%1 × %2"_s.arg(rows).arg(cols);
    if (blockC > 1 || blockR > 1)
        note += u", each pixel the largest of %1 × %2"_s.arg(blockR).arg(blockC);
    return u"<figure class=\"errormap\"><img alt=\"|B−A| of %1\" width=\"%2\" height=\"%3\" "
           "src=\"data:image/png;base64,%4\"><figcaption>%1 <span class=\"small\">(|B−A|, %5)</span><br>"
           "<span class=\"scale\">0 <i style=\"background:linear-gradient(to right,%6)\"></i> %7</span>"
           "</figcaption></figure>"_s.arg(htmlEscape(caption), QString::number(w * cellW), QString::number(h * cellH),
                                          QString::fromLatin1(png->toBase64()), note, gradient, htmlNumber(top));
}

} // namespace carton
