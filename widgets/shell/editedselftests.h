// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "document/cartondocument.h"
#include "format/cartontolerance.h"
#include "selftest/selftestresult.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>
#include <memory>

class QDialog;
class QSettings;
class QWidget;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;
class RunConsent;
class SafetyPage;
class SelfTestsPage;

// Run Self-tests on the document as edited, saved or not: the current state is
// written to a temporary .carton (saveCarton, the document's own saver; unchanged
// entries of a .carton copied raw), opened, and its self-tests run through a
// Self-tests panel of their own, in a window beside the editor: the same consent
// dialog, runner host and tolerance controls as the carton's tab. Keep as
// Tolerance there writes into the document (found by identity, one undo step).
class EditedSelfTests final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditedSelfTests)

public:
    EditedSelfTests(CartonDocument *document, QSettings *settings, QWidget *dialogParent);
    ~EditedSelfTests() override;

    // Writes the state and runs every self-test of it (nothing while writing).
    void run();
    bool isPreparing() const { return m_preparing; }
    CartonDocument *document() const { return m_document; }

    // The window and its panel (null before the first run was written).
    QDialog *window() const { return m_window; }
    SelfTestsPage *page() const { return m_page; }
    // The carton the panel runs: the temporary copy of the state.
    std::shared_ptr<const carton::Carton> carton() const { return m_carton; }

signals:
    // The panel was (re)created for a new copy and its run started.
    void runStarted();
    void statusMessage(const QString &text);

private:
    void show(std::shared_ptr<const carton::Carton> carton);
    QString title(bool outOfDate) const;

    QPointer<CartonDocument> m_document;
    QSettings *m_settings;
    QPointer<QWidget> m_parent;
    QTemporaryDir m_dir;
    int m_copies = 0;
    bool m_preparing = false;
    LatestJob *m_jobs;
    QDialog *m_window = nullptr;
    SelfTestsPage *m_page = nullptr;
    RunConsent *m_consent = nullptr;
    SafetyPage *m_safety = nullptr;
    std::shared_ptr<const carton::Carton> m_carton;
};

// Keep as Tolerance from a run of `page` into `document` (one undo step), then
// the run re-judged with it; a refusal is shown in a message box over `page`.
void keepToleranceFromRun(CartonDocument &document, SelfTestsPage &page, const carton::SelfTestResult &asRun,
                          const carton::CartonTolerance &tolerance, const QString &what);

} // namespace studio
