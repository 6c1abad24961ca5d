// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documentselftests.h"

#include "document/cartondocument.h"
#include "document/statecopy.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "selftests/keeptolerance.h"
#include "selftests/runconsent.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "trust/safetypage.h"

#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QLayout>
#include <QMessageBox>
#include <QTreeView>

namespace studio {

namespace {

const QString kWrite = QStringLiteral("write");

} // namespace

DocumentSelfTests::DocumentSelfTests(CartonDocument *document, SelfTestsModel *model, QWidget *host,
                                     QSettings *settings, QObject *parent)
    : QObject(parent), m_document(document), m_model(model), m_host(host), m_settings(settings),
      m_jobs(new LatestJob(this))
{
    for (auto changed : {&CartonDocument::infoChanged, &CartonDocument::filesChanged})
        connect(document, changed, this, [this] { m_changed = true; });
}

DocumentSelfTests::~DocumentSelfTests()
{
    if (m_page)
        emit pageAboutToGo(m_page);
    delete m_page; // the panel holds a copy open: before m_dir goes
}

void DocumentSelfTests::setCarton(std::shared_ptr<const carton::Carton> carton, RunConsent *consent)
{
    m_opened = std::move(carton);
    m_openedConsent = consent;
    if (m_opened)
        makePage(m_opened, consent);
}

bool DocumentSelfTests::isCurrent() const
{
    if (!m_page || !m_document)
        return false;
    const bool edited = m_document->isModified() || !m_document->unappliedTexts().isEmpty() || !m_opened;
    if (m_page->carton() == m_opened)
        return !edited;
    return edited && !m_changed; // a copy of the state, nothing changed since it was written
}

void DocumentSelfTests::makePage(std::shared_ptr<const carton::Carton> carton, RunConsent *consent)
{
    if (m_page)
        emit pageAboutToGo(m_page);
    delete m_page;
    m_page = new SelfTestsPage(carton, m_settings, m_model);
    m_host->layout()->addWidget(m_page);
    m_page->setDocument(m_document); // the details show the document's files as they are now
    m_page->setConsent(consent);
    m_page->setBeforeRun([this](const QList<int> &tests) {
        if (isCurrent())
            return true;
        run(tests);
        return false;
    });
    connect(m_page, &SelfTestsPage::statusMessage, this, &DocumentSelfTests::statusMessage);
    connect(m_page, &SelfTestsPage::keepToleranceRequested, this, &DocumentSelfTests::keepTolerance);
    emit pageChanged(m_page);
}

void DocumentSelfTests::run(const QList<int> &tests)
{
    if (!m_document || m_preparing || (m_page && m_page->runner()->isRunning()))
        return;
    const bool edited = m_document->isModified() || !m_document->unappliedTexts().isEmpty() || !m_opened;
    if (!edited) {
        if (m_page && m_page->carton() != m_opened) // the edits were undone: the opened carton again
            makePage(m_opened, m_openedConsent);
        m_changed = false;
    }
    if (edited && (m_changed || !m_page || m_page->carton() == m_opened)) {
        if (!m_dir.isValid()) {
            emit statusMessage(
                tr("Could not make a temporary folder for the edited carton: %1").arg(m_dir.errorString()));
            return;
        }
        const QString folder = QDir(m_dir.path()).filePath(QString::number(++m_copies)); // one per copy
        const QString path = QDir(folder).filePath(stateCopyName(m_document->displayName()));
        if (!QDir().mkpath(folder)) {
            emit statusMessage(tr("Could not make a temporary folder for the edited carton: %1").arg(folder));
            return;
        }
        m_preparing = true;
        m_changed = false;
        emit statusMessage(tr("Writing the edited carton to run its self-tests…"));
        m_jobs->start(
            kWrite,
            [state = m_document->state(), path, original = m_document->original()](carton::Progress &progress) {
                return writeStateCopy(state, original, path, &progress);
            },
            [this, tests](carton::Result<std::shared_ptr<const carton::Carton>> copy) {
                m_preparing = false;
                if (!copy) {
                    QMessageBox::warning(
                        m_host, tr("Run Self-tests"),
                        tr("Could not write the edited carton to run it: %1").arg(copy.error().toString()));
                    return;
                }
                const QString previous = m_page && m_page->carton() != m_opened ? m_page->carton()->path() : QString();
                // The copy's code may be new: its own safety scan, its own consent.
                delete m_copySafety;
                m_copySafety = new SafetyPage(*copy, m_host);
                m_copySafety->hide();
                m_copySafety->rescan();
                if (!m_copyConsent)
                    m_copyConsent = new RunConsent(*copy, m_copySafety, nullptr, m_settings, m_host);
                else
                    m_copyConsent->setCarton(*copy, m_copySafety);
                makePage(*copy, m_copyConsent);
                if (!previous.isEmpty())
                    QFile::remove(previous); // the last copy's panel is gone
                run(tests);
            });
        return;
    }
    if (!m_page)
        return;
    if (tests.isEmpty()) {
        m_page->runAll();
        return;
    }
    QItemSelectionModel *selection = m_page->tree()->selectionModel();
    selection->clearSelection();
    for (int test : tests)
        selection->select(m_page->model()->itemIndex(SelfTestsModel::ItemKind::SelfTest, test),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_page->runSelected();
}

void DocumentSelfTests::keepTolerance(const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance,
                                      const QString &what)
{
    if (!m_document || !m_page)
        return;
    if (const carton::Status kept = studio::keepTolerance(*m_document, asRun, tolerance, what); !kept) {
        QMessageBox::warning(m_page, tr("Keep as Tolerance"), kept.error().message);
        return;
    }
    // The results are judged with it at once; the next run writes the state again.
    m_page->applyKeptTolerance(asRun.index, tolerance);
    emit m_page->statusMessage(tr("Tolerance kept in carton.toml (Edit ▸ Undo takes it back); save to keep it."));
}

} // namespace studio
