// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "selftest/tolerance.h"

#include <QToolBar>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace studio {

struct SelfTestCommand;

// The Self-tests panel's second row: the tolerance preset, rtol and atol (for
// every output or per output, "y:1e-3"), whether the carton's own
// [self_test.tolerance] counts, and "Run despite spec mismatches". A field that
// does not parse gets a red frame and its error as tool tip; changed() follows
// every edit that was finished.
class ToleranceBar final : public QToolBar {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToleranceBar)

public:
    explicit ToleranceBar(QWidget *parent = nullptr);

    QComboBox *presetBox() const { return m_preset; }
    QLineEdit *rtolEdit() const { return m_rtol; }
    QLineEdit *atolEdit() const { return m_atol; }
    QCheckBox *cartonTolerancesBox() const { return m_cartonTolerances; }
    QCheckBox *ignoreSpecMismatchBox() const { return m_ignoreSpecMismatch; }

    // The tolerances the controls describe, or the error of the first bad field.
    carton::Result<carton::ToleranceSettings> settings() const;
    // The row's choices as `carton selftest` options.
    void describe(SelfTestCommand &command) const;

signals:
    void changed();

private:
    QLineEdit *addEdit(const QString &label, const QString &name, const QString &tip);
    void markErrors();

    QComboBox *m_preset = nullptr;
    QLineEdit *m_rtol = nullptr;
    QLineEdit *m_atol = nullptr;
    QCheckBox *m_cartonTolerances = nullptr;
    QCheckBox *m_ignoreSpecMismatch = nullptr;
};

} // namespace studio
