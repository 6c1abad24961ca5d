// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "editedselftests.h"

#include "document/cartondocument.h"
#include "editors/keeptolerance.h"
#include "jobs/latestjob.h"
#include "package/carton.h"
#include "statecopy.h"
#include "views/runconsent.h"
#include "views/safetypage.h"
#include "views/selftestspage.h"

#include <QDialog>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QVBoxLayout>

namespace studio {

namespace {

const QString kWrite = QStringLiteral("write");

} // namespace

EditedSelfTests::EditedSelfTests(CartonDocument *document, QSettings *settings, QWidget *dialogParent)
    : QObject(dialogParent), m_document(document), m_settings(settings), m_parent(dialogParent),
      m_jobs(new LatestJob(this))
{
}

EditedSelfTests::~EditedSelfTests()
{
    delete m_window; // the panel holds the temporary carton open: before m_dir goes
}

void EditedSelfTests::run()
{
    if (!m_document || m_preparing || (m_page && m_page->runner()->isRunning()))
        return;
    if (!m_dir.isValid()) {
        emit statusMessage(tr("Could not make a temporary folder for the edited carton: %1").arg(m_dir.errorString()));
        return;
    }
    const DocumentState state = m_document->state();
    const QString folder = QDir(m_dir.path()).filePath(QString::number(++m_copies)); // one per copy
    const QString path = QDir(folder).filePath(stateCopyName(m_document->displayName()));
    if (!QDir().mkpath(folder)) {
        emit statusMessage(tr("Could not make a temporary folder for the edited carton: %1").arg(folder));
        return;
    }
    auto original = m_document->original(); // kept alive by the job: the state's files point into it
    m_preparing = true;
    emit statusMessage(tr("Writing the edited carton to run its self-tests…"));
    m_jobs->start(
        kWrite,
        [state, path, original](carton::Progress &progress) {
            return writeStateCopy(state, original, path, &progress);
        },
        [this](carton::Result<std::shared_ptr<const carton::Carton>> result) {
            m_preparing = false;
            if (!result) {
                QMessageBox::warning(
                    m_parent, tr("Run Self-tests"),
                    tr("Could not write the edited carton to run it: %1").arg(result.error().toString()));
                return;
            }
            show(*result);
        });
}

QString EditedSelfTests::title(bool outOfDate) const
{
    const QString name = m_document ? m_document->displayName() : QString();
    return outOfDate ? tr("Self-tests of %1 as edited before the last change (Run Self-tests again for the new state)")
                           .arg(name)
                     : tr("Self-tests of %1 as edited").arg(name);
}

void EditedSelfTests::show(std::shared_ptr<const carton::Carton> carton)
{
    if (!m_window) {
        m_window = new QDialog(m_parent, Qt::Window);
        m_window->setObjectName(QStringLiteral("editedSelfTestsWindow"));
        m_window->setAttribute(Qt::WA_DeleteOnClose, false);
        new QVBoxLayout(m_window);
        m_window->layout()->setContentsMargins(0, 0, 0, 0);
        // Over the lower half of the main window: the editor's fields stay in view.
        const QRect main = m_parent ? m_parent->window()->geometry() : QRect(0, 0, 1000, 1120);
        m_window->setGeometry(main.x(), main.y() + main.height() * 45 / 100, main.width(), main.height() * 55 / 100);
        if (m_document) // the copy is of the state when it was run: say when it no longer is
            for (auto changed : {&CartonDocument::infoChanged, &CartonDocument::filesChanged})
                connect(m_document, changed, m_window, [this] { m_window->setWindowTitle(title(true)); });
    }
    m_window->setWindowTitle(title(false));
    delete m_page;
    const QString old = m_carton ? m_carton->path() : QString();
    m_carton = std::move(carton);
    if (!old.isEmpty())
        QFile::remove(old); // the last copy's panel is gone
    m_page = new SelfTestsPage(m_carton, m_settings);
    m_window->layout()->addWidget(m_page);
    // The copy's code may be new: its own safety scan (not shown; the consent
    // dialog lists its findings).
    delete m_safety;
    m_safety = new SafetyPage(m_carton, m_window);
    m_safety->hide();
    m_safety->rescan();
    if (!m_consent) // one for every copy: asked once per session, as for the file
        m_consent = new RunConsent(m_carton, m_safety, nullptr, m_settings, m_window);
    else
        m_consent->setCarton(m_carton, m_safety);
    m_page->setConsent(m_consent);
    connect(m_page, &SelfTestsPage::statusMessage, this, &EditedSelfTests::statusMessage);
    connect(m_page, &SelfTestsPage::keepToleranceRequested, this,
            [this](const carton::SelfTestResult &asRun, const carton::CartonTolerance &tolerance, const QString &what) {
                if (m_document && m_page)
                    keepToleranceFromRun(*m_document, *m_page, asRun, tolerance, what);
            });
    m_window->show();
    m_window->raise();
    m_page->runAll();
    emit runStarted();
}

void keepToleranceFromRun(CartonDocument &document, SelfTestsPage &page, const carton::SelfTestResult &asRun,
                          const carton::CartonTolerance &tolerance, const QString &what)
{
    if (const carton::Status kept = keepTolerance(document, asRun, tolerance, what); !kept) {
        QMessageBox::warning(&page, EditedSelfTests::tr("Keep as Tolerance"), kept.error().message);
        return;
    }
    page.applyKeptTolerance(asRun.index, tolerance);
    emit page.statusMessage(
        EditedSelfTests::tr("Tolerance kept in carton.toml (Edit ▸ Undo takes it back); save to keep it."));
}

} // namespace studio
