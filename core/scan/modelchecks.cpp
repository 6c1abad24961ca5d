// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelchecks.h"

#include "base/bytesource.h"
#include "base/coretext.h"
#include "model/modelset.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace carton {

namespace {

// Names through which a Jinja template escapes to Python: dunder attributes that
// lead to classes, globals and builtins (the known server-side template injection
// chains; matched in string literals too: attr("__globals__") reaches them), and
// the modules and calls that run commands or load code (as names, outside string
// literals: a message role 'system' is no call).
const QRegularExpression &dangerousDunder()
{
    static const QRegularExpression re(QStringLiteral(
        "__(?:class|globals|builtins|import|subclasses|mro|base|bases|init|getattribute|code|loader|spec)__"));
    return re;
}
const QRegularExpression &dangerousName()
{
    static const QRegularExpression re(
        QStringLiteral("\\b(?:os|subprocess|import|importlib|popen|eval|exec|builtins)\\b"));
    return re;
}
// `code` without its string literals ('...' and "...", with backslash escapes).
QString withoutLiterals(const QString &code)
{
    static const QRegularExpression literal(QStringLiteral("'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\""));
    QString out = code;
    out.replace(literal, QStringLiteral("''"));
    return out;
}

// The code of a Jinja template: what lies inside {{ }}, {% %} (and their
// whitespace-control variants); literal text and {# comments #} are not run.
QString jinjaCode(const QString &text)
{
    static const QRegularExpression block(QStringLiteral("\\{\\{(.*?)\\}\\}|\\{%(.*?)%\\}"),
                                          QRegularExpression::DotMatchesEverythingOption);
    QString code;
    for (QRegularExpressionMatchIterator it = block.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        code += (m.capturedLength(1) > 0 ? m.captured(1) : m.captured(2)) + u'\n';
    }
    return code;
}

} // namespace

ScanFinding ModelChecks::chatTemplate(const QString &file, const QString &key, const QString &text)
{
    const QString code = jinjaCode(text);
    QStringList names;
    const auto collect = [&names](const QRegularExpression &re, const QString &in) {
        for (QRegularExpressionMatchIterator it = re.globalMatch(in); it.hasNext();) {
            const QString name = it.next().captured();
            if (!names.contains(name))
                names << name;
        }
    };
    collect(dangerousDunder(), code);
    collect(dangerousName(), withoutLiterals(code));
    ScanFinding f;
    f.category = ScanCategory::Code;
    f.file = file + QStringLiteral(": ") + key;
    if (!names.isEmpty()) {
        f.severity = ScanSeverity::Critical;
        f.what = ScanText::tr("chat template reaches %1").arg(names.join(QStringLiteral(", ")));
        f.why = ScanText::tr("the chat template is Jinja that runtimes render, some without a sandbox: through "
                             "these names it can reach Python's classes, globals and modules and run commands");
    } else {
        f.severity = ScanSeverity::Info;
        f.what = ScanText::tr("chat template (Jinja, %n character(s))", nullptr, int(text.size()));
        f.why = ScanText::tr("runtimes render it as a template; it names nothing that leads out of the template");
    }
    f.detail = text.left(400);
    return f;
}

namespace {

void entryFindings(const ModelEntry &entry, QList<ScanFinding> &out)
{
    {
        if (entry.error && entry.error->code == ErrorCode::Unsafe && entry.format == ModelFormat::Onnx) {
            ScanFinding f;
            f.severity = ScanSeverity::Critical;
            f.category = ScanCategory::Archive;
            f.file = entry.path;
            f.what = ScanText::tr("ONNX external data outside the model's folder");
            f.why = ScanText::tr("a runtime loading this model reads the file it names (an absolute path or one "
                                 "with \"..\") as weights: files of the machine it runs on");
            f.detail = entry.error->toString();
            out << f;
            return;
        }
        if (!entry.model || !entry.model->gguf())
            return;
        for (const GgufValue &v : entry.model->gguf()->metadata) {
            if (v.type == u"string" &&
                (v.key == u"tokenizer.chat_template" || v.key.startsWith(u"tokenizer.chat_template.")))
                out << ModelChecks::chatTemplate(entry.path, v.key, v.text);
        }
    }
}

} // namespace

QList<ScanFinding> ModelChecks::findings(const ModelSet &models)
{
    QList<ScanFinding> out;
    for (const ModelEntry &entry : models.entries())
        entryFindings(entry, out);
    return out;
}

QList<ScanFinding> ModelChecks::fileFindings(const QString &path, const QString &name)
{
    QList<ScanFinding> out;
    Result<std::shared_ptr<FileRegionSource>> bytes = FileRegionSource::open(path);
    if (!bytes)
        return out;
    ModelEntry entry;
    entry.path = name;
    entry.format = ModelFile::detect(**bytes).value_or(ModelFormat::Onnx);
    Result<ModelFilePtr> model = ModelFile::read(*bytes, SiblingFiles::inFolder(QFileInfo(path).absolutePath()));
    if (model)
        entry.model = *model;
    else
        entry.error = model.error();
    entryFindings(entry, out);
    return out;
}

} // namespace carton
