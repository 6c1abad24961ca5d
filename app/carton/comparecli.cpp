// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "comparecli.h"

#include "output.h"

#include <QTextStream>

namespace cli {

using namespace carton;
using namespace Qt::StringLiterals;

CompareCli::CompareCli()
    : m_with(QStringLiteral("compare-with"),
             QStringLiteral("Also run the self-tests on backend B, a KServe v2 / Triton server (kserve:URL), and "
                            "compare its outputs with this run's (A), under the same tolerances."),
             QStringLiteral("kserve:URL")),
      m_runner(QStringLiteral("compare-runner"),
               QStringLiteral("Also run the self-tests with this runner plugin (optionally this framework version) "
                              "as backend B and compare its outputs with this run's (A)."),
               QStringLiteral("NAME[@VERSION]"))
{
}

void CompareCli::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_with, m_runner});
}

bool CompareCli::read(const QCommandLineParser &parser, const RunnerChoice &a)
{
    if (parser.isSet(m_with) && parser.isSet(m_runner)) {
        printError(QStringLiteral("--compare-with and --compare-runner both name backend B: give one"));
        return false;
    }
    if (parser.isSet(m_with)) {
        const QString value = parser.value(m_with);
        const QString url = value.startsWith(u"kserve:") ? value.mid(7) : QString();
        if (!url.startsWith(u"http://") && !url.startsWith(u"https://")) {
            printError(QStringLiteral("--compare-with: expected kserve:http://HOST:PORT, got \"%1\"").arg(value));
            return false;
        }
        m_b.emplace();
        m_b->kserveUrl = url;
    } else if (parser.isSet(m_runner)) {
        const QString value = parser.value(m_runner);
        const qsizetype at = value.indexOf(u'@');
        m_b.emplace();
        m_b->runnerName = at < 0 ? value : value.left(at);
        m_b->frameworkVersion = at < 0 ? QString() : value.mid(at + 1);
        m_b->force = a.force;
        if (m_b->runnerName.isEmpty() || (at >= 0 && m_b->frameworkVersion.isEmpty())) {
            printError(QStringLiteral("--compare-runner: expected NAME or NAME@VERSION, got \"%1\"").arg(value));
            return false;
        }
    }
    return true;
}

QString comparisonLine(const TensorComparison &c)
{
    QString line = c.message.isEmpty() ? (c.exact ? u"equal"_s : u"within tolerance"_s) : c.message;
    if (!c.exact && c.comparedCount > 0)
        line += QStringLiteral(" (max abs %1, max rel %2, %3 of %4 elements off)")
                    .arg(QString::number(c.absError.max, 'g', 3), QString::number(c.relError.max, 'g', 3))
                    .arg(c.mismatchCount)
                    .arg(c.elementCount);
    return line;
}

QString backendComparisonText(const BackendComparison &comparison)
{
    QString out;
    QTextStream s(&out);
    s << "A vs B (B's outputs against A's, same tolerances): A is " << comparison.backendA << ", B is "
      << comparison.backendB << '\n';
    for (const BackendTestDiff &t : comparison.tests) {
        s << (t.agrees() ? "AGREE: " : "DISAGREE: ") << t.name;
        if (!t.problem.isEmpty())
            s << " — " << t.problem;
        s << '\n';
        for (const BackendOutputDiff &o : t.outputs)
            s << "  " << o.name << ": " << (o.comparison ? comparisonLine(*o.comparison) : o.problem) << '\n';
    }
    s << QStringLiteral("A vs B: %1 of %2 self-tests disagree\n")
             .arg(comparison.disagreements())
             .arg(comparison.tests.size());
    return out;
}

} // namespace cli
