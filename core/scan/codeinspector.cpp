// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/codeinspector.h"

#include "base/coretext.h"

#include <QSet>
#include <QtEndian>

namespace carton {

namespace {

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           uchar(c) >= 0x80;
}

// The dotted name at the start of `s` (after spaces).
QByteArrayView takeName(QByteArrayView &s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    qsizetype n = 0;
    while (n < s.size() && isNameChar(s[n]))
        ++n;
    const QByteArrayView name = s.first(n);
    s = s.sliced(n);
    return name;
}

bool startsWithWord(QByteArrayView s, QByteArrayView word)
{
    return s.startsWith(word) && (s.size() == word.size() || s[word.size()] == ' ' || s[word.size()] == '\t');
}

} // namespace

QStringList CodeInspector::pythonImports(QByteArrayView source, int maxLines)
{
    QSet<QString> found;
    qsizetype at = 0;
    for (int line = 0; at < source.size() && line < maxLines; ++line) {
        qsizetype end = source.indexOf('\n', at);
        if (end < 0)
            end = source.size();
        QByteArrayView text = source.sliced(at, std::min<qsizetype>(end - at, 4096));
        at = end + 1;
        if (text.contains("__import__"))
            found.insert(QStringLiteral("__import__"));
        while (!text.isEmpty() && (text.front() == ' ' || text.front() == '\t'))
            text = text.sliced(1);
        if (startsWithWord(text, "import")) {
            text = text.sliced(6);
            for (;;) {
                const QByteArrayView name = takeName(text);
                if (name.isEmpty())
                    break;
                found.insert(QString::fromUtf8(name));
                while (!text.isEmpty() && text.front() != ',' && text.front() != '#' && text.front() != ';')
                    text = text.sliced(1); // "as alias"
                if (text.isEmpty() || text.front() != ',')
                    break;
                text = text.sliced(1);
            }
        } else if (startsWithWord(text, "from")) {
            text = text.sliced(4);
            const QByteArrayView module = takeName(text);
            if (module.isEmpty())
                continue;
            if (module.startsWith('.') && module.count('.') == module.size()) { // from . import x
                while (!text.isEmpty() && (text.front() == ' ' || text.front() == '\t'))
                    text = text.sliced(1);
                if (startsWithWord(text, "import")) {
                    text = text.sliced(6);
                    const QByteArrayView name = takeName(text);
                    found.insert(QString::fromUtf8(module) + QString::fromUtf8(name));
                    continue;
                }
            }
            found.insert(QString::fromUtf8(module));
        }
    }
    QStringList list(found.cbegin(), found.cend());
    list.sort();
    return list;
}

QStringList CodeInspector::riskyImports(const QStringList &imports)
{
    static const QSet<QString> risky{
        QStringLiteral("os"),       QStringLiteral("subprocess"), QStringLiteral("socket"),
        QStringLiteral("ctypes"),   QStringLiteral("cffi"),       QStringLiteral("requests"),
        QStringLiteral("urllib"),   QStringLiteral("urllib3"),    QStringLiteral("http"),
        QStringLiteral("httpx"),    QStringLiteral("aiohttp"),    QStringLiteral("pickle"),
        QStringLiteral("marshal"),  QStringLiteral("importlib"),  QStringLiteral("__import__"),
        QStringLiteral("shutil"),   QStringLiteral("pty"),        QStringLiteral("multiprocessing"),
        QStringLiteral("runpy"),    QStringLiteral("ftplib"),     QStringLiteral("smtplib"),
        QStringLiteral("paramiko"), QStringLiteral("dill"),       QStringLiteral("webbrowser")};
    QStringList out;
    for (const QString &m : imports)
        if (risky.contains(m.section(u'.', 0, 0)))
            out.append(m);
    return out;
}

qint64 CodeInspector::peOffset(QByteArrayView head)
{
    if (head.size() < 0x40 || !head.startsWith("MZ"))
        return -1;
    return qFromLittleEndian<quint32>(head.data() + 0x3c);
}

ExecutableKind CodeInspector::executableKind(QByteArrayView head, QByteArrayView peSignature)
{
    if (head.size() < 4)
        return head.startsWith("#!") ? ExecutableKind::Script : ExecutableKind::None;
    const quint32 be = qFromBigEndian<quint32>(head.data());
    if (head.startsWith("\x7f"
                        "ELF"))
        return ExecutableKind::Elf;
    if (be == 0xfeedface || be == 0xfeedfacf || be == 0xcefaedfe || be == 0xcffaedfe)
        return ExecutableKind::MachO;
    // 0xcafebabe is also a Java class file, whose next word (minor, major >= 45) is
    // larger than any fat binary's architecture count.
    if ((be == 0xcafebabe || be == 0xcafebabf) && head.size() >= 8 && qFromBigEndian<quint32>(head.data() + 4) < 45)
        return ExecutableKind::MachOFat;
    if (head.startsWith("MZ") && peSignature == QByteArrayView("PE\0\0", 4))
        return ExecutableKind::Pe;
    if (head.startsWith("#!"))
        return ExecutableKind::Script;
    return ExecutableKind::None;
}

QString CodeInspector::kindName(ExecutableKind kind)
{
    switch (kind) {
    case ExecutableKind::None:
        return {};
    case ExecutableKind::Elf:
        return ScanText::tr("ELF executable or shared library");
    case ExecutableKind::Pe:
        return ScanText::tr("Windows PE executable or DLL");
    case ExecutableKind::MachO:
        return ScanText::tr("Mach-O executable or library");
    case ExecutableKind::MachOFat:
        return ScanText::tr("Mach-O universal (fat) binary");
    case ExecutableKind::Script:
        return ScanText::tr("script with an interpreter line (#!)");
    }
    return {};
}

} // namespace carton
