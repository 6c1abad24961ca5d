// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// tensor_data: index.toml against the files it names.
#include "base/coretext.h"
#include "tensor/tensor.h"
#include "tensor/tensorio.h"
#include "validate/fileview.h"
#include "validate/symbolbindings.h"
#include "validate/validaterules.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace carton::validate_detail {

namespace {

const QString tensorDataPrefix = u"tensor_data/"_s;

DiagnosticLocation entryLocation(const TensorIndexEntry &e, qsizetype i, const QString &field)
{
    return DiagnosticLocation{indexTomlName(), e.line, u"tensor[%1].%2"_s.arg(i).arg(field)};
}

// Numeric size and string element count of one numeric/string entry whose file
// is stored in the carton. Linked files are not fetched here.
void checkEntryData(const FileView &files, const TensorIndexEntry &e, qsizetype i, Reporter &r)
{
    const Limits &limits = files.limits();
    const std::optional<qint64> elements = checkedElementCount(*e.shape, limits.maxTensorElements);
    if (!elements) {
        r.at(Severity::Error, entryLocation(e, i, u"shape"_s),
             ValidationText::tr("shape %1 has a negative dimension or more than %2 elements")
                 .arg(shapeText(*e.shape))
                 .arg(limits.maxTensorElements));
        return;
    }
    const QString path = tensorDataPrefix + *e.file;
    const std::optional<qint64> size = files.storedSize(path);
    if (!size)
        return; // linked (or missing: reported by the caller)

    if (isNumeric(e.dtype)) {
        const qint64 elementSize = dtypeSize(e.dtype);
        qint64 expected = 0;
        if (qMulOverflow(*elements, elementSize, &expected)) {
            r.at(Severity::Error, entryLocation(e, i, u"shape"_s),
                 ValidationText::tr("shape %1 of %2 needs more bytes than a file can hold")
                     .arg(shapeText(*e.shape), dtypeName(e.dtype)));
            return;
        }
        if (*size != expected)
            r.at(Severity::Error, entryLocation(e, i, u"file"_s),
                 ValidationText::tr("%1 holds %2 bytes; a %3 tensor of shape %4 needs %5 (%6 elements × %7 bytes)")
                     .arg(path)
                     .arg(*size)
                     .arg(dtypeName(e.dtype), shapeText(*e.shape))
                     .arg(expected)
                     .arg(*elements)
                     .arg(elementSize));
        return;
    }
    if (e.dtype == DType::String) {
        if (*size > limits.maxStringTensorFileSize) {
            r.at(
                Severity::Info, entryLocation(e, i, u"file"_s),
                ValidationText::tr(
                    "%1 is %2 bytes, over the %3-byte limit for string tensor files; its element count was not checked")
                    .arg(path)
                    .arg(*size)
                    .arg(limits.maxStringTensorFileSize));
            return;
        }
        const Result<QByteArray> bytes = files.read(path, limits.maxStringTensorFileSize);
        if (!bytes) {
            r.at(Severity::Error, entryLocation(e, i, u"file"_s), bytes.error().toString());
            return;
        }
        const Result<QStringList> values = decodeStringTensorFile(*bytes, *elements, path, limits);
        if (!values) // a reader's limit is not a defect of the carton: said, not an error
            r.at(values.error().code == ErrorCode::Limit ? Severity::Info : Severity::Error,
                 entryLocation(e, i, u"file"_s), values.error().toString());
    }
}

} // namespace

// The spec: index.toml "must exist if there are any other files in this
// directory"; inner tensors "must not be nested tensors". Numeric files hold
// exactly elements × dtype-size bytes; string files as many strings as elements.
void checkTensorData(const FileView &files, Reporter &r)
{
    const QString indexPath = indexTomlName();
    QStringList dataFiles; // tensor_data/* but index.toml, stored or listed
    {
        QSet<QString> seen;
        auto add = [&](const QString &p) {
            if (p.startsWith(tensorDataPrefix) && p != indexPath && !seen.contains(p)) {
                seen.insert(p);
                dataFiles.append(p);
            }
        };
        for (const QString &p : files.paths())
            add(p);
    }
    const bool hasIndexFile = files.has(indexPath);
    if (!hasIndexFile) {
        if (!dataFiles.isEmpty())
            r.at(Severity::Error, DiagnosticLocation{indexPath},
                 (dataFiles.size() > 1
                      ? ValidationText::tr("missing, but tensor_data/ holds %1 files (%2); index.toml must "
                                           "exist whenever tensor_data has other files")
                      : ValidationText::tr("missing, but tensor_data/ holds %1 file (%2); index.toml must "
                                           "exist whenever tensor_data has other files"))
                     .arg(dataFiles.size())
                     .arg(dataFiles.constFirst()));
        return;
    }
    const TensorIndex *index = files.tensorIndex();
    if (!index)
        return; // unreadable: the caller says why

    const QList<TensorIndexEntry> &entries = index->entries();
    QSet<QString> referenced;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const TensorIndexEntry &e = entries.at(i);
        if (e.dtype == DType::Nested) {
            if (e.inner.isEmpty())
                r.at(Severity::Warning, entryLocation(e, i, u"inner"_s),
                     ValidationText::tr("nested tensor \"%1\" has no inner tensors").arg(e.name));
            QHash<QString, qsizetype> firstAt;
            for (qsizetype j = 0; j < e.inner.size(); ++j) {
                const QString &innerName = e.inner.at(j);
                if (const auto it = firstAt.constFind(innerName); it != firstAt.constEnd()) {
                    r.at(Severity::Error, entryLocation(e, i, u"inner[%1]"_s.arg(j)),
                         ValidationText::tr("nested tensor \"%1\" lists inner tensor \"%2\" again (first at "
                                            "inner[%3]); each inner tensor may appear once")
                             .arg(e.name, innerName)
                             .arg(*it));
                    continue;
                }
                firstAt.insert(innerName, j);
                const TensorIndexEntry *inner = index->find(innerName);
                const DiagnosticLocation where = entryLocation(e, i, u"inner[%1]"_s.arg(j));
                if (!inner)
                    r.at(Severity::Error, where,
                         ValidationText::tr("inner tensor \"%1\" of nested tensor \"%2\" is not in the index")
                             .arg(innerName, e.name));
                else if (inner->dtype == DType::Nested)
                    r.at(Severity::Error, where,
                         ValidationText::tr(
                             "inner tensor \"%1\" of \"%2\" is itself nested; inner tensors must not be nested")
                             .arg(innerName, e.name));
            }
            continue;
        }
        if (!isSpecDType(e.dtype)) {
            r.at(Severity::Error, entryLocation(e, i, u"dtype"_s),
                 ValidationText::tr("dtype %1 is not a Carton v1 dtype; expected nested or one of %2")
                     .arg(dtypeName(e.dtype), specDTypeList()));
            continue;
        }
        if (!e.file || !e.shape)
            continue; // the index parser rejects these; nothing to check
        const QString path = tensorDataPrefix + *e.file;
        referenced.insert(path);
        if (!files.has(path)) {
            r.at(Severity::Error, entryLocation(e, i, u"file"_s),
                 ValidationText::tr("%1 (tensor \"%2\") is missing: not in the carton and not in LINKS")
                     .arg(path, e.name));
            continue;
        }
        checkEntryData(files, e, i, r);
    }
    for (const QString &path : std::as_const(dataFiles))
        if (!referenced.contains(path))
            r.file(Severity::Warning, path,
                   ValidationText::tr("not referenced by any tensor in tensor_data/index.toml"));
}

} // namespace carton::validate_detail
