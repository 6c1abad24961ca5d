// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartontolerance.h"
#include "selftest/selftestresult.h"

#include <QToolButton>
#include <optional>

class QAction;

namespace studio {

// "Keep as Tolerance" over a self-test's outputs: the minimum passing atol the
// run measured, rounded up to a readable figure (carton::keptTolerance), kept for
// the shown output or for the whole self-test. It only asks: keep() carries the
// new [self_test.tolerance] of the self-test as it was run to whoever owns the document.
class KeepToleranceButton final : public QToolButton {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeepToleranceButton)

public:
    explicit KeepToleranceButton(QWidget *parent = nullptr);

    // What is shown: a self-test's result (nullptr: none) and its selected output.
    void setShown(const carton::SelfTestResult *result, const QString &output);

    QAction *forOutputAction() const { return m_forOutput; }
    QAction *forTestAction() const { return m_forTest; }

signals:
    void keep(const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance, const QString &what);

private:
    void trigger(bool wholeTest);

    std::optional<carton::SelfTestResult> m_result;
    QString m_output;
    QAction *m_forOutput = nullptr;
    QAction *m_forTest = nullptr;
};

} // namespace studio
