// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorpreview.h"

#include "package/carton.h"
#include "tensor/tensorregion.h"

#include <QCoreApplication>

namespace studio {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("studio::TensorPreview", text);
}

} // namespace

TensorPreview TensorPreview::load(const carton::Carton &carton, const QString &name, qint64 maxElements)
{
    TensorPreview preview;
    preview.name = name;
    if (!carton.tensorIndex()) {
        preview.error = tr("tensor_data/index.toml is missing or could not be read.");
        return preview;
    }
    const carton::TensorIndexEntry *entry = carton.tensorIndex()->find(name);
    if (!entry) {
        preview.error = tr("No tensor named %1 in tensor_data/index.toml.").arg(name);
        return preview;
    }
    if (entry->dtype == carton::DType::Nested) {
        preview.nested = true;
        for (const QString &innerName : entry->inner) {
            const carton::TensorIndexEntry *inner = carton.tensorIndex()->find(innerName);
            preview.inner.append(inner ? QStringLiteral("%1: %2 %3")
                                             .arg(innerName, carton::dtypeName(inner->dtype),
                                                  inner->shape ? carton::shapeText(*inner->shape) : QString())
                                       : tr("%1: missing").arg(innerName));
        }
        preview.note = QCoreApplication::translate("studio::TensorPreview", "A nested tensor of %n inner tensor(s).",
                                                   nullptr, int(entry->inner.size()));
        return preview;
    }
    if (!entry->shape || !entry->file) {
        preview.error = tr("The index entry of %1 has no shape or file.").arg(name);
        return preview;
    }
    const QList<qint64> shape = *entry->shape;
    preview.fullShape = shape;
    const auto total = carton::checkedElementCount(shape, carton.source().limits().maxTensorElements);
    if (!total) {
        preview.error = tr("The shape %1 of %2 is invalid or too large.").arg(carton::shapeText(shape), name);
        return preview;
    }

    // The window: the last two dims at [0, 0, ...], which are the first elements in C order.
    QList<qint64> windowShape;
    if (shape.size() <= 2)
        windowShape = shape;
    else
        windowShape = shape.mid(shape.size() - 2);
    qint64 rows = windowShape.isEmpty() ? 1 : windowShape[0];
    qint64 cols = windowShape.size() == 2 ? windowShape[1] : 1;
    if (cols > maxElements) {
        rows = qMin<qint64>(rows, 1);
        cols = maxElements;
    } else if (cols > 0 && rows * cols > maxElements) {
        rows = maxElements / cols;
    }
    if (*total == 0)
        rows = 0;
    QList<qint64> cappedShape = windowShape;
    if (cappedShape.size() >= 1)
        cappedShape[0] = rows;
    if (cappedShape.size() == 2)
        cappedShape[1] = cols;
    const qint64 count = windowShape.isEmpty() ? 1 : rows * cols;

    QStringList notes;
    if (shape.size() > 2) {
        QStringList zeros;
        for (qsizetype i = 0; i + 2 < shape.size(); ++i)
            zeros.append(QStringLiteral("0"));
        notes.append(
            tr("Showing [%1, :, :] of shape %2.").arg(zeros.join(QStringLiteral(", ")), carton::shapeText(shape)));
    }
    if (cappedShape != windowShape)
        notes.append(tr("Only the first %1 × %2 values are shown.").arg(rows).arg(cols));

    if (entry->dtype == carton::DType::String) {
        auto loaded = carton.loadTensor(name);
        if (!loaded.ok()) {
            preview.error = loaded.error().toString();
            return preview;
        }
        // Take the window's strings: the first rows of the last two dims.
        QStringList values;
        const QStringList &all = loaded->stringValues();
        const qint64 fullCols = windowShape.size() == 2 ? windowShape[1] : 1;
        for (qint64 r = 0; r < (windowShape.isEmpty() ? 1 : rows); ++r)
            for (qint64 c = 0; c < cols; ++c) {
                const qint64 i = r * fullCols + c;
                values.append(i < all.size() ? all[i] : QString());
            }
        preview.window = carton::Tensor::strings(name, cappedShape, values);
    } else {
        // Through the one tensor-reading path: only the window's bytes are read.
        auto reader = carton.openTensor(name);
        if (!reader.ok()) {
            preview.error = reader.error().toString();
            return preview;
        }
        carton::TensorRegion region;
        region.start = QList<qint64>(shape.size(), 0);
        region.count = QList<qint64>(shape.size(), 1);
        if (shape.size() >= 1)
            region.count[shape.size() - windowShape.size()] = rows;
        if (windowShape.size() == 2)
            region.count[shape.size() - 1] = cols;
        QByteArray bytes(count * (*reader)->elementSize(), Qt::Uninitialized);
        if (const carton::Status s = (*reader)->read(region, bytes.data(), bytes.size()); !s.ok()) {
            preview.error = s.error().toString();
            return preview;
        }
        preview.window = carton::Tensor::numeric(name, entry->dtype, cappedShape, bytes);
    }
    preview.note = notes.join(u' ');
    return preview;
}

} // namespace studio
