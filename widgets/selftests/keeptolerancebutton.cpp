// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "keeptolerancebutton.h"

#include "selftest/keeptolerance.h"
#include "selftesttext.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>

namespace studio {

namespace {

QString figure(std::optional<double> value)
{
    return value ? SelfTestText::figure(*value) : QStringLiteral("-");
}

} // namespace

KeepToleranceButton::KeepToleranceButton(QWidget *parent) : QToolButton(parent)
{
    setObjectName(QStringLiteral("keepToleranceButton"));
    setText(tr("Keep as Tolerance"));
    setToolTip(tr("Write the smallest tolerance that passes, rounded up, into the carton's [self_test.tolerance]"));
    setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(this);
    m_forOutput = menu->addAction(QString());
    m_forOutput->setObjectName(QStringLiteral("keepToleranceForOutput"));
    m_forTest = menu->addAction(QString());
    m_forTest->setObjectName(QStringLiteral("keepToleranceForTest"));
    connect(m_forOutput, &QAction::triggered, this, [this] { trigger(false); });
    connect(m_forTest, &QAction::triggered, this, [this] { trigger(true); });
    setMenu(menu);
    setShown(nullptr, {});
}

void KeepToleranceButton::setShown(const carton::SelfTestResult *result, const QString &output)
{
    m_result = result ? std::optional(*result) : std::nullopt;
    m_output = output;
    QString outputText = tr("For This Output");
    QString testText = tr("For the Whole Self-test");
    QString outputWhyNot, testWhyNot;
    if (m_result && !output.isEmpty()) {
        if (const auto kept = carton::keptTolerance(*m_result, output)) {
            const auto it = kept->perOutput.constFind(output);
            if (it != kept->perOutput.cend())
                outputText = tr("For Output “%1”: atol %2, rtol %3").arg(output, figure(it->atol), figure(it->rtol));
        } else {
            outputWhyNot = kept.error().message;
        }
    }
    if (m_result) {
        if (const auto kept = carton::keptTolerance(*m_result))
            testText =
                tr("For the Whole Self-test: atol %1, rtol %2").arg(figure(kept->all.atol), figure(kept->all.rtol));
        else
            testWhyNot = kept.error().message;
    }
    const bool outputOk = m_result && !output.isEmpty() && outputWhyNot.isEmpty();
    const bool testOk = m_result && testWhyNot.isEmpty();
    m_forOutput->setText(outputText);
    m_forTest->setText(testText);
    m_forOutput->setEnabled(outputOk);
    m_forTest->setEnabled(testOk);
    m_forOutput->setToolTip(outputWhyNot);
    m_forTest->setToolTip(testWhyNot);
    setEnabled(outputOk || testOk);
}

void KeepToleranceButton::trigger(bool wholeTest)
{
    if (!m_result)
        return;
    const carton::Result<carton::CartonTolerance> kept =
        wholeTest ? carton::keptTolerance(*m_result) : carton::keptTolerance(*m_result, m_output);
    if (!kept) {
        QMessageBox::warning(this, tr("Keep as Tolerance"), kept.error().message);
        return;
    }
    emit keep(*m_result, *kept,
              wholeTest ? tr("Keep Tolerance for %1").arg(m_result->name)
                        : tr("Keep Tolerance for %1 / %2").arg(m_result->name, m_output));
}

} // namespace studio
