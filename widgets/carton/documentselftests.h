// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartontolerance.h"
#include "selftest/selftestresult.h"
#include "selftests/runconsent.h"
#include "selftests/selftestspage.h"
#include "trust/safetypage.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>
#include <memory>

class QSettings;
class QWidget;

namespace carton {
class Carton;
}

namespace studio {

class CartonDocument;
class LatestJob;
class SelfTestsModel;

// The Self-tests panel of a CartonView runs the document's current state, saved
// or not, through one path: a run of the opened carton while the document has
// no edits; otherwise the state is first written to a temporary .carton (the
// document's own saver, unchanged entries copied raw) and the panel is made
// anew over that copy in the same place, where the run starts. The copy is an
// implementation detail of the run (the runner host reads a file); Keep as
// Tolerance writes into the document (one undo step).
class DocumentSelfTests final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DocumentSelfTests)

public:
    // `host` is the tab the panel lives in (its layout holds it); `model` (not
    // owned) the document's self-tests, which every panel shows.
    DocumentSelfTests(CartonDocument *document, SelfTestsModel *model, QWidget *host, QSettings *settings,
                      QObject *parent = nullptr);
    ~DocumentSelfTests() override;

    // The panel over the opened carton (null for a document never saved: made at its
    // first run); `consent` is the opened carton's (null: none asked).
    void setCarton(std::shared_ptr<const carton::Carton> carton, RunConsent *consent);
    SelfTestsPage *page() const { return m_page; }
    // Runs `tests` (empty: all and the examples) on the document's state.
    void run(const QList<int> &tests = {});
    // Writing the state to run it.
    bool isPreparing() const { return m_preparing; }

signals:
    // The panel is about to go (what it holds that is not its own is taken back now).
    void pageAboutToGo(studio::SelfTestsPage *page);
    // The panel was made anew (over the opened carton or a copy of the state).
    void pageChanged(studio::SelfTestsPage *page);
    void statusMessage(const QString &text);

private:
    // Whether the panel's carton is the document's state now.
    bool isCurrent() const;
    void makePage(std::shared_ptr<const carton::Carton> carton, RunConsent *consent);
    void keepTolerance(const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance,
                       const QString &what);

    QPointer<CartonDocument> m_document;
    SelfTestsModel *m_model;
    QWidget *m_host;
    QSettings *m_settings;
    LatestJob *m_jobs;
    QTemporaryDir m_dir;
    int m_copies = 0;
    bool m_preparing = false;
    bool m_changed = false; // the document changed since the panel's copy was written
    std::shared_ptr<const carton::Carton> m_opened;
    RunConsent *m_openedConsent = nullptr;
    QPointer<SelfTestsPage> m_page;     // a child of the host tab
    QPointer<SafetyPage> m_copySafety;  // the copy's own scan (not shown; the consent lists it)
    QPointer<RunConsent> m_copyConsent; // one for every copy: asked once per session
};

} // namespace studio
